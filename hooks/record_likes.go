package hooks

import (
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/engagement"
)

// bindLikeHooks keeps likeCount and like events right when likes rows change outside
// the like route: an account deleted (its likes cascade) or a superuser editing in /_/.
// Both go through the service's one like rule. Ids make re-binding on every serve
// idempotent.
func bindLikeHooks(app core.App, svc *engagement.Service) {
	settle := func(e *core.RecordEvent) error {
		r := e.Record
		if err := svc.SettleLike(e.App, r.GetString(c.FieldType), r.GetString(c.FieldItem), r.GetString(c.FieldAccount)); err != nil {
			e.App.Logger().Warn("Failed to sync likeCount", "item", r.GetString(c.FieldItem), "error", err)
		}
		return e.Next()
	}
	app.OnRecordAfterCreateSuccess(c.Likes).Bind(&hook.Handler[*core.RecordEvent]{Id: "folioLikeCreated", Func: settle})
	app.OnRecordAfterDeleteSuccess(c.Likes).Bind(&hook.Handler[*core.RecordEvent]{Id: "folioLikeDeleted", Func: settle})
}
