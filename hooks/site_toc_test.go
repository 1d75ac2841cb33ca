package hooks_test

import (
	"strings"
	"testing"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

// The server's item page carries the app's table of contents, from the same heading ids:
// inline above the body (hidden from 1200 px) and in the right sidebar's slot.
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
		`href="#details-more" style="--depth-offset: 2;">Details &amp; more</a>`, `href="#nav" style="--depth-offset: 1;">&lt;/nav&gt;</a>`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("item page lacks %s", want)
		}
	}
	inline := strings.Index(body, `class="toc-inline ssr-toc-inline item-toc`)
	cover, article := strings.Index(body, `<h1 class="item-title`), strings.Index(body, `class="item-body`)
	aside := strings.Index(body, `<nav aria-labelledby="toc-heading" class="item-toc">`)
	slot := strings.Index(body, `data-aside-slot="true"`)
	if inline < cover || inline > article || strings.Count(body, "ssr-toc-inline") != 1 {
		t.Errorf("the inline contents is not once between the title and the body (%d %d %d)", cover, inline, article)
	}
	if aside < slot || strings.Count(body, `id="toc-heading"`) != 1 {
		t.Errorf("the sidebar's contents is not once in the aside slot (%d %d)", slot, aside)
	}

	// Fewer than three headings: no contents, as the app (TOC_MIN_HEADINGS).
	if body := getPage(t, app, "/blogs/"+short.Id).Body.String(); strings.Contains(body, "item-toc") || !strings.Contains(body, `<h2 id="two">`) {
		t.Error("a post with two headings has a table of contents, or lost its ids")
	}
}
