package move_test

import (
	"archive/zip"
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/catalog"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/move"
	"github.com/folio/folio/testutil"
)

// oldSite serves the fixtures' images where the old site did (real HTTP, on this machine).
func oldSite(t *testing.T) *httptest.Server {
	png, err := os.ReadFile("testdata/cover.png")
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, ".png") {
			w.Header().Set("Content-Type", "image/png")
			w.Write(png)
			return
		}
		http.NotFound(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv
}

func fixture(t *testing.T, name string, srv *httptest.Server) []byte {
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	if srv != nil {
		b = bytes.ReplaceAll(b, []byte("https://old.example"), []byte(srv.URL))
		b = bytes.ReplaceAll(b, []byte("https://kitchen.example/wp-content"), []byte(srv.URL+"/wp-content"))
	}
	return b
}

// zipDir zips a fixture folder, with extra entries.
func zipDir(t *testing.T, dir string, extra map[string][]byte) []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	if dir != "" {
		err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			rel, _ := filepath.Rel(dir, p)
			w, err := zw.Create(filepath.ToSlash(rel))
			if err != nil {
				return err
			}
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			_, err = w.Write(b)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for name, b := range extra {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write(b)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func byTitle(t *testing.T, app core.App, col, title string) *core.Record {
	t.Helper()
	rec, err := app.FindFirstRecordByData(col, c.FieldTitle, title)
	if err != nil {
		t.Fatalf("%s %q: %v", col, title, err)
	}
	return rec
}

func importOK(t *testing.T, app core.App, data []byte, opt move.Options) move.Result {
	t.Helper()
	res, err := move.Import(app, data, opt)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func redirectTo(t *testing.T, app core.App, from string) string {
	t.Helper()
	r, err := app.FindFirstRecordByData(c.Redirects, c.FieldFrom, from)
	if err != nil {
		t.Fatalf("no redirect from %s: %v", from, err)
	}
	if r.GetInt(c.FieldCode) != 301 {
		t.Errorf("redirect %s: code %d", from, r.GetInt(c.FieldCode))
	}
	return r.GetString(c.FieldTo)
}

func TestImportGhost(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	srv := oldSite(t)
	data := fixture(t, "ghost5.json", nil)
	opt := move.Options{Fetch: move.FetchImage, SiteURL: srv.URL} // the old site's address, given
	res := importOK(t, app, data, opt)
	if res.Imported != 2 || res.Skipped != 1 || res.Redirects != 1 || len(res.Errors) != 0 {
		t.Fatalf("result %+v", res)
	}
	rec := byTitle(t, app, c.Blogs, "Welcome to the garden")
	d := catalog.NewItemDetail(rec, false)
	if d.Author != "Ada Lovelace" || d.Date != "2023-11-15" || !slices.Equal(d.Tags, []string{"Gardening", "Summer"}) {
		t.Errorf("fields: %+v", d.ItemSummary)
	}
	if d.Description != "<p>Tomatoes <strong>love</strong> sun.</p><p><a>bad</a></p>" && strings.Contains(d.Description, "script") {
		t.Errorf("not sanitised: %s", d.Description)
	}
	if strings.Contains(d.Description, "script") || strings.Contains(d.Description, "javascript:") {
		t.Errorf("not sanitised: %s", d.Description)
	}
	if d.Media == nil || !strings.HasSuffix(*d.Media, ".png") {
		t.Errorf("feature image not fetched into media: %v", d.Media)
	}
	// __GHOST_URL__: the body image fetched from the old site into the item, links to pages
	// of the old site become paths here (redirected), file links point to the old site
	for _, want := range []string{`<img src="` + c.ItemImageURLPrefix, `alt="Raised bed"`, `href="/tag/gardening/"`, `href="` + srv.URL + `/content/files/2023/11/plan.pdf"`} {
		if !strings.Contains(d.Description, want) {
			t.Errorf("no %s in %s", want, d.Description)
		}
	}
	if strings.Contains(d.Description, "__GHOST_URL__") || strings.Contains(d.Description, "srcset") {
		t.Errorf("placeholder or srcset left: %s", d.Description)
	}
	if got := redirectTo(t, app, "/welcome-to-the-garden/"); got != "/blogs/"+rec.Id {
		t.Errorf("redirect to %s", got)
	}
	draft := byTitle(t, app, c.Blogs, "Unfinished thoughts")
	if draft.GetString(c.FieldAuthor) != "Charles Babbage" || draft.GetDateTime(c.FieldDate).Time().Format("2006-01-02") != "2023-12-01" {
		t.Errorf("draft fields: %v", draft.PublicExport())
	}
	if draft.GetString("status") != "draft" {
		t.Errorf("draft status %q", draft.GetString("status"))
	}
	if r, _ := app.FindFirstRecordByData(c.Redirects, c.FieldFrom, "/unfinished-thoughts/"); r != nil {
		t.Error("a draft's old URL (never public) was redirected")
	}
	// idempotent: a second run adds nothing
	res = importOK(t, app, data, opt)
	if res.Imported != 0 || res.Skipped != 3 || res.Redirects != 0 {
		t.Errorf("second run %+v", res)
	}
	if n, _ := app.CountRecords(c.Blogs); n != 2 {
		t.Errorf("%d blogs after two runs", n)
	}
}

// TestImportGhostWithoutSiteURL: with no address for the old site, a Ghost export's images
// (which it does not hold) are left out with a warning per post, and no __GHOST_URL__ link stays.
func TestImportGhostWithoutSiteURL(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	res := importOK(t, app, fixture(t, "ghost5.json", nil), move.Options{Fetch: move.FetchImage})
	if res.Imported != 2 || len(res.Errors) != 2 {
		t.Fatalf("result %+v", res)
	}
	for i, want := range []string{"Feature image not imported", "1 image left out"} {
		if e := res.Errors[i]; e.Source != "Welcome to the garden" || !strings.HasPrefix(e.Message, want) {
			t.Errorf("error %d: %+v, want %q…", i, e, want)
		}
	}
	d := catalog.NewItemDetail(byTitle(t, app, c.Blogs, "Welcome to the garden"), false)
	if d.Media != nil {
		t.Errorf("media %v", *d.Media)
	}
	if strings.Contains(d.Description, "__GHOST_URL__") || strings.Contains(d.Description, "<img") || strings.Contains(d.Description, "/content/") {
		t.Errorf("a link that points nowhere: %s", d.Description)
	}
	for _, want := range []string{`href="/tag/gardening/"`, "and the plan."} { // a file link: its text
		if !strings.Contains(d.Description, want) {
			t.Errorf("no %s in %s", want, d.Description)
		}
	}
}

func TestImportWordPress(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	data := fixture(t, "wordpress.xml", oldSite(t))
	res := importOK(t, app, data, move.Options{Fetch: move.FetchImage})
	if res.Imported != 2 || res.Skipped != 1 || res.Redirects != 1 || len(res.Errors) != 0 {
		t.Fatalf("result %+v", res)
	}
	rec := byTitle(t, app, c.Blogs, "Sourdough & patience")
	d := catalog.NewItemDetail(rec, false)
	if d.Author != "Grace Hopper" || d.Date != "2024-01-02" || !slices.Equal(d.Tags, []string{"bread", "fermentation"}) || !slices.Equal(d.Categories, []string{"Baking"}) {
		t.Errorf("fields: %+v", d.ItemSummary)
	}
	if strings.Contains(d.Description, "wp:") || !strings.Contains(d.Description, "<em>twice</em>") {
		t.Errorf("block comments or text: %s", d.Description)
	}
	if d.Media == nil {
		t.Error("the featured attachment did not become media")
	}
	// the attachment the body shows is fetched and stored as a body image
	if !strings.Contains(d.Description, `<img src="`+c.ItemImageURLPrefix) || strings.Contains(d.Description, "wp-content") {
		t.Errorf("body attachment not taken in: %s", d.Description)
	}
	if got := redirectTo(t, app, "/2024/01/02/sourdough/"); got != "/blogs/"+rec.Id {
		t.Errorf("redirect to %s", got)
	}
	draft := byTitle(t, app, c.Blogs, "Rye experiments")
	if draft.GetDateTime(c.FieldDate).Time().Format("2006-01-02") != "2024-02-10" || catalog.StringList(draft, c.FieldCategories) == nil ||
		len(catalog.StringList(draft, c.FieldCategories)) != 0 {
		t.Errorf("draft: %v", draft.PublicExport())
	}
	if draft.GetString("status") != "draft" {
		t.Errorf("draft status %q", draft.GetString("status"))
	}
	if res = importOK(t, app, data, move.Options{Fetch: move.FetchImage}); res.Imported != 0 || res.Skipped != 3 {
		t.Errorf("second run %+v", res)
	}
	// the old URL answers the redirect on the site
	rr := testutil.Do(t, app, "GET", "/2024/01/02/sourdough/", "", "")
	if rr.Code != 301 || rr.Header().Get("Location") != "/blogs/"+rec.Id {
		t.Errorf("GET old URL: %d %s", rr.Code, rr.Header().Get("Location"))
	}
}

func TestImportMarkdownZips(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	res := importOK(t, app, zipDir(t, "testdata/jekyll", nil), move.Options{})
	if res.Imported != 1 || len(res.Errors) != 0 {
		t.Fatalf("jekyll %+v", res)
	}
	rec := byTitle(t, app, c.Blogs, "Hello, world: a first post")
	d := catalog.NewItemDetail(rec, false)
	if d.Author != "Linus Example" || d.Date != "2023-04-05" || !slices.Equal(d.Tags, []string{"intro", "jekyll"}) || !slices.Equal(d.Categories, []string{"Notes", "Meta"}) {
		t.Errorf("fields: %+v", d.ItemSummary)
	}
	// GFM: tables and strikethrough rendered (the sanitiser decides what a description keeps)
	for _, want := range []string{"<strong>bold</strong>", `href="https://example.com"`, "1", "<del>struck</del>"} {
		if !strings.Contains(d.Description, want) {
			t.Errorf("no %s in %s", want, d.Description)
		}
	}
	if !strings.Contains(d.Description, `<img src="`) || strings.Contains(d.Description, "/assets/img/cover.png") {
		t.Errorf("the zip's image was not taken in: %s", d.Description)
	}
	if d.Media == nil {
		t.Error("front matter image did not become media")
	}

	res = importOK(t, app, zipDir(t, "testdata/hugo", nil), move.Options{})
	if res.Imported != 1 {
		t.Fatalf("hugo %+v", res)
	}
	h := byTitle(t, app, c.Blogs, "Half-written Hugo post")
	hd := catalog.NewItemDetail(h, false)
	if hd.Date != "2024-03-01" || !slices.Equal(hd.Tags, []string{"hugo", "drafts"}) || !slices.Equal(hd.Categories, []string{"Writing"}) ||
		!strings.Contains(hd.Description, "<em>thinking</em>") || hd.Author != "Unknown" {
		t.Errorf("hugo: %+v %s", hd.ItemSummary, hd.Description)
	}
	if h.GetString("status") != "draft" {
		t.Errorf("hugo draft status %q", h.GetString("status"))
	}
	if res = importOK(t, app, zipDir(t, "testdata/hugo", nil), move.Options{}); res.Imported != 0 || res.Skipped != 1 {
		t.Errorf("second run %+v", res)
	}
}

func TestImportRefusesBrokenFilesWhole(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	ghost := fixture(t, "ghost5.json", nil)
	bomb := func() []byte {
		var buf bytes.Buffer
		zw := zip.NewWriter(&buf)
		w, _ := zw.Create("_posts/2020-01-01-big.md")
		zeros := make([]byte, 1<<20)
		for range 300 {
			w.Write(zeros)
		}
		zw.Close()
		return buf.Bytes()
	}()
	for name, tc := range map[string]struct {
		data []byte
		msg  string
	}{
		"truncated JSON": {ghost[:len(ghost)/2], "The file is not valid JSON"},
		"JSON not Ghost": {[]byte(`{"hello": 1}`), "not a Ghost export"},
		"broken XML":     {fixture(t, "wordpress.xml", nil)[:2000], "not a WordPress WXR file"},
		"not an export":  {[]byte("hello"), "The file is not a Ghost JSON export"},
		"zip with ../":   {zipDir(t, "testdata/jekyll", map[string][]byte{"../evil.md": []byte("---\ntitle: x\n---\n")}), "unsafe path"},
		"zip bomb":       {bomb, "zip bomb"},
		"empty zip":      {zipDir(t, "", map[string][]byte{"notes.txt": []byte("x")}), "no Markdown files"},
	} {
		_, err := move.Import(app, tc.data, move.Options{})
		if !move.IsBadFile(err) || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%s: %v", name, err)
		}
	}
	if n, _ := app.CountRecords(c.Blogs); n != 0 {
		t.Errorf("%d blogs after refused files", n)
	}
}
