package hooks

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"strings"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/engagement"
)

// Group commit of engagement writes (issue 14): the routes check and parse a request,
// queue one engagementOp to the app's writer and answer once its batch has committed.
// A batch runs its ops in arrival order in one transaction. Events rows are inserted
// with prepared statements and, once the batch has committed, announced through
// PocketBase's OnModelAfterCreateSuccess exactly as a record save announces itself, so
// realtime subscribers hear every event with the message a save would send.

const (
	engagementWriterStore  = "folio.engagementWriter"
	engagementOptionsStore = "folio.engagementOptions"
	msgEngagementBusy      = "Too many requests right now. Please try again in a moment."
	engagementRetryAfter   = "1" // seconds: a full queue drains within a few batches
)

// engagementOp is one queued write and, once committed, its answer.
type engagementOp struct {
	ev engagementEvent
	// answers
	count int   // the counter after this op (views, shares, likes)
	liked bool  // likes: whether the caller's like stands after this op
	err   error // errItemNotFound: nothing was written for this op
}

// startEngagementWriter starts app's writer when the app serves (idempotent: tests may
// build a router twice).
func startEngagementWriter(app core.App) {
	opts, _ := app.Store().Get(engagementOptionsStore).(engagement.Options)
	app.Store().GetOrSet(engagementWriterStore, func() any {
		return engagement.Start(commitEngagement(app), opts)
	})
}

// bindEngagementWriter stops the writer when the app terminates, after committing what
// is queued, while the database is still open.
func bindEngagementWriter(app core.App) {
	app.OnTerminate().Bind(&hook.Handler[*core.TerminateEvent]{
		Id: "folioEngagementWriterStop",
		Func: func(e *core.TerminateEvent) error {
			if w, ok := e.App.Store().Get(engagementWriterStore).(*engagement.Writer); ok {
				w.Stop()
				if b, n := w.Stats(); b > 0 {
					e.App.Logger().Info("Engagement writer stopped", "batches", b, "writes", n, "perBatch", float64(n)/float64(b))
				}
				e.App.Store().Remove(engagementWriterStore)
			}
			if m, ok := e.App.Store().Get(engagementAuthStore).(*accountMemo); ok {
				m.close()
				e.App.Store().Remove(engagementAuthStore)
			}
			if sc, ok := e.App.Store().Get(engagementStmtsStore).(*stmtCache); ok {
				sc.closeAll()
				e.App.Store().Remove(engagementStmtsStore)
			}
			return e.Next()
		},
	})
}

const engagementArrivalKey = "folioEngagementArrival"

// engagementArrival is the first middleware of the engagement routes: it tells the
// writer a write is on its way while the request is checked and parsed.
func engagementArrival() *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id:       "folioEngagementArrival",
		Priority: -1000,
		Func: func(e *core.RequestEvent) error {
			w, ok := e.App.Store().Get(engagementWriterStore).(*engagement.Writer)
			if !ok {
				return e.Next()
			}
			a := w.Arrive()
			defer a.End()
			e.Set(engagementArrivalKey, a)
			return e.Next()
		},
	}
}

// submitEngagement queues op and waits for its commit. Without a writer (the app is
// not serving) it commits op alone. A full queue answers 503 with Retry-After.
func submitEngagement(e *core.RequestEvent, op *engagementOp) error {
	var err error
	if w, ok := e.App.Store().Get(engagementWriterStore).(*engagement.Writer); ok {
		arrival, _ := e.Get(engagementArrivalKey).(*engagement.Arrival)
		err = w.Do(op, arrival)
	} else {
		err = commitEngagement(e.App)([]engagement.Op{op})
	}
	if errors.Is(err, engagement.ErrBusy) {
		e.Response.Header().Set("Retry-After", engagementRetryAfter)
		return e.Error(http.StatusServiceUnavailable, msgEngagementBusy, nil)
	}
	if err == nil {
		err = op.err
	}
	if err != nil {
		return engagementError(e, op.ev.Type, err)
	}
	return nil
}

// writerCacheSQL gives the writer's connection a bigger page cache than the app's other
// connections (dbConnect's 512 KB): a batch walks the events' item index (the view dedupe,
// a new event's place in it) and the counters, and with 512 KB the writer read those
// pages back from the OS with pread, up to 5 % of a view's CPU. Only the writer writes,
// so its cache is never invalidated by another connection's commit. Set in every batch
// (a no-op when unchanged) because PocketBase reopens the writer's connection after three
// idle minutes.
const writerCacheSQL = "PRAGMA cache_size = -4096"

// commitEngagement returns the writer's commit: one transaction for the batch, the
// counters moved once per item, the cache invalidated once.
func commitEngagement(app core.App) engagement.Commit {
	return func(ops []engagement.Op) error {
		return runEngagementBatch(app, func(b *engagementBatch) error {
			if err := b.exec(writerCacheSQL); err != nil {
				return err
			}
			for _, o := range ops {
				op := o.(*engagementOp)
				op.count, op.liked, op.err = 0, false, nil // a retried op starts afresh
				if err := b.apply(op); err != nil {
					return err
				}
			}
			return nil
		})
	}
}

// runEngagementBatch runs fn and the counter updates it left in one transaction; once
// committed, it announces each saved event as a record save would (realtime) and drops
// the cached answers that show counters, once.
func runEngagementBatch(app core.App, fn func(b *engagementBatch) error) error {
	b := &engagementBatch{counters: map[counterKey]*pendingCounter{}, stmts: map[string]*sql.Stmt{}, cache: stmtCacheOf(app)}
	err := app.RunInTransaction(func(txApp core.App) error {
		var err error
		if b.sqlTx, err = sqlTxOf(txApp); err != nil {
			return err
		}
		b.app = txApp
		if err := fn(b); err != nil {
			return err
		}
		return b.flush()
	})
	if !app.IsTransactional() {
		b.cache.prepare(b.unprepared) // the writer connection is free again
	}
	if err != nil {
		return err
	}
	for _, rec := range b.created {
		announceCreated(app, rec)
	}
	if b.changed {
		invalidateCounters(app)
	}
	return nil
}

// announceCreated fires what a record save fires once its transaction has committed:
// PocketBase's realtime broadcast (and any after-create hook) hears the event.
func announceCreated(app core.App, rec *core.Record) {
	rec.MarkAsNotNew()
	ev := &core.ModelEvent{App: app, Context: context.Background(), Type: core.ModelEventTypeCreate, Model: rec}
	if err := app.OnModelAfterCreateSuccess().Trigger(ev); err != nil {
		app.Logger().Warn("Failed to announce an engagement event", "id", rec.Id, "error", err)
	}
}

// counterKey names one counter of one item.
type counterKey struct{ typ, id, field string }

// pendingCounter is a counter read once per batch and the increments still to write.
type pendingCounter struct {
	value, add int
	missing    bool
}

// engagementBatch is one transaction's state.
type engagementBatch struct {
	app         core.App // the transaction app
	sqlTx       *sql.Tx
	cache       *stmtCache
	stmts       map[string]*sql.Stmt // this transaction's statements
	unprepared  []string             // statements to prepare for the next batches
	counters    map[counterKey]*pendingCounter
	events      *core.Collection
	eventCols   []string // the events columns, in eventInsert's order
	eventInsert string
	created     []*core.Record // events saved, announced after the commit
	changed     bool
}

// counter reads an item's counter once per batch; errItemNotFound for an unknown id.
func (b *engagementBatch) counter(typ, id, field string) (*pendingCounter, error) {
	k := counterKey{typ, id, field}
	if p, ok := b.counters[k]; ok {
		if p.missing {
			return nil, errItemNotFound
		}
		return p, nil
	}
	p := &pendingCounter{}
	err := b.row(readCounterSQL(typ, field, "?"), []any{id}, &p.value)
	if errors.Is(err, sql.ErrNoRows) {
		p.missing = true
		err = errItemNotFound
	}
	if !p.missing && err != nil {
		return nil, err
	}
	b.counters[k] = p
	return p, err
}

// The engagement statements on events; each is answered from idx_events_item_action_visitor
// (TestEngagementQueriesIndexed).
const (
	seenSQL             = `SELECT 1 FROM "` + c.Events + `" WHERE "itemId" = ? AND "action" = ? AND "visitor" = ? AND "created" >= ? LIMIT 1`
	deleteLikeEventsSQL = `DELETE FROM "` + c.Events + `" WHERE "itemId" = ? AND "action" = ? AND "userId" = ?`
	// deleteLikeEventSQL deletes the like event of the likes row ? (it carries the row's id).
	deleteLikeEventSQL = `DELETE FROM "` + c.Events + `" WHERE "id" = ? AND "action" = '` + c.ActionLike + `'`
)

// seen reports whether visitor viewed itemID ("" for the site) within viewWindow,
// counting the views saved earlier in this batch.
func (b *engagementBatch) seen(visitor, itemID string) (bool, error) {
	var one int
	err := b.row(seenSQL, []any{itemID, c.ActionView, visitor, c.DBTime(now(b.app).Add(-viewWindow))}, &one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

// saveEvent inserts ev's events row stamped with the app clock (so tests can place it
// in time) and keeps the record to announce after the commit. The route has checked
// every field already, and every events field is text (or a one-value select, stored as
// its text), so the values go into the record raw, without the per-field setters of
// Record.Set (a sixth of the event's cost), and the INSERT's arguments are the record's
// own values: the row and the announced record cannot differ.
func (b *engagementBatch) saveEvent(ev engagementEvent) error {
	return b.saveEventAs(engagement.NewID(), ev)
}

// saveEventAs is saveEvent with the row's id.
func (b *engagementBatch) saveEventAs(id string, ev engagementEvent) error {
	if b.events == nil {
		col, err := b.app.FindCachedCollectionByNameOrId(c.Events)
		if err != nil {
			return err
		}
		b.events = col
		b.eventCols = col.Fields.FieldNames()
		b.eventInsert = insertSQL(col.Name, b.eventCols)
	}
	stamp := c.DBDate(now(b.app))
	rec := core.NewRecord(b.events)
	rec.Id = id
	rec.SetRaw(c.FieldType, ev.Type)
	rec.SetRaw(c.FieldItemID, ev.ItemID)
	rec.SetRaw(c.FieldAction, ev.Action)
	rec.SetRaw(c.FieldUserID, ev.UserID)
	rec.SetRaw(c.FieldEmail, ev.Email)
	rec.SetRaw(c.FieldContent, ev.Content)
	rec.SetRaw(c.FieldCity, ev.Location.City)
	rec.SetRaw(c.FieldCountry, ev.Location.Country)
	rec.SetRaw(c.FieldVisitor, ev.Visitor)
	rec.SetRaw("created", stamp)
	rec.SetRaw("updated", stamp)
	args := make([]any, len(b.eventCols))
	for i, n := range b.eventCols {
		args[i] = rec.GetRaw(n) // strings, and the stamps' driver.Valuer
	}
	if err := b.exec(b.eventInsert, args...); err != nil {
		return err
	}
	b.created = append(b.created, rec)
	return nil
}

// insertSQL is the INSERT of the columns names of table.
func insertSQL(table string, names []string) string {
	cols, vals := make([]string, len(names)), make([]string, len(names))
	for i, n := range names {
		cols[i], vals[i] = `"`+n+`"`, "?"
	}
	return `INSERT INTO "` + table + `" (` + strings.Join(cols, ", ") + ") VALUES (" + strings.Join(vals, ", ") + ")"
}

// apply writes one op. A per-op refusal (unknown item) is kept in op.err; a returned
// error is a database failure and rolls the batch back.
func (b *engagementBatch) apply(op *engagementOp) error {
	ev := op.ev
	switch {
	case ev.Type == c.TypeSite:
		seen, err := b.seen(ev.Visitor, "")
		if err != nil || seen {
			return err
		}
		b.changed = true
		return b.saveEvent(ev)
	case ev.Action == c.ActionLike:
		var err error
		op.liked, op.count, err = b.applyLike(ev, true)
		return op.refuse(err)
	}
	field := counterField[ev.Action]
	if ev.Action == c.ActionView {
		// The events saved earlier in this batch are visible here: a visitor's second
		// view in one batch counts no more than in two.
		seen, err := b.seen(ev.Visitor, ev.ItemID)
		if err != nil {
			return err
		}
		if seen {
			p, err := b.counter(ev.Type, ev.ItemID, field)
			if err != nil {
				return op.refuse(err)
			}
			op.count = p.value
			return nil
		}
	}
	n, err := b.bump(ev.Type, ev.ItemID, field, 1)
	if err != nil {
		return op.refuse(err)
	}
	if err := b.saveEvent(ev); err != nil {
		return err
	}
	op.count = n
	b.changed = true
	return nil
}

// bump adds delta to an item's counter in this batch and returns the new value: the
// first touch writes it at once, later touches of the same counter add in memory and
// flush writes them once, so a burst on one post costs one statement per batch. The
// first touch is an UPDATE … RETURNING of the item's itemCounters row (a row exists only
// while its item does: deleteItemTraces removes it in the item's delete); an item without
// a row yet takes the UPSERT, which inserts nothing and returns no row for an unknown
// item. The plain UPDATE skips the UPSERT's item lookup and its insert attempt that
// conflicts (a small saving in the share profile, 15.3 → 14.1 %; it also serves likes' ±1).
func (b *engagementBatch) bump(typ, id, field string, delta int) (int, error) {
	k := counterKey{typ, id, field}
	if p, ok := b.counters[k]; ok {
		if p.missing {
			return 0, errItemNotFound
		}
		p.value += delta
		p.add += delta
		return p.value, nil
	}
	p := &pendingCounter{}
	err := b.row(updateCounterSQL(typ, field), []any{delta, id}, &p.value)
	if errors.Is(err, sql.ErrNoRows) {
		err = b.row(upsertAddCounterSQL(typ, field), []any{id, delta}, &p.value)
	}
	if errors.Is(err, sql.ErrNoRows) {
		p.missing = true
		b.counters[k] = p
		return 0, errItemNotFound
	}
	if err != nil {
		return 0, err
	}
	b.counters[k] = p
	return p.value, nil
}

// counterField is the item counter each counted action moves.
var counterField = map[string]string{
	c.ActionView:    c.FieldViewCount,
	c.ActionShare:   c.FieldShareCount,
	c.ActionComment: c.FieldCommentCount,
}

// refuse keeps an unknown item as op's own answer; other errors fail the batch.
func (op *engagementOp) refuse(err error) error {
	if errors.Is(err, errItemNotFound) {
		op.err = err
		return nil
	}
	return err
}

// flush moves each touched counter once by the batch's increments.
func (b *engagementBatch) flush() error {
	for k, p := range b.counters {
		if p.add == 0 {
			continue
		}
		err := b.exec(addCounterSQL(k.typ, k.field), p.add, k.id)
		if err != nil {
			return err
		}
	}
	return nil
}
