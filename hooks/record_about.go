package hooks

import (
	"github.com/pocketbase/pocketbase/core"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/records"
)

// bindAboutHooks binds the record hooks of the About page, /_/ included: its sections are
// sanitised, its links cleaned and checked, its media processed; cached answers then go.
func bindAboutHooks(app core.App) {
	normalize := func(e *core.RecordEvent) error {
		records.NormalizeAbout(e.Record)
		return processUploads(e)
	}
	app.OnRecordCreate(c.About).BindFunc(normalize)
	app.OnRecordUpdate(c.About).BindFunc(normalize)
	app.OnRecordValidate(c.About).BindFunc(func(e *core.RecordEvent) error {
		return records.MergeFieldErrors(e.Next(), records.LinkErrors(e.Record))
	})
	bindContentChanged(app, c.About)
}
