package pages_test

import (
	"strings"
	"testing"

	. "github.com/folio/folio/pages"
	"github.com/folio/folio/testutil"
)

// The shell around a page: the React app's classes, the current section marked, the sidebars'
// data escaped, tag links named as tags, and a true note for readers without JavaScript.
func TestFrameIsTheAppShell(t *testing.T) {
	f := Frame{Path: "/blogs/b1", Year: 2026,
		Profile: Profile{Name: `Ada "A" <Lovelace>`, Bio: "Writes <b>engines</b>."},
		Recent:  []Card{{Type: "blog", ID: "b1", Title: "A title much longer than twenty-eight characters", Date: "2026-11-21"}},
		Tags:    []string{"Go", `<t>`},
		Content: "<p>content</p>"}
	out := FrameHTML(f)
	for _, want := range []string{
		`class="m_89ab340 mantine-AppShell-root"`, `<header class="m_3b16f56b mantine-AppShell-header`,
		`id="site-navbar"`, `id="site-aside"`, `<main class="m_8983817 mantine-AppShell-main" id="main-content"`,
		`href="#main-content">Skip to content</a>`, `<p>content</p>`,
		`data-variant="light" data-active="true" aria-current="page" href="/blogs"`,
		`Ada &#34;A&#34; &lt;Lovelace&gt;`, `Writes &lt;b&gt;engines&lt;/b&gt;.`, `>A&#34;</span>`, // initials without an image, as ProfileCard makes them
		`title="A title much longer than twenty-eight characters" href="/blogs/b1"`, `>A title much longer than tw…</a>`, `>Nov 21</time>`,
		`href="/tags?tag=Go"`, `Tag: </span>Go</span>`, `Tag: </span>&lt;t&gt;</span>`,
		`© 2026 Ada &#34;A&#34; &lt;Lovelace&gt;. Some rights reserved.`, `<noscript>`,
		`placeholder="Search titles" aria-label="Search titles" readonly`,
		// The shell's controls carry React's names: public/boot.js keeps a click made before the app started.
		`data-control="nav"`, `data-control="left-sidebar"`, `data-control="right-sidebar"`, `data-control="theme"`, `data-control="search"`,
		`class="tabler-icon tabler-icon-sun"`, `class="tabler-icon tabler-icon-moon"`, // the scheme's CSS shows one
	} {
		if !strings.Contains(out, want) {
			t.Errorf("frame lacks %s", want)
		}
	}
	if strings.Count(out, `aria-current="page"`) != 1 || strings.Contains(out, "needs JavaScript") || strings.Contains(out, "{{") {
		t.Errorf("one current section, no false JavaScript note, no template left:\n%s", out)
	}
	// Parsed, the shell is well formed: one main, one header, one banner link to Home.
	page := testutil.ParsePage(t, []byte("<!doctype html><html><head><title>x</title></head><body><div id=\"root\">"+out+"</div></body></html>"))
	if !strings.Contains(page.Text, "content") {
		t.Errorf("text %q", page.Text)
	}

	home := FrameHTML(Frame{Path: "/", Profile: Profile{Name: "Ada", Image: "/api/files/p/a.png"}})
	if !strings.Contains(home, `data-active="true" aria-current="page" href="/"`) || strings.Count(home, `aria-current="page"`) != 1 ||
		// The sidebar avatar loads after the page's cover (its largest paint); on phones the sidebar is off-screen.
		!strings.Contains(home, `<img class="m_11f8ac07 mantine-Avatar-image" alt="Ada" src="/api/files/p/a.png" fetchpriority="low">`) {
		t.Errorf("home frame:\n%s", home)
	}
}

func TestTruncateAndDates(t *testing.T) {
	for _, c := range [][2]string{
		{Truncate("short", 28), "short"}, {Truncate("exactly twenty-eight chars!!", 28), "exactly twenty-eight chars!!"},
		{Truncate("Building a tiny search engine in Go", 28), "Building a tiny search engi…"},
		{Truncate("word   and more", 8), "word…"}, {ShortDate("2026-09-05"), "Sep 5"}, {MediumDate("2026-01-02"), "Jan 2, 2026"},
		{ShortDate("bad"), "bad"}, {Profile{}.Initials(), "F"}, {Profile{Name: "ada lovelace byron"}.Initials(), "AL"},
	} {
		if c[0] != c[1] {
			t.Errorf("got %q, want %q", c[0], c[1])
		}
	}
}
