package pages_test

import (
	"html/template"
	"strconv"
	"strings"
	"testing"

	. "github.com/folio/folio/pages"
	"github.com/folio/folio/testutil"
)

const evilTitle = `Say "hi" </title><script>alert(1)</script> & 'bye'`

// doc renders a whole page around content, with the built assets' names.
func doc(h Head, content string) []byte {
	return Document(h, Frame{Path: "/", Content: template.HTML(content)}, Assets{Style: NewStylesheet("body{margin:0}", nil), StyleFile: "/assets/site-abc.css", CSS: "/assets/site-interactive-abc.css", JS: "/assets/islands-abc.js"})
}

// One head per page, the theme script first, the islands a module; the main column in <main>.
func TestDocumentHasOneHeadAndTheShell(t *testing.T) {
	head := Head{Title: "Home | Folio", Description: "Posts", Base: "https://me.example", Path: "/"}
	raw := doc(head, `<p>hello</p>`)
	page := testutil.ParsePage(t, raw)
	if testutil.One(t, "titles", page.Titles) != "Home | Folio" || testutil.One(t, "descriptions", page.Descriptions) != "Posts" {
		t.Fatalf("head: %+v", page)
	}
	if testutil.One(t, "canonicals", page.Canonicals) != "https://me.example/" {
		t.Fatal(page.Canonicals)
	}
	if !strings.Contains(page.Text, "hello") || !strings.Contains(page.Text, "Sign in") {
		t.Fatalf("page text %q", page.Text)
	}
	s := string(raw)
	// The theme script names the files it loads after the page (outside its hashed text): the
	// site's whole stylesheet first, then the islands' own.
	theme := `<script data-islands="/assets/islands-abc.js" data-css="/assets/site-abc.css /assets/site-interactive-abc.css">` + ThemeScript + "</script>"
	if !strings.Contains(s, theme) || strings.Index(s, ThemeScript) > strings.Index(s, "<title>") {
		t.Fatal("the head must start with the colour-scheme script, which loads the islands")
	}
	// No request holds the first paint: the critical CSS is inline, no module or stylesheet is
	// linked, but for a reader without JavaScript, who gets the whole stylesheet from <noscript>.
	noscript := `<noscript><link rel="stylesheet" href="/assets/site-abc.css"></noscript>`
	if !strings.Contains(s, noscript) {
		t.Errorf("document lacks %s", noscript)
	}
	if rest := strings.Replace(strings.Replace(s, ThemeScript, "", 1), noscript, "", 1); strings.Contains(rest, `<script type="module"`) || strings.Contains(rest, `rel="stylesheet"`) || strings.Contains(rest, "modulepreload") {
		t.Error("the page links a script or stylesheet that the first paint would wait for or share the network with")
	}
	for _, want := range []string{"<style>body{margin:0}</style>",
		`<script type="speculationrules">`, `<main class="site-main" id="main-content"`, `href="/login?next=%2F"`, `aria-controls="site-navbar"`} {
		if !strings.Contains(s, want) {
			t.Errorf("document lacks %s", want)
		}
	}
	if strings.Contains(s, " mantine-") || strings.Contains(s, `"mantine-`) || strings.Contains(s, `class="m_`) {
		t.Error("Mantine's component classes in the server's page")
	}
}

func TestArticleHeadEscapesEveryValue(t *testing.T) {
	owner := Person{Name: `Ada "Al" <b>`, URL: "https://me.example/about"}
	head := Head{
		Title: evilTitle + " | Folio", Name: evilTitle, Description: `Desc with "quotes" & <script>x</script>`,
		Base: "https://me.example", Path: "/blogs/abc", Type: "article", SiteName: "Folio",
		Image: "https://me.example/api/files/c/abc/a.png?thumb=1200x630", Published: "2026-11-21", Modified: "2026-11-22T10:00:00Z",
		Tags: []string{`go"lang`, "<web>"},
		JSONLD: []any{WorkLD(Work{Title: evilTitle, URL: "https://me.example/blogs/abc", Published: "2026-11-21",
			Tags: []string{"</script><script>alert(2)</script>"}}, owner)},
	}
	raw := doc(head, ArticleHTML(Article{Type: "blog", ID: "abc", Title: evilTitle, Date: "2026-11-21",
		Categories: []string{"Uncategorized"}, Body: template.HTML("<p>body</p>")}))
	if strings.Contains(string(raw), "<script>alert") {
		t.Fatalf("a value was not escaped:\n%s", raw)
	}
	page := testutil.ParsePage(t, raw)
	if got := testutil.One(t, "titles", page.Titles); got != evilTitle+" | Folio" {
		t.Fatalf("title %q", got)
	}
	testutil.One(t, "descriptions", page.Descriptions)
	testutil.One(t, "canonicals", page.Canonicals)
	for key, want := range map[string]string{
		"og:type": "article", "og:title": evilTitle, "og:url": "https://me.example/blogs/abc",
		"article:published_time": "2026-11-21", "article:modified_time": "2026-11-22T10:00:00Z",
		"twitter:card": "summary_large_image", "twitter:title": evilTitle,
	} {
		if got := page.Meta[key]; len(got) != 1 || got[0] != want {
			t.Errorf("%s = %q, want %q", key, got, want)
		}
	}
	if got := page.Meta["article:tag"]; len(got) != 2 || got[0] != `go"lang` {
		t.Errorf("article:tag %q", got)
	}
	if got := page.Meta["alternate"]; strings.Join(got, " ") != "https://me.example/rss.xml https://me.example/atom.xml https://me.example/feed.json" {
		t.Errorf("feeds %q", got)
	}
	if len(page.JSONLD) != 1 || page.JSONLD[0]["@type"] != "BlogPosting" || page.JSONLD[0]["headline"] != evilTitle {
		t.Fatalf("JSON-LD %v", page.JSONLD)
	}
	if author := page.JSONLD[0]["author"].(map[string]any); author["name"] != owner.Name {
		t.Fatalf("author %v", author)
	}
	if !strings.Contains(page.Text, evilTitle) || !strings.Contains(page.Text, "body") {
		t.Fatalf("article text %q", page.Text)
	}
}

func TestWebsiteHeadAndProjectLD(t *testing.T) {
	owner := Person{Name: "Ada", SameAs: []string{"https://github.com/ada"}}
	h := Head{Title: "Folio", Description: "d", Base: "http://h", Path: "/", SiteName: "Folio",
		JSONLD: []any{WebSiteLD("Folio", "http://h/", "d", owner), PersonLD(owner)}}
	page := testutil.ParsePage(t, doc(h, ""))
	if page.Meta["og:type"][0] != "website" || page.Meta["twitter:card"][0] != "summary" || page.Meta["article:published_time"] != nil {
		t.Fatalf("meta %v", page.Meta)
	}
	if len(page.JSONLD) != 2 || page.JSONLD[0]["@type"] != "WebSite" || page.JSONLD[1]["@type"] != "Person" {
		t.Fatalf("JSON-LD %v", page.JSONLD)
	}
	p := WorkLD(Work{Project: true, Title: "P", URL: "http://h/projects/p", Section: "Go"}, owner)
	if p["@type"] != "CreativeWork" || p["headline"] != nil || p["name"] != "P" {
		t.Fatalf("project LD %v", p)
	}
}

func TestListAndArticleLinks(t *testing.T) {
	out := ListHTML(List{Heading: "Latest", Items: []Card{{Type: "project", ID: "p1", Title: "A & B", Date: "2026-01-02", Categories: []string{"Go", "Web"}}},
		Pager: NewPager(1, 3, func(n int) string { return "/?page=" + strconv.Itoa(n) })})
	for _, want := range []string{`href="/projects/p1" title="A &amp; B">A &amp; B</a>`, `>Jan 2, 2026</time>`, `Go / Web`, `href="/?page=2" rel="next"`, `aria-label="Page 3"`} {
		if !strings.Contains(out, want) {
			t.Errorf("list lacks %s:\n%s", want, out)
		}
	}
	a := ArticleHTML(Article{Type: "blog", Title: "T", Date: "2026-01-02", Updated: "2026-02-03T00:00:00Z", ReadingMinutes: 2, WordCount: 1,
		Categories: []string{"Dev ops", "C&C"}, Tags: []string{"a b"}, Links: []string{"https://x.example/?a=1&b=2"}})
	for _, want := range []string{
		`href="/categories?category=Dev%20ops&amp;open=true"`, `href="/categories?main=Dev%20ops&amp;sub=C%26C&amp;openSub=true"`,
		`href="/tags?tag=a%20b"`, `Tag: </span>a b</a>`, `href="https://x.example/?a=1&amp;b=2"`, `Read 1`, `1 word`, `Updated <time datetime="2026-02-03T00:00:00Z">February 3, 2026`,
	} {
		if !strings.Contains(a, want) {
			t.Errorf("article lacks %s:\n%s", want, a)
		}
	}
	// Without links there is no links row at all (issue 31).
	if p := ArticleHTML(Article{Type: "project", Title: "P", Date: "2026-01-02", Categories: []string{"X"}}); strings.Contains(p, "attached.") || strings.Contains(p, "item-links") {
		t.Errorf("project without link:\n%s", p)
	}
}

// A stored JPEG or PNG lists its thumbs and original for srcset; a GIF (its animation) and a
// URL that already asks for a thumb list nothing. The cover and its preload make the same choice.
func TestSrcsetAndTheCoverUsesIt(t *testing.T) {
	set := Srcset("/api/files/c/r/cover.JPG")
	want := "/api/files/c/r/cover.JPG?thumb=480x0 480w, /api/files/c/r/cover.JPG?thumb=800x1600f 800w, " +
		"/api/files/c/r/cover.JPG?thumb=1200x2400f 1200w, /api/files/c/r/cover.JPG 1920w"
	if set != want {
		t.Fatalf("srcset %q", set)
	}
	for _, u := range []string{"/api/files/c/r/anim.gif", "/api/files/c/r/a.webp", "/api/files/c/r/a.jpg?thumb=480x0", "/x"} {
		if got := Srcset(u); got != "" {
			t.Errorf("%s: %q", u, got)
		}
	}
	head := Head{Title: "T", Base: "https://me.example", Path: "/blogs/a", Preload: "/api/files/c/r/cover.jpg"}
	raw := string(doc(head, ArticleHTML(Article{Type: "blog", ID: "a", Title: "T", Date: "2026-11-21",
		Categories: []string{"Uncategorized"}, Cover: "/api/files/c/r/cover.jpg"})))
	set = Srcset("/api/files/c/r/cover.jpg")
	for _, want := range []string{
		`imagesrcset="` + set + `" imagesizes="` + ColumnSizes + `"`,
		`<img class="cover" src="/api/files/c/r/cover.jpg" srcset="` + set + `" sizes="` + ColumnSizes + `"`,
	} {
		if !strings.Contains(raw, want) {
			t.Errorf("page lacks %s", want)
		}
	}
}

// A list card shows the small thumb, with the card thumb for denser screens; a thumbnail of
// another form is shown as it is.
func TestCardThumb(t *testing.T) {
	src, set := CardThumb("/api/files/c/r/a.jpg?thumb=480x0")
	if src != "/api/files/c/r/a.jpg?thumb=264x192" || set != "/api/files/c/r/a.jpg?thumb=264x192 264w, /api/files/c/r/a.jpg?thumb=480x0 480w" {
		t.Fatalf("%q %q", src, set)
	}
	if src, set := CardThumb("/x.png"); src != "/x.png" || set != "" {
		t.Fatalf("%q %q", src, set)
	}
	raw := ListHTML(List{Heading: "Posts", Items: []Card{{Type: "blog", ID: "a", Title: "T", Date: "2026-11-21", Thumbnail: "/api/files/c/r/a.jpg?thumb=480x0"}}})
	if want := `<img class="card-thumb" src="/api/files/c/r/a.jpg?thumb=264x192" srcset="/api/files/c/r/a.jpg?thumb=264x192 264w, /api/files/c/r/a.jpg?thumb=480x0 480w" sizes="132px"`; !strings.Contains(raw, want) {
		t.Errorf("card lacks %s in %s", want, raw)
	}
}
