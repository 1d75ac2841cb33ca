package hooks_test

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"image"
	"image/color"
	"image/gif"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/filesystem"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/hooks"
	"github.com/folio/folio/testutil"
)

// pubPublicRoutes are every public GET route, against pubItems.
var pubPublicRoutes = []string{
	"/api/profile", "/api/about", "/api/content", "/api/content?type=blog&q=o", "/api/blogs", "/api/projects?page=2",
	"/api/blogs/" + pubB1, "/api/projects/" + pubP1, "/api/categories", "/api/categories/Tech",
	"/api/tags", "/api/tags/go", "/api/archives",
}

func TestPublicProfileAndAbout(t *testing.T) {
	t.Parallel()
	withContent := testutil.Factory(func(t testing.TB, app *tests.TestApp) {
		profile, _ := app.FindCollectionByNameOrId(c.Profile)
		p := core.NewRecord(profile)
		p.Set(c.FieldHeading, "Ada Lovelace")
		p.Set(c.FieldBio, "Writes about engines.")
		p.Set(c.FieldImage, pubImage(t, "me.png", png.Encode))
		p.Set(c.FieldSocialLinks, []map[string]string{{"title": " GitHub ", "url": "github.com/ada"}, {"title": "", "url": "https://x.example"}})
		if err := app.Save(p); err != nil {
			t.Fatal(err)
		}
		about, _ := app.FindCollectionByNameOrId(c.About)
		a := core.NewRecord(about)
		a.Set("header", "<p>Hi</p>")
		a.Set("skills", "<ul><li>Go</li></ul>")
		a.Set(c.FieldAttachLinks, []map[string]string{{"title": "CV", "url": "https://example.com/cv.pdf"}})
		a.Set(c.FieldMedia, pubImage(t, "loop.gif", func(w io.Writer, m image.Image) error { return gif.Encode(w, m, nil) }))
		if err := app.Save(a); err != nil {
			t.Fatal(err)
		}
	})
	scenarios := []tests.ApiScenario{
		{Name: "profile before it exists", URL: "/api/profile", TestAppFactory: testutil.Factory(), ExpectedStatus: 200,
			ExpectedContent: []string{`{"bio":"","heading":"","image":null,"socialLinks":[]}`}},
		{Name: "about before it exists", URL: "/api/about", TestAppFactory: testutil.Factory(), ExpectedStatus: 200,
			ExpectedContent: []string{`"header":""`, `"declaration":""`, `"skills":""`, `"media":null`, `"attachLinks":[]`}},
		{Name: "profile", URL: "/api/profile", TestAppFactory: withContent, ExpectedStatus: 200,
			ExpectedContent: []string{`"heading":"Ada Lovelace"`, `"bio":"Writes about engines."`, `"image":"/api/files/pbc_profile/`,
				`"socialLinks":[{"title":"GitHub","url":"https://github.com/ada"}]`}},
		{Name: "about", URL: "/api/about", TestAppFactory: withContent, ExpectedStatus: 200,
			ExpectedContent: []string{`"header":"<p>Hi</p>"`, `"skills":"<ul><li>Go</li></ul>"`, `"media":{"kind":"gif","url":"/api/files/pbc_about/`,
				`"attachLinks":[{"title":"CV","url":"https://example.com/cv.pdf"}]`}},
	}
	for _, s := range scenarios {
		s.Method = http.MethodGet
		s.Test(t)
	}
}

func pubImage(t testing.TB, name string, encode func(io.Writer, image.Image) error) *filesystem.File {
	t.Helper()
	m := image.NewPaletted(image.Rect(0, 0, 4, 4), color.Palette{color.Black, color.White})
	var buf bytes.Buffer
	if err := encode(&buf, m); err != nil {
		t.Fatal(err)
	}
	f, err := filesystem.NewFileFromBytes(buf.Bytes(), name)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// Every public GET answers a strong ETag, a CDN-friendly Cache-Control, and 304 on a match.
func TestPublicHTTPCaching(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	pubSeed(t, app, pubItems...)
	mux := pubMux(t, app)
	for _, u := range pubPublicRoutes {
		res := pubGet(mux, u, nil)
		etag := res.Header.Get("ETag")
		if res.StatusCode != 200 || !strings.HasPrefix(etag, `"`) || len(etag) < 10 {
			t.Fatalf("%s: status %d, ETag %q", u, res.StatusCode, etag)
		}
		if cc := res.Header.Get("Cache-Control"); cc != "public, max-age=60, stale-while-revalidate=600" {
			t.Errorf("%s: Cache-Control %q", u, cc)
		}
		if v := res.Header.Get("Vary"); !strings.Contains(v, "Authorization") {
			t.Errorf("%s: Vary %q", u, v)
		}
		for _, inm := range []string{etag, "W/" + etag, `"x", ` + etag, "*"} {
			res304 := pubGet(mux, u, map[string]string{"If-None-Match": inm})
			body, _ := io.ReadAll(res304.Body)
			if res304.StatusCode != http.StatusNotModified || len(body) != 0 || res304.Header.Get("ETag") != etag {
				t.Errorf("%s If-None-Match %s: status %d, body %q, ETag %q", u, inm, res304.StatusCode, body, res304.Header.Get("ETag"))
			}
		}
		if again := pubGet(mux, u, map[string]string{"If-None-Match": `"other"`}); again.StatusCode != 200 || again.Header.Get("ETag") != etag {
			t.Errorf("%s: a stale validator answered %d, ETag %q", u, again.StatusCode, again.Header.Get("ETag"))
		}
		if priv := pubGet(mux, u, map[string]string{"Authorization": "x"}); priv.Header.Get("Cache-Control") != "private, no-cache" {
			t.Errorf("%s with Authorization: Cache-Control %q", u, priv.Header.Get("Cache-Control"))
		}
	}
}

func TestPublicGzip(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	long := strings.Repeat("<p>Lorem ipsum dolor sit amet.</p>", 200)
	pubSeed(t, app, pubItem{id: pubB1, typ: c.TypeBlog, title: "Long", date: "2026-01-01", desc: long})
	mux := pubMux(t, app)
	plain := pubGet(mux, "/api/blogs/"+pubB1, nil)
	plainBody, _ := io.ReadAll(plain.Body)
	zipped := pubGet(mux, "/api/blogs/"+pubB1, map[string]string{"Accept-Encoding": "br, gzip"})
	if zipped.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("Content-Encoding %q", zipped.Header.Get("Content-Encoding"))
	}
	zr, err := gzip.NewReader(zipped.Body)
	if err != nil {
		t.Fatal(err)
	}
	unzipped, _ := io.ReadAll(zr)
	if !bytes.Equal(unzipped, plainBody) || !strings.Contains(string(plainBody), "Lorem ipsum") {
		t.Errorf("gzip body differs from the plain one")
	}
	if refused := pubGet(mux, "/api/blogs/"+pubB1, map[string]string{"Accept-Encoding": "gzip;q=0"}); refused.Header.Get("Content-Encoding") != "" {
		t.Errorf("gzip;q=0 was answered gzip")
	}
}

// Aggregates and lists are cached, and a save through record hooks is visible on the next read.
func TestPublicCacheInvalidation(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	recs := pubSeed(t, app, pubItems...)
	mux := pubMux(t, app)
	read := func(u string) (string, string) {
		res := pubGet(mux, u, nil)
		body, _ := io.ReadAll(res.Body)
		return string(body), res.Header.Get("ETag")
	}
	routes := []string{"/api/content", "/api/categories", "/api/tags", "/api/archives", "/api/blogs/" + pubB1, "/api/categories/Tech", "/api/tags/go", "/api/profile"}
	before := map[string]string{}
	for _, u := range routes {
		_, before[u] = read(u)
	}

	// A write around the hooks is not seen: answers come from the cache.
	if _, err := app.DB().NewQuery("UPDATE blogs SET title = 'Sneaky' WHERE id = {:id}").Bind(map[string]any{"id": pubB1}).Execute(); err != nil {
		t.Fatal(err)
	}
	if body, _ := read("/api/archives"); strings.Contains(body, "Sneaky") {
		t.Fatalf("archives were not cached")
	}

	// A save through the hooks is seen everywhere at once.
	b1 := recs[0]
	b1.Set(c.FieldTitle, "Renamed")
	b1.Set(c.FieldTags, []string{"renamed"})
	b1.Set(c.FieldCategories, []string{"Tech", "Zed"})
	if err := app.Save(b1); err != nil {
		t.Fatal(err)
	}
	profiles, _ := app.FindCollectionByNameOrId(c.Profile)
	p := core.NewRecord(profiles)
	p.Set(c.FieldHeading, "New heading")
	p.Set(c.FieldBio, "Bio")
	if err := app.Save(p); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"/api/content": `"title":"Renamed"`, "/api/categories": `"name":"Zed"`, "/api/tags": `"name":"renamed"`,
		"/api/archives": `"title":"Renamed"`, "/api/blogs/" + pubB1: `"title":"Renamed"`,
		"/api/categories/Tech": `"name":"Zed"`, "/api/tags/go": `"count":2`, "/api/profile": `"heading":"New heading"`,
	}
	for _, u := range routes {
		body, etag := read(u)
		if !strings.Contains(body, want[u]) || etag == before[u] {
			t.Errorf("%s after save: ETag %s (was %s), body %s", u, etag, before[u], body)
		}
	}

	// The hidden searchTitle follows the title.
	if body, _ := read("/api/content?q=RENAMED"); !strings.Contains(body, `"title":"Renamed"`) {
		t.Errorf("search after rename: %s", body)
	}

	// Deletes too.
	if err := app.Delete(recs[4]); err != nil {
		t.Fatal(err)
	}
	if body, _ := read("/api/content"); !strings.Contains(body, `"totalItems":4`) {
		t.Errorf("content after delete: %s", body)
	}
	if res := pubGet(mux, "/api/projects/"+pubP2, nil); res.StatusCode != 404 {
		t.Errorf("deleted project answered %d", res.StatusCode)
	}
}

// Nothing a client puts in a query string or path yields a 500; answers stay JSON.
func FuzzPublicQuery(f *testing.F) {
	app := testutil.NewApp(f)
	pubSeed(f, app, pubItems...)
	mux := pubMux(f, app)
	for _, seed := range []string{
		"page=1", "page=abc", "perPage=-1", "perPage=1e3", "page=%00", "q=%25", "q=caf%C3%A9", "q=%FF%FE",
		"tag=go&category=Tech&sub=Web", "type=blog", "type=%27;DROP%20TABLE%20blogs;--", "q='))--", "category=Uncategorized",
		"page=9223372036854775807&perPage=100", "sub=%5B0%5D", "q=" + strings.Repeat("a", 3000),
	} {
		f.Add(seed, "Tech")
	}
	f.Fuzz(func(t *testing.T, rawQuery, name string) {
		for _, u := range []string{"/api/content?" + rawQuery, "/api/blogs?" + rawQuery, "/api/categories/" + url.PathEscape(name), "/api/tags/" + url.PathEscape(name)} {
			// parse as the server would; what no HTTP parser accepts never reaches a handler
			req, err := http.ReadRequest(bufio.NewReader(strings.NewReader("GET " + u + " HTTP/1.1\r\nHost: folio.test\r\n\r\n")))
			if err != nil {
				continue
			}
			req.RemoteAddr = "192.0.2.1:1234"
			rec := httptest.NewRecorder()
			mux.ServeHTTP(rec, req)
			res := rec.Result()
			body, _ := io.ReadAll(res.Body)
			if res.StatusCode >= 300 && res.StatusCode < 400 {
				continue // the router cleans paths such as "/api/tags/.." by redirecting
			}
			if res.StatusCode != 200 && res.StatusCode != 400 && res.StatusCode != 404 {
				t.Fatalf("%s: status %d: %s", u, res.StatusCode, body)
			}
			if !json.Valid(body) {
				t.Fatalf("%s: not JSON: %s", u, body)
			}
		}
	})
}

// Counter writes by raw SQL are seen after InvalidateCounters, which keeps the aggregates;
// InvalidateContent drops everything.
func TestPublicCounterInvalidation(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	pubSeed(t, app, pubItems...)
	mux := pubMux(t, app)
	read := func(u string) string {
		body, _ := io.ReadAll(pubGet(mux, u, nil).Body)
		return string(body)
	}
	for _, u := range []string{"/api/blogs/" + pubB1, "/api/content", "/api/tags/go", "/api/categories"} {
		read(u)
	}
	exec := func(sql string) {
		if _, err := app.DB().NewQuery(sql).Execute(); err != nil {
			t.Fatal(err)
		}
	}
	exec(`UPDATE blogs SET categories = '["Moved"]' WHERE id = '` + pubB1 + `'`)
	exec(`INSERT INTO itemCounters (item, type, likeCount) VALUES ('` + pubB1 + `', 'blog', 7)`)
	if body := read("/api/blogs/" + pubB1); !strings.Contains(body, `"likeCount":0`) {
		t.Fatalf("detail was not cached: %s", body)
	}
	hooks.InvalidateCounters(app)
	for _, u := range []string{"/api/blogs/" + pubB1, "/api/content", "/api/tags/go"} {
		if body := read(u); !strings.Contains(body, `"likeCount":7`) {
			t.Errorf("%s after InvalidateCounters: %s", u, body)
		}
	}
	if body := read("/api/categories"); strings.Contains(body, "Moved") {
		t.Errorf("categories were dropped by InvalidateCounters: %s", body)
	}
	hooks.InvalidateContent(app)
	if body := read("/api/categories"); !strings.Contains(body, `"name":"Moved"`) {
		t.Errorf("categories after InvalidateContent: %s", body)
	}
}

// Reads racing with writes never leave a stale answer in the cache once the writes are done.
func TestPublicConcurrentReadsAndWrites(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	pubSeed(t, app, pubItems...)
	mux := pubMux(t, app)
	done := make(chan struct{})
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-done:
					return
				default:
				}
				for _, u := range []string{"/api/content", "/api/tags", "/api/tags/go", "/api/blogs/" + pubB1, "/api/archives"} {
					if res := pubGet(mux, u+"?r="+strconv.Itoa(i), nil); res.StatusCode != 200 {
						t.Errorf("%s: %d", u, res.StatusCode)
					}
				}
			}
		}()
	}
	for i := range 6 {
		pubSeed(t, app, pubItem{typ: c.TypeBlog, title: "New " + strconv.Itoa(i), date: "2026-04-01", tags: []string{"go"}})
	}
	close(done)
	wg.Wait()
	var l pubList
	pubJSON(t, pubGet(mux, "/api/content", nil), &l)
	var tags []struct {
		Name  string
		Count int
	}
	pubJSON(t, pubGet(mux, "/api/tags", nil), &tags)
	if l.TotalItems != 11 || len(tags) == 0 || tags[0].Name != "go" || tags[0].Count != 9 {
		t.Errorf("after the writes: %d items, tags %v", l.TotalItems, tags)
	}
}
