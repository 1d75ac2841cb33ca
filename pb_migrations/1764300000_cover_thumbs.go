package pb_migrations

import (
	"slices"

	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"

	c "github.com/folio/folio/collections"
)

// coverThumbs declares the middle widths of covers and of About's image, which their pages
// list in srcset: a phone downloads an 800-pixel cover, not the 1920-pixel original (the
// largest paint on an item page); and the list cards' 264×192 thumb (shown at 132×96).
func init() {
	collections := []string{c.Blogs, c.Projects, c.About}
	m.Register(func(app core.App) error {
		for _, name := range collections {
			col, err := app.FindCollectionByNameOrId(name)
			if err != nil {
				return err
			}
			f, ok := col.Fields.GetByName(c.FieldMedia).(*core.FileField)
			if !ok {
				continue
			}
			thumbs := []string{c.ThumbCoverM, c.ThumbCoverL}
			if name != c.About {
				thumbs = append(thumbs, c.ThumbCardS)
			}
			for _, t := range thumbs {
				if !slices.Contains(f.Thumbs, t) {
					f.Thumbs = append(f.Thumbs, t)
				}
			}
			if err := app.Save(col); err != nil {
				return err
			}
		}
		return nil
	}, func(app core.App) error {
		for _, name := range collections {
			col, err := app.FindCollectionByNameOrId(name)
			if err != nil {
				continue
			}
			if f, ok := col.Fields.GetByName(c.FieldMedia).(*core.FileField); ok {
				f.Thumbs = slices.DeleteFunc(f.Thumbs, func(t string) bool { return t == c.ThumbCoverM || t == c.ThumbCoverL || t == c.ThumbCardS })
				if err := app.Save(col); err != nil {
					return err
				}
			}
		}
		return nil
	})
}
