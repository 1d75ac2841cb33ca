package hooks

import (
	"github.com/pocketbase/pocketbase/core"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/records"
)

// bindProfileHooks binds the record hooks of the owner's profile, /_/ included: the text is
// trimmed, social links cleaned and checked, the image processed; cached answers then go.
func bindProfileHooks(app core.App) {
	normalize := func(e *core.RecordEvent) error {
		records.NormalizeProfile(e.Record)
		return processUploads(e)
	}
	app.OnRecordCreate(c.Profile).BindFunc(normalize)
	app.OnRecordUpdate(c.Profile).BindFunc(normalize)
	app.OnRecordValidate(c.Profile).BindFunc(func(e *core.RecordEvent) error {
		return records.MergeFieldErrors(e.Next(), records.LinkErrors(e.Record))
	})
	bindContentChanged(app, c.Profile)
}
