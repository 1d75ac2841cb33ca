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
// the likes row of ev's account on ev's item (at most one row: the unique index); the
// like events of that account on that item mirror the row (one while it stands, none
// otherwise) and likeCount counts the rows. The row changes with SQL, so the record
// hooks do not run the rule a second time for the route.
//
// A like's event carries the likes row's id, so the route's toggle keeps the mirror with
// one statement on each table's primary key and moves likeCount by one (the batch's
// counter, flushed once), instead of scanning the item's like events by account and
// counting its rows (together half a like's writer time). Without toggle (the record
// hooks) the mirror is rebuilt from the row and the count from the rows, whatever they
// were: that also mends events or counts set apart by direct SQL.
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
	b.changed = true
	if !toggle {
		return liked, 0, b.settleLike(ev, likeID)
	}
	if liked {
		if err = b.exec(`DELETE FROM "`+c.Likes+`" WHERE "id" = ?`, likeID); err != nil {
			return false, 0, err
		}
		n, err := b.execN(deleteLikeEventSQL, likeID)
		if err == nil && n == 0 { // a like event saved before events took the like's id
			err = b.exec(deleteLikeEventsSQL, ev.ItemID, c.ActionLike, ev.UserID)
		}
		if err != nil {
			return false, 0, err
		}
		count, err = b.bump(ev.Type, ev.ItemID, c.FieldLikeCount, -1)
		return false, count, err
	}
	likeID = engagement.NewID()
	stamp := c.DBTime(now(b.app))
	err = b.exec(`INSERT INTO "`+c.Likes+`" ("id", "item", "type", "account", "created", "updated") VALUES (?, ?, ?, ?, ?, ?)`,
		likeID, ev.ItemID, ev.Type, ev.UserID, stamp, stamp)
	if err == nil {
		err = b.saveEventAs(likeID, ev)
	}
	if err != nil {
		return false, 0, err
	}
	count, err = b.bump(ev.Type, ev.ItemID, c.FieldLikeCount, 1)
	return true, count, err
}

// settleLike rebuilds the mirror of the likes row likeID ("" when none) of ev's account
// on ev's item and sets likeCount from the item's rows.
func (b *engagementBatch) settleLike(ev engagementEvent, likeID string) error {
	if err := b.exec(deleteLikeEventsSQL, ev.ItemID, c.ActionLike, ev.UserID); err != nil {
		return err
	}
	if likeID != "" {
		if err := b.saveEventAs(likeID, ev); err != nil {
			return err
		}
	}
	var count int
	err := b.row(recountLikesSQL(ev.Type), []any{ev.ItemID}, &count)
	if errors.Is(err, sql.ErrNoRows) {
		return errItemNotFound
	}
	if err == nil { // later likes of this batch move the recounted value
		b.counters[counterKey{ev.Type, ev.ItemID, c.FieldLikeCount}] = &pendingCounter{value: count}
	}
	return err
}

// likeRowSQL finds the likes row of the account ?2 on the item ?1 of typ: one row, its id
// or an empty string when there is none; no row when ?1 is not an item of typ.
func likeRowSQL(typ string) string {
	return `SELECT COALESCE((SELECT "id" FROM "` + c.Likes + `" WHERE "` + c.FieldItem + `" = ?1 AND "` + c.FieldAccount +
		`" = ?2), '') FROM "` + c.ItemCollection(typ) + `" WHERE "id" = ?1`
}
