package hooks

import (
	"github.com/pocketbase/pocketbase/core"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/records"
)

// bindProfileHooks binds the record hooks of the owner's profile, /_/ included: the text is
// trimmed and its social links cleaned (records.NormalizeProfile); the rest is About's
// (bindPageRecordHooks, record_about.go): the image processed, links checked, answers dropped.
func bindProfileHooks(app core.App) {
	bindPageRecordHooks(app, c.Profile, records.NormalizeProfile)
}
