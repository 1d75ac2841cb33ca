package hooks_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/hooks"
	"github.com/folio/folio/testutil"
)

// leakEnv is a served app holding, for both types, a public item and three that are not
// public: a draft, one scheduled for tomorrow and one published, read everywhere (caches
// warm) and then turned back into a draft.
type leakEnv struct {
	t      *testing.T
	app    core.App
	h      http.Handler
	reader string // a pending account's token (likes need one)
	warm   bool   // the first walk: it fills the caches, before anything is hidden
	hidden []*core.Record
}

// do sends one request through the served handler.
func (env *leakEnv) do(method, u, token, body string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, u, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", token)
	}
	res := httptest.NewRecorder()
	env.h.ServeHTTP(res, req)
	return res
}

// absent GETs u and fails when the answer shows a hidden item (its id, also part of its
// tags and categories, or its title) or is a server error.
func (env *leakEnv) absent(u string, token ...string) {
	env.t.Helper()
	env.absentMarks(u, true, token...)
}

// absentMarks is absent; withID false looks for titles only (a 404 page may name its path).
func (env *leakEnv) absentMarks(u string, withID bool, token ...string) {
	env.t.Helper()
	res := env.do("GET", u, strings.Join(token, ""), "")
	if res.Code >= 500 {
		env.t.Errorf("GET %s: %d %s", u, res.Code, res.Body)
	}
	body := res.Body.String()
	for _, rec := range env.hidden {
		marks := []string{rec.GetString(c.FieldTitle)}
		if withID {
			marks = append(marks, rec.Id)
		}
		for _, mark := range marks {
			if strings.Contains(body, mark) {
				env.t.Errorf("GET %s shows %q (%s item)", u, mark, rec.GetString(c.FieldStatus))
			}
		}
	}
}

// status sends a request and fails unless it answers want.
func (env *leakEnv) status(method, u, token, body string, want int) {
	env.t.Helper()
	if res := env.do(method, u, token, body); res.Code != want {
		env.t.Errorf("%s %s: %d, want %d: %s", method, u, res.Code, want, res.Body)
	}
}

// eachHidden runs f for every hidden item with its type's path word and route suffix.
func (env *leakEnv) eachHidden(f func(rec *core.Record, dir, suffix string)) {
	for _, rec := range env.hidden {
		if rec.Collection().Name == c.Projects {
			f(rec, "projects", "-project")
		} else {
			f(rec, "blogs", "")
		}
	}
}

// leakWords are in every hidden item's title (which adds a word of its own), so a search
// for them may echo them but shows a hidden item only by its whole title.
const leakWords = "hidden entry"

// leakRow probes one registered route (or, for PocketBase's own, a family of them by
// prefix, with the reason none can show an item to the public).
type leakRow struct {
	route  string // "METHOD /pattern" as registered; a trailing * matches a prefix
	probe  func(env *leakEnv)
	reason string // when probe is nil: why the route cannot show a hidden item
}

var leakRows = []leakRow{
	{route: "GET /api/content", probe: func(env *leakEnv) {
		env.absent("/api/content")
		env.absent("/api/content?perPage=100&tag=shared")
		env.absent("/api/content?q=leak")
		env.absent("/api/content?q=" + url.QueryEscape(leakWords))
		env.absent("/api/content?category=Shared")
		env.eachHidden(func(rec *core.Record, _, _ string) {
			env.absent("/api/content?q=" + url.QueryEscape(rec.GetString(c.FieldTitle)))
			env.absent("/api/content?tag=t" + rec.Id)
			env.absent("/api/content?category=Shared&sub=s" + rec.Id)
		})
		var list struct{ TotalItems int }
		json.Unmarshal(env.do("GET", "/api/content", "", "").Body.Bytes(), &list)
		if !env.warm && list.TotalItems != 2 {
			env.t.Errorf("/api/content counts %d items, want the 2 public ones", list.TotalItems)
		}
	}},
	{route: "GET /api/search", probe: func(env *leakEnv) {
		env.absent("/api/search?q=" + url.QueryEscape(leakWords))
		env.absent("/api/search?q=" + url.QueryEscape(leakWords) + "&type=blog")
		env.absent("/api/search?q=body")
		env.eachHidden(func(rec *core.Record, _, _ string) { env.absent("/api/search?q=t" + rec.Id) })
	}},
	{route: "GET /api/blogs", probe: func(env *leakEnv) { env.absent("/api/blogs"); env.absent("/api/blogs?q=leak") }},
	{route: "GET /api/projects", probe: func(env *leakEnv) { env.absent("/api/projects"); env.absent("/api/projects?q=leak") }},
	{route: "GET /api/blogs/{id}", probe: detailProbe("/api/")},
	{route: "GET /api/projects/{id}", probe: detailProbe("/api/")},
	{route: "GET /api/categories", probe: func(env *leakEnv) {
		env.absent("/api/categories")
		if body := env.do("GET", "/api/categories", "", "").Body.String(); !env.warm && !strings.Contains(body, `{"name":"Shared","count":2,`) {
			env.t.Errorf("/api/categories counts hidden items: %s", body)
		}
	}},
	{route: "GET /api/categories/{name}", probe: func(env *leakEnv) {
		env.absent("/api/categories/Shared")
		env.eachHidden(func(rec *core.Record, _, _ string) { env.status("GET", "/api/categories/m"+rec.Id, "", "", 404) })
	}},
	{route: "GET /api/tags", probe: func(env *leakEnv) {
		env.absent("/api/tags")
		if body := env.do("GET", "/api/tags", "", "").Body.String(); !env.warm && !strings.Contains(body, `{"name":"shared","count":2,`) {
			env.t.Errorf("/api/tags counts hidden items: %s", body)
		}
	}},
	{route: "GET /api/tags/{tag}", probe: func(env *leakEnv) {
		env.absent("/api/tags/shared")
		env.eachHidden(func(rec *core.Record, _, _ string) { env.status("GET", "/api/tags/t"+rec.Id, "", "", 404) })
	}},
	{route: "GET /api/archives", probe: func(env *leakEnv) { env.absent("/api/archives") }},
	{route: "GET /api/profile", probe: func(env *leakEnv) { env.absent("/api/profile") }},
	{route: "GET /api/about", probe: func(env *leakEnv) { env.absent("/api/about") }},
	{route: "POST /api/view/{id}", probe: engagementProbe("view", "")},
	{route: "POST /api/view-project/{id}", probe: engagementProbe("view", "")},
	{route: "POST /api/like/{id}", probe: engagementProbe("like", "")},
	{route: "POST /api/like-project/{id}", probe: engagementProbe("like", "")},
	{route: "POST /api/share/{id}", probe: engagementProbe("share", "")},
	{route: "POST /api/share-project/{id}", probe: engagementProbe("share", "")},
	{route: "POST /api/comment/{id}", probe: engagementProbe("comment", `{"email":"a@b.co","content":"hi"}`)},
	{route: "POST /api/comment-project/{id}", probe: engagementProbe("comment", `{"email":"a@b.co","content":"hi"}`)},
	{route: "POST /api/view-website", reason: "counts a site view; answers no item"},
	{route: "GET /api/search", probe: func(env *leakEnv) {
		env.absent("/api/search?q=leak")
		env.eachHidden(func(rec *core.Record, _, _ string) {
			env.absent("/api/search?q=" + url.QueryEscape(rec.GetString(c.FieldTitle)))
			env.absent("/api/search?perPage=100&q=" + url.QueryEscape(rec.GetString(c.FieldTitle)[:6]))
		})
	}},
	{route: "GET /rss.xml", probe: func(env *leakEnv) { env.absent("/rss.xml") }},
	{route: "GET /atom.xml", probe: func(env *leakEnv) { env.absent("/atom.xml") }},
	{route: "GET /feed.json", probe: func(env *leakEnv) { env.absent("/feed.json") }},
	{route: "GET /sitemap.xml", probe: func(env *leakEnv) { env.absent("/sitemap.xml") }},
	{route: "GET /robots.txt", probe: func(env *leakEnv) { env.absent("/robots.txt") }},
	{route: "GET /manifest.webmanifest", probe: func(env *leakEnv) { env.absent("/manifest.webmanifest") }},
	{route: "GET /icons/*", reason: "the profile picture's icons"},
	{route: "GET /share-card/{type}/{file}", probe: func(env *leakEnv) {
		env.eachHidden(func(rec *core.Record, _, _ string) {
			env.status("GET", "/share-card/"+map[string]string{c.Blogs: c.TypeBlog, c.Projects: c.TypeProject}[rec.Collection().Name]+"/"+rec.Id+".png", "", "", 404)
		})
	}},
	{route: "GET /{path...}", probe: func(env *leakEnv) {
		for _, p := range []string{"/", "/blogs", "/projects", "/categories", "/categories?category=Shared&open=true",
			"/tags", "/tags?tag=shared", "/archives", "/about", "/search?q=leak", "/blogs?q=leak", "/nowhere"} {
			env.absent(p)
		}
		env.absent("/search?q=" + url.QueryEscape(leakWords))
		env.eachHidden(func(rec *core.Record, dir, _ string) {
			env.status("GET", "/"+dir+"/"+rec.Id, "", "", 404)
			// These pages may echo what they were asked for (a path, a tag): titles only.
			env.absentMarks("/"+dir+"/"+rec.Id, false)
			env.absentMarks("/tags?tag=t"+rec.Id, false)
			env.absentMarks("/categories?category=m"+rec.Id+"&open=true", false)
		})
	}},
	// PocketBase's records API: the collections' read rules.
	{route: "GET /api/collections/{collection}/records", probe: func(env *leakEnv) {
		for _, col := range []string{c.Blogs, c.Projects, c.Revisions} {
			env.absent("/api/collections/" + col + "/records?perPage=500")
			env.absent("/api/collections/"+col+"/records?perPage=500", env.reader)
		}
	}},
	{route: "GET /api/collections/{collection}/records/{id}", probe: func(env *leakEnv) {
		env.eachHidden(func(rec *core.Record, dir, _ string) {
			env.status("GET", "/api/collections/"+dir+"/records/"+rec.Id, "", "", 404)
			env.status("GET", "/api/collections/"+dir+"/records/"+rec.Id, env.reader, "", 404)
		})
	}},
	{route: "GET /api/realtime", reason: "TestPublicLeaksRealtime"},
	{route: "POST /api/realtime", reason: "TestPublicLeaksRealtime"},
	{route: "GET /api/files/{collection}/{recordId}/{filename}", reason: "a file by its random name; no public answer names a hidden item's files (the other rows)"},
	{route: "* /api/admin/*", reason: "approved accounts only (adminGate)"},
	{route: "* /api/collections*", reason: "PocketBase's collection, auth and write routes: superusers, or the caller's own account"},
	{route: "* /api/backups*", reason: "superusers only"},
	{route: "* /api/logs*", reason: "superusers only"},
	{route: "* /api/settings*", reason: "superusers only"},
	{route: "* /api/crons*", reason: "superusers only"},
	{route: "POST /api/sql", reason: "superusers only"},
	{route: "POST /api/batch", reason: "writes under the collections' rules: superusers only for items"},
	{route: "POST /api/files/token", reason: "a file token for the caller"},
	{route: "GET /api/health", reason: "no content"},
	{route: "* /api/oauth2-redirect", reason: "no content"},
	{route: "GET /_/extensions.js", reason: "PocketBase's admin UI"},
	{route: " /*", reason: "PocketBase's admin UI and static files"},
}

// detailProbe checks the detail routes answer 404 for every hidden item.
func detailProbe(prefix string) func(env *leakEnv) {
	return func(env *leakEnv) {
		env.eachHidden(func(rec *core.Record, dir, _ string) {
			env.status("GET", prefix+dir+"/"+rec.Id, "", "", 404)
			env.status("GET", prefix+dir+"/"+rec.Id, env.reader, "", 404)
		})
	}
}

// engagementProbe checks an engagement action answers 404 for every hidden item.
func engagementProbe(action, body string) func(env *leakEnv) {
	return func(env *leakEnv) {
		env.eachHidden(func(rec *core.Record, _, suffix string) {
			env.status("POST", "/api/"+action+suffix+"/"+rec.Id, env.reader, body, 404)
		})
	}
}

// rowFor finds the row of a registered route.
func rowFor(route string) *leakRow {
	for i, r := range leakRows {
		got := route
		if strings.HasPrefix(r.route, "* ") { // any method
			_, path, _ := strings.Cut(route, " ")
			got = "* " + path
		}
		if p, ok := strings.CutSuffix(r.route, "*"); ok && strings.HasPrefix(got, p) || got == r.route {
			return &leakRows[i]
		}
	}
	return nil
}

// newLeakEnv seeds the items and warms every cached answer while the soon-hidden ones are public.
func newLeakEnv(t *testing.T) *leakEnv {
	app := testutil.NewApp(t)
	clock := time.Now().UTC().Truncate(time.Second)
	hooks.SetClock(app, func() time.Time { return clock })
	_, h := servedApp(t, app)
	env := &leakEnv{t: t, app: app, h: h}
	env.reader = testutil.Token(t, testutil.CreateUser(t, app, "reader@folio.test", c.StatusPending, false))
	testutil.SaveRecord(t, app, c.Profile, "", map[string]any{"heading": "Ann", "bio": "Writes"})
	save := func(col, id, title, status string, publishAt time.Time) *core.Record {
		f := map[string]any{c.FieldTitle: title, c.FieldAuthor: "Ann", c.FieldDescription: "<p>" + title + " body</p>",
			c.FieldTags: []string{"shared", "t" + id}, c.FieldStatus: status, c.FieldDate: "2026-01-02 00:00:00.000Z"}
		if id[0] == 'p' { // public items: the shared category
			f[c.FieldCategories] = []string{"Shared"}
		} else {
			f[c.FieldCategories] = []string{"m" + id}
		}
		if !publishAt.IsZero() {
			f[c.FieldPublishAt] = publishAt
		}
		if id[0] == 'x' { // formerly published: a sub-category of the shared one
			f[c.FieldCategories] = []string{"Shared", "s" + id}
		}
		return testutil.SaveRecord(t, app, col, id, f)
	}
	var former []*core.Record
	for _, col := range []string{c.Blogs, c.Projects} {
		save(col, "pub"+col[:4]+"000000000"[:8], "Public "+col, c.ItemPublished, time.Time{})
		former = append(former, save(col, "xfo"+col[:4]+"00000000", "Leakformer"+col+" "+leakWords, c.ItemPublished, time.Time{}))
	}
	env.warm = true
	env.walk() // every answer cached while the formerly published items are public (nothing hidden yet)
	env.warm, env.hidden = false, former
	for _, rec := range former {
		rec.Set(c.FieldStatus, c.ItemDraft)
		if err := app.Save(rec); err != nil {
			t.Fatal(err)
		}
	}
	for _, col := range []string{c.Blogs, c.Projects} {
		env.hidden = append(env.hidden,
			save(col, "dra"+col[:4]+"00000000", "Leakdraft"+col+" "+leakWords, c.ItemDraft, time.Time{}),
			save(col, "sch"+col[:4]+"00000000", "Leakscheduled"+col+" "+leakWords, c.ItemScheduled, clock.Add(24*time.Hour)))
	}
	return env
}

// walk runs every row's probe.
func (env *leakEnv) walk() {
	for _, r := range leakRows {
		if r.probe != nil {
			r.probe(env)
		}
	}
}

// TestPublicLeaks walks every route the router registers with a draft, a scheduled and an
// unpublished item of both types, and fails if one shows anywhere public; a route without a
// row in leakRows fails too.
func TestPublicLeaks(t *testing.T) {
	t.Parallel()
	env := newLeakEnv(t)
	r, _ := servedApp(t, testutil.NewApp(t))
	for _, route := range registeredRoutes(r) {
		if rowFor(route) == nil {
			t.Errorf("route %q has no row in leakRows: say how it keeps non-public items out", route)
		}
	}
	env.walk()
	if t.Failed() {
		return
	}
	// The same walk with nothing hidden must find the formerly published items: the probes see what they look for.
	for _, rec := range env.hidden[:2] {
		rec.Set(c.FieldStatus, c.ItemPublished)
		if err := env.app.Save(rec); err != nil {
			t.Fatal(err)
		}
	}
	if body := env.do("GET", "/api/content", "", "").Body.String(); !strings.Contains(body, env.hidden[0].Id) {
		t.Fatalf("a published item is missing from /api/content: %s", body)
	}
}
