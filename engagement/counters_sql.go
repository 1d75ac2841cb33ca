package engagement

import (
	"database/sql"
	"errors"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	c "github.com/folio/folio/collections"
)

// The statements on itemCounters (migration 1763770200), one row per (item, type). An
// item without a row has zero counters; every statement proves the item exists in its
// own collection, so a blog id on a project route (or an unknown id) reads no row.

// readCounterSQL reads one counter of the item id (a placeholder) of typ; no row for an
// unknown item.
func readCounterSQL(typ, field, id string) string {
	return `SELECT COALESCE(k."` + field + `", 0) FROM "` + c.ItemCollection(typ) + `" i LEFT JOIN "` + c.ItemCounters +
		`" k ON k."` + c.FieldCounterItem + `" = i."id" AND k."` + c.FieldType + `" = '` + typ + `' WHERE i."id" = ` + id
}

// addCounterSQL adds ?1 to a counter of the item ?2 of typ (a batch's later touches).
func addCounterSQL(typ, field string) string {
	return `UPDATE "` + c.ItemCounters + `" SET "` + field + `" = "` + field + `" + ?1 WHERE "` + c.FieldCounterItem +
		`" = ?2 AND "` + c.FieldType + `" = '` + typ + `'`
}

// updateCounterSQL is addCounterSQL returning the new value; no row when the item has no
// itemCounters row (an unknown item, or one never counted yet).
func updateCounterSQL(typ, field string) string {
	return addCounterSQL(typ, field) + ` RETURNING "` + field + `"`
}

// upsertAddCounterSQL adds ?2 to a counter of the item ?1 of typ and returns it, creating
// the item's itemCounters row: an UPSERT whose source row exists only when the item does
// (no row, nothing written, otherwise).
func upsertAddCounterSQL(typ, field string) string {
	return upsertCounterSQL(typ, field, "?2", `"`+field+`" + ?2`)
}

// recountLikesSQL sets the likeCount of the item ?1 of typ to its likes rows and returns it.
func recountLikesSQL(typ string) string {
	n := `(SELECT count(*) FROM "` + c.Likes + `" WHERE "` + c.FieldItem + `" = ?1)`
	return upsertCounterSQL(typ, c.FieldLikeCount, n, n)
}

func upsertCounterSQL(typ, field, insert, update string) string {
	return `INSERT INTO "` + c.ItemCounters + `" ("` + c.FieldCounterItem + `", "` + c.FieldType + `", "` + field + `") ` +
		`SELECT "id", '` + typ + `', ` + insert + ` FROM "` + c.ItemCollection(typ) + `" WHERE "id" = ?1 ` +
		`ON CONFLICT DO UPDATE SET "` + field + `" = ` + update + ` RETURNING "` + field + `"`
}

// readCounter returns an item's counter; ErrItemNotFound when the id is not of that type.
func readCounter(app core.App, typ, id, field string) (int, error) {
	var n int
	err := app.DB().NewQuery(readCounterSQL(typ, field, "{:id}")).Bind(dbx.Params{"id": id}).Row(&n)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, ErrItemNotFound
	}
	return n, err
}
