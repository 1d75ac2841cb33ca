package pb_migrations

import (
	"fmt"
	"strings"

	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"

	c "github.com/folio/folio/collections"
)

// The engagement counters move out of the item rows into one narrow table (a plain
// table, not a collection: no API reaches it but Folio's own). Every view, share, like
// and comment bumped a counter column of a ~6 kB item row (description in overflow
// pages) and of the wide entry of the list covering index: about a fifth of a share's
// CPU (notes/counters.md). A bump now rewrites a few bytes of one B-tree. The item
// collections keep their counter fields (API.md): Folio fills them from this table
// wherever a record leaves the server (hooks/record_counters.go); the columns
// themselves are no longer written and are zeroed here so nothing reads a stale copy.
// The list index drops the counters (lists read them from this table by id).
const listIndexColumnsNoCounters = "date DESC, created DESC, id DESC, searchTitle, categories, tags, title, author, media, updated"

func init() {
	m.Register(func(app core.App) error {
		cols := strings.Join(quoted(c.CounterFields), ", ")
		defs := make([]string, len(c.CounterFields))
		for i, f := range c.CounterFields {
			defs[i] = fmt.Sprintf("%q INTEGER NOT NULL DEFAULT 0", f)
		}
		if _, err := app.DB().NewQuery(fmt.Sprintf(`CREATE TABLE %q (%q TEXT NOT NULL, %q TEXT NOT NULL, %s, PRIMARY KEY (%q, %q)) WITHOUT ROWID`,
			c.ItemCounters, c.FieldCounterItem, c.FieldType, strings.Join(defs, ", "), c.FieldCounterItem, c.FieldType)).Execute(); err != nil {
			return err
		}
		for _, typ := range []string{c.TypeBlog, c.TypeProject} {
			sums := make([]string, len(c.CounterFields))
			zero := make([]string, len(c.CounterFields))
			for i, f := range c.CounterFields {
				sums[i] = fmt.Sprintf("CAST(COALESCE(%q, 0) AS INTEGER)", f)
				zero[i] = fmt.Sprintf("%q = 0", f)
			}
			table := c.ItemCollection(typ)
			if _, err := app.DB().NewQuery(fmt.Sprintf(`INSERT INTO %q (%q, %q, %s) SELECT "id", '%s', %s FROM %q`,
				c.ItemCounters, c.FieldCounterItem, c.FieldType, cols, typ, strings.Join(sums, ", "), table)).Execute(); err != nil {
				return err
			}
			if _, err := app.DB().NewQuery(fmt.Sprintf(`UPDATE %q SET %s`, table, strings.Join(zero, ", "))).Execute(); err != nil {
				return err
			}
		}
		return setListIndex(app, listIndexColumnsNoCounters, "idx_%s_list", "idx_%s_list")
	}, func(app core.App) error {
		for _, typ := range []string{c.TypeBlog, c.TypeProject} {
			sets := make([]string, len(c.CounterFields))
			for i, f := range c.CounterFields {
				sets[i] = fmt.Sprintf(`%q = COALESCE((SELECT k.%q FROM %q k WHERE k.%q = %q."id" AND k.%q = '%s'), 0)`,
					f, f, c.ItemCounters, c.FieldCounterItem, c.ItemCollection(typ), c.FieldType, typ)
			}
			if _, err := app.DB().NewQuery(fmt.Sprintf(`UPDATE %q SET %s`, c.ItemCollection(typ), strings.Join(sets, ", "))).Execute(); err != nil {
				return err
			}
		}
		if _, err := app.DB().NewQuery(fmt.Sprintf(`DROP TABLE %q`, c.ItemCounters)).Execute(); err != nil {
			return err
		}
		return setListIndex(app, listIndexColumns, "idx_%s_list", "idx_%s_list")
	})
}

func quoted(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = fmt.Sprintf("%q", n)
	}
	return out
}
