package hooks

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/catalog"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/search"
)

// bindSearchTitleHooks keeps the hidden searchTitle of blogs and projects in step with the
// title on every save (routes, /_/, commands), so `q` can match with a plain substring test.
func bindSearchTitleHooks(app core.App) {
	set := func(e *core.RecordEvent) error {
		e.Record.Set(c.FieldSearchTitle, catalog.SearchFold(e.Record.GetString(c.FieldTitle)))
		return e.Next()
	}
	app.OnRecordCreate(c.Blogs, c.Projects).BindFunc(set)
	app.OnRecordUpdate(c.Blogs, c.Projects).BindFunc(set)
}

// backfillSearchTitles folds the titles of rows written around the hooks (raw SQL imports,
// data from before this hook); the searchTitle index makes the check cheap on every start.
func backfillSearchTitles(app core.App) error {
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

// bindSearchIndexHooks keeps the full-text index (package search) in step with every save
// and delete of an item, /_/ included; the index writes run in the save's transaction.
func bindSearchIndexHooks(app core.App) {
	index := func(e *core.RecordEvent) error {
		if err := e.Next(); err != nil {
			return err
		}
		return search.Index(e.App, e.Record)
	}
	app.OnRecordCreateExecute(c.Blogs, c.Projects).BindFunc(index)
	app.OnRecordUpdateExecute(c.Blogs, c.Projects).BindFunc(index)
	app.OnRecordDeleteExecute(c.Blogs, c.Projects).BindFunc(func(e *core.RecordEvent) error {
		if err := e.Next(); err != nil {
			return err
		}
		return search.Remove(e.App, c.ItemType(e.Record.Collection().Name), e.Record.Id)
	})
}
