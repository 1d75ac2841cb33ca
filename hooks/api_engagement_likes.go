package hooks

import (
	"database/sql"
	"errors"
	"net/http"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	c "github.com/folio/folio/collections"
)

// engagementLike toggles the caller's like. The account comes from the token; the
// likes collection's unique (item, account) index and the serialized transaction make
// double clicks and races toggle, never double-count.
func engagementLike(typ string) func(e *core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		id := e.Request.PathValue("id")
		ev := newEngagementEvent(e, typ, id, c.ActionLike)
		account := ev.UserID
		var liked bool
		var count int
		err := e.App.RunInTransaction(func(txApp core.App) error {
			if _, err := readCounter(txApp, typ, id, c.FieldLikeCount); err != nil {
				return err
			}
			var likeID string
			err := txApp.DB().Select("id").From(c.Likes).
				Where(dbx.HashExp{c.FieldItem: id, c.FieldAccount: account}).Row(&likeID)
			switch {
			case errors.Is(err, sql.ErrNoRows):
				liked = true
				if err := insertLike(txApp, typ, id, account); err != nil {
					return err
				}
				if err := saveEngagementEvent(txApp, ev); err != nil {
					return err
				}
			case err != nil:
				return err
			default:
				if _, err := txApp.DB().Delete(c.Likes, dbx.HashExp{"id": likeID}).Execute(); err != nil {
					return err
				}
				if err := deleteLikeEvents(txApp, id, account); err != nil {
					return err
				}
			}
			count, err = syncLikeCount(txApp, typ, id)
			return err
		})
		if err != nil {
			return engagementError(e, typ, err)
		}
		invalidateCounters(e.App)
		return e.JSON(http.StatusOK, likeAnswer{Liked: liked, LikeCount: count})
	}
}

// likeAnswer is the answer of the like routes.
type likeAnswer struct {
	Liked     bool `json:"liked"`
	LikeCount int  `json:"likeCount"`
}

// insertLike adds a likes row with SQL, so the likes record hooks below (meant for
// changes made elsewhere) do not run a second write after this transaction.
func insertLike(txApp core.App, typ, itemID, account string) error {
	stamp := c.DBTime(now(txApp))
	_, err := txApp.DB().Insert(c.Likes, dbx.Params{
		"id": core.GenerateDefaultRandomId(), c.FieldItem: itemID, c.FieldType: typ,
		c.FieldAccount: account, "created": stamp, "updated": stamp,
	}).Execute()
	return err
}

// deleteLikeEvents removes the like events of an account on an item, so like events
// always mirror standing likes.
func deleteLikeEvents(app core.App, itemID, account string) error {
	_, err := app.DB().Delete(c.Events, dbx.HashExp{
		c.FieldItemID: itemID, c.FieldAction: c.ActionLike, c.FieldUserID: account,
	}).Execute()
	return err
}

// syncLikeCount sets an item's likeCount to its likes rows and returns it.
func syncLikeCount(app core.App, typ, itemID string) (int, error) {
	var n int
	err := app.DB().NewQuery("UPDATE {{" + c.ItemCollection(typ) + "}} SET [[likeCount]] = " +
		"(SELECT count(*) FROM {{" + c.Likes + "}} WHERE [[item]] = {:id}) WHERE [[id]] = {:id} RETURNING [[likeCount]]").
		Bind(dbx.Params{"id": itemID}).Row(&n)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, errItemNotFound
	}
	return n, err
}

// bindLikeHooks keeps likeCount and like events right when likes rows change outside
// the like route: an account deleted (its likes cascade) or a superuser editing in /_/.
// Ids make re-binding on every serve idempotent.
func bindLikeHooks(app core.App) {
	app.OnRecordAfterCreateSuccess(c.Likes).Bind(&hook.Handler[*core.RecordEvent]{
		Id: "folioLikeCreated",
		Func: func(e *core.RecordEvent) error {
			ev := engagementEvent{Type: e.Record.GetString(c.FieldType), ItemID: e.Record.GetString(c.FieldItem),
				Action: c.ActionLike, UserID: e.Record.GetString(c.FieldAccount)}
			likeChanged(e.App, ev, true)
			return e.Next()
		},
	})
	app.OnRecordAfterDeleteSuccess(c.Likes).Bind(&hook.Handler[*core.RecordEvent]{
		Id: "folioLikeDeleted",
		Func: func(e *core.RecordEvent) error {
			ev := engagementEvent{Type: e.Record.GetString(c.FieldType), ItemID: e.Record.GetString(c.FieldItem),
				Action: c.ActionLike, UserID: e.Record.GetString(c.FieldAccount)}
			likeChanged(e.App, ev, false)
			return e.Next()
		},
	})
}

func likeChanged(app core.App, ev engagementEvent, created bool) {
	err := app.RunInTransaction(func(txApp core.App) error {
		if err := deleteLikeEvents(txApp, ev.ItemID, ev.UserID); err != nil {
			return err
		}
		if created {
			if err := saveEngagementEvent(txApp, ev); err != nil {
				return err
			}
		}
		_, err := syncLikeCount(txApp, ev.Type, ev.ItemID)
		if errors.Is(err, errItemNotFound) {
			return nil // the item itself is gone
		}
		return err
	})
	if err != nil {
		app.Logger().Warn("Failed to sync likeCount", "item", ev.ItemID, "error", err)
		return
	}
	invalidateCounters(app)
}
