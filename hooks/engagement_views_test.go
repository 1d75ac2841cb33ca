package hooks_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/hooks"
	"github.com/folio/folio/testutil"
)

// viewer posts views of the blog through one handler, as the visitor the User-Agent makes.
func viewer(t *testing.T, h http.Handler) func(ua, want string) {
	return func(ua, want string) {
		t.Helper()
		res := httptest.NewRecorder()
		req := httptest.NewRequest(http.MethodPost, "/api/view/"+engBlogID, nil)
		req.Header.Set("User-Agent", ua)
		h.ServeHTTP(res, req)
		if got := strings.TrimSpace(res.Body.String()); res.Code != http.StatusOK || got != want {
			t.Fatalf("view as %q: %d %s, want %s", ua, res.Code, got, want)
		}
	}
}

// TestRecentViewsLoadedAfterARestart: the writer's memory of counted views starts from
// the events table, so a visitor counted before a restart is still counted once.
func TestRecentViewsLoadedAfterARestart(t *testing.T) {
	app := engApp(t)
	view := viewer(t, testutil.Handler(t, app))
	view(engBrowser, `{"viewCount":1}`)
	view(engBrowser, `{"viewCount":1}`) // remembered
	hooks.RestartRecentViews(app)
	view(engBrowser, `{"viewCount":1}`) // loaded again from events
	view(engBrowser+" Firefox", `{"viewCount":2}`)
	if n := engEvents(t, app, engBlogID, c.ActionView); n != 2 {
		t.Errorf("%d view events, want 2", n)
	}
}

// TestRecentViewsForgetOtherWrites: a view event deleted through the records API (as in
// /_/) no longer makes its visitor's next view a repeat: the memory gave up its claim.
func TestRecentViewsForgetOtherWrites(t *testing.T) {
	app := engApp(t)
	view := viewer(t, testutil.Handler(t, app))
	view(engBrowser, `{"viewCount":1}`)
	recs, err := app.FindRecordsByFilter(c.Events, "action = 'view'", "", 0, 0)
	if err != nil || len(recs) != 1 {
		t.Fatalf("view events: %v %v", recs, err)
	}
	if err := app.Delete(recs[0]); err != nil {
		t.Fatal(err)
	}
	view(engBrowser, `{"viewCount":2}`) // counted again: its earlier event is gone
	if n := engEvents(t, app, engBlogID, c.ActionView); n != 1 {
		t.Errorf("%d view events, want 1", n)
	}
	view(engBrowser, `{"viewCount":2}`) // and remembered again (or probed): a repeat
}

// TestRecentViewsLoadedAgainAfterOtherWrites: a view event saved through the records API
// (as in /_/) drops the writer's memory, and the next batch loads it again from the
// events, the new one included: the visitor it names is a repeat on that item, and the
// memory answers again rather than leaving every view to the database for a window.
func TestRecentViewsLoadedAgainAfterOtherWrites(t *testing.T) {
	app := engApp(t)
	h := testutil.Handler(t, app)
	view := viewer(t, h)
	view(engBrowser, `{"viewCount":1}`)
	if loaded, n := hooks.RecentViewsHeld(app); !loaded || n != 1 {
		t.Fatalf("memory after one view: loaded %v, %d views", loaded, n)
	}
	var visitor string
	if err := app.DB().NewQuery("SELECT visitor FROM events WHERE action = 'view'").Row(&visitor); err != nil {
		t.Fatal(err)
	}
	testutil.SaveRecord(t, app, c.Events, "", map[string]any{
		c.FieldType: c.TypeProject, c.FieldItemID: engProjectID, c.FieldAction: c.ActionView, c.FieldVisitor: visitor,
	})
	if loaded, _ := hooks.RecentViewsHeld(app); loaded {
		t.Fatal("the memory outlived a view event saved outside the writer")
	}
	res := httptest.NewRecorder()
	req := httptest.NewRequest(http.MethodPost, "/api/view-project/"+engProjectID, nil)
	req.Header.Set("User-Agent", engBrowser)
	h.ServeHTTP(res, req)
	if res.Code != http.StatusOK {
		t.Fatalf("project view: %d %s", res.Code, res.Body)
	}
	if n := engEvents(t, app, engProjectID, c.ActionView); n != 1 {
		t.Errorf("%d project view events, want 1: the visitor of the saved event is a repeat", n)
	}
	if loaded, n := hooks.RecentViewsHeld(app); !loaded || n != 2 {
		t.Errorf("memory after the next batch: loaded %v, %d views, want loaded with 2", loaded, n)
	}
	view(engBrowser, `{"viewCount":1}`) // still a repeat, from the loaded memory
}

// TestRecentViewsClockBack: when the app's clock goes back, the memory is loaded again
// from the events, so views it had expired that are inside the window again still count
// once.
func TestRecentViewsClockBack(t *testing.T) {
	app := engApp(t)
	base := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	now := base
	hooks.SetClock(app, func() time.Time { return now })
	view := viewer(t, testutil.Handler(t, app))
	view(engBrowser, `{"viewCount":1}`)
	now = base.Add(40 * time.Minute) // the first view leaves the window and the memory
	view(engBrowser+" B", `{"viewCount":2}`)
	if _, n := hooks.RecentViewsHeld(app); n != 1 {
		t.Fatalf("memory holds %d views after the window passed, want 1", n)
	}
	now = base.Add(10 * time.Minute) // back: the first view is inside the window again
	view(engBrowser, `{"viewCount":2}`)
	if loaded, n := hooks.RecentViewsHeld(app); !loaded || n != 2 {
		t.Errorf("memory after the clock went back: loaded %v, %d views, want loaded with 2", loaded, n)
	}
}

// TestRecentViewsFullMemoryProbes: once the memory has pushed out a counted view, a
// visitor it does not hold is asked of the database, so the pushed-out one is still a repeat.
func TestRecentViewsFullMemoryProbes(t *testing.T) {
	app := engApp(t)
	hooks.SetRecentViewsMax(app, 2)
	view := viewer(t, testutil.Handler(t, app))
	view(engBrowser+" A", `{"viewCount":1}`)
	view(engBrowser+" B", `{"viewCount":2}`)
	view(engBrowser+" C", `{"viewCount":3}`) // pushes A out
	view(engBrowser+" A", `{"viewCount":3}`) // a repeat, found by the probe
	view(engBrowser+" D", `{"viewCount":4}`)
	if n := engEvents(t, app, engBlogID, c.ActionView); n != 4 {
		t.Errorf("%d view events, want 4", n)
	}
}

// TestRecentViewsNotLoadedOverOwnRows: when the memory is dropped while a batch is being
// written, a later round of that batch does not load it (the load would read the batch's
// own uncommitted views, and keep them if the batch rolled back); it asks the database,
// and the next batch loads the memory with every committed view.
func TestRecentViewsNotLoadedOverOwnRows(t *testing.T) {
	app := engApp(t)
	entered, joined, free1, free2 := holdRounds(t, app)
	h := &heldWriter{app: app, handler: testutil.Handler(t, app)}
	first, second := httptest.NewRecorder(), httptest.NewRecorder()
	h.send("/api/view/"+engBlogID, "", engBrowser, first)
	if n := <-entered; n != 1 {
		t.Fatalf("first batch holds %d writes", n)
	}
	h.send("/api/view-project/"+engProjectID, "", engBrowser+" B", second)
	h.queued(t, 1)
	free1() // round 1 loads the memory and counts the blog view; the project view joins
	if n := <-joined; n != 1 {
		t.Fatalf("%d writes joined, want the project view", n)
	}
	hooks.ForgetRecentViews(app) // a write to events outside the writer has just committed
	free2()                      // round 2 counts the project view
	h.wg.Wait()
	for name, res := range map[string]*httptest.ResponseRecorder{"blog": first, "project": second} {
		if got := strings.TrimSpace(res.Body.String()); res.Code != http.StatusOK || got != `{"viewCount":1}` {
			t.Errorf("%s view: %d %s", name, res.Code, got)
		}
	}
	if loaded, n := hooks.RecentViewsHeld(app); loaded {
		t.Errorf("memory loaded in the batch's second round (%d views), over its own uncommitted rows", n)
	}
	view := viewer(t, h.handler)
	view(engBrowser, `{"viewCount":1}`) // the next batch loads both views: a repeat
	if loaded, n := hooks.RecentViewsHeld(app); !loaded || n != 2 {
		t.Errorf("memory after the next batch: loaded %v, %d views, want loaded with 2", loaded, n)
	}
}
