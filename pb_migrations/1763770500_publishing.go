package pb_migrations

import (
	"fmt"

	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/types"

	c "github.com/folio/folio/collections"
)

// Publishing (API.md "Publishing"): items get a status (published, draft, scheduled) and a
// publish time; every existing item stays published. An item is public when it is published
// (or has no status: rows written around the hooks) or scheduled at or before now. The
// records API shows non-public items to approved accounts and superusers only; catalog's
// PublicWhere is the same rule for Folio's own reads. The list index covers status and
// publishAt, so public lists still never read the rows. Revisions keep earlier versions,
// for superusers only (Folio's admin routes read them).
const (
	rulePublicItem = `status = "` + c.ItemPublished + `" || status = "" || (status = "` + c.ItemScheduled + `" && publishAt != "" && publishAt <= @now)`
	ruleItemRead   = ruleApproved + ` || ` + rulePublicItem

	listIndexColumnsPublishing = listIndexColumnsNoCounters + ", status, publishAt"
)

func init() {
	m.Register(func(app core.App) error {
		for _, name := range []string{c.Blogs, c.Projects} {
			err := editCollection(app, name, func(col *core.Collection) {
				col.ListRule = types.Pointer(ruleItemRead)
				col.ViewRule = types.Pointer(ruleItemRead)
				col.Fields.Add(
					&core.SelectField{Name: c.FieldStatus, Values: c.ItemStatuses, MaxSelect: 1},
					&core.DateField{Name: c.FieldPublishAt},
					&core.TextField{Name: c.FieldPreviewSecret, Hidden: true, Max: 64},
				)
			})
			if err != nil {
				return err
			}
			if _, err := app.DB().NewQuery(fmt.Sprintf(`UPDATE %q SET "status" = '%s'`, name, c.ItemPublished)).Execute(); err != nil {
				return err
			}
		}
		if err := setListIndex(app, listIndexColumnsPublishing, "idx_%s_list", "idx_%s_list"); err != nil {
			return err
		}
		return createRevisions(app)
	}, func(app core.App) error {
		if col, err := app.FindCollectionByNameOrId(c.Revisions); err == nil {
			if err := app.Delete(col); err != nil {
				return err
			}
		}
		if err := setListIndex(app, listIndexColumnsNoCounters, "idx_%s_list", "idx_%s_list"); err != nil {
			return err
		}
		for _, name := range []string{c.Blogs, c.Projects} {
			err := editCollection(app, name, func(col *core.Collection) {
				col.ListRule = types.Pointer(ruleApproved)
				col.ViewRule = types.Pointer(ruleApproved)
				col.Fields.RemoveByName(c.FieldStatus)
				col.Fields.RemoveByName(c.FieldPublishAt)
				col.Fields.RemoveByName(c.FieldPreviewSecret)
			})
			if err != nil {
				return err
			}
		}
		return nil
	})
}

func createRevisions(app core.App) error {
	col := core.NewBaseCollection(c.Revisions, "pbc_revisions")
	col.Fields.Add(
		&core.TextField{Name: c.FieldRevisionItem, Required: true, Max: 64},
		&core.SelectField{Name: c.FieldRevisionType, Values: []string{c.TypeBlog, c.TypeProject}, MaxSelect: 1, Required: true},
		&core.TextField{Name: c.FieldRevisionBy, Max: 255},
		&core.JSONField{Name: c.FieldRevisionData, MaxSize: 6 << 20},
	)
	autodates(col)
	col.AddIndex("idx_revisions_item_created", false, "item, created DESC", "")
	return app.Save(col)
}
