package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"

	c "github.com/folio/folio/collections"
)

// The profile gains socialLinks, JSON [{title, url}] like About's attachLinks, shown as the
// left sidebar's social links.
func init() {
	m.Register(func(app core.App) error {
		return editCollection(app, c.Profile, func(col *core.Collection) {
			col.Fields.Add(&core.JSONField{Name: c.FieldSocialLinks, MaxSize: 64 << 10})
		})
	}, func(app core.App) error {
		return editCollection(app, c.Profile, func(col *core.Collection) { col.Fields.RemoveByName(c.FieldSocialLinks) })
	})
}
