package hooks

import (
	"context"
	"database/sql"
	"sync"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	c "github.com/folio/folio/collections"
)

// The engagement writer remembers the views it counted within viewWindow, so a batch can
// tell a repeated visitor without probing the events index for every view (the probe was
// about a sixth of the writer's time on views, and the writer is the one serial stage of
// the write path). Only the writer counts views, so while the memory holds every view
// counted since the window's start, a visitor it does not hold has not been counted, and
// the batch asks the database nothing. It is:
//   - loaded once, in the first batch's transaction, from the events index;
//   - kept to recentViewsMax entries: one pushed out makes the memory incomplete until its
//     window has passed, and until then a visitor it does not hold is probed as before;
//   - made incomplete for a whole window by any other write to events (a record saved or
//     deleted through /_/ or the records API, an item's deletion), and by the app's clock
//     going back;
//   - used only by the writer; a commit outside it (the app not serving, or a failed
//     batch's ops committed one by one) probes, and adds what it counted.

// recentViewsMax bounds the memory: about 150 bytes an entry, so 15 MB at most.
const recentViewsMax = 100_000

const recentViewsStore = "folio.recentViews"

type visit struct{ item, visitor string }

type visitAt struct {
	visit
	at string // the view's created stamp, as stored (DBTime), so it orders as SQL does
}

type recentViews struct {
	max        int // recentViewsMax (tests lower it)
	mu         sync.Mutex
	loaded     bool
	at         map[visit]string // the latest counted view of each visit within the window
	order      []visitAt        // counted views, oldest first: expiry
	incomplete string           // until this stamp, a visit it does not hold may have been counted
	since      string           // the window's start at the last use
}

func recentViewsOf(app core.App) *recentViews {
	return app.Store().GetOrSet(recentViewsStore, func() any {
		return &recentViews{at: map[visit]string{}, max: recentViewsMax}
	}).(*recentViews)
}

// forget drops the memory and makes it incomplete until until (a window from now): the
// write that called it may have removed or added a counted view.
func (r *recentViews) forget(until string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.dropLocked(until)
}

// dropLocked drops every entry and makes the memory incomplete until until.
func (r *recentViews) dropLocked(until string) {
	clear(r.at)
	r.order = nil
	r.incomplete = max(r.incomplete, until)
}

// unlinkLocked removes v from the index unless a later view of its visit replaced it.
func (r *recentViews) unlinkLocked(v visitAt) {
	if r.at[v.visit] == v.at {
		delete(r.at, v.visit)
	}
}

// prepare expires what left the window (since) and loads the memory on first use, in
// b's transaction; until is a window from now.
func (r *recentViews) prepare(b *engagementBatch, since, until string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if since < r.since { // the clock went back: what expired may be in the window again
		r.dropLocked(until)
	}
	r.since = since
	drop := 0
	for ; drop < len(r.order) && r.order[drop].at < since; drop++ {
		r.unlinkLocked(r.order[drop])
	}
	r.order = r.order[drop:]
	if r.loaded {
		return nil
	}
	r.loaded = true
	var n int
	if err := b.row(recentViewsCountSQL, []any{since}, &n); err != nil {
		return err
	}
	if n > r.max {
		r.incomplete = max(r.incomplete, until)
		return nil
	}
	return b.query(recentViewsSQL, []any{since}, func(rows *sql.Rows) error {
		var v visitAt
		if err := rows.Scan(&v.item, &v.visitor, &v.at); err != nil {
			return err
		}
		r.addLocked(v, until)
		return nil
	})
}

// seen answers for a visit: counted within the window (repeat), or whether a miss is
// certain (complete: the memory holds every view counted since since).
func (r *recentViews) seen(v visit, since, now string) (repeat, certain bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if at, ok := r.at[v]; ok && at >= since {
		return true, true
	}
	return false, now >= r.incomplete
}

// add remembers views a batch counted, once it has committed.
func (r *recentViews) add(views []visitAt, until string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.loaded { // counted outside the writer before it ever ran: it loads them itself
		return
	}
	for _, v := range views {
		r.addLocked(v, until)
	}
}

// addLocked adds v; past r.max the oldest entry goes, and with it the memory's
// claim to be complete until that view's window has passed.
func (r *recentViews) addLocked(v visitAt, until string) {
	if len(r.order) >= r.max {
		r.unlinkLocked(r.order[0])
		r.order = r.order[1:]
		r.incomplete = max(r.incomplete, until)
	}
	if v.at > r.at[v.visit] {
		r.at[v.visit] = v.at
	}
	r.order = append(r.order, v)
}

// The window's counted views, for the first load (idx_events_type_action_created).
var (
	recentViewsWhere    = ` FROM "` + c.Events + `" WHERE "type" IN ('` + c.TypeBlog + `', '` + c.TypeProject + `', '` + c.TypeSite + `') AND "action" = '` + c.ActionView + `' AND "created" >= ?`
	recentViewsCountSQL = `SELECT COUNT(*)` + recentViewsWhere
	recentViewsSQL      = `SELECT "itemId", "visitor", "created"` + recentViewsWhere + ` ORDER BY "created"`
)

// writerAnnounceKey marks the writer's own announcements, which the memory already holds.
type writerAnnounceKey struct{}

// bindRecentViewsHooks makes the memory incomplete on every write to events it does not
// make itself, and on an item's deletion (its events go in raw SQL).
func bindRecentViewsHooks(app core.App) {
	forget := func(e *core.RecordEvent) error {
		if e.Context == nil || e.Context.Value(writerAnnounceKey{}) == nil {
			recentViewsOf(e.App).forget(c.DBTime(now(e.App).Add(viewWindow)))
		}
		return e.Next()
	}
	for _, bind := range []*hook.TaggedHook[*core.RecordEvent]{
		app.OnRecordAfterCreateSuccess(c.Events), app.OnRecordAfterUpdateSuccess(c.Events), app.OnRecordAfterDeleteSuccess(c.Events),
		app.OnRecordAfterDeleteSuccess(c.Blogs, c.Projects),
	} {
		bind.BindFunc(forget)
	}
}

// writerContext is the context of the writer's announcements.
var writerContext = context.WithValue(context.Background(), writerAnnounceKey{}, true)
