// Package engagement is the group commit behind Folio's engagement writes (views, site
// views, likes, shares, comments): requests queue to one writer that commits whatever
// is waiting, up to a bounded batch, in one transaction as soon as the previous commit
// ends. An idle writer (its last batch held one write) commits a lone request at once;
// under load (its last batch held more) it also takes what queues within LoadWait, a
// quarter of a millisecond, so batches grow and each write's share of the commit falls;
// and what queues while a batch is being written joins it (Commit's more) before it
// commits. It knows nothing of items or SQL: the caller's commit function does the work.
package engagement

import (
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// Defaults: a batch bounds one transaction's work (and the wait of its last request);
// the queue bounds the requests waiting behind it before callers are turned away.
const (
	DefaultMaxBatch = 256
	DefaultQueue    = 4096
	DefaultLoadWait = 250 * time.Microsecond
)

// ErrBusy means the queue is full (or the writer has stopped): answer 503, retry later.
var ErrBusy = errors.New("engagement writes are queued to the limit")

// Item is one queued write; the commit function knows its concrete type and stores its
// answer in it.
type Item any

// Commit writes ops in one transaction, in order, and returns nil once it has committed.
// Before committing it may call more (nil: there is no more) for the ops that queued
// while it worked, and write those too, after ops, in the same transaction; more answers
// nothing once none is waiting. An error rolls the batch back, the ops more gave
// included; the writer then commits each op alone, so one bad op fails only itself.
type Commit func(ops []Item, more func() []Item) error

// Options size the writer; zero values take the defaults.
type Options struct {
	MaxBatch, Queue int
	// BeforeCommit, when set, runs in the writer before each batch with its size (tests
	// use it to hold the writer and fill the queue); Joined, with the number of ops that
	// joined a batch being written (Commit's more), when there were any.
	BeforeCommit func(n int)
	Joined       func(n int)
	// LoadWait bounds how long a writer under load (its last batch held more than one
	// write) waits for more writes before it commits; negative: never waits.
	LoadWait time.Duration
}

// Writer is the one writer of a queue.
type Writer struct {
	commit Commit
	opts   Options
	queue  chan *job

	batches, ops atomic.Int64 // committed so far
	arriving     atomic.Int64 // requests announced by Arrive that have not queued yet

	mu      sync.RWMutex // guards stopped against sends on a closing queue
	stopped bool
	done    chan struct{}
}

type job struct {
	op   Item
	err  error
	done chan struct{}
}

// Start starts a writer with commit.
func Start(commit Commit, opts Options) *Writer {
	if opts.MaxBatch <= 0 {
		opts.MaxBatch = DefaultMaxBatch
	}
	if opts.Queue < 0 {
		opts.Queue = 0
	} else if opts.Queue == 0 {
		opts.Queue = DefaultQueue
	}
	if opts.LoadWait == 0 {
		opts.LoadWait = DefaultLoadWait
	}
	w := &Writer{commit: commit, opts: opts, queue: make(chan *job, opts.Queue), done: make(chan struct{})}
	go w.run()
	return w
}

// Arrival is a request on its way to Do (see Arrive).
type Arrival struct {
	w     *Writer
	ended atomic.Bool
}

// Arrive announces a request that will probably call Do soon (a route's first
// middleware calls it), so that a writer about to commit takes it into the batch rather
// than committing a moment before it queues. End it when the request leaves without
// calling Do; Do ends it itself.
func (w *Writer) Arrive() *Arrival {
	w.arriving.Add(1)
	return &Arrival{w: w}
}

// End ends an arrival; it is safe to call twice and on nil.
func (a *Arrival) End() {
	if a != nil && a.ended.CompareAndSwap(false, true) {
		a.w.arriving.Add(-1)
	}
}

// Do queues op and waits until its batch has committed: nil means op is written. It
// never waits for room in the queue: a full queue is ErrBusy at once. a (may be nil)
// is the request's arrival, ended once op is queued.
func (w *Writer) Do(op Item, a *Arrival) error {
	defer a.End()
	j := &job{op: op, done: make(chan struct{})}
	w.mu.RLock()
	if w.stopped {
		w.mu.RUnlock()
		return ErrBusy
	}
	select {
	case w.queue <- j:
	default:
		w.mu.RUnlock()
		return ErrBusy
	}
	w.mu.RUnlock()
	a.End()
	<-j.done
	return j.err
}

// Stats returns the batches and ops the writer has committed so far.
func (w *Writer) Stats() (batches, ops int64) { return w.batches.Load(), w.ops.Load() }

// Queued is the number of requests waiting for the writer.
func (w *Writer) Queued() int { return len(w.queue) }

// Stop turns new requests away, commits everything already queued and returns when
// the writer has finished.
func (w *Writer) Stop() {
	w.mu.Lock()
	if !w.stopped {
		w.stopped = true
		close(w.queue)
	}
	w.mu.Unlock()
	<-w.done
}

func (w *Writer) run() {
	defer close(w.done)
	batch := make([]*job, 0, w.opts.MaxBatch)
	ops := make([]Item, 0, w.opts.MaxBatch)
	var timer *time.Timer
	last := 0 // the last batch's size
	for first := range w.queue {
		// Take what is waiting now: an idle writer commits a lone request at once, a
		// busy one gathers the requests that queued meanwhile and, under load, those
		// that queue within LoadWait.
		batch = append(batch[:0], first)
		w.gather(&batch)
		if last > 1 && w.opts.LoadWait > 0 && len(batch) < w.opts.MaxBatch {
			if timer == nil {
				timer = time.NewTimer(w.opts.LoadWait)
			} else {
				timer.Reset(w.opts.LoadWait)
			}
			w.await(&batch, timer)
		}
		ops = ops[:0]
		for _, j := range batch {
			ops = append(ops, j.op)
		}
		if w.opts.BeforeCommit != nil {
			w.opts.BeforeCommit(len(ops))
		}
		err := w.safeCommit(ops, func() []Item {
			n := len(batch)
			w.gather(&batch)
			more := make([]Item, 0, len(batch)-n)
			for _, j := range batch[n:] {
				more = append(more, j.op)
			}
			if len(more) > 0 && w.opts.Joined != nil {
				w.opts.Joined(len(more))
			}
			return more
		})
		w.batches.Add(1)
		w.ops.Add(int64(len(batch)))
		last = len(batch)
		if err != nil && len(batch) > 1 {
			for _, j := range batch {
				j.err = w.safeCommit([]Item{j.op}, nil)
			}
		} else {
			for _, j := range batch {
				j.err = err
			}
		}
		for _, j := range batch {
			close(j.done)
		}
		clear(batch) // drop references to answered ops
	}
}

// maxYields bounds how long a writer holding a batch yields to arriving requests: a
// few scheduler turns, never a timer.
const maxYields = 64

// gather adds to batch what is queued and, while requests announced by Arrive are on
// their way, yields to let them queue too. With none arriving (an idle server) it
// returns at once: a lone request is committed without any wait.
func (w *Writer) gather(batch *[]*job) {
	for yields := 0; len(*batch) < w.opts.MaxBatch; {
		select {
		case j, ok := <-w.queue:
			if !ok {
				return
			}
			*batch = append(*batch, j)
			continue
		default:
		}
		if yields >= maxYields || w.arriving.Load() <= 0 {
			return
		}
		yields++
		runtime.Gosched()
	}
}

// await adds writes queued before timer fires, up to MaxBatch. Under load a batch of
// three (what queued during one commit, on two cores shared with the HTTP side) paid the
// commit's fixed cost (its WAL frames for the events' and counters' hot pages, the
// transaction's begin and end) for three writes; waiting a quarter of a millisecond more
// lets the batch grow, and the writer's CPU per write falls with it.
func (w *Writer) await(batch *[]*job, timer *time.Timer) {
	for len(*batch) < w.opts.MaxBatch {
		select {
		case j, ok := <-w.queue:
			if !ok {
				timer.Stop()
				return
			}
			*batch = append(*batch, j)
		case <-timer.C:
			return
		}
	}
	timer.Stop()
}

// safeCommit turns a panic of the commit function into an error, so the writer (and
// every request waiting on it) survives it.
func (w *Writer) safeCommit(ops []Item, more func() []Item) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("engagement commit panicked: %v", r)
		}
	}()
	return w.commit(ops, more)
}
