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
func thumbsFirst(making *singleflight.Group) func(*core.RequestEvent) error {
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
		dir, name := col.Id+"/"+parts[1], parts[2]
		thumbPath := dir + "/thumbs_" + name + "/" + size + "_" + name
		_, err, _ = making.Do(thumbPath, func() (any, error) {
			return nil, makeThumb(e.App, col, parts[1], dir, name, size, thumbPath)
		})
		if err != nil && !errors.Is(err, media.ErrNoThumb) {
			e.App.Logger().Warn("thumb left to PocketBase", "thumb", thumbPath, "error", err)
		}
		return e.Next()
	}
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
// sharing thumbsFirst's flights (a request meanwhile waits for the same thumb, not a second
// one). Its queue is bounded: a bulk import or seed past it leaves the rest to first requests.
type thumbWarmer struct {
	app     core.App
	making  *singleflight.Group
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

func newThumbWarmer(app core.App, making *singleflight.Group) *thumbWarmer {
	return &thumbWarmer{app: app, making: making, jobs: make(chan warmJob, 256)}
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
		dir := j.col.Id + "/" + j.recordID
		for _, size := range warmSizes {
			if w.abandon.Load() {
				return
			}
			thumbPath := dir + "/thumbs_" + j.name + "/" + size + "_" + j.name
			_, err, _ := w.making.Do(thumbPath, func() (any, error) {
				return nil, makeThumb(w.app, j.col, j.recordID, dir, j.name, size, thumbPath)
			})
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
