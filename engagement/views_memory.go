package engagement

import (
	"context"
	"database/sql"
	"hash/maphash"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/tools/types"

	c "github.com/folio/folio/collections"
)

// The engagement writer remembers the views it counted within ViewWindow, so a batch can
// tell a repeated visitor without asking the database (only the writer counts views, so
// while the memory holds every view counted since the window's start, a visitor it does
// not hold has not been counted). Views are in no index by item: such an index took one
// leaf page per distinct item per batch, the most of a batch's WAL frames, and dropping it
// cut a view's server CPU by about a quarter (cmd/benchwrites). The database is asked only
// when the memory cannot answer, and then for a batch at once, over the window's views
// (idx_events_type_action_created). The memory is:
//   - loaded in a batch's transaction from that index: on first use, after any write to
//     events it did not make (a record saved or deleted through /_/ or the records API, an
//     item's deletion), and after the app's clock went back;
//   - kept to recentViewsMax entries: one pushed out makes it incomplete until that view's
//     window has passed, and until then a visitor it does not hold is asked of the
//     database;
//   - used by the writer only; a commit outside it (the app not serving) asks the
//     database, and adds what it counted.
// An entry is a visit's 128-bit key (two seeded hashes of its item and visitor; two
// visits of a window share one with a chance of about n²/2¹²⁹) and its time: about 80
// bytes with the map's and the list's slack, where the strings took 150.

// recentViewsMax bounds the memory: about 80 bytes an entry (a test of a million measured
// 83), so 40 MB at most, reached only by half a million counted views within half an hour
// (280 a second throughout).
const recentViewsMax = 500_000

type visit struct{ item, visitor string }

// visitKey is a visit in the memory.
type visitKey [2]uint64

var visitSeeds = [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}

func keyOf(v visit) visitKey {
	return visitKey{maphash.Comparable(visitSeeds[0], v), maphash.Comparable(visitSeeds[1], v)}
}

// keyAt is a counted view: its visit and its created stamp in Unix milliseconds (stamps are
// stored to the millisecond, so this orders as SQL orders them).
type keyAt struct {
	key visitKey
	at  int64
}

type recentViews struct {
	max        int // recentViewsMax (tests lower it)
	mu         sync.Mutex
	loaded     bool               // loaded since the last write it did not make
	at         map[visitKey]int64 // the latest counted view of each visit within the window
	order      []keyAt            // counted views, oldest first: expiry
	incomplete int64              // until this time, a visit it does not hold may have been counted
	since      int64              // the window's start at the last use
}

// forget drops the memory; the writer's next batch loads it again: the write that called
// it may have removed or added a counted view.
func (r *recentViews) forget() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.dropLocked()
}

func (r *recentViews) dropLocked() {
	clear(r.at)
	r.order, r.loaded, r.incomplete = nil, false, 0
}

// unlinkLocked removes v from the index unless a later view of its visit replaced it.
func (r *recentViews) unlinkLocked(v keyAt) {
	if r.at[v.key] == v.at {
		delete(r.at, v.key)
	}
}

// prepare expires what left the window (since) and loads the memory when it must, in
// b's transaction; until is a window from now (all Unix milliseconds). A transaction that
// has counted views already (an earlier round of its batch) does not load it: the load
// would read those uncommitted rows, and keep them if the batch rolled back. Its round asks
// the database instead, and the next batch loads.
func (r *recentViews) prepare(b *batch, since, until int64) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if since < r.since { // the clock went back: what expired may be in the window again
		r.dropLocked()
	}
	r.since = since
	if !r.loaded {
		if len(b.countedViews) > 0 {
			return nil
		}
		return r.loadLocked(b, since, until)
	}
	drop := 0
	for ; drop < len(r.order) && r.order[drop].at < since; drop++ {
		r.unlinkLocked(r.order[drop])
	}
	r.order = r.order[drop:]
	return nil
}

// loadLocked reads the window's counted views; more than r.max leaves it empty and
// incomplete for a window.
func (r *recentViews) loadLocked(b *batch, since, until int64) error {
	r.dropLocked()
	r.loaded = true
	from := c.DBTime(time.UnixMilli(since))
	var n int
	if err := b.row(recentViewsCountSQL, []any{from}, &n); err != nil {
		r.loaded = false
		return err
	}
	if n > r.max {
		r.incomplete = until
		return nil
	}
	r.order = make([]keyAt, 0, n)
	err := b.query(recentViewsSQL, []any{from}, func(rows *sql.Rows) error {
		var v visit
		var created string
		if err := rows.Scan(&v.item, &v.visitor, &created); err != nil {
			return err
		}
		d, err := types.ParseDateTime(created)
		if err != nil {
			return err
		}
		r.addLocked(keyAt{keyOf(v), d.Time().UnixMilli()}, until)
		return nil
	})
	if err != nil {
		r.dropLocked()
	}
	return err
}

// seen answers for a visit: counted within the window (repeat), or whether a miss is
// certain (the memory holds every view counted since since).
func (r *recentViews) seen(k visitKey, since, now int64) (repeat, certain bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.loaded {
		return false, false
	}
	if at, ok := r.at[k]; ok && at >= since {
		return true, true
	}
	return false, now >= r.incomplete
}

// add remembers views a batch counted, once it has committed.
func (r *recentViews) add(views []keyAt, until int64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.loaded { // the next load reads them from the database
		return
	}
	for _, v := range views {
		r.addLocked(v, until)
	}
}

// addLocked adds v; past r.max the oldest entry goes, and with it the memory's
// claim to be complete until that view's window has passed.
func (r *recentViews) addLocked(v keyAt, until int64) {
	if len(r.order) >= r.max {
		r.unlinkLocked(r.order[0])
		r.order = r.order[1:]
		r.incomplete = max(r.incomplete, until)
	}
	if v.at > r.at[v.key] {
		r.at[v.key] = v.at
	}
	r.order = append(r.order, v)
}

// The window's counted views, for the memory's load and the batch's questions
// (idx_events_type_action_created).
var (
	recentViewsWhere    = ` FROM "` + c.Events + `" WHERE "type" IN ('` + c.TypeBlog + `', '` + c.TypeProject + `', '` + c.TypeSite + `') AND "action" = '` + c.ActionView + `' AND "created" >= ?`
	recentViewsCountSQL = `SELECT COUNT(*)` + recentViewsWhere
	recentViewsSQL      = `SELECT "itemId", "visitor", "created"` + recentViewsWhere + ` ORDER BY "created"`
)

// writerAnnounceKey marks the writer's own announcements, which the memory already holds.
type writerAnnounceKey struct{}

// writerContext is the context of the writer's announcements.
var writerContext = context.WithValue(context.Background(), writerAnnounceKey{}, true)

// FromWriter reports an announcement of the writer's own (its record event's context).
func FromWriter(ctx context.Context) bool {
	return ctx != nil && ctx.Value(writerAnnounceKey{}) != nil
}

// ForgetViews drops the memory of counted views, to be loaded again by the next batch:
// a write to events the writer did not make (or an item's deletion) may have removed or
// added a counted view. The events record hooks call it.
func (s *Service) ForgetViews() { s.views.forget() }
