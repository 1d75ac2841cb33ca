package site_test

import (
	"strings"
	"testing"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

// The item page carries its table of contents, from the body's heading ids: inline above the
// body (hidden from 1200 px) and in the right sidebar, where the toc island marks the heading
// being read.
func TestSiteItemTableOfContents(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	long := testutil.SaveRecord(t, app, c.Blogs, "", map[string]any{"title": "Long", "author": "Ann", "date": "2026-11-20",
		"description": "<h2>Intro</h2><p>a</p><h3>Details &amp; <em>more</em></h3><p>b</p><h2>Intro</h2><h2>&lt;/nav&gt;</h2>"})
	short := testutil.SaveRecord(t, app, c.Blogs, "", map[string]any{"title": "Short", "author": "Ann", "date": "2026-11-20",
		"description": "<h2>One</h2><h2>Two</h2>"})

	body := getPage(t, app, "/blogs/"+long.Id).Body.String()
	for _, want := range []string{
		`<h2 id="intro">Intro</h2>`, `<h3 id="details-more">`, `<h2 id="intro-2">Intro</h2>`, `<h2 id="nav">&lt;/nav&gt;</h2>`,
		`data-depth="3" href="#details-more">Details &amp; more</a>`, `data-depth="2" href="#nav">&lt;/nav&gt;</a>`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("item page lacks %s", want)
		}
	}
	inline := strings.Index(body, `class="toc-inline item-toc"`)
	cover, article := strings.Index(body, `<h1 class="item-title`), strings.Index(body, `class="item-body`)
	aside := strings.Index(body, `<nav class="item-toc toc-aside" aria-labelledby="toc-heading" data-island="toc">`)
	slot := strings.Index(body, `id="site-aside"`)
	if inline < cover || inline > article || strings.Count(body, "toc-inline item-toc") != 1 {
		t.Errorf("the inline contents is not once between the title and the body (%d %d %d)", cover, inline, article)
	}
	if aside < slot || strings.Count(body, `id="toc-heading"`) != 1 {
		t.Errorf("the sidebar's contents is not once in the right sidebar (%d %d)", slot, aside)
	}

	// Fewer than three headings: no contents, as the app (TOC_MIN_HEADINGS).
	if body := getPage(t, app, "/blogs/"+short.Id).Body.String(); strings.Contains(body, "item-toc") || !strings.Contains(body, `<h2 id="two">`) {
		t.Error("a post with two headings has a table of contents, or lost its ids")
	}
}
