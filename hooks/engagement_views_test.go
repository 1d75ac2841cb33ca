package hooks_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

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
