package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"

	c "github.com/folio/folio/collections"
)

// The events index by item (itemId, action, visitor, created) took one leaf page per
// distinct item in every batch of engagement writes: most of a batch's WAL frames and page
// splits, and about a quarter of a view's or share's server CPU (cmd/benchwrites with and
// without it). It served three lookups: the view dedupe, which the writer answers from its
// memory of the window's views and otherwise from idx_events_type_action_created
// (engagement_views.go); a like's events, which this partial index of like events alone
// answers; and an item's deletion, which now reads the table (a rare admin write).
const (
	eventsLikesIndex     = "idx_events_likes"
	eventsLikesIndexCols = "itemId, userId"
)

var eventsLikesIndexWhere = "action = '" + c.ActionLike + "'"

func init() {
	m.Register(func(app core.App) error {
		return editCollection(app, c.Events, func(col *core.Collection) {
			col.RemoveIndex(eventsItemIndex)
			col.AddIndex(eventsLikesIndex, false, eventsLikesIndexCols, eventsLikesIndexWhere)
		})
	}, func(app core.App) error {
		return editCollection(app, c.Events, func(col *core.Collection) {
			col.RemoveIndex(eventsLikesIndex)
			col.AddIndex(eventsItemIndex, false, eventsItemIndexCols, "")
		})
	})
}
