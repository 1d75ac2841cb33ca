package hooks

import (
	"database/sql"
	"errors"
	"net/http"
	"strings"
	"sync/atomic"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"modernc.org/sqlite"

	"github.com/folio/folio/analytics"
	"github.com/folio/folio/catalog"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/engagement"
)

// Group commit of engagement writes (issue 14): the routes check and parse a request,
// queue one engagementOp to the app's writer and answer once its batch has committed.
// A batch runs its ops in arrival order in one transaction (engagement_counted.go). Events
// rows are inserted with prepared statements and, once the batch has committed, each
// request announces its own through PocketBase's OnModelAfterCreateSuccess exactly as a
// record save announces itself, so realtime subscribers hear every event with the message
// a save would send.

const (
	engagementWriterStore  = "folio.engagementWriter"
	engagementOptionsStore = "folio.engagementOptions"
	msgEngagementBusy      = "Too many requests right now. Please try again in a moment."
	engagementRetryAfter   = "1" // seconds: a full queue drains within a few batches
)

// engagementOp is one queued write and, once committed, its answer.
type engagementOp struct {
	ev engagementEvent
	// row is the events row the op adds if it counts (a like's id is its likes row's),
	// made by the request before it queues, so the one writer has less to do.
	row   eventRow
	key   visitKey // a view's key in the counted views' memory, once computed (viewKey)
	keyed bool
	proof string // likes: the tokenKey the batch must find on the account ("": checked; accountProof)
	// answers
	count    int   // the counter after this op (views, shares, likes)
	liked    bool  // likes: whether the caller's like stands after this op
	err      error // errItemNotFound: nothing was written for this op
	announce bool  // rec was saved: the request announces it (realtime) once committed
}

// startEngagementWriter starts app's writer when the app serves (idempotent: tests may
// build a router twice).
func startEngagementWriter(app core.App) {
	opts, _ := app.Store().Get(engagementOptionsStore).(engagement.Options)
	app.Store().GetOrSet(engagementWriterStore, func() any {
		return engagement.Start(commitEngagement(app, true), opts)
	})
	startWALCheckpointer(app)
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
			stopWALCheckpointer(e.App)
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
	if op.ev.Type != c.TypeSite {
		if err := notHidden(e.App, op.ev.Type, op.ev.ItemID); err != nil {
			return engagementError(e, op.ev.Type, err)
		}
	}
	op.row = newEventRow(e.App, engagement.NewID(), op.ev)
	var err error
	if w, ok := e.App.Store().Get(engagementWriterStore).(*engagement.Writer); ok {
		arrival, _ := e.Get(engagementArrivalKey).(*engagement.Arrival)
		err = w.Do(op, arrival)
	} else {
		err = commitEngagement(e.App, false)([]engagement.Op{op}, nil)
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
	if op.announce {
		announceRow(e.App, &op.row)
	}
	return nil
}

// notHidden refuses an item that exists but is not public (errItemNotFound: it answers as an
// unknown one). The writer's statements prove the item exists; this proves it is public.
func notHidden(app core.App, typ, id string) error {
	hidden, err := catalog.Hidden(app, typ, id)
	if err == nil && hidden {
		err = errItemNotFound
	}
	return err
}

// writerCacheSQL gives the writer's connection a bigger page cache than the app's other
// connections (dbConnect's 512 KB): a batch walks the events' item index (the view dedupe,
// a new event's place in it) and the counters, and with 512 KB the writer read those
// pages back from the OS with pread, up to 5 % of a view's CPU. Only the writer writes,
// so its cache is never invalidated by another connection's commit. Set again whenever
// a connection may have been opened since (sqliteOpens, below).
const writerCacheSQL = "PRAGMA cache_size = -4096"

// The writer's pragmas (writerCacheSQL, writerNoCheckpointSQL) hold for its connection's
// life, but SQLite parses a PRAGMA again each time it runs (2 % of a view's CPU, run in
// every batch). sqliteOpens counts the connections the "sqlite" driver has opened in this
// process (PocketBase's databases, through a connection hook); a writer runs its pragmas
// again only when that count has moved since it last did, so a connection PocketBase
// reopened (after three idle minutes, say) gets them in its first batch.
var sqliteOpens atomic.Int64

func init() {
	sqlite.RegisterConnectionHook(func(sqlite.ExecQuerierContext, string) error {
		sqliteOpens.Add(1)
		return nil
	})
}

// commitEngagement returns the writer's commit: one transaction for the batch, the
// counters moved once per item, the cache invalidated once.
//
// The ops that queue while a batch is being written join it: once the ops it has are
// applied, the batch takes what has queued since and applies those too, in the same
// transaction, until none is waiting, and only then commits. Under load the writer is
// the one serial stage of the write path: it no longer waits for a batch to grow before
// starting it (the writer spent about a quarter of its time in that wait), and a batch
// still grows to what arrives while it is written.
//
// inWriter says the commit runs in the app's one writer (its batches, and a failed batch's
// ops retried one by one), which alone may use the counted views' memory.
func commitEngagement(app core.App, inWriter bool) engagement.Commit {
	pragmasAt := int64(-1) // sqliteOpens when this commit last ran the writer's pragmas
	return func(ops []engagement.Op, more func() []engagement.Op) error {
		return runEngagementBatch(app, func(b *engagementBatch) error {
			b.inWriter = inWriter
			// In the transaction: its connection is open, and counted, by now.
			if opens := sqliteOpens.Load(); opens != pragmasAt {
				if err := b.exec(writerCacheSQL); err != nil {
					return err
				}
				if err := b.exec(writerNoCheckpointSQL); err != nil {
					return err
				}
				pragmasAt = opens
			}
			for len(ops) > 0 {
				batch := make([]*engagementOp, len(ops))
				for i, o := range ops {
					batch[i] = o.(*engagementOp)
					batch[i].count, batch[i].liked, batch[i].err, batch[i].announce = 0, false, nil, false // a retried op starts afresh
				}
				if err := b.applyAll(batch); err != nil {
					return err
				}
				if more == nil {
					break
				}
				ops = more()
				clear(b.counters) // counters read for this round may have moved since
			}
			return nil
		})
	}
}

// runEngagementBatch runs fn and the counter updates it left in one transaction; once
// committed, it announces the events saved with saveEventAs (the likes record hooks'
// path) as a record save would (realtime) and drops the cached answers that show
// counters, once.
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
	if len(b.newViews) > 0 {
		recentViewsOf(app).add(b.newViews, now(app).Add(viewWindow).UnixMilli())
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
// PocketBase's realtime broadcast hears the event. Realtime is the only listener of the
// writer's events (Folio's one after-create hook on events, in engagement_views.go, skips
// what carries writerContext), and PocketBase's
// broadcast returns at once when no client is connected; the trigger before it still
// built the record's event (field interceptors, hook tags), about 6 % of a share's server
// CPU. So with no realtime client connected, there is no one to tell and nothing fires.
func announceCreated(app core.App, rec *core.Record) {
	rec.MarkAsNotNew()
	if app.SubscriptionsBroker().TotalClients() == 0 {
		return
	}
	ev := &core.ModelEvent{App: app, Context: writerContext, Type: core.ModelEventTypeCreate, Model: rec}
	if err := app.OnModelAfterCreateSuccess().Trigger(ev); err != nil {
		app.Logger().Warn("Failed to announce an engagement event", "id", rec.Id, "error", err)
	}
}

// announceRow announces row's events record as announceCreated does; the record is
// built only when a realtime client is connected to hear it.
func announceRow(app core.App, row *eventRow) {
	if app.SubscriptionsBroker().TotalClients() == 0 {
		return
	}
	events, err := app.FindCachedCollectionByNameOrId(c.Events)
	if err != nil {
		app.Logger().Warn("Failed to announce an engagement event", "id", row.id, "error", err)
		return
	}
	announceCreated(app, row.record(events))
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
	app           core.App // the transaction app
	sqlTx         *sql.Tx
	cache         *stmtCache
	stmts         map[string]*sql.Stmt // this transaction's statements
	unprepared    []string             // statements to prepare for the next batches
	counters      map[counterKey]*pendingCounter
	events        *core.Collection
	eventCols     []string // the events columns, in eventInsert's order
	eventInsert   string
	eventsInserts *[len(rowChunks)]string  // a chunk of a batch's counted events in one statement
	created       []*core.Record           // events saved, announced after the commit
	likesSaved    map[string]*engagementOp // the like ops of this transaction whose event was saved, by row id
	inWriter      bool                     // run by the writer: it may use the counted views' memory
	newViews      []keyAt                  // the views this transaction counted
	countedViews  map[visitKey]bool        // the same, by visit
	defaults      *core.Record             // a new events record: the defaults of columns Folio does not write
	changed       bool
	tally         analytics.Tally // the rollups of the events this transaction inserted (flush writes them)
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

// deleteLikeEventsSQL deletes the like events of an account (?3) on an item (?2) of a type
// (?1), found among the like events of the type through idx_events_type_action_created
// (TestEngagementQueriesIndexed): like events mirror the standing likes rows, so they are
// few, and events are in no index by item (migration 1763770400).
const deleteLikeEventsSQL = `DELETE FROM "` + c.Events + `" WHERE "type" = ? AND "action" = '` + c.ActionLike + `' AND "itemId" = ? AND "userId" = ?`

// saveEventAs inserts ev's events row with id and keeps the record to announce after the
// commit. The INSERT's arguments are the record's own values: the row and the announced
// record cannot differ.
func (b *engagementBatch) saveEventAs(id string, ev engagementEvent) error {
	if err := b.loadEvents(); err != nil {
		return err
	}
	row := newEventRow(b.app, id, ev)
	if err := b.insertEvent(row.record(b.events)); err != nil {
		return err
	}
	b.rollUp(&row)
	return nil
}

// insertEvent inserts rec's row alone.
func (b *engagementBatch) insertEvent(rec *core.Record) error {
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

// refuse keeps an unknown item (or a like's account gone) as op's own answer; other
// errors fail the batch.
func (op *engagementOp) refuse(err error) error {
	if errors.Is(err, errItemNotFound) || errors.Is(err, errAccountGone) {
		op.err = err
		return nil
	}
	return err
}

// flush moves each touched counter once by the batch's increments, and adds the
// inserted events to the rollups.
func (b *engagementBatch) flush() error {
	if err := b.flushRollups(); err != nil {
		return err
	}
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
