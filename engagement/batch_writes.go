package engagement

import (
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	c "github.com/folio/folio/collections"
)

// The counted writes of a batch (views, site views, shares, comments) run as a few
// statements for the whole batch instead of two or three per write: one finds the views
// whose visitor was already counted, then a multi-row UPDATE moves every touched item's
// counters and returns them, and a multi-row INSERT adds every event. A write's own
// statements cost more in database/sql and the driver (binding, stepping, resetting) than
// in SQLite's B-trees (the share profile: 0.31 s of the counter's 0.50 s and 0.27 s of the
// event insert's 0.58 s outside sqlite3_step), and the writer is the one serial part of
// the write path. The multi-row statements bind plain values, call no SQL function and
// say OR FAIL: any of those three would make SQLite keep a statement journal (a copy of
// every page the statement touches, in memory allocated and freed per statement), which
// cost more than the statements saved when the rows came as JSON. The whole batch rolls
// back on any failure anyway. A batch's rows go in chunks of fixed sizes, so a handful of
// statement texts is prepared once; the counters' UPDATE, dearer per statement, takes up to
// 32 rows in one statement of their own number (32 texts). Likes keep their per-write
// statements: a toggle depends on the row the previous toggle left.

// countedFields are the counters a batch moves, in countersSQL's order.
var countedFields = [...]string{c.FieldViewCount, c.FieldShareCount, c.FieldCommentCount, c.FieldLikeCount}

// countedIndex is the countedFields index of action's counter.
var countedIndex = map[string]int{c.ActionView: 0, c.ActionShare: 1, c.ActionComment: 2, c.ActionLike: 3}

// seenSQL returns the item and visitor of each view within the window (its first
// parameter) by one of its rows visitors: one pass over the window's views
// (idx_events_type_action_created) answers a batch's questions, for views are in no
// index by item or visitor (views_memory.go).
func seenSQL(rows int) string {
	return `SELECT "itemId", "visitor"` + recentViewsWhere + ` AND "visitor" IN (?` + strings.Repeat(", ?", rows-1) + `)`
}

// rowChunks are the sizes a batch's rows are cut into, largest first.
var rowChunks = [...]int{maxRows, 16, 8, 4, 2, 1}

// eachChunk calls fn with the rows [from, to) of n rows, cut into rowChunks.
func eachChunk(n int, fn func(from, to int) error) error {
	from := 0
	for _, size := range rowChunks {
		for ; n-from >= size; from += size {
			if err := fn(from, from+size); err != nil {
				return err
			}
		}
	}
	return nil
}

// eachPiece calls fn with the rows [from, to) of n rows, in pieces of at most maxRows: a
// statement of its own size for each, rather than a chunk of each power of two. The
// counters' UPDATE … FROM … RETURNING opens three ephemeral tables per statement, so four
// chunks for 15 items cost about 90 µs more per batch than one statement of 15 rows in a
// micro-benchmark; in cmd/benchwrites' CPU profile of views, the counters went from 15.6 to
// 12.4 µs per view.
func eachPiece(n int, fn func(from, to int) error) error {
	for from := 0; from < n; from += maxRows {
		if err := fn(from, min(from+maxRows, n)); err != nil {
			return err
		}
	}
	return nil
}

// maxRows is the most rows of one multi-row statement (rowChunks' largest).
const maxRows = 32

// valuesSQL is a VALUES list of rows rows of cols parameters.
func valuesSQL(rows, cols int) string {
	row := "(?" + strings.Repeat(", ?", cols-1) + ")"
	return "VALUES " + row + strings.Repeat(", "+row, rows-1)
}

// countersSQL adds each (item, type, views, shares, comments) of its rows rows to that
// item's itemCounters row (one lookup by primary key each) and returns the rows it moved;
// an item without a row returns nothing.
func countersSQL(rows int) string {
	sets := make([]string, len(countedFields))
	for i, f := range countedFields {
		sets[i] = fmt.Sprintf(`%q = k.%q + batch.column%d`, f, f, i+3)
	}
	return `UPDATE OR FAIL "` + c.ItemCounters + `" AS k SET ` + strings.Join(sets, ", ") + ` FROM (` + valuesSQL(rows, len(countedFields)+2) +
		`) AS batch WHERE k."` + c.FieldCounterItem + `" = batch.column1 AND k."` + c.FieldType + `" = batch.column2 RETURNING "` +
		c.FieldCounterItem + `", "` + c.FieldType + `", "` + strings.Join(countedFields[:], `", "`) + `"`
}

// eventsInsertSQL inserts rows rows of the named columns into events.
func eventsInsertSQL(names []string, rows int) string {
	cols := make([]string, len(names))
	for i, n := range names {
		cols[i] = `"` + n + `"`
	}
	return `INSERT OR FAIL INTO "` + c.Events + `" (` + strings.Join(cols, ", ") + ") " + valuesSQL(rows, len(names))
}

// itemKey is one item of a type.
type itemKey struct{ typ, id string }

// itemTally is one item's counted writes in a batch.
type itemTally struct {
	add, value [len(countedFields)]int // the batch's increments; the counters as the writes reach them
	missing    bool                    // not an item of its type
}

// applyAll writes a batch's ops in arrival order: answers, counters, rows and announced
// events are what the ops one at a time would give.
func (b *batch) applyAll(ops []*Op) error {
	if err := b.loadEvents(); err != nil {
		return err
	}
	for _, op := range ops {
		if op.row.id == "" && !op.settle { // queued without one (Submit makes it)
			op.row = newEventRow(b.app, NewID(), op.Event)
		}
	}
	repeat, err := b.repeatViews(ops)
	if err != nil {
		return err
	}
	likes, err := b.toggleLikes(ops)
	if err != nil {
		return err
	}
	tallies := map[itemKey]*itemTally{}
	for i, op := range ops {
		if op.Event.Type == c.TypeSite || repeat[i] || op.settle || (op.Event.Action == c.ActionLike && likes.ops[i].err != nil) {
			continue
		}
		k := itemKey{op.Event.Type, op.Event.ItemID}
		t := tallies[k]
		if t == nil {
			t = &itemTally{}
			tallies[k] = t
		}
		if op.Event.Action == c.ActionLike {
			t.add[countedIndex[c.ActionLike]] += likes.ops[i].delta
		} else {
			t.add[countedIndex[op.Event.Action]]++
		}
	}
	if err := b.moveCounters(tallies); err != nil {
		return err
	}
	events := make([]*Op, 0, len(ops)) // the ops whose event counts
	for i, op := range ops {
		if op.Event.Type == c.TypeSite {
			if !repeat[i] {
				events = append(events, op)
			}
			continue
		}
		if op.Event.Action == c.ActionLike {
			l := likes.ops[i]
			if l.err != nil {
				op.err = l.err
				continue
			}
			if op.settle { // likes.write settles it
				continue
			}
			t := tallies[itemKey{op.Event.Type, op.Event.ItemID}]
			t.value[countedIndex[c.ActionLike]] += l.delta
			op.Liked, op.Count = l.delta > 0, t.value[countedIndex[c.ActionLike]]
			if l.liked && likes.stands(op) { // a like's event lives as long as its row
				events = append(events, op)
			}
			continue
		}
		f := countedIndex[op.Event.Action]
		t := tallies[itemKey{op.Event.Type, op.Event.ItemID}]
		if repeat[i] && t == nil { // a repeated view of an item nothing else in the batch moved
			p, err := b.counter(op.Event.Type, op.Event.ItemID, countedFields[f])
			if err != nil {
				if err := op.refuse(err); err != nil {
					return err
				}
				continue
			}
			op.Count = p.value
			continue
		}
		if t.missing {
			op.err = ErrItemNotFound
			continue
		}
		if !repeat[i] {
			t.value[f]++
			events = append(events, op)
		}
		op.Count = t.value[f]
	}
	if err := likes.write(b); err != nil {
		return err
	}
	if len(events) > 0 || len(likes.pairs) > 0 {
		b.changed = true
	}
	return b.saveEvents(events)
}

// repeatViews marks the views (of items and of the site) whose visitor was counted within
// ViewWindow, before the batch or by an earlier write of it: those count nothing.
func (b *batch) repeatViews(ops []*Op) ([]bool, error) {
	var views []int // ops' indexes
	for i, op := range ops {
		if op.Event.Action == c.ActionView {
			views = append(views, i)
		}
	}
	repeat := make([]bool, len(ops))
	if len(views) == 0 {
		return repeat, nil
	}
	t := now(b.app)
	since := t.Add(-ViewWindow).UnixMilli()
	probe := views // the views the database must answer for
	if b.inWriter {
		mem := b.views
		if err := mem.prepare(b, since, t.Add(ViewWindow).UnixMilli()); err != nil {
			return nil, err
		}
		probe = nil
		stamp := t.UnixMilli()
		for _, i := range views {
			k := ops[i].viewKey()
			if b.countedViews[k] { // by an earlier round of this transaction
				repeat[i] = true
				continue
			}
			switch seen, certain := mem.seen(k, since, stamp); {
			case seen:
				repeat[i] = true
			case !certain:
				probe = append(probe, i)
			}
		}
	}
	if err := b.probeViews(ops, probe, c.DBTime(time.UnixMilli(since)), repeat); err != nil {
		return nil, err
	}
	counted := make(map[visitKey]bool, len(views))
	for _, i := range views {
		k := ops[i].viewKey()
		if counted[k] {
			repeat[i] = true
		}
		counted[k] = true
	}
	return repeat, nil
}

// viewKey is the op's visit key, computed once.
func (op *Op) viewKey() visitKey {
	if !op.keyed {
		op.key, op.keyed = keyOf(visit{op.Event.ItemID, op.Event.Visitor}), true
	}
	return op.key
}

// probeViews marks the views of ops at probe whose visit has an event since since.
func (b *batch) probeViews(ops []*Op, probe []int, since string, repeat []bool) error {
	return eachChunk(len(probe), func(from, to int) error {
		args := make([]any, 0, to-from+1)
		args = append(args, since)
		asked := make(map[visit][]int, to-from)
		for _, i := range probe[from:to] {
			v := visit{ops[i].Event.ItemID, ops[i].Event.Visitor}
			args = append(args, v.visitor)
			asked[v] = append(asked[v], i)
		}
		return b.query(seenSQLs[chunkIndex(to-from)], args, func(rows *sql.Rows) error {
			var v visit
			if err := rows.Scan(&v.item, &v.visitor); err != nil {
				return err
			}
			for _, i := range asked[v] {
				repeat[i] = true
			}
			return nil
		})
	})
}

// moveCounters adds each tally's increments to its item's counters (a multi-row UPDATE
// per chunk) and sets the tally's values to the counters before the batch. An item
// without a counters row takes the UPSERT, one per counter (it creates the row, or finds
// no item).
func (b *batch) moveCounters(tallies map[itemKey]*itemTally) error {
	if len(tallies) == 0 {
		return nil
	}
	const cols = len(countedFields) + 2
	keys := make([]itemKey, 0, len(tallies))
	args := make([]any, 0, cols*len(tallies))
	for k, t := range tallies {
		keys = append(keys, k)
		args = append(args, k.id, k.typ, t.add[0], t.add[1], t.add[2], t.add[3])
	}
	moved := make(map[itemKey]bool, len(tallies))
	err := eachPiece(len(keys), func(from, to int) error {
		return b.query(countersSQLs[to-from-1], args[from*cols:to*cols], func(rows *sql.Rows) error {
			var k itemKey
			var v [len(countedFields)]int
			if err := rows.Scan(&k.id, &k.typ, &v[0], &v[1], &v[2], &v[3]); err != nil {
				return err
			}
			if t := tallies[k]; t != nil {
				moved[k] = true
				for f := range v {
					t.value[f] = v[f] - t.add[f]
				}
			}
			return nil
		})
	})
	if err != nil {
		return err
	}
	for _, k := range keys {
		if moved[k] {
			continue
		}
		// No counters row: every counter of the item is 0 until this batch.
		t := tallies[k]
		for f, add := range t.add {
			if add == 0 {
				continue
			}
			var v int
			err := b.row(upsertAddCounterSQL(k.typ, countedFields[f]), []any{k.id, add}, &v)
			if errors.Is(err, sql.ErrNoRows) {
				t.missing = true
				break
			}
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// saveEvents inserts the events records of ops (a multi-row INSERT per chunk); each op's
// request announces its record once the batch has committed.
func (b *batch) saveEvents(ops []*Op) error {
	if len(ops) == 0 {
		return nil
	}
	cols := len(b.eventCols)
	args := make([]any, 0, cols*len(ops))
	for _, op := range ops {
		for _, n := range b.eventCols {
			args = append(args, b.eventValue(&op.row, n)) // strings, and the stamps' driver.Valuer
		}
		b.rollUp(&op.row)
		op.announce = true
		if op.Event.Action == c.ActionView {
			k := op.viewKey()
			b.newViews = append(b.newViews, keyAt{k, op.row.stamp.Time().UnixMilli()})
			if b.countedViews == nil {
				b.countedViews = map[visitKey]bool{}
			}
			b.countedViews[k] = true
		}
		if op.Event.Action == c.ActionLike {
			if b.likesSaved == nil {
				b.likesSaved = map[string]*Op{}
			}
			b.likesSaved[op.row.id] = op
		}
	}
	return eachChunk(len(ops), func(from, to int) error {
		return b.exec(b.eventsInserts[chunkIndex(to-from)], args[from*cols:to*cols]...)
	})
}

// chunkIndex is the rowChunks index of size.
func chunkIndex(size int) int {
	for i, s := range rowChunks {
		if s == size {
			return i
		}
	}
	panic("engagement batch: no chunk of " + fmt.Sprint(size))
}

// chunkTexts is a statement's text for each chunk size.
func chunkTexts(text func(rows int) string) (out [len(rowChunks)]string) {
	for i, n := range rowChunks {
		out[i] = text(n)
	}
	return out
}

// The counted writes' statements: seenSQLs for each chunk size, countersSQLs[n-1] for n
// rows (eachPiece).
var (
	seenSQLs     = chunkTexts(seenSQL)
	countersSQLs = func() (out [maxRows]string) {
		for i := range out {
			out[i] = countersSQL(i + 1)
		}
		return out
	}()
)

// eventsShape is what the batches need of the events collection: its columns and the
// INSERT texts for them. It is built once per cached collection (PocketBase replaces the
// cached collection when one is saved, so the same pointer has the same fields), not once
// per batch.
type eventsShape struct {
	col     *core.Collection
	cols    []string
	insert  string                 // one row
	inserts [len(rowChunks)]string // a chunk of rows
}

var lastEventsShape atomic.Pointer[eventsShape]

// loadEvents reads the events collection's columns once per batch.
func (b *batch) loadEvents() error {
	if b.events != nil {
		return nil
	}
	col, err := b.app.FindCachedCollectionByNameOrId(c.Events)
	if err != nil {
		return err
	}
	shape := lastEventsShape.Load()
	if shape == nil || shape.col != col {
		shape = &eventsShape{col: col, cols: col.Fields.FieldNames()}
		shape.insert = insertSQL(col.Name, shape.cols)
		for i, n := range rowChunks {
			shape.inserts[i] = eventsInsertSQL(shape.cols, n)
		}
		lastEventsShape.Store(shape)
	}
	b.events, b.eventCols, b.eventInsert, b.eventsInserts = col, shape.cols, shape.insert, &shape.inserts
	return nil
}

// eventRow is an events row as the writer inserts it: the request's event with its id and
// its stamp (app's clock, so tests can place it in time). The route has checked every
// field already, and every events field is text (or a one-value select, stored as its
// text), so the values go in raw. The record a save would announce is built from it only
// when someone listens (announceRow): a core.Record, its fields' defaults and eleven
// setters, was about 4 % of a share's server CPU.
type eventRow struct {
	id    string
	stamp types.DateTime
	text  string // stamp as stored: formatted once, by the request, for both created and updated
	ev    Event
}

func newEventRow(app core.App, id string, ev Event) eventRow {
	stamp := c.DBDate(now(app))
	return eventRow{id: id, stamp: stamp, text: stamp.String(), ev: ev}
}

// value is the row's value of the events column name; false for a column Folio does not
// write (one added in /_/, say), which takes its field's default.
func (r *eventRow) value(name string) (any, bool) {
	switch name {
	case core.FieldNameId:
		return r.id, true
	case c.FieldType:
		return r.ev.Type, true
	case c.FieldItemID:
		return r.ev.ItemID, true
	case c.FieldAction:
		return r.ev.Action, true
	case c.FieldUserID:
		return r.ev.UserID, true
	case c.FieldEmail:
		return r.ev.Email, true
	case c.FieldContent:
		return r.ev.Content, true
	case c.FieldCity:
		return r.ev.Location.City, true
	case c.FieldCountry:
		return r.ev.Location.Country, true
	case c.FieldVisitor:
		return r.ev.Visitor, true
	case "created", "updated":
		return r.stamp, true
	}
	return sourceValue(&r.ev.Source, name)
}

// eventValue is row's value of the events column name, or that field's default as a new
// events record has it.
func (b *batch) eventValue(row *eventRow, name string) any {
	if (name == "created" || name == "updated") && row.text != "" {
		return row.text // the text the stamp's driver.Valuer would give, formatted once
	}
	if v, ok := row.value(name); ok {
		return v
	}
	if b.defaults == nil {
		b.defaults = core.NewRecord(b.events)
	}
	return b.defaults.GetRaw(name)
}

// eventRowColumns are the events columns a row holds (value answers for each).
var eventRowColumns = [...]string{c.FieldType, c.FieldItemID, c.FieldAction, c.FieldUserID, c.FieldEmail,
	c.FieldContent, c.FieldCity, c.FieldCountry, c.FieldVisitor, "created", "updated",
	c.FieldReferrer, c.FieldSource, c.FieldMedium, c.FieldCampaign, c.FieldDevice, c.FieldBrowser, c.FieldOS, c.FieldPath}

// record is the row as the events record a save of it would announce.
func (r *eventRow) record(events *core.Collection) *core.Record {
	rec := core.NewRecord(events)
	rec.Id = r.id
	for _, name := range eventRowColumns {
		v, _ := r.value(name)
		rec.SetRaw(name, v)
	}
	return rec
}
