package hooks_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"github.com/folio/folio/cache"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/hooks"
	"github.com/folio/folio/testutil"
)

// publishNow is the clock of the publishing scenarios.
var publishNow = time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)

// TestPublicLeaksRealtime: a guest or reader subscribed to the items hears a public item's
// save and nothing of a draft's; an approved admin hears both.
func TestPublicLeaksRealtime(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	testutil.Handler(t, app) // binds PocketBase's realtime hooks, as serving does
	admin := testutil.CreateUser(t, app, "admin@folio.test", c.StatusApproved, false)
	reader := testutil.CreateUser(t, app, "reader@folio.test", c.StatusPending, false)
	for _, col := range []string{c.Blogs, c.Projects} {
		adminGot := testutil.Subscribe(app, admin, col+"/*")
		readerGot := testutil.Subscribe(app, reader, col+"/*")
		guestGot := testutil.Subscribe(app, nil, col+"/*")
		testutil.SaveRecord(t, app, col, "", map[string]any{c.FieldTitle: "Secret draft", c.FieldAuthor: "Ann", c.FieldStatus: c.ItemDraft})
		if got := adminGot(5 * time.Second); len(got) != 1 || !strings.Contains(got[0], "Secret draft") {
			t.Fatalf("%s: admin heard %v", col, got)
		}
		if r, g := readerGot(100*time.Millisecond), guestGot(0); len(r) != 0 || len(g) != 0 {
			t.Errorf("%s: a draft reached the reader %v or the guest %v", col, r, g)
		}
		testutil.SaveRecord(t, app, col, "", map[string]any{c.FieldTitle: "Out now", c.FieldAuthor: "Ann"})
		if g := guestGot(5 * time.Second); len(g) != 1 || !strings.Contains(g[0], "Out now") {
			t.Errorf("%s: guest heard %v of a published item", col, g)
		}
	}
}

// TestAdminItemsStatus: status and publishAt on the admin routes (API.md "Publishing").
func TestAdminItemsStatus(t *testing.T) {
	t.Parallel()
	future := publishNow.Add(2 * time.Hour).Format(time.RFC3339)
	past := publishNow.Add(-time.Minute).Format(time.RFC3339)
	seed := atClock(publishNow, func(t testing.TB, app *tests.TestApp) {
		testutil.SaveRecord(t, app, c.Blogs, "draftblog000001", map[string]any{c.FieldTitle: "Draft one", c.FieldAuthor: "Ann", c.FieldStatus: c.ItemDraft})
		testutil.SaveRecord(t, app, c.Blogs, "pubblog00000001", map[string]any{c.FieldTitle: "Live one", c.FieldAuthor: "Ann"})
	})
	for _, col := range []string{c.Blogs, c.Projects} {
		base := "/api/admin/" + col
		for _, s := range []testutil.Scenario{
			{Name: col + " default published", Method: "POST", URL: base, Fields: map[string]string{"title": "T", "author": "A"}, Status: 201,
				Content: []string{`"status":"published"`, `"publishAt":null`}},
			{Name: col + " draft", Method: "POST", URL: base, Fields: map[string]string{"title": "T", "author": "A", "status": "draft"}, Status: 201,
				Content: []string{`"status":"draft"`, `"publishAt":null`}},
			{Name: col + " draft drops publishAt", Method: "POST", URL: base, Fields: map[string]string{"title": "T", "author": "A", "status": "draft", "publishAt": future}, Status: 201,
				Content: []string{`"status":"draft"`, `"publishAt":null`}},
			{Name: col + " scheduled", Method: "POST", URL: base, Fields: map[string]string{"title": "T", "author": "A", "status": "scheduled", "publishAt": future}, Status: 201,
				Content: []string{`"status":"scheduled"`, `"publishAt":"` + future + `"`}},
			{Name: col + " unknown status", Method: "POST", URL: base, Fields: map[string]string{"title": "T", "author": "A", "status": "hidden"}, Status: 400,
				Errors: map[string]string{"status": "Status must be published, draft or scheduled"}},
			{Name: col + " scheduled in the past", Method: "POST", URL: base, Fields: map[string]string{"title": "T", "author": "A", "status": "scheduled", "publishAt": past}, Status: 400,
				Errors: map[string]string{"publishAt": "Publish time must be in the future"}},
			{Name: col + " scheduled without time", Method: "POST", URL: base, Fields: map[string]string{"title": "T", "author": "A", "status": "scheduled"}, Status: 400,
				Errors: map[string]string{"publishAt": "Publish time must be in the future"}},
			{Name: col + " bad publishAt", Method: "POST", URL: base, Fields: map[string]string{"title": "T", "author": "A", "status": "scheduled", "publishAt": "tomorrow"}, Status: 400,
				Errors: map[string]string{"publishAt": "Publish time must be a date and time (RFC 3339)"}},
		} {
			s.As, s.Setup = testutil.Admin, seed
			s.Test(t)
		}
	}
	for _, s := range []testutil.Scenario{
		{Name: "list every status", Method: "GET", URL: "/api/admin/blogs", Status: 200,
			Content: []string{`"totalItems":2`, `"id":"draftblog000001"`, `"status":"draft"`, `"status":"published"`}},
		{Name: "list drafts", Method: "GET", URL: "/api/admin/blogs?status=draft", Status: 200,
			Content: []string{`"totalItems":1`, `"id":"draftblog000001"`}, NotContent: []string{"pubblog00000001"}},
		{Name: "list published", Method: "GET", URL: "/api/admin/blogs?status=published", Status: 200,
			Content: []string{`"totalItems":1`, `"id":"pubblog00000001"`}, NotContent: []string{"draftblog000001"}},
		{Name: "list unknown status", Method: "GET", URL: "/api/admin/blogs?status=nope", Status: 400,
			Errors: map[string]string{"status": "Status must be published, draft or scheduled"}},
		{Name: "detail of a draft", Method: "GET", URL: "/api/admin/blogs/draftblog000001", Status: 200,
			Content: []string{`"id":"draftblog000001"`, `"status":"draft"`, `"publishAt":null`, `"description":`}},
		{Name: "detail unknown", Method: "GET", URL: "/api/admin/blogs/nope", Status: 404, StatusOnly: "unknown id"},
		{Name: "update to draft keeps the rest", Method: "PUT", URL: "/api/admin/blogs/pubblog00000001", Fields: map[string]string{"status": "draft"}, Status: 200,
			Content: []string{`"status":"draft"`, `"title":"Live one"`}},
	} {
		s.As, s.Setup = testutil.Admin, seed
		s.Test(t)
	}
	// A save from /_/ (a superuser's record API write) keeps the same rules.
	testutil.Scenario{Name: "superuser records API", Method: "POST", URL: "/api/collections/blogs/records", As: testutil.Superuser, Setup: seed,
		JSON: `{"title":"T","author":"A","status":"scheduled","publishAt":"` + past + `"}`, Status: 400,
		Errors: map[string]string{"publishAt": "Publish time must be in the future"}}.Test(t)
}

// saveItem saves an item with the given status through the record hooks.
func saveItem(t testing.TB, app core.App, col, id, title, status string, publishAt time.Time) *core.Record {
	f := map[string]any{c.FieldTitle: title, c.FieldAuthor: "Ann", c.FieldStatus: status, c.FieldTags: []string{"soon"}}
	if !publishAt.IsZero() {
		f[c.FieldPublishAt] = publishAt
	}
	return testutil.SaveRecord(t, app, col, id, f)
}

// clockedApp is a served test app whose clock starts at publishNow and moves when the
// test stores another time in clockAt.
func clockedApp(t *testing.T) (*tests.TestApp, *atomic.Int64, http.Handler) {
	app := testutil.NewApp(t)
	clockAt := new(atomic.Int64)
	clockAt.Store(publishNow.UnixNano())
	hooks.SetClock(app, func() time.Time { return time.Unix(0, clockAt.Load()).UTC() })
	_, h := servedApp(t, app)
	return app, clockAt, h
}

// TestScheduledGoesOut: a scheduled item is absent everywhere until publishAt on the app
// clock, and the first request at that moment sees it everywhere, every cache warm, with
// no write and no restart. The cache knows the moment (cache.NextChange).
func TestScheduledGoesOut(t *testing.T) {
	t.Parallel()
	app, clockAt, h := clockedApp(t)
	at := publishNow.Add(time.Hour)
	saveItem(t, app, c.Blogs, "liveblog0000001", "Always here", c.ItemPublished, time.Time{})
	blog := saveItem(t, app, c.Blogs, "soonblog0000001", "Coming soon blog", c.ItemScheduled, at)
	project := saveItem(t, app, c.Projects, "soonproj0000001", "Coming soon project", c.ItemScheduled, at.Add(time.Minute))
	get := func(u string) (int, string) {
		res := httptest.NewRecorder()
		h.ServeHTTP(res, httptest.NewRequest("GET", u, nil))
		return res.Code, res.Body.String()
	}
	urls := []string{"/api/content", "/api/blogs", "/api/tags/soon", "/api/archives", "/rss.xml", "/atom.xml", "/feed.json", "/sitemap.xml", "/", "/blogs", "/tags?tag=soon"}
	check := func(when string, wantBlog, wantProject bool) {
		t.Helper()
		for _, u := range urls {
			for i := 0; i < 2; i++ { // the second answer comes from the warm caches
				_, body := get(u)
				wantProject := wantProject && u != "/api/blogs" // the blog list holds no project
				if strings.Contains(body, blog.Id) != wantBlog || strings.Contains(body, project.Id) != wantProject {
					t.Errorf("%s: GET %s (pass %d) shows blog %v, project %v; want %v, %v", when, u, i, !wantBlog, !wantProject, wantBlog, wantProject)
				}
			}
		}
		wantCode := map[bool]int{true: 200, false: 404}
		if code, _ := get("/api/blogs/" + blog.Id); code != wantCode[wantBlog] {
			t.Errorf("%s: blog detail %d", when, code)
		}
		if code, _ := get("/blogs/" + blog.Id); code != wantCode[wantBlog] {
			t.Errorf("%s: blog page %d", when, code)
		}
		res := httptest.NewRecorder()
		h.ServeHTTP(res, httptest.NewRequest("POST", "/api/share-project/"+project.Id, nil))
		if res.Code != wantCode[wantProject] {
			t.Errorf("%s: project share %d", when, res.Code)
		}
	}
	check("before", false, false)
	if got := cache.NextChange(app); !got.Equal(at) {
		t.Errorf("the cache expects its next change at %v, want %v", got, at)
	}
	clockAt.Store(at.Add(-time.Nanosecond).UnixNano())
	check("just before", false, false)
	clockAt.Store(at.UnixNano())
	check("at publishAt", true, false)
	if got := cache.NextChange(app); !got.Equal(at.Add(time.Minute)) {
		t.Errorf("then the cache expects %v, want the project's %v", got, at.Add(time.Minute))
	}
	clockAt.Store(at.Add(time.Hour).UnixNano())
	check("later", true, true)
	if got := cache.NextChange(app); !got.IsZero() {
		t.Errorf("nothing left to publish, yet the cache expects a change at %v", got)
	}
}
