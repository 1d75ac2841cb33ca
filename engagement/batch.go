package engagement

import (
	"database/sql"
	"errors"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/pocketbase/pocketbase/core"
	"modernc.org/sqlite"

	"github.com/folio/folio/analytics"
	c "github.com/folio/folio/collections"
)

// A batch runs its ops in arrival order in one transaction (batch_writes.go). Events rows
// are inserted with prepared statements and, once the batch has committed, each request
// announces its own through PocketBase's OnModelAfterCreateSuccess exactly as a record save
// announces itself, so realtime subscribers hear every event with the message a save would
// send.

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
// process (PocketBase's databases, through a connection hook CountConnections adds); a
// writer runs its pragmas again only when that count has moved since it last did, so a
// connection PocketBase reopened (after three idle minutes, say) gets them in its first
// batch. Without the hook (CountConnections not called) every batch runs them.
var (
	sqliteOpens    atomic.Int64
	countingOpens  atomic.Bool
	countOpensOnce sync.Once
)

// CountConnections hooks the "sqlite" driver so that the writers know when a connection
// was opened; call it once before the app opens its databases (main, testutil).
func CountConnections() {
	countOpensOnce.Do(func() {
		sqlite.RegisterConnectionHook(func(sqlite.ExecQuerierContext, string) error {
			sqliteOpens.Add(1)
			return nil
		})
		countingOpens.Store(true)
	})
}

// commit returns the writer's commit: one transaction for the batch, the
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
func (s *Service) commit(inWriter bool) Commit {
	pragmasAt := int64(-1) // sqliteOpens when this commit last ran the writer's pragmas
	return func(ops []Item, more func() []Item) error {
		return s.runBatch(s.app, func(b *batch) error {
			b.inWriter = inWriter
			// In the transaction: its connection is open, and counted, by now.
			if opens := sqliteOpens.Load(); opens != pragmasAt || !countingOpens.Load() {
				if err := b.exec(writerCacheSQL); err != nil {
					return err
				}
				if err := b.exec(writerNoCheckpointSQL); err != nil {
					return err
				}
				pragmasAt = opens
			}
			for len(ops) > 0 {
				round := make([]*Op, len(ops))
				for i, o := range ops {
					round[i] = o.(*Op)
					round[i].Count, round[i].Liked, round[i].err, round[i].announce = 0, false, nil, false // a retried op starts afresh
				}
				if err := b.applyAll(round); err != nil {
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

// runBatch runs fn and the counter updates it left in one transaction; once
// committed, it announces the events saved with saveEventAs (a settled like) as a record save would (realtime) and drops the cached answers that show
// counters, once.
func (s *Service) runBatch(app core.App, fn func(b *batch) error) error {
	b := &batch{counters: map[counterKey]*pendingCounter{}, stmts: map[string]*sql.Stmt{}, cache: s.stmts, views: s.views}
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
		s.views.add(b.newViews, now(app).Add(ViewWindow).UnixMilli())
	}
	for _, rec := range b.created {
		announceCreated(app, rec)
	}
	if b.changed && s.cfg.CountersChanged != nil {
		s.cfg.CountersChanged(app)
	}
	return nil
}

// announceCreated fires what a record save fires once its transaction has committed:
// PocketBase's realtime broadcast hears the event. Realtime is the only listener of the
// writer's events (Folio's one after-create hook on events, the views memory's, skips
// what FromWriter marks), and PocketBase's
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
func (s *Service) announceRow(row *eventRow) {
	app := s.app
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

// batch is one transaction's state.
type batch struct {
	app           core.App // the transaction app
	sqlTx         *sql.Tx
	cache         *stmtCache
	stmts         map[string]*sql.Stmt // this transaction's statements
	unprepared    []string             // statements to prepare for the next batches
	counters      map[counterKey]*pendingCounter
	events        *core.Collection
	eventCols     []string // the events columns, in eventInsert's order
	eventInsert   string
	eventsInserts *[len(rowChunks)]string // a chunk of a batch's counted events in one statement
	created       []*core.Record          // events saved, announced after the commit
	likesSaved    map[string]*Op          // the like ops of this transaction whose event was saved, by row id
	inWriter      bool                    // run by the writer: it may use the counted views' memory
	views         *recentViews            // the writer's memory of counted views
	newViews      []keyAt                 // the views this transaction counted
	countedViews  map[visitKey]bool       // the same, by visit
	defaults      *core.Record            // a new events record: the defaults of columns Folio does not write
	changed       bool
	tally         analytics.Tally // the rollups of the events this transaction inserted (flush writes them)
}

// counter reads an item's counter once per batch; ErrItemNotFound for an unknown id.
func (b *batch) counter(typ, id, field string) (*pendingCounter, error) {
	k := counterKey{typ, id, field}
	if p, ok := b.counters[k]; ok {
		if p.missing {
			return nil, ErrItemNotFound
		}
		return p, nil
	}
	p := &pendingCounter{}
	err := b.row(readCounterSQL(typ, field, "?"), []any{id}, &p.value)
	if errors.Is(err, sql.ErrNoRows) {
		p.missing = true
		err = ErrItemNotFound
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
func (b *batch) saveEventAs(id string, ev Event) error {
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
func (b *batch) insertEvent(rec *core.Record) error {
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
func (op *Op) refuse(err error) error {
	if errors.Is(err, ErrItemNotFound) || errors.Is(err, ErrAccountGone) {
		op.err = err
		return nil
	}
	return err
}

// flush moves each touched counter once by the batch's increments, and adds the
// inserted events to the rollups.
func (b *batch) flush() error {
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
