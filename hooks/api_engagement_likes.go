package hooks

import (
	"database/sql"
	"errors"

	"github.com/pocketbase/pocketbase/core"

	c "github.com/folio/folio/collections"
)

// engagementLike toggles the caller's like. The account comes from the token; the
// likes collection's unique (item, account) index and the writer's one-at-a-time batches
// make double clicks and races toggle in arrival order, never double-count.
func engagementLike(typ string) func(e *core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		op := &engagementOp{ev: newEngagementEvent(e, typ, e.Request.PathValue("id"), c.ActionLike), proof: accountProof(e)}
		if err := submitEngagement(e, op); err != nil {
			return err
		}
		return countAnswer(e, "likeCount", op.count, &op.liked)
	}
}

// likeAnswer is the answer of the like routes.
type likeAnswer struct {
	Liked     bool `json:"liked"`
	LikeCount int  `json:"likeCount"`
}

// settleLikeOf is the likes rule for changes made outside the like route (the likes
// record hooks: /_/ edits, an account's deletion): the like events of ev's account on
// ev's item mirror its likes row (one while it stands, none otherwise) and likeCount
// counts the item's rows, whatever they were before, which also mends events or counts
// set apart by direct SQL. The route's toggles keep the same mirror a batch at a time
// (engagement_likes_batch.go); they change rows with SQL, so these hooks never run for them.
func (b *engagementBatch) settleLikeOf(ev engagementEvent) error {
	// One statement proves the item is of its type (no row otherwise) and finds the row.
	var likeID string
	err := b.row(likeRowSQL(ev.Type), []any{ev.ItemID, ev.UserID}, &likeID)
	if errors.Is(err, sql.ErrNoRows) {
		return errItemNotFound
	}
	if err != nil {
		return err
	}
	b.changed = true
	return b.settleLike(ev, likeID)
}

// settleLike rebuilds the mirror of the likes row likeID ("" when none) of ev's account
// on ev's item and sets likeCount from the item's rows.
func (b *engagementBatch) settleLike(ev engagementEvent, likeID string) error {
	if err := b.exec(deleteLikeEventsSQL, ev.Type, ev.ItemID, ev.UserID); err != nil {
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
