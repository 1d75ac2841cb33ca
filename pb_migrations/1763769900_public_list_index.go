package pb_migrations

import (
	"fmt"

	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"

	c "github.com/folio/folio/collections"
)

// The public lists order by date, created, id, filter on searchTitle, categories and tags,
// and show every column but the description. One covering index in that order lets SQLite
// page a list (merging the blogs/projects UNION ALL) and build the category, tag and archive
// aggregates without reading the rows, whose descriptions span overflow pages.
const listIndexColumns = "date DESC, created DESC, id DESC, searchTitle, categories, tags, title, author, media, " +
	"likeCount, shareCount, viewCount, commentCount, updated"

func init() {
	m.Register(func(app core.App) error {
		return setListIndex(app, listIndexColumns, "idx_%s_list", "idx_%s_date_created")
	}, func(app core.App) error {
		return setListIndex(app, "date DESC, created DESC", "idx_%s_date_created", "idx_%s_list")
	})
}

func setListIndex(app core.App, columns, addName, dropName string) error {
	for _, name := range []string{c.Blogs, c.Projects} {
		col, err := app.FindCollectionByNameOrId(name)
		if err != nil {
			return err
		}
		col.RemoveIndex(fmt.Sprintf(dropName, name))
		col.AddIndex(fmt.Sprintf(addName, name), false, columns, "")
		if err := app.Save(col); err != nil {
			return err
		}
	}
	return nil
}
