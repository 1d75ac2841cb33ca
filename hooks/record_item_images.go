package hooks

import (
	"github.com/pocketbase/pocketbase/core"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/records"
)

// bindItemImageHooks binds the hooks of itemImages (the images of item bodies): every upload
// goes through the cover's processing (type sniffed, 10 MB, bomb guard, resize, metadata
// strip), /_/ included. Items adopt and delete their images (record_blogs_projects.go).
func bindItemImageHooks(app core.App) {
	app.OnRecordCreate(c.ItemImages).BindFunc(processUploads)
	app.OnRecordUpdate(c.ItemImages).BindFunc(processUploads)
}

// processUploads processes the new uploads of e's record (records.ProcessMedia); a refused
// one is reported with the record's other field errors, as a failed validation is.
func processUploads(e *core.RecordEvent) error {
	if errs := records.ProcessMedia(e.Record); len(errs) > 0 {
		return records.MergeFieldErrors(e.App.Validate(e.Record), errs)
	}
	return e.Next()
}
