package engagement

import (
	"errors"
	"regexp"
	"runtime"
	"sync"
	"testing"
	"time"
)

// held starts a writer whose commits wait for release after announcing their ops.
func held(t *testing.T, opts Options, commit func([]Item) error) (w *Writer, entered chan []Item, release chan struct{}) {
	entered, release = make(chan []Item, 16), make(chan struct{})
	w = Start(func(ops []Item, _ func() []Item) error {
		entered <- append([]Item(nil), ops...)
		<-release
		return commit(ops)
	}, opts)
	return w, entered, release
}

// doAsync calls w.Do(op, a) in the background; wg waits for its answer.
func doAsync(t *testing.T, wg *sync.WaitGroup, w *Writer, op Item, a *Arrival) {
	wg.Add(1)
	go func() {
		defer wg.Done()
		if err := w.Do(op, a); err != nil {
			t.Errorf("op %v: %v", op, err)
		}
	}()
}

func TestWriterBatchesWhatWaits(t *testing.T) {
	w, entered, release := held(t, Options{MaxBatch: 3, Queue: 8}, func([]Item) error { return nil })
	var wg sync.WaitGroup
	do := func(op Item) { doAsync(t, &wg, w, op, nil) }
	do(0)
	<-entered // the writer holds op 0 alone
	for i := 1; i <= 4; i++ {
		do(i)
	}
	for w.Queued() < 4 {
		runtime.Gosched()
	}
	close(release)
	if a, b := <-entered, <-entered; len(a) != 3 || len(b) != 1 {
		t.Errorf("batches %v %v, want 3 then 1 (bounded by MaxBatch)", a, b)
	}
	wg.Wait()
	w.Stop()
	if err := w.Do(9, nil); !errors.Is(err, ErrBusy) {
		t.Errorf("after Stop: %v, want ErrBusy", err)
	}
}

func TestWriterIsolatesAFailingOp(t *testing.T) {
	bad := errors.New("bad op")
	w, entered, release := held(t, Options{Queue: 8}, func(ops []Item) error {
		for _, op := range ops {
			if op == "bad" {
				return bad
			}
			if op == "panic" {
				panic("boom")
			}
		}
		return nil
	})
	defer w.Stop()
	errs := make(map[Item]error)
	var mu sync.Mutex
	var wg sync.WaitGroup
	for _, op := range []Item{"first", "good", "bad", "panic", "fine"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := w.Do(op, nil)
			mu.Lock()
			errs[op] = err
			mu.Unlock()
		}()
		if op == "first" {
			<-entered
		}
	}
	for w.Queued() < 4 {
		runtime.Gosched()
	}
	close(release)
	wg.Wait()
	if errs["first"] != nil || errs["good"] != nil || errs["fine"] != nil || !errors.Is(errs["bad"], bad) || errs["panic"] == nil {
		t.Errorf("errors %v: only the bad and the panicking op may fail", errs)
	}
}

func TestWriterStopCommitsWhatIsQueued(t *testing.T) {
	var mu sync.Mutex
	var committed []Item
	w, entered, release := held(t, Options{Queue: 8}, func(ops []Item) error {
		mu.Lock()
		committed = append(committed, ops...)
		mu.Unlock()
		return nil
	})
	var wg sync.WaitGroup
	for i := range 3 {
		wg.Add(1)
		go func() { defer wg.Done(); _ = w.Do(i, nil) }()
		if i == 0 {
			<-entered
		}
	}
	for w.Queued() < 2 {
		runtime.Gosched()
	}
	go func() {
		for range entered {
		}
	}()
	close(release)
	w.Stop()
	wg.Wait()
	if len(committed) != 3 {
		t.Errorf("committed %v, want all 3 queued ops", committed)
	}
}

// TestNewIDRisesAndKeepsPocketBaseShape: ids are 15 characters of [a-z0-9] (PocketBase's
// id field pattern), unique and strictly rising in text order, also from many goroutines.
func TestNewIDRisesAndKeepsPocketBaseShape(t *testing.T) {
	shape := regexp.MustCompile(`^[a-z0-9]{15}$`)
	prev := NewID()
	tails := map[string]bool{}
	for range 10000 {
		id := NewID()
		if !shape.MatchString(id) {
			t.Fatalf("id %q is not 15 characters of [a-z0-9]", id)
		}
		tails[id[idTimeLen:]] = true
		if id[:idTimeLen] <= prev[:idTimeLen] {
			t.Fatalf("id %q does not rise after %q", id, prev)
		}
		prev = id
	}
	if len(tails) < 9990 { // 36^5 tails: a few repeats at most in 10,000 draws
		t.Errorf("only %d distinct random tails in 10000 ids", len(tails))
	}
	const workers, each = 8, 2000
	ids := make(chan string, workers*each)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range each {
				ids <- NewID()
			}
		}()
	}
	wg.Wait()
	close(ids)
	seen := map[string]bool{}
	for id := range ids {
		if seen[id[:idTimeLen]] {
			t.Fatalf("two ids share the time part %q", id[:idTimeLen])
		}
		seen[id[:idTimeLen]] = true
	}
}

// TestWriterWaitsOnlyUnderLoad: a writer whose last batch held one write commits the next
// lone write at once, however long LoadWait is; after a batch of two or more it gathers
// what queues within LoadWait (here: until MaxBatch, since LoadWait is an hour).
func TestWriterWaitsOnlyUnderLoad(t *testing.T) {
	batches := make(chan []Item, 16)
	w := Start(func(ops []Item, _ func() []Item) error {
		batches <- append([]Item(nil), ops...)
		return nil
	}, Options{MaxBatch: 2, Queue: 8, LoadWait: time.Hour})
	defer w.Stop()
	// Idle: lone writes commit at once (the test would hang for an hour otherwise).
	for i := range 2 {
		if err := w.Do(i, nil); err != nil {
			t.Fatal(err)
		}
		if b := <-batches; len(b) != 1 {
			t.Fatalf("idle batch %v, want one write", b)
		}
	}
	// A batch of two: the writer is under load.
	var wg sync.WaitGroup
	w2, entered, release := held(t, Options{MaxBatch: 2, Queue: 8, LoadWait: time.Hour}, func([]Item) error { return nil })
	defer w2.Stop()
	do2 := func(op Item) { doAsync(t, &wg, w2, op, nil) }
	do2("a")
	<-entered // held alone (last: none)
	do2("b")
	do2("c")
	for w2.Queued() < 2 {
		runtime.Gosched()
	}
	close(release)
	if b := <-entered; len(b) != 2 {
		t.Fatalf("second batch %v, want b and c", b)
	}
	// Under load now: a lone write waits for company rather than committing alone.
	a := w2.Arrive()
	doAsync(t, &wg, w2, "d", a)
	for !a.ended.Load() || w2.Queued() > 0 { // d is queued, and the writer has taken it
		runtime.Gosched()
	}
	do2("e")
	if b := <-entered; len(b) != 2 || b[0] != "d" || b[1] != "e" {
		t.Errorf("batch %v, want d and e together", b)
	}
	doAsync(t, &wg, w, 9, nil)
	wg.Wait()
	if b := <-batches; len(b) != 1 {
		t.Errorf("w's batch %v", b)
	}
}

// TestWriterJoinsWhatQueuesDuringACommit: ops that queue while a batch is being written
// join it through more (in order, after the batch's own), are answered only once it has
// committed, and count in its stats; when the batch fails, every op, joined ones too, is
// committed again alone.
func TestWriterJoinsWhatQueuesDuringACommit(t *testing.T) {
	type call struct {
		ops, joined []Item
	}
	calls := make(chan call, 16)
	working := make(chan struct{})
	goOn := make(chan struct{})
	var committed sync.Map          // op -> true once a commit including it returned nil
	fail := func(ops []Item) bool { // a batch holding op 3 fails; alone, op 3 commits
		return len(ops) > 1 && slicesContain(ops, 3)
	}
	settle := func(all []Item) error { // a commit of all: fails, or marks each op committed
		if fail(all) {
			return errors.New("batch failed")
		}
		for _, op := range all {
			committed.Store(op, true)
		}
		return nil
	}
	w := Start(func(ops []Item, more func() []Item) error {
		c := call{ops: append([]Item(nil), ops...)}
		if more != nil && len(ops) == 1 && ops[0] == 0 {
			working <- struct{}{} // op 0's batch is being written: queue more now
			<-goOn
		}
		all := append([]Item(nil), ops...)
		if more != nil {
			for m := more(); len(m) > 0; m = more() {
				c.joined = append(c.joined, m...)
				all = append(all, m...)
			}
		}
		calls <- c
		return settle(all)
	}, Options{LoadWait: -1})
	defer w.Stop()

	var wg sync.WaitGroup
	answered := make(chan Item, 8)
	do := func(op Item) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := w.Do(op, nil); err != nil {
				t.Errorf("op %v: %v", op, err)
			}
			if _, ok := committed.Load(op); !ok {
				t.Errorf("op %v answered before a commit holding it", op)
			}
			answered <- op
		}()
	}
	do(0)
	<-working
	for i := 1; i <= 2; i++ {
		do(i)
		for w.Queued() < i {
			runtime.Gosched()
		}
	}
	select {
	case op := <-answered:
		t.Fatalf("op %v answered while its batch was being written", op)
	default:
	}
	close(goOn)
	if c := <-calls; len(c.ops) != 1 || len(c.joined) != 2 || c.joined[0] != 1 || c.joined[1] != 2 {
		t.Fatalf("first batch: ops %v, joined %v; want [0] and [1 2]", c.ops, c.joined)
	}
	wg.Wait()
	if b, n := w.Stats(); b != 1 || n != 3 {
		t.Errorf("stats: %d batches, %d ops; want 1 and 3", b, n)
	}

	// A failing batch: ops 4 and 3 join op 5's batch while it is written; 3 makes the
	// batch fail, and each op is then committed alone (no more to join).
	committed.Clear()
	holding := make(chan struct{})
	release := make(chan struct{})
	var alone sync.Map
	w2 := Start(func(ops []Item, more func() []Item) error {
		all := append([]Item(nil), ops...)
		if more == nil {
			alone.Store(ops[0], true)
		} else {
			if len(ops) == 1 && ops[0] == 5 {
				holding <- struct{}{}
				<-release
			}
			for m := more(); len(m) > 0; m = more() {
				all = append(all, m...)
			}
		}
		return settle(all)
	}, Options{LoadWait: -1})
	defer w2.Stop()
	errs := make(chan error, 3)
	go func() { errs <- w2.Do(5, nil) }()
	<-holding
	for i, op := range []Item{4, 3} {
		go func() { errs <- w2.Do(op, nil) }()
		for w2.Queued() < i+1 {
			runtime.Gosched()
		}
	}
	close(release)
	for range 3 {
		if err := <-errs; err != nil {
			t.Errorf("an op of the failed batch, committed alone: %v", err)
		}
	}
	for _, op := range []Item{3, 4, 5} {
		if _, ok := committed.Load(op); !ok {
			t.Errorf("op %v never committed", op)
		}
		if _, ok := alone.Load(op); !ok {
			t.Errorf("op %v was not committed alone after its batch failed", op)
		}
	}
}

func slicesContain(ops []Item, v Item) bool {
	for _, op := range ops {
		if op == v {
			return true
		}
	}
	return false
}
