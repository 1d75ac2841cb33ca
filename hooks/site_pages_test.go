package hooks_test

import (
	"compress/gzip"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/pages"
	"github.com/folio/folio/testutil"
)

func TestSiteRoutes(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	col, err := app.FindCollectionByNameOrId(c.Blogs)
	if err != nil {
		t.Fatal(err)
	}
	blog := core.NewRecord(col)
	blog.Set("title", `Tom & "Jerry" <3`)
	blog.Set("author", "Ann")
	blog.Set("description", "<p>A short story about cats.</p>")
	if err := app.Save(blog); err != nil {
		t.Fatal(err)
	}

	pages := []string{"/", "/blogs", "/projects", "/categories", "/tags", "/archives", "/about", "/search?q=tom",
		"/login", "/register", "/forget-password", "/reset-password/abc123", "/admin", "/blogs/" + blog.Id}
	for _, p := range pages {
		res := testutil.Do(t, app, "GET", p, "", "")
		// The server's pages in the site's shell; sign-in and the dashboard in the React app's root.
		if res.Code != http.StatusOK || !strings.Contains(res.Body.String(), `<div id="root"`) {
			t.Errorf("GET %s: %d %q", p, res.Code, res.Body.String())
		}
		if got := res.Header().Get("Cache-Control"); got != "no-cache" {
			t.Errorf("GET %s: Cache-Control %q", p, got)
		}
	}

	for _, p := range []string{"/no-such-page", "/blogs/unknownid12345", "/projects/" + blog.Id, "/blogs/a/b"} {
		res := testutil.Do(t, app, "GET", p, "", "")
		body := res.Body.String()
		if res.Code != http.StatusNotFound || !strings.Contains(body, "Page not found") || !strings.Contains(body, `content="noindex"`) {
			t.Errorf("GET %s: want the 404 page with noindex, got %d %q", p, res.Code, body)
		}
	}

	for _, p := range []string{"/api/unknown", "/api/", "/missing.js", "/assets/nope-123.css"} {
		res := testutil.Do(t, app, "GET", p, "", "")
		if res.Code != http.StatusNotFound || strings.Contains(res.Body.String(), `id="root"`) {
			t.Errorf("GET %s: want plain 404, got %d %q", p, res.Code, res.Body.String())
		}
	}
}

func TestSiteItemMeta(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	app.Settings().Meta.AppURL = "https://folio.example"
	col, _ := app.FindCollectionByNameOrId(c.Projects)
	rec := core.NewRecord(col)
	rec.Set("title", `Tom & "Jerry" <script>`)
	rec.Set("author", "Ann")
	rec.Set("description", "<p>Cats <b>and</b> mice.</p>")
	if err := app.Save(rec); err != nil {
		t.Fatal(err)
	}
	res := testutil.Do(t, app, "GET", "/projects/"+rec.Id, "", "")
	body := res.Body.String()
	for _, want := range []string{
		`<title>Tom &amp; &#34;Jerry&#34; &lt;script&gt; · Folio</title>`,
		`<meta name="description" content="Cats and mice.">`,
		`<meta property="og:description" content="Cats and mice.">`,
		`<link rel="canonical" href="https://folio.example/projects/` + rec.Id + `">`,
		`<meta property="og:title" content="Tom &amp; &#34;Jerry&#34; &lt;script&gt;">`,
		// Without a cover or profile image, the generated card (issue 31).
		`<meta name="twitter:card" content="summary_large_image">`,
		`<meta property="og:image" content="https://folio.example/share-card/project/` + rec.Id + `.png">`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("missing %s in %s", want, body)
		}
	}
	if strings.Count(body, "<title>") != 1 || strings.Contains(strings.Replace(body, "<script>"+pages.ThemeScript+"</script>", "", 1), "<script>") {
		t.Errorf("bad head: %s", body)
	}
}

func TestSiteAssets(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	res := testutil.Do(t, app, "GET", "/assets/index-abc.js", "", "", "Accept-Encoding", "gzip, br")
	if res.Code != 200 || res.Header().Get("Content-Encoding") != "gzip" {
		t.Fatalf("asset: %d %v", res.Code, res.Header())
	}
	if got := res.Header().Get("Cache-Control"); got != "public, max-age=31536000, immutable" {
		t.Errorf("asset Cache-Control %q", got)
	}
	if !strings.HasPrefix(res.Header().Get("Content-Type"), "text/javascript") {
		t.Errorf("asset Content-Type %q", res.Header().Get("Content-Type"))
	}
	zr, err := gzip.NewReader(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := io.ReadAll(zr)
	if !strings.HasPrefix(string(plain), `console.log("folio")`) {
		t.Errorf("gunzipped body %q", plain[:20])
	}
	etag := res.Header().Get("ETag")
	if etag == "" {
		t.Fatal("no ETag")
	}
	again := testutil.Do(t, app, "GET", "/assets/index-abc.js", "", "", "If-None-Match", etag)
	if again.Code != http.StatusNotModified || again.Body.Len() != 0 {
		t.Errorf("If-None-Match: %d", again.Code)
	}
	plainRes := testutil.Do(t, app, "GET", "/assets/index-abc.js", "", "")
	if plainRes.Header().Get("Content-Encoding") != "" || !strings.HasPrefix(plainRes.Body.String(), "console") {
		t.Errorf("no gzip without Accept-Encoding")
	}
}
