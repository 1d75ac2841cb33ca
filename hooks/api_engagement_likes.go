package hooks

import (
	"database/sql"
	"errors"
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/engagement"
)

// engagementLike toggles the caller's like. The account comes from the token; the
// likes collection's unique (item, account) index and the writer's one-at-a-time batches
// make double clicks and races toggle in arrival order, never double-count.
func engagementLike(typ string) func(e *core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		op := &engagementOp{ev: newEngagementEvent(e, typ, e.Request.PathValue("id"), c.ActionLike)}
		if err := submitEngagement(e, op); err != nil {
			return err
		}
		return e.JSON(http.StatusOK, likeAnswer{Liked: op.liked, LikeCount: op.count})
	}
}

// likeAnswer is the answer of the like routes.
type likeAnswer struct {
	Liked     bool `json:"liked"`
	LikeCount int  `json:"likeCount"`
}

// applyLike is the likes rule, the one path of the like route and of the likes record
// hooks (changes made through /_/ or by an account's deletion). With toggle it flips
// the likes row of ev's account on ev's item (at most one row: the unique index); then
// the like events of that account on that item mirror the row (one while it stands,
// none otherwise) and the item's likeCount is recomputed from its rows. The row changes
// with SQL, so the record hooks do not run the rule a second time for the route.
func (b *engagementBatch) applyLike(ev engagementEvent, toggle bool) (liked bool, count int, err error) {
	// One statement proves the item is of its type (no row otherwise) and finds the row.
	var likeID string
	err = b.row(likeRowSQL(ev.Type), []any{ev.ItemID, ev.UserID}, &likeID)
	if errors.Is(err, sql.ErrNoRows) {
		return false, 0, errItemNotFound
	}
	if err != nil {
		return false, 0, err
	}
	liked = likeID != ""
	if toggle {
		if liked {
			err = b.exec(`DELETE FROM "`+c.Likes+`" WHERE "id" = ?`, likeID)
		} else {
			stamp := c.DBTime(now(b.app))
			err = b.exec(`INSERT INTO "`+c.Likes+`" ("id", "item", "type", "account", "created", "updated") VALUES (?, ?, ?, ?, ?, ?)`,
				engagement.NewID(), ev.ItemID, ev.Type, ev.UserID, stamp, stamp)
		}
		if err != nil {
			return false, 0, err
		}
		liked = !liked
	}
	err = b.exec(deleteLikeEventsSQL, ev.ItemID, c.ActionLike, ev.UserID)
	if err != nil {
		return false, 0, err
	}
	if liked {
		if err := b.saveEvent(ev); err != nil {
			return false, 0, err
		}
	}
	err = b.row(recountLikesSQL(ev.Type), []any{ev.ItemID}, &count)
	if errors.Is(err, sql.ErrNoRows) {
		return liked, 0, errItemNotFound
	}
	b.changed = true
	return liked, count, err
}

// likeRowSQL finds the likes row of the account ?2 on the item ?1 of typ: one row, its id
// or an empty string when there is none; no row when ?1 is not an item of typ.
func likeRowSQL(typ string) string {
	return `SELECT COALESCE((SELECT "id" FROM "` + c.Likes + `" WHERE "` + c.FieldItem + `" = ?1 AND "` + c.FieldAccount +
		`" = ?2), '') FROM "` + c.ItemCollection(typ) + `" WHERE "id" = ?1`
}
