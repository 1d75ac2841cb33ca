package engagement

import (
	"database/sql"
	"errors"
	"strings"

	"github.com/pocketbase/pocketbase/core"

	c "github.com/folio/folio/collections"
)

// The like rule, the one for every change of a likes row: an account's like events on an
// item mirror its likes row (one event, with the row's id, while the row stands; none
// otherwise) and the item's likeCount counts its rows. Two kinds of like ops follow it:
//   - a toggle (the like routes) changes the row and moves the event and the count with it;
//   - a settle (SettleLike: the likes record hooks, for /_/ edits and an account's
//     deletion, which changed the row already) rebuilds the pair's events from its row and
//     recounts the item's rows, whatever they were before, which also mends events or
//     counts set apart by direct SQL.
// Both read the pair's row with the same statement (likeFindSQL) and write in likes.write.
//
// A batch's like toggles run as a few statements for the whole batch, like its counted
// writes (batch_writes.go): one reads every toggled (item, account) pair's likes row
// and proves each item is of its type; the toggles then play out in memory in arrival
// order; and the batch writes each pair's net change: the rows and events of likes that
// stand at the end inserted, those of likes taken back deleted. A like made and taken
// back within one batch writes nothing and is not announced: its row never exists after
// a commit (PocketBase's realtime would not deliver it anyway: it checks the record's
// access rule in the database). One toggle per batch, it was announced and then deleted.

// likeFindSQL returns, for each (type, item, account, n, proof) of its rows rows, n,
// whether the account still holds the tokenKey proof (always, for an empty proof: the
// request read the account; Service.Account), whether the item is of its type, and the
// account's likes row id on the item ("" for none). With CASE, an empty proof reads
// nothing.
func likeFindSQL(rows int) string {
	exists := func(typ string) string {
		return `(batch.column1 = '` + typ + `' AND EXISTS (SELECT 1 FROM "` + c.ItemCollection(typ) + `" WHERE "id" = batch.column2))`
	}
	return `SELECT batch.column4, CASE WHEN batch.column5 = '' THEN 1 ELSE EXISTS (SELECT 1 FROM "` + c.Users +
		`" WHERE "id" = batch.column3 AND "` + core.FieldNameTokenKey + `" = batch.column5) END, ` + exists(c.TypeBlog) + ` OR ` + exists(c.TypeProject) +
		`, COALESCE((SELECT "id" FROM "` + c.Likes + `" WHERE "` + c.FieldItem + `" = batch.column2 AND "` +
		c.FieldAccount + `" = batch.column3), '') FROM (` + valuesSQL(rows, 5) + `) AS batch`
}

// likesInsertSQL inserts rows likes rows.
func likesInsertSQL(rows int) string {
	return `INSERT OR FAIL INTO "` + c.Likes + `" ("id", "` + c.FieldItem + `", "type", "` + c.FieldAccount + `", "created", "updated") ` +
		valuesSQL(rows, 6)
}

// idsIn is "(?, ?, …)" of rows parameters.
func idsIn(rows int) string {
	return "(?" + strings.Repeat(", ?", rows-1) + ")"
}

// likesDeleteSQL deletes rows likes rows by id.
func likesDeleteSQL(rows int) string {
	return `DELETE FROM "` + c.Likes + `" WHERE "id" IN ` + idsIn(rows)
}

// likeEventsDeleteSQL deletes the like events of rows likes rows (each carries its row's
// id) and returns the ids it found.
func likeEventsDeleteSQL(rows int) string {
	return `DELETE FROM "` + c.Events + `" WHERE "id" IN ` + idsIn(rows) + ` AND "action" = '` + c.ActionLike + `' RETURNING "id"`
}

// The statements' texts for each chunk size.
var (
	likeFindSQLs         = chunkTexts(likeFindSQL)
	likesInsertSQLs      = chunkTexts(likesInsertSQL)
	likesDeleteSQLs      = chunkTexts(likesDeleteSQL)
	likeEventsDeleteSQLs = chunkTexts(likeEventsDeleteSQL)
)

// likePair is one account's like of one item.
type likePair struct{ typ, item, account string }

// likePairState is a pair's likes row before the batch and as its toggles leave it.
type likePairState struct {
	before, last string // row ids; "" for none
	settle       *Op    // a settle op of the pair: its events and count are rebuilt from its row
}

// likeToggle is what one like op did.
type likeToggle struct {
	err   error // ErrAccountGone (a like's account check, Op.Proof), ErrItemNotFound: nothing done
	liked bool  // a like (its row's id is its event record's); else an unlike
	delta int   // +1 liked, -1 unliked
}

// batchLikes is a batch's toggles.
type batchLikes struct {
	ops   []likeToggle // by op index
	pairs map[likePair]*likePairState
	order []likePair // pairs in first-toggle order
}

// stands reports whether the like op made is its pair's row at the batch's end.
func (l *batchLikes) stands(op *Op) bool {
	return l.pairs[likePair{op.Event.Type, op.Event.ItemID, op.Event.UserID}].last == op.row.id
}

// toggleLikes reads the rows of the batch's like pairs and plays the toggles in order.
func (b *batch) toggleLikes(ops []*Op) (*batchLikes, error) {
	l := &batchLikes{ops: make([]likeToggle, len(ops)), pairs: map[likePair]*likePairState{}}
	var at []int
	for i, op := range ops {
		if op.Event.Action == c.ActionLike {
			at = append(at, i)
		}
	}
	if len(at) == 0 {
		return l, nil
	}
	found := make(map[int]string, len(at)) // op index -> row id before the batch
	err := eachChunk(len(at), func(from, to int) error {
		args := make([]any, 0, 5*(to-from))
		for _, i := range at[from:to] {
			ev := ops[i].Event
			args = append(args, ev.Type, ev.ItemID, ev.UserID, i, ops[i].Proof)
		}
		return b.query(likeFindSQLs[chunkIndex(to-from)], args, func(rows *sql.Rows) error {
			var i int
			var held, item bool
			var id string
			if err := rows.Scan(&i, &held, &item, &id); err != nil {
				return err
			}
			switch {
			case !held:
				l.ops[i].err = ErrAccountGone
			case !item:
				l.ops[i].err = ErrItemNotFound
			default:
				found[i] = id
			}
			return nil
		})
	})
	if err != nil {
		return nil, err
	}
	for _, i := range at {
		ev := ops[i].Event
		if l.ops[i].err != nil {
			continue
		}
		before := found[i]
		k := likePair{ev.Type, ev.ItemID, ev.UserID}
		p := l.pairs[k]
		if p == nil {
			p = &likePairState{before: before, last: before}
			l.pairs[k] = p
			l.order = append(l.order, k)
		}
		if ops[i].settle {
			p.settle = ops[i]
			continue
		}
		if p.last != "" {
			p.last = ""
			l.ops[i].delta = -1
			continue
		}
		p.last = ops[i].row.id
		l.ops[i] = likeToggle{liked: true, delta: 1}
	}
	return l, nil
}

// write applies each pair's net change: the rows (and like events) the batch took back
// are deleted, the likes rows standing at the end inserted (their events are among the
// batch's events).
func (l *batchLikes) write(b *batch) error {
	var gone []string // rows before the batch that no longer stand
	var goneBy []likePair
	var added []any
	n := 0
	stamp := c.DBTime(now(b.app))
	for _, k := range l.order {
		p := l.pairs[k]
		if p.settle != nil {
			if err := b.settlePair(k, p); err != nil {
				return err
			}
			continue
		}
		if p.before == p.last {
			continue
		}
		if p.before != "" {
			gone = append(gone, p.before)
			goneBy = append(goneBy, k)
		}
		if p.last != "" {
			added = append(added, p.last, k.item, k.typ, k.account, stamp, stamp)
			n++
		}
	}
	if len(gone) > 0 {
		args := make([]any, len(gone))
		for i, id := range gone {
			args[i] = id
			if op := b.likesSaved[id]; op != nil { // made earlier in this transaction: never stands
				op.announce = false
			}
		}
		if err := eachChunk(len(gone), func(from, to int) error {
			return b.exec(likesDeleteSQLs[chunkIndex(to-from)], args[from:to]...)
		}); err != nil {
			return err
		}
		deleted := make(map[string]bool, len(gone))
		if err := eachChunk(len(gone), func(from, to int) error {
			return b.query(likeEventsDeleteSQLs[chunkIndex(to-from)], args[from:to], func(rows *sql.Rows) error {
				var id string
				if err := rows.Scan(&id); err != nil {
					return err
				}
				deleted[id] = true
				return nil
			})
		}); err != nil {
			return err
		}
		for i, id := range gone {
			if !deleted[id] { // a like event saved before events took the like's id
				k := goneBy[i]
				if err := b.exec(deleteLikeEventsSQL, k.typ, k.item, k.account); err != nil {
					return err
				}
			}
		}
	}
	return eachChunk(n, func(from, to int) error {
		return b.exec(likesInsertSQLs[chunkIndex(to-from)], added[from*6:to*6]...)
	})
}

// settlePair rebuilds the like events of the pair from its row (p.last, "" for none) and
// sets the item's likeCount from its rows.
func (b *batch) settlePair(k likePair, p *likePairState) error {
	if err := b.exec(deleteLikeEventsSQL, k.typ, k.item, k.account); err != nil {
		return err
	}
	if p.last != "" {
		if err := b.saveEventAs(p.last, p.settle.Event); err != nil {
			return err
		}
	}
	b.changed = true
	err := b.row(recountLikesSQL(k.typ), []any{k.item}, &p.settle.Count)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrItemNotFound
	}
	return err
}
