package pages_test

import (
	"html/template"
	"strings"
	"testing"

	. "github.com/folio/folio/pages"
	"github.com/folio/folio/testutil"
)

const evilTitle = `Say "hi" </title><script>alert(1)</script> & 'bye'`

const indexHTML = `<!doctype html>
<html lang="en"><head>
<meta charset="UTF-8" />
<title>Folio</title>
<meta name="description" content="Folio: blog posts and projects." />
<link rel="manifest" href="/manifest.webmanifest" />
<script type="module" crossorigin src="/assets/index-abc.js"></script>
</head>
<body>
<noscript>Folio needs JavaScript to show its pages.</noscript>
<div id="root"></div>
</body></html>`

func TestShellKeepsOneHeadAndFillsRoot(t *testing.T) {
	shell, err := NewShell([]byte(indexHTML))
	if err != nil {
		t.Fatal(err)
	}
	head := Head{Title: "Home | Folio", Description: "Posts", Base: "https://me.example", Path: "/"}
	page := testutil.ParsePage(t, shell.Render(head.HTML(), `<p>hello</p>`, ""))
	if testutil.One(t, "titles", page.Titles) != "Home | Folio" || testutil.One(t, "descriptions", page.Descriptions) != "Posts" {
		t.Fatalf("head: %+v", page)
	}
	if testutil.One(t, "canonicals", page.Canonicals) != "https://me.example/" {
		t.Fatal(page.Canonicals)
	}
	if page.Text != "hello" || strings.Contains(string(shell.Render("", "", "")), "noscript") {
		t.Fatalf("root text %q", page.Text)
	}
	// The app's entry script stays; the colour-scheme script (inline, no src) ends the head.
	if len(page.Scripts) != 2 || page.Scripts[0] != "/assets/index-abc.js" || page.Scripts[1] != "" {
		t.Fatalf("the theme script and the app's entry script: %q", page.Scripts)
	}
	if !strings.Contains(string(shell.Render("", "", "")), "<script>"+ThemeScript+"</script>") {
		t.Fatal("the head lacks the colour-scheme script")
	}
	if _, err := NewShell([]byte(`<html><head></head><body><div id="app"></div></body></html>`)); err == nil {
		t.Fatal("no error for an index.html without the root element")
	}
}

func TestArticleHeadEscapesEveryValue(t *testing.T) {
	shell, _ := NewShell([]byte(indexHTML))
	owner := Person{Name: `Ada "Al" <b>`, URL: "https://me.example/about"}
	head := Head{
		Title: evilTitle + " | Folio", Name: evilTitle, Description: `Desc with "quotes" & <script>x</script>`,
		Base: "https://me.example", Path: "/blogs/abc", Type: "article", SiteName: "Folio",
		Image: "https://me.example/api/files/c/abc/a.png?thumb=1200x630", Published: "2026-11-21", Modified: "2026-11-22T10:00:00Z",
		Tags: []string{`go"lang`, "<web>"},
		JSONLD: []any{WorkLD(Work{Title: evilTitle, URL: "https://me.example/blogs/abc", Published: "2026-11-21",
			Tags: []string{"</script><script>alert(2)</script>"}}, owner)},
	}
	raw := shell.Render(head.HTML(), ArticleHTML(Article{Type: "blog", ID: "abc", Title: evilTitle, Date: "2026-11-21",
		Categories: []string{"Uncategorized"}, Body: template.HTML("<p>body</p>")}), "")
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
	shell, _ := NewShell([]byte(indexHTML))
	page := testutil.ParsePage(t, shell.Render(h.HTML(), "", ""))
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
	out := ListHTML(List{Heading: "Latest", Items: []Card{{Type: "project", ID: "p1", Title: "A & B", Date: "2026-01-02", Categories: []string{"Go", "Web"}}}, Next: "/?page=2"})
	for _, want := range []string{`href="/projects/p1" title="A &amp; B">A &amp; B</a>`, `>Jan 2, 2026</time>`, `Go / Web`, `href="/?page=2" rel="next"`} {
		if !strings.Contains(out, want) {
			t.Errorf("list lacks %s:\n%s", want, out)
		}
	}
	a := ArticleHTML(Article{Type: "blog", Title: "T", Date: "2026-01-02", Updated: "2026-02-03T00:00:00Z", ReadingMinutes: 2, WordCount: 1,
		Categories: []string{"Dev ops", "C&C"}, Tags: []string{"a b"}, Links: []string{"https://x.example/?a=1&b=2"}})
	for _, want := range []string{
		`href="/categories?category=Dev%20ops&amp;open=true"`, `href="/categories?main=Dev%20ops&amp;sub=C%26C&amp;openSub=true"`,
		`href="/tags?tag=a%20b"`, `Tag: </span>a b</span></a>`, `href="https://x.example/?a=1&amp;b=2"`, `Read 1`, `1 word`, `Updated <time datetime="2026-02-03T00:00:00Z">February 3, 2026`,
	} {
		if !strings.Contains(a, want) {
			t.Errorf("article lacks %s:\n%s", want, a)
		}
	}
	if p := ArticleHTML(Article{Type: "project", Title: "P", Date: "2026-01-02", Categories: []string{"X"}}); !strings.Contains(p, "No link attached.") {
		t.Errorf("project without link:\n%s", p)
	}
}
