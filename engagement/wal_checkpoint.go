package engagement

import (
	"sync/atomic"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// SQLite checkpoints its WAL (copies the pages written since the last checkpoint into the
// database file, with an fsync of each file) inside whichever commit pushes the WAL past
// 1000 pages. With the engagement writer committing hundreds of batches a second, that
// commit was always one of its batches: the writer stopped for the copy while every write
// behind it waited (a tenth of the writer's CPU in the view and like profiles). While the
// server runs, the writer connection does not checkpoint (wal_autocheckpoint 0, set with
// each batch like its page cache) and a background goroutine does, every
// walCheckpointEvery, in two steps:
//
//   - a PASSIVE checkpoint on a connection of the read pool (ConcurrentDB) copies what
//     readers allow without taking the write lock: batches commit while it copies and
//     syncs, on the other core, and pages rewritten many times in one period are copied
//     once. (app.DB() would send the PRAGMA to the writer's own connection, and the
//     writer waited a tenth of its time for it, in an execution trace of shares.)
//   - That checkpoint never catches up under sustained writes: frames arrive while it
//     copies, SQLite starts the WAL over only once every frame is copied, and the WAL grew
//     by 100 MB a second (2 GB in cmd/benchwrites). So once the WAL holds
//     walRestartFrames, a second PASSIVE checkpoint runs on the writer's connection
//     (NonconcurrentDB), between two batches: it copies only the frames that arrived
//     during the first, nothing can arrive meanwhile, and the writer's next write starts
//     the WAL over. The WAL stays within a few multiples of walRestartFrames.
//
// An idle tick finds nothing to copy and syncs nothing. SQLite still checkpoints when the
// last connection closes.
//
// cmd/benchwrites, three interleaved runs each: views 1.56-1.57× raw create with it against
// 1.16-1.57× without, likes 0.96-1.08× against 0.83-0.90×, p99 below raw's in both. Every
// 200 ms, each checkpoint copied ~4,500 frames in 20-27 ms on a core the HTTP side needed,
// and p99 rose above raw's (1.1-1.6×); every 50 ms it stays below (0.58-0.91).

const (
	walCheckpointEvery = 50 * time.Millisecond
	// writerNoCheckpointSQL turns the writer connection's own checkpoints off.
	writerNoCheckpointSQL = "PRAGMA wal_autocheckpoint = 0"
	walCheckpointSQL      = "PRAGMA wal_checkpoint(PASSIVE)"
	// walRestartFrames is the WAL's size, in frames (pages of 4 KB), past which the
	// checkpointer finishes its copy on the writer's connection so that the WAL starts over.
	walRestartFrames = 4096
)

// walCheckpointer is the background checkpoint of app's data.db.
type walCheckpointer struct {
	quit, done chan struct{}
	copied     atomic.Int64 // checkpoints that found frames in the WAL
}

// startWALCheckpointer starts app's checkpointer.
func startWALCheckpointer(app core.App) *walCheckpointer {
	w := &walCheckpointer{quit: make(chan struct{}), done: make(chan struct{})}
	go w.run(app)
	return w
}

func (w *walCheckpointer) run(app core.App) {
	defer close(w.done)
	tick := time.NewTicker(walCheckpointEvery)
	defer tick.Stop()
	for {
		select {
		case <-w.quit:
			return
		case <-tick.C:
			frames, err := walCheckpointStep(app, walRestartFrames, nil)
			if err != nil {
				app.Logger().Warn("WAL checkpoint failed", "error", err)
			} else if frames > 0 {
				w.copied.Add(1)
			}
		}
	}
}

// walCheckpointStep is one tick's checkpoint: the copy beside the writer and, once the WAL
// holds restartAt frames, its end on the writer's connection. between (tests) runs between
// the two. It returns the frames in the WAL.
func walCheckpointStep(app core.App, restartAt int, between func()) (frames int, err error) {
	frames, err = walCheckpoint(app.ConcurrentDB())
	if err != nil || frames < restartAt {
		return frames, err
	}
	if between != nil {
		between()
	}
	return walCheckpoint(app.NonconcurrentDB())
}

// walCheckpoint runs a PASSIVE checkpoint on db and returns the frames in the WAL.
func walCheckpoint(db dbx.Builder) (int, error) {
	var r struct {
		Log int `db:"log"` // frames in the WAL
	}
	err := db.NewQuery(walCheckpointSQL).One(&r)
	return r.Log, err
}

// stop stops the checkpointer and waits for it.
func (w *walCheckpointer) stop() {
	close(w.quit)
	<-w.done
}
