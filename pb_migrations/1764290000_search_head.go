package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// The search index's head (package search): each item's title, tags and categories again, in
// an FTS5 table of their own, so "which matches hold a query word there" (the items ranked
// first) reads those short lists, not every position of the words in the bodies (a column
// filter over itemSearch: 1-5 ms for common words over 10,000 items; here 0.1-0.3 ms). Rows
// share itemSearch's rowids. Filled from itemSearch here; package search keeps it in step.
// The docs' newest-first index lets a search of common words find its newest matches among
// the newest items, not by reading the doc row of every match to sort them.
func init() {
	m.Register(func(app core.App) error {
		for _, q := range []string{
			`CREATE VIRTUAL TABLE "itemSearchHead" USING fts5(title, tags, categories, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4')`,
			`INSERT INTO "itemSearchHead" (rowid, title, tags, categories) SELECT rowid, title, tags, categories FROM "itemSearch"`,
			`CREATE INDEX "idx_itemSearchDocs_newest" ON "itemSearchDocs" ("date" DESC, "created" DESC, "item" DESC)`,
		} {
			if _, err := app.DB().NewQuery(q).Execute(); err != nil {
				return err
			}
		}
		return nil
	}, func(app core.App) error {
		for _, q := range []string{`DROP INDEX IF EXISTS "idx_itemSearchDocs_newest"`, `DROP TABLE IF EXISTS "itemSearchHead"`} {
			if _, err := app.DB().NewQuery(q).Execute(); err != nil {
				return err
			}
		}
		return nil
	})
}
