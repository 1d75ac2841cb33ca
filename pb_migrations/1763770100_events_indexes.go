package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"

	c "github.com/folio/folio/collections"
)

// Every engagement write inserts an events row, and each secondary index is one more
// B-tree to write. EXPLAIN QUERY PLAN of every events query (the view dedupe, the like
// and item deletes, the analytics aggregates) shows the visitor and item indexes serving
// only three equality lookups, all on the item: one index (itemId, action, visitor,
// created) serves them all (the dedupe check becomes covering). The type and created
// indexes stay: the analytics aggregates need both (see notes/writes.md).
const (
	eventsItemIndex      = "idx_events_item_action_visitor"
	eventsItemIndexCols  = "itemId, action, visitor, created"
	eventsOldItemIndex   = "idx_events_item_action_created"
	eventsOldVisitorIdx  = "idx_events_visitor_item_created"
	eventsOldItemCols    = "itemId, action, created"
	eventsOldVisitorCols = "visitor, itemId, created"
)

func init() {
	m.Register(func(app core.App) error {
		return editCollection(app, c.Events, func(col *core.Collection) {
			col.RemoveIndex(eventsOldItemIndex)
			col.RemoveIndex(eventsOldVisitorIdx)
			col.AddIndex(eventsItemIndex, false, eventsItemIndexCols, "")
		})
	}, func(app core.App) error {
		return editCollection(app, c.Events, func(col *core.Collection) {
			col.RemoveIndex(eventsItemIndex)
			col.AddIndex(eventsOldItemIndex, false, eventsOldItemCols, "")
			col.AddIndex(eventsOldVisitorIdx, false, eventsOldVisitorCols, "")
		})
	})
}
