package hooks_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/pages"
	"github.com/folio/folio/testutil"
)

const quoteScriptTitle = `Say "hi" </title><script>alert(1)</script>`

// pageSite is an app with a profile, About, a blog and a project whose values need escaping.
func pageSite(t *testing.T) (app *tests.TestApp, blogID, projectID string) {
	t.Helper()
	app = testutil.NewApp(t)
	app.Settings().Meta.AppURL = "https://folio.example"
	testutil.SaveRecord(t, app, c.Profile, "", map[string]any{"heading": `Ada "A" <Lovelace>`, "bio": "<p>Writes about <b>engines</b>.</p>"})
	testutil.SaveRecord(t, app, c.About, "", map[string]any{"header": "<p>Hello &amp; welcome</p>", "skills": "<ul><li>Go</li></ul>"})
	blog := testutil.SaveRecord(t, app, c.Blogs, "", map[string]any{"title": quoteScriptTitle, "author": "Ann", "date": "2026-11-20",
		"description": `<p>Body <script>alert(2)</script>text &amp; more.</p>`, "tags": []string{`t"1`, "<t2>"}, "categories": []string{"Dev & Ops", "Go"}})
	project := testutil.SaveRecord(t, app, c.Projects, "", map[string]any{"title": "Engine", "author": "Ann", "date": "2026-11-19",
		"description": "<p>A machine.</p>", "attachLink": "https://example.com/engine"})
	return app, blog.Id, project.Id
}

func getPage(t *testing.T, app *tests.TestApp, target string, header ...string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, target, nil)
	for i := 0; i+1 < len(header); i += 2 {
		if header[i] == "Host" {
			req.Host = header[i+1]
		} else {
			req.Header.Set(header[i], header[i+1])
		}
	}
	rec := httptest.NewRecorder()
	testutil.Handler(t, app).ServeHTTP(rec, req)
	return rec
}

func TestSitePageHeads(t *testing.T) {
	t.Parallel()
	app, blogID, projectID := pageSite(t)
	cases := []struct {
		path, canonical, ogType, ldType string
		status                          int
		noindex                         bool
		text                            []string // read inside #root without JavaScript
	}{
		{path: "/", canonical: "/", ogType: "website", ldType: "WebSite", status: 200, text: []string{quoteScriptTitle, "Engine"}},
		{path: "/?page=1&utm_source=x", canonical: "/", ogType: "website", ldType: "WebSite", status: 200},
		{path: "/blogs", canonical: "/blogs", ogType: "website", status: 200, text: []string{quoteScriptTitle}},
		{path: "/projects", canonical: "/projects", ogType: "website", status: 200, text: []string{"Engine"}},
		{path: "/blogs/" + blogID, canonical: "/blogs/" + blogID, ogType: "article", ldType: "BlogPosting", status: 200,
			text: []string{quoteScriptTitle, "By Ann", "November 20, 2026", "Body text & more.", "Dev & Ops", "Go", `t"1`, "<t2>"}},
		{path: "/projects/" + projectID, canonical: "/projects/" + projectID, ogType: "article", ldType: "CreativeWork", status: 200,
			text: []string{"Engine", "A machine.", "Visit Project"}},
		{path: "/categories", canonical: "/categories", ogType: "website", status: 200, text: []string{"Dev & Ops1 sub-category · 1 item", "Uncategorized1 item"}},
		{path: "/categories?category=Dev%20%26%20Ops&open=true", canonical: "/categories?category=Dev%20%26%20Ops&open=true", ogType: "website", status: 200, text: []string{"Go1 item"}},
		{path: "/categories?main=Dev%20%26%20Ops&sub=Go&openSub=true", canonical: "/categories?main=Dev%20%26%20Ops&sub=Go&openSub=true", ogType: "website", status: 200, text: []string{quoteScriptTitle}},
		{path: "/tags", canonical: "/tags", ogType: "website", status: 200, text: []string{`t"11`, "<t2>1"}},
		{path: "/tags?tag=%3Ct2%3E", canonical: "/tags?tag=%3Ct2%3E", ogType: "website", status: 200, text: []string{quoteScriptTitle}},
		{path: "/archives", canonical: "/archives", ogType: "website", status: 200, text: []string{"2026", quoteScriptTitle, "Engine"}},
		{path: "/about", canonical: "/about", ogType: "website", ldType: "Person", status: 200, text: []string{"Hello & welcome", "Go"}},
		{path: "/login", canonical: "/login", ogType: "website", status: 200, text: []string{"needs JavaScript"}},
		{path: "/reset-password/tok", canonical: "/reset-password/tok", ogType: "website", status: 200, noindex: true},
		{path: "/no-such-page", canonical: "/no-such-page", ogType: "website", status: 404, noindex: true, text: []string{"Page not found"}},
		{path: "/blogs/unknownid12345", canonical: "/blogs/unknownid12345", ogType: "website", status: 404, noindex: true},
		{path: "/projects/" + blogID, canonical: "/projects/" + blogID, ogType: "website", status: 404, noindex: true},
	}
	for _, tc := range cases {
		res := getPage(t, app, tc.path)
		if res.Code != tc.status {
			t.Errorf("GET %s: status %d, want %d", tc.path, res.Code, tc.status)
			continue
		}
		body := res.Body.String()
		if strings.Contains(body, "<script>alert") || strings.Contains(body, "</title><script>") {
			t.Errorf("GET %s: an unescaped value:\n%s", tc.path, body)
		}
		page := testutil.ParsePage(t, res.Body.Bytes())
		testutil.One(t, tc.path+" titles", page.Titles)
		if d := testutil.One(t, tc.path+" descriptions", page.Descriptions); d == "" {
			t.Errorf("GET %s: empty description", tc.path)
		}
		if got := testutil.One(t, tc.path+" canonicals", page.Canonicals); got != "https://folio.example"+tc.canonical {
			t.Errorf("GET %s: canonical %q", tc.path, got)
		}
		if got := page.Meta["og:type"]; len(got) != 1 || got[0] != tc.ogType {
			t.Errorf("GET %s: og:type %q", tc.path, got)
		}
		if got := page.Meta["og:url"]; len(got) != 1 || got[0] != "https://folio.example"+tc.canonical {
			t.Errorf("GET %s: og:url %q", tc.path, got)
		}
		if got := len(page.Meta["alternate"]); got != 3 {
			t.Errorf("GET %s: %d feed links", tc.path, got)
		}
		if noindex := len(page.Meta["robots"]) == 1 && page.Meta["robots"][0] == "noindex"; noindex != tc.noindex {
			t.Errorf("GET %s: noindex %v", tc.path, page.Meta["robots"])
		}
		if tc.ldType != "" && (len(page.JSONLD) == 0 || page.JSONLD[0]["@type"] != tc.ldType) {
			t.Errorf("GET %s: JSON-LD %v, want %s first", tc.path, page.JSONLD, tc.ldType)
		}
		for _, want := range tc.text {
			if !strings.Contains(page.Text, want) {
				t.Errorf("GET %s: %q not in the server-rendered content %q", tc.path, want, page.Text)
			}
		}
		if strings.Contains(page.Text, "alert(2)") {
			t.Errorf("GET %s: the description's script survived: %q", tc.path, page.Text)
		}
	}

	// the item's own tags
	page := testutil.ParsePage(t, getPage(t, app, "/blogs/"+blogID).Body.Bytes())
	if got := testutil.One(t, "titles", page.Titles); got != quoteScriptTitle+" · Folio" {
		t.Errorf("title %q", got)
	}
	for key, want := range map[string]string{"og:title": quoteScriptTitle, "article:published_time": "2026-11-20"} {
		if got := page.Meta[key]; len(got) != 1 || got[0] != want {
			t.Errorf("%s %q, want %q", key, got, want)
		}
	}
	if got := page.Meta["article:tag"]; strings.Join(got, ",") != `t"1,<t2>` {
		t.Errorf("article:tag %q", got)
	}
	if got := page.Meta["article:modified_time"]; len(got) != 1 || got[0] == "" {
		t.Errorf("article:modified_time %q", got)
	}
	ld := page.JSONLD[0]
	if ld["headline"] != quoteScriptTitle || ld["datePublished"] != "2026-11-20" || ld["articleSection"] != "Dev & Ops" {
		t.Errorf("BlogPosting %v", ld)
	}
	home := testutil.ParsePage(t, getPage(t, app, "/").Body.Bytes())
	if len(home.JSONLD) != 2 || home.JSONLD[1]["@type"] != "Person" || home.JSONLD[1]["name"] != `Ada "A" <Lovelace>` {
		t.Errorf("Home JSON-LD %v", home.JSONLD)
	}
}

func TestSitePageRequestHostFallback(t *testing.T) {
	t.Parallel()
	app, blogID, _ := pageSite(t)
	app.Settings().Meta.AppURL = pages.DefaultAppURL // PocketBase's default counts as unset
	for _, tc := range []struct {
		header []string
		want   string
	}{
		{[]string{"Host", "reader.example:8443"}, "http://reader.example:8443"},
		{[]string{"Host", "reader.example", "X-Forwarded-Proto", "https", "X-Forwarded-Host", "evil.example"}, "http://reader.example"},
	} {
		page := testutil.ParsePage(t, getPage(t, app, "/blogs/"+blogID, tc.header...).Body.Bytes())
		if got := testutil.One(t, "canonicals", page.Canonicals); got != tc.want+"/blogs/"+blogID {
			t.Errorf("%v: canonical %q, want %s", tc.header, got, tc.want)
		}
		if got := page.Meta["og:url"]; len(got) != 1 || got[0] != tc.want+"/blogs/"+blogID {
			t.Errorf("%v: og:url %q", tc.header, got)
		}
		if strings.Contains(strings.Join(page.Meta["alternate"], " "), "localhost:8090") {
			t.Errorf("%v: feed links %q", tc.header, page.Meta["alternate"])
		}
	}
	// behind a trusted proxy the forwarded scheme and host count
	app.Settings().TrustedProxy.Headers = []string{"X-Forwarded-For"}
	page := testutil.ParsePage(t, getPage(t, app, "/blogs/"+blogID, "Host", "10.0.0.2", "X-Forwarded-Proto", "https", "X-Forwarded-Host", "me.example").Body.Bytes())
	if got := testutil.One(t, "canonicals", page.Canonicals); got != "https://me.example/blogs/"+blogID {
		t.Errorf("behind a trusted proxy: canonical %q", got)
	}
}

func TestSitePageCache(t *testing.T) {
	t.Parallel()
	app, blogID, _ := pageSite(t)
	path := "/blogs/" + blogID
	first := getPage(t, app, path)
	etag := first.Header().Get("ETag")
	if etag == "" || !strings.HasPrefix(etag, `"`) || first.Header().Get("Cache-Control") != "no-cache" {
		t.Fatalf("headers %v", first.Header())
	}
	if res := getPage(t, app, path, "If-None-Match", etag); res.Code != http.StatusNotModified {
		t.Fatalf("If-None-Match: %d", res.Code)
	}
	if res := getPage(t, app, path, "Accept-Encoding", "gzip"); res.Header().Get("Content-Encoding") != "gzip" {
		t.Fatalf("no gzip copy: %v", res.Header())
	}
	rec, err := app.FindRecordById(c.Blogs, blogID)
	if err != nil {
		t.Fatal(err)
	}
	rec.Set("title", "Renamed")
	if err := app.Save(rec); err != nil {
		t.Fatal(err)
	}
	res := getPage(t, app, path, "If-None-Match", etag)
	if res.Code != http.StatusOK || res.Header().Get("ETag") == etag || !strings.Contains(res.Body.String(), "<title>Renamed · Folio</title>") {
		t.Fatalf("after an edit: %d %s", res.Code, res.Header().Get("ETag"))
	}
}

// A repeated anonymous GET of a cached answer is answered before the middleware chain, with
// the chain's own headers, and never after the answer changed.
func TestCacheFrontSkipsTheChain(t *testing.T) {
	t.Parallel()
	app, blogID, _ := pageSite(t)
	chainRuns := 0
	var path string
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		se.Router.BindFunc(func(e *core.RequestEvent) error { // default priority: after the front
			if e.Request.URL.RequestURI() == path { // not the page's own reads of the API
				chainRuns++
			}
			return e.Next()
		})
		return se.Next()
	})
	for _, path = range []string{"/blogs/" + blogID, "/api/blogs/" + blogID, "/api/content?page=1"} {
		before := chainRuns
		first := getPage(t, app, path)
		second := getPage(t, app, path)
		if chainRuns != before+1 {
			t.Errorf("%s: the chain ran %d times for two requests, want 1", path, chainRuns-before)
		}
		if first.Body.String() != second.Body.String() || second.Code != http.StatusOK {
			t.Errorf("%s: the second answer differs", path)
		}
		for _, h := range []string{"Content-Type", "ETag", "Cache-Control", "Vary", "X-Content-Type-Options", "X-Frame-Options"} {
			if first.Header().Get(h) == "" || first.Header().Get(h) != second.Header().Get(h) {
				t.Errorf("%s: %s %q then %q", path, h, first.Header().Get(h), second.Header().Get(h))
			}
		}
		if res := getPage(t, app, path, "If-None-Match", first.Header().Get("ETag")); res.Code != http.StatusNotModified {
			t.Errorf("%s: front 304: %d", path, res.Code)
		}
		before = chainRuns
		getPage(t, app, path, "Authorization", "x")
		getPage(t, app, path, "Origin", "https://elsewhere.example")
		if chainRuns != before+2 {
			t.Errorf("%s: a signed-in or cross-origin request skipped the chain", path)
		}
	}
	rec, _ := app.FindRecordById(c.Blogs, blogID)
	rec.Set("title", "Fresh title")
	if err := app.Save(rec); err != nil {
		t.Fatal(err)
	}
	if body := getPage(t, app, "/blogs/"+blogID).Body.String(); !strings.Contains(body, "Fresh title") {
		t.Error("the front served a page after its content changed")
	}
}

// Public pages come in the site's shell (profile, sections, the latest items, the tags, the
// Sign in link back to the page); sign-in and the dashboard are the React app's.
func TestSitePageFrame(t *testing.T) {
	t.Parallel()
	app, blogID, _ := pageSite(t)
	home := getPage(t, app, "/").Body.String()
	for _, want := range []string{
		`class="site"`, `id="site-navbar"`, `id="site-aside"`, `id="main-content"`,
		`<p class="profile-name">Ada &#34;A&#34; &lt;Lovelace&gt;</p>`, // the profile card
		`<a class="nav-link" href="/" aria-current="page">`,            // Home is the current section
		`href="/blogs/` + blogID + `"`, `>Recently Updated</h2>`,
		`Tag: </span>t&#34;1</a>`, `Tag: </span>&lt;t2&gt;</a>`, // trending tags, named as tags
		`class="site-page"`, `Some rights reserved.`, `<a class="account-signin" href="/login?next=%2F">Sign in</a>`,
	} {
		if !strings.Contains(home, want) {
			t.Errorf("Home lacks %s", want)
		}
	}
	item := getPage(t, app, "/blogs/"+blogID).Body.String()
	if !strings.Contains(item, `<a class="nav-link" href="/blogs" aria-current="page">`) || strings.Count(item, `aria-current="page"`) != 1 ||
		!strings.Contains(item, `href="/login?next=%2Fblogs%2F`+blogID+`"`) {
		t.Errorf("a blog marks Blogs as its section and signs in back to itself")
	}
	if login := getPage(t, app, "/login").Body.String(); strings.Contains(login, `class="site"`) || !strings.Contains(login, "needs JavaScript") ||
		!strings.Contains(login, `<div id="root">`) {
		t.Errorf("sign-in is the app's page and says it needs JavaScript")
	}
}
