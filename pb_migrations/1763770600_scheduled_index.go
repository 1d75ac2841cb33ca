package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"

	c "github.com/folio/folio/collections"
)

// The cache asks for the next scheduled publish time after every content write
// (catalog.NextPublishAt): a partial index of the scheduled items answers it without
// scanning the items.
func init() {
	m.Register(func(app core.App) error {
		for _, name := range []string{c.Blogs, c.Projects} {
			err := editCollection(app, name, func(col *core.Collection) {
				col.AddIndex("idx_"+name+"_scheduled", false, "publishAt", `status = '`+c.ItemScheduled+`'`)
			})
			if err != nil {
				return err
			}
		}
		return nil
	}, func(app core.App) error {
		for _, name := range []string{c.Blogs, c.Projects} {
			if err := editCollection(app, name, func(col *core.Collection) { col.RemoveIndex("idx_" + name + "_scheduled") }); err != nil {
				return err
			}
		}
		return nil
	})
}
