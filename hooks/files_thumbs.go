package hooks

import (
	"errors"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"golang.org/x/sync/singleflight"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/media"
)

// thumbsFirst makes a JPEG or PNG thumb the first time it is asked for, before PocketBase's
// file route (GET /api/files/{collection}/{record}/{file}?thumb=) looks for it: PocketBase then
// serves this one, encoded as uploads are (media.Thumb), where its own would be JPEG quality 95,
// twice the bytes for a phone's cover. The route's own checks (view rules, protected files,
// unknown sizes) still decide what is served; anything this cannot make is left to PocketBase.
func thumbsFirst(thumbs *thumbMaker) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		rest, ok := strings.CutPrefix(e.Request.URL.Path, "/api/files/")
		size := e.Request.URL.Query().Get("thumb")
		if !ok || size == "" || e.Request.Method != http.MethodGet {
			return e.Next()
		}
		parts := strings.Split(rest, "/")
		if len(parts) != 3 {
			return e.Next()
		}
		col, err := e.App.FindCachedCollectionByNameOrId(parts[0])
		if err != nil {
			return e.Next()
		}
		if err := thumbs.ensure(e.App, col, parts[1], parts[2], size); err != nil && !errors.Is(err, media.ErrNoThumb) {
			e.App.Logger().Warn("thumb left to PocketBase", "file", parts[2], "thumb", size, "error", err)
		}
		return e.Next()
	}
}

// thumbMaker makes thumbs for thumbsFirst and thumbWarmer: one flight per thumb (a request
// during the warm-up waits for the same thumb, not a second one), and the thumbs made or found
// remembered, so a later request for one costs no storage look-up (a thumb's path names its
// file, and a replaced file has a new name).
type thumbMaker struct {
	flights singleflight.Group
	made    sync.Map // thumb path -> struct{}
}

// ensure makes the thumb of size of the record's file name unless it exists (makeThumb).
func (m *thumbMaker) ensure(app core.App, col *core.Collection, recordID, name, size string) error {
	dir := col.Id + "/" + recordID
	thumbPath := dir + "/thumbs_" + name + "/" + size + "_" + name
	if _, ok := m.made.Load(thumbPath); ok {
		return nil
	}
	_, err, _ := m.flights.Do(thumbPath, func() (any, error) {
		return nil, makeThumb(app, col, recordID, dir, name, size, thumbPath)
	})
	if err == nil {
		m.made.Store(thumbPath, struct{}{})
	}
	return err
}

// makeThumb writes the thumb at thumbPath unless it exists, the record has no such file, or
// its field declares no such size.
func makeThumb(app core.App, col *core.Collection, recordID, dir, name, size, thumbPath string) error {
	fsys, err := app.NewFilesystem()
	if err != nil {
		return err
	}
	defer fsys.Close()
	if exists, _ := fsys.Exists(thumbPath); exists {
		return nil
	}
	rec, err := app.FindRecordById(col, recordID)
	if err != nil {
		return media.ErrNoThumb
	}
	field := rec.FindFileFieldByFile(name)
	if field == nil || !slices.Contains(field.Thumbs, size) {
		return media.ErrNoThumb
	}
	r, err := fsys.GetReader(dir + "/" + name)
	if err != nil {
		return err
	}
	data, err := io.ReadAll(io.LimitReader(r, c.MaxImageBytes+1))
	r.Close()
	if err != nil {
		return err
	}
	thumb, err := media.Thumb(data, size)
	if err != nil {
		return err
	}
	return fsys.Upload(thumb, thumbPath)
}

// warmSizes are the thumbs made as soon as a cover or About's image is saved, the item page's
// first: a reader's first visit then finds them made (a first request would wait ~50 ms for
// one, and a phone's largest paint with it).
var warmSizes = []string{c.ThumbCoverM, c.ThumbCardS, c.ThumbAvatar, c.ThumbCard, c.ThumbCoverL}

// thumbWarmer makes a newly saved image's warmSizes in the background, one image at a time,
// through the same thumbMaker as thumbsFirst. Its queue is bounded: a bulk import or seed past it leaves the rest to first requests.
type thumbWarmer struct {
	app     core.App
	thumbs  *thumbMaker
	jobs    chan warmJob
	mu      sync.Mutex // guards sends against close
	started bool
	stopped atomic.Bool // no more jobs
	abandon atomic.Bool // leave the queue now
	wg      sync.WaitGroup
}

type warmJob struct {
	col            *core.Collection
	recordID, name string
}

func newThumbWarmer(app core.App, thumbs *thumbMaker) *thumbWarmer {
	return &thumbWarmer{app: app, thumbs: thumbs, jobs: make(chan warmJob, 256)}
}

// bind queues the image in field of every created or updated record of cols where it changed.
func (w *thumbWarmer) bind(field string, cols ...string) {
	queue := func(e *core.RecordEvent) error {
		name := e.Record.GetString(field)
		if name != "" && name != e.Record.Original().GetString(field) {
			w.mu.Lock()
			if !w.stopped.Load() {
				if !w.started {
					w.started = true
					w.wg.Add(1)
					go w.run()
				}
				select {
				case w.jobs <- warmJob{e.Record.Collection(), e.Record.Id, name}:
				default: // full: first requests make them
				}
			}
			w.mu.Unlock()
		}
		return e.Next()
	}
	w.app.OnRecordAfterCreateSuccess(cols...).BindFunc(queue)
	w.app.OnRecordAfterUpdateSuccess(cols...).BindFunc(queue)
}

func (w *thumbWarmer) run() {
	defer w.wg.Done()
	for j := range w.jobs {
		for _, size := range warmSizes {
			if w.abandon.Load() {
				return
			}
			err := w.thumbs.ensure(w.app, j.col, j.recordID, j.name, size)
			if errors.Is(err, media.ErrNoThumb) {
				continue // a size its field does not declare
			}
			if err != nil {
				break // not an image it can read, or gone: the next image
			}
		}
	}
}

// stop lets the warmer finish its queue for up to warmDrain (a demo seed's two dozen covers
// take ~3 s: a new site's first visits find them made), then ends it after the thumb in hand,
// before the data dir goes away.
func (w *thumbWarmer) stop() {
	w.mu.Lock()
	first := !w.stopped.Swap(true)
	if first {
		close(w.jobs) // no more jobs; run ends when the queue is empty
	}
	w.mu.Unlock()
	done := make(chan struct{})
	go func() { w.wg.Wait(); close(done) }()
	select {
	case <-done:
		return
	case <-time.After(warmDrain):
	}
	w.abandon.Store(true)
	<-done
}

// warmDrain is how long stop waits for the queue.
const warmDrain = 5 * time.Second
