package records

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/catalog"
	c "github.com/folio/folio/collections"
)

// SetSearchTitle keeps an item's hidden searchTitle the folded title, so `q` can match
// with a plain substring test.
func SetSearchTitle(rec *core.Record) {
	rec.Set(c.FieldSearchTitle, catalog.SearchFold(rec.GetString(c.FieldTitle)))
}

// BackfillSearchTitles folds the titles of rows written around the hooks (raw SQL imports,
// data from before this hook); the searchTitle index makes the check cheap on every start.
func BackfillSearchTitles(app core.App) error {
	for _, table := range []string{c.Blogs, c.Projects} {
		var rows []struct {
			ID    string `db:"id"`
			Title string `db:"title"`
		}
		err := app.DB().Select("id", c.FieldTitle).From(table).
			Where(dbx.HashExp{c.FieldSearchTitle: ""}).AndWhere(dbx.Not(dbx.HashExp{c.FieldTitle: ""})).All(&rows)
		if err != nil {
			return err
		}
		for _, r := range rows {
			_, err := app.DB().Update(table, dbx.Params{c.FieldSearchTitle: catalog.SearchFold(r.Title)}, dbx.HashExp{"id": r.ID}).Execute()
			if err != nil {
				return err
			}
		}
	}
	return nil
}
