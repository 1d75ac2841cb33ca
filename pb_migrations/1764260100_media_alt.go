package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"

	c "github.com/folio/folio/collections"
)

// Blogs and projects gain mediaAlt, the cover's alt text (issue 31); pages use the title when
// it is empty.
func init() {
	m.Register(func(app core.App) error {
		for _, name := range []string{c.Blogs, c.Projects} {
			if err := editCollection(app, name, func(col *core.Collection) {
				col.Fields.Add(&core.TextField{Name: c.FieldMediaAlt, Max: 300})
			}); err != nil {
				return err
			}
		}
		return nil
	}, func(app core.App) error {
		for _, name := range []string{c.Blogs, c.Projects} {
			if err := editCollection(app, name, func(col *core.Collection) { col.Fields.RemoveByName(c.FieldMediaAlt) }); err != nil {
				return err
			}
		}
		return nil
	})
}
