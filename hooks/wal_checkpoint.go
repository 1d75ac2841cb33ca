package hooks

import (
	"sync/atomic"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// SQLite checkpoints its WAL (copies the pages written since the last checkpoint into the
// database file, with an fsync of each file) inside whichever commit pushes the WAL past
// 1000 pages. With the engagement writer committing hundreds of batches a second, that
// commit was always one of its batches: the writer stopped for the copy while every write
// behind it waited (a tenth of the writer's CPU in the view and like profiles). While the
// server runs, the writer connection does not checkpoint (wal_autocheckpoint 0, set with
// each batch like its page cache) and a background goroutine does, every
// walCheckpointEvery, on a connection of the read pool: a PASSIVE checkpoint copies what
// readers allow without taking the write lock, so batches commit while it copies, on the
// other core, and pages rewritten many times in one period are copied once. Once a
// checkpoint has copied every frame, the next write starts the WAL over. An idle tick
// finds nothing to copy and syncs nothing. SQLite still checkpoints when the last
// connection closes.
//
// cmd/benchwrites, three interleaved runs each: views 1.56-1.57× raw create with it against
// 1.16-1.57× without, likes 0.96-1.08× against 0.83-0.90×, p99 below raw's in both. Every
// 200 ms, each checkpoint copied ~4,500 frames in 20-27 ms on a core the HTTP side needed,
// and p99 rose above raw's (1.1-1.6×); every 50 ms it stays below (0.58-0.91).

const (
	walCheckpointerStore = "folio.walCheckpointer"
	walCheckpointEvery   = 50 * time.Millisecond
	// writerNoCheckpointSQL turns the writer connection's own checkpoints off.
	writerNoCheckpointSQL = "PRAGMA wal_autocheckpoint = 0"
)

// walCheckpointer is the background checkpoint of app's data.db.
type walCheckpointer struct {
	stop, done chan struct{}
	copied     atomic.Int64 // checkpoints that found frames in the WAL
}

// startWALCheckpointer starts app's checkpointer (idempotent).
func startWALCheckpointer(app core.App) {
	app.Store().GetOrSet(walCheckpointerStore, func() any {
		w := &walCheckpointer{stop: make(chan struct{}), done: make(chan struct{})}
		go w.run(app)
		return w
	})
}

func (w *walCheckpointer) run(app core.App) {
	defer close(w.done)
	tick := time.NewTicker(walCheckpointEvery)
	defer tick.Stop()
	for {
		select {
		case <-w.stop:
			return
		case <-tick.C:
			var r struct {
				Log int `db:"log"` // frames in the WAL
			}
			if err := app.DB().NewQuery("PRAGMA wal_checkpoint(PASSIVE)").One(&r); err != nil {
				app.Logger().Warn("WAL checkpoint failed", "error", err)
			} else if r.Log > 0 {
				w.copied.Add(1)
			}
		}
	}
}

// stopWALCheckpointer stops app's checkpointer, if it runs, and waits for it.
func stopWALCheckpointer(app core.App) {
	if w, ok := app.Store().Get(walCheckpointerStore).(*walCheckpointer); ok {
		close(w.stop)
		<-w.done
		app.Store().Remove(walCheckpointerStore)
	}
}
