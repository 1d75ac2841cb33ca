package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// The full-text index of public search (API.md "Search"): an FTS5 table over each item's
// title, body text, tags and categories, folded case- and accent-insensitively by the
// unicode61 tokenizer, with prefix indexes so a typed prefix reads one list (a 3-letter prefix
// over 10,000 demo items: 16 ms of bm25 instead of 25). itemSearchDocs maps its rowids to the
// item, the `updated` it was indexed at (so a start can tell a stale index) and the columns
// ranking and the public filter read (date, created, status, publishAt), so a search never
// reads the wide item rows but for the page it answers. Package search fills and keeps both.
func init() {
	m.Register(func(app core.App) error {
		for _, q := range []string{
			`CREATE TABLE "itemSearchDocs" ("id" INTEGER PRIMARY KEY, "type" TEXT NOT NULL, "item" TEXT NOT NULL, "updated" TEXT NOT NULL DEFAULT '', "date" TEXT NOT NULL DEFAULT '', "created" TEXT NOT NULL DEFAULT '', "status" TEXT NOT NULL DEFAULT '', "publishAt" TEXT NOT NULL DEFAULT '', UNIQUE ("item", "type"))`,
			`CREATE VIRTUAL TABLE "itemSearch" USING fts5(title, body, tags, categories, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4')`,
		} {
			if _, err := app.DB().NewQuery(q).Execute(); err != nil {
				return err
			}
		}
		return nil
	}, func(app core.App) error {
		for _, q := range []string{`DROP TABLE IF EXISTS "itemSearch"`, `DROP TABLE IF EXISTS "itemSearchDocs"`} {
			if _, err := app.DB().NewQuery(q).Execute(); err != nil {
				return err
			}
		}
		return nil
	})
}
