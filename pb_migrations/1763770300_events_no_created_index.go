package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"

	c "github.com/folio/folio/collections"
)

// Every engagement write inserts an events row into each of the table's B-trees. The
// index on created alone served no query: each analytics aggregate names the types and
// the actions it counts, so idx_events_type_action_created answers its time range
// (TestAnalyticsQueriesIndexed), and /_/ lists records by rowid. Without it a batch of
// views writes one B-tree less.
const eventsCreatedIndex = "idx_events_created"

func init() {
	m.Register(func(app core.App) error {
		return editCollection(app, c.Events, func(col *core.Collection) { col.RemoveIndex(eventsCreatedIndex) })
	}, func(app core.App) error {
		return editCollection(app, c.Events, func(col *core.Collection) { col.AddIndex(eventsCreatedIndex, false, "created", "") })
	})
}
