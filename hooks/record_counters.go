package hooks

import (
	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/catalog"
	c "github.com/folio/folio/collections"
)

// bindCounterHooks keeps the item collections' counter fields (API.md "Collections")
// true wherever PocketBase itself shows an item (the records API, /_/, realtime): the
// counters live in itemCounters (migration 1763770200), so each item record leaving
// through PocketBase's API is filled from it. The row's own counter columns are not
// the counters: every save stores zeros there, so an edit in /_/ (or a form loaded
// before a burst of views) never sets a counter apart from its events.
func bindCounterHooks(app core.App) {
	app.OnRecordEnrich(c.Blogs, c.Projects).BindFunc(func(e *core.RecordEnrichEvent) error {
		if err := catalog.FillCounters(e.App, e.Record); err != nil {
			return err
		}
		return e.Next()
	})
	zero := func(e *core.RecordEvent) error {
		for _, f := range c.CounterFields {
			e.Record.Set(f, 0)
		}
		return e.Next()
	}
	app.OnRecordCreate(c.Blogs, c.Projects).BindFunc(zero)
	app.OnRecordUpdate(c.Blogs, c.Projects).BindFunc(zero)
}
