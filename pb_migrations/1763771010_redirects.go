package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/types"

	c "github.com/folio/folio/collections"
)

// redirects holds old URLs (API.md "Moving in and out"): a GET of `from` on the site that
// would answer 404 answers `code` with `Location: to` instead. Approved admins may read the
// rows; writes go through the admin routes and record hooks (or a superuser in /_/).
func init() {
	m.Register(func(app core.App) error {
		col := core.NewBaseCollection(c.Redirects, "pbc_redirects")
		col.ListRule = types.Pointer(ruleApproved)
		col.ViewRule = types.Pointer(ruleApproved)
		col.Fields.Add(
			&core.TextField{Name: c.FieldFrom, Required: true, Max: 2048},
			&core.TextField{Name: c.FieldTo, Required: true, Max: 2048},
			&core.NumberField{Name: c.FieldCode, OnlyInt: true, Min: types.Pointer(301.0), Max: types.Pointer(302.0)},
		)
		autodates(col)
		col.AddIndex("idx_redirects_from", true, c.FieldFrom, "")
		return app.Save(col)
	}, func(app core.App) error {
		col, err := app.FindCollectionByNameOrId(c.Redirects)
		if err != nil {
			return err
		}
		return app.Delete(col)
	})
}
