package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/types"

	c "github.com/folio/folio/collections"
)

// itemImages holds the images inside blog and project bodies, one file a record. Editor uploads
// go here through the records API (approved admins only), and data: images in a saved body are
// moved here by the item hooks. A collection of its own, not a file field of the item: an image
// is uploaded while a new post has no record yet, and each upload is a request of its own, so no
// save ever carries image bytes. The files are public (not protected), as covers are; listing
// the records is for approved admins.
func init() {
	m.Register(func(app core.App) error {
		col := core.NewBaseCollection(c.ItemImages, "pbc_itemimages")
		col.ListRule = types.Pointer(ruleApproved)
		col.ViewRule = types.Pointer(ruleApproved)
		col.CreateRule = types.Pointer(ruleApproved)
		col.Fields.Add(
			&core.FileField{Name: c.FieldMedia, Required: true, MaxSelect: 1, MaxSize: c.MaxImageBytes,
				MimeTypes: c.ImageMimeTypes, Thumbs: []string{c.ThumbCard}},
			&core.TextField{Name: c.FieldItem, Max: 64},
		)
		autodates(col)
		col.AddIndex("idx_itemimages_item", false, "item", "")
		return app.Save(col)
	}, func(app core.App) error {
		col, err := app.FindCollectionByNameOrId(c.ItemImages)
		if err != nil {
			return nil
		}
		return app.Delete(col)
	})
}
