package hooks

import (
	"github.com/pocketbase/pocketbase/core"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/records"
)

// bindAboutHooks binds the record hooks of the About page, /_/ included: its sections are
// sanitised and its links cleaned (records.NormalizeAbout), its media processed, its links
// checked; cached answers then go.
func bindAboutHooks(app core.App) {
	bindPageRecordHooks(app, c.About, records.NormalizeAbout)
}

// bindPageRecordHooks binds the hooks of a one-record page (About, the profile), /_/
// included: normalize, then the upload processed; links checked on validation; cached
// answers dropped after a change.
func bindPageRecordHooks(app core.App, col string, normalize func(*core.Record)) {
	save := func(e *core.RecordEvent) error {
		normalize(e.Record)
		return processUploads(e)
	}
	app.OnRecordCreate(col).BindFunc(save)
	app.OnRecordUpdate(col).BindFunc(save)
	app.OnRecordValidate(col).BindFunc(func(e *core.RecordEvent) error {
		return records.MergeFieldErrors(e.Next(), records.LinkErrors(e.Record))
	})
	bindContentChanged(app, col)
}
