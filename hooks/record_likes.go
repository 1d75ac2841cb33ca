package hooks

import (
	"errors"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	c "github.com/folio/folio/collections"
)

// bindLikeHooks keeps likeCount and like events right when likes rows change outside
// the like route: an account deleted (its likes cascade) or a superuser editing in /_/.
// Ids make re-binding on every serve idempotent.
func bindLikeHooks(app core.App) {
	settle := func(e *core.RecordEvent) error {
		likeChanged(e.App, engagementEvent{Type: e.Record.GetString(c.FieldType), ItemID: e.Record.GetString(c.FieldItem),
			Action: c.ActionLike, UserID: e.Record.GetString(c.FieldAccount)})
		return e.Next()
	}
	app.OnRecordAfterCreateSuccess(c.Likes).Bind(&hook.Handler[*core.RecordEvent]{Id: "folioLikeCreated", Func: settle})
	app.OnRecordAfterDeleteSuccess(c.Likes).Bind(&hook.Handler[*core.RecordEvent]{Id: "folioLikeDeleted", Func: settle})
}

// likeChanged runs the likes rule for one account's like of one item.
func likeChanged(app core.App, ev engagementEvent) {
	err := runEngagementBatch(app, func(b *engagementBatch) error {
		err := b.settleLikeOf(ev)
		if errors.Is(err, errItemNotFound) {
			return nil // the item itself is gone
		}
		return err
	})
	if err != nil {
		app.Logger().Warn("Failed to sync likeCount", "item", ev.ItemID, "error", err)
	}
}
