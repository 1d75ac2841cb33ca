package hooks

import (
	"errors"
	"io"
	"net/http"
	"slices"
	"strings"

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
func thumbsFirst() func(*core.RequestEvent) error {
	var making singleflight.Group
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
