package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"

	c "github.com/folio/folio/collections"
)

// Two indexes took a leaf page each, at a random place, from almost every engagement
// write: most of a batch's WAL frames and page splits (cmd/benchwrites with and without
// them: views and shares used about a quarter less server CPU, likes about a tenth).
//   - events (itemId, action, visitor, created): the view dedupe is answered by the
//     writer's memory of the window's views and otherwise by idx_events_type_action_created
//     (engagement_views.go); a like's events are found by id (a like's event carries its
//     likes row's id) or among the like events alone through that same index (they are as
//     many as the standing likes); an item's deletion reads the table once (a rare admin
//     write).
//   - likes (account): an account's likes are read only when the account is deleted
//     (PocketBase's cascade), from a table of one row per standing like; whether an
//     account likes some items is answered by the unique (item, account) index.
const (
	likesAccountIndex     = "idx_likes_account"
	likesAccountIndexCols = "account"
)

func init() {
	m.Register(func(app core.App) error {
		if err := editCollection(app, c.Events, func(col *core.Collection) { col.RemoveIndex(eventsItemIndex) }); err != nil {
			return err
		}
		return editCollection(app, c.Likes, func(col *core.Collection) { col.RemoveIndex(likesAccountIndex) })
	}, func(app core.App) error {
		if err := editCollection(app, c.Events, func(col *core.Collection) {
			col.AddIndex(eventsItemIndex, false, eventsItemIndexCols, "")
		}); err != nil {
			return err
		}
		return editCollection(app, c.Likes, func(col *core.Collection) {
			col.AddIndex(likesAccountIndex, false, likesAccountIndexCols, "")
		})
	})
}
