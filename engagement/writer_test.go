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
func held(t *testing.T, opts Options, commit Commit) (w *Writer, entered chan []Op, release chan struct{}) {
	entered, release = make(chan []Op, 16), make(chan struct{})
	w = Start(func(ops []Op) error {
		entered <- append([]Op(nil), ops...)
		<-release
		return commit(ops)
	}, opts)
	return w, entered, release
}

// doAsync calls w.Do(op, a) in the background; wg waits for its answer.
func doAsync(t *testing.T, wg *sync.WaitGroup, w *Writer, op Op, a *Arrival) {
	wg.Add(1)
	go func() {
		defer wg.Done()
		if err := w.Do(op, a); err != nil {
			t.Errorf("op %v: %v", op, err)
		}
	}()
}

func TestWriterBatchesWhatWaits(t *testing.T) {
	w, entered, release := held(t, Options{MaxBatch: 3, Queue: 8}, func([]Op) error { return nil })
	var wg sync.WaitGroup
	do := func(op Op) { doAsync(t, &wg, w, op, nil) }
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
	w, entered, release := held(t, Options{Queue: 8}, func(ops []Op) error {
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
	errs := make(map[Op]error)
	var mu sync.Mutex
	var wg sync.WaitGroup
	for _, op := range []Op{"first", "good", "bad", "panic", "fine"} {
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
	var committed []Op
	w, entered, release := held(t, Options{Queue: 8}, func(ops []Op) error {
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
	batches := make(chan []Op, 16)
	w := Start(func(ops []Op) error {
		batches <- append([]Op(nil), ops...)
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
	w2, entered, release := held(t, Options{MaxBatch: 2, Queue: 8, LoadWait: time.Hour}, func([]Op) error { return nil })
	defer w2.Stop()
	do2 := func(op Op) { doAsync(t, &wg, w2, op, nil) }
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
