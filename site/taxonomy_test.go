package site_test

import (
	"net/http"
	"strings"
	"testing"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

// A list asked past its last page is the 404 page, with a link to the last page; the JSON
// API keeps answering 200 with no items.
func TestSitePastTheLastPage(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	for i := range 12 {
		testutil.SaveRecord(t, app, c.Blogs, "", map[string]any{"title": "Post " + string(rune('A'+i)), "author": "Ann", "date": "2026-11-20"})
	}
	res := getPage(t, app, "/blogs?page=99")
	body := res.Body.String()
	if res.Code != http.StatusNotFound || !strings.Contains(body, `<a class="button button-filled" href="/blogs?page=2">Go to the last page</a>`) ||
		!strings.Contains(body, `content="noindex"`) || strings.Contains(body, "No blog posts yet.") {
		t.Errorf("/blogs?page=99: %d\n%s", res.Code, body)
	}
	for _, p := range []string{"/blogs?page=2", "/?page=2", "/blogs?page=1"} {
		if res := getPage(t, app, p); res.Code != http.StatusOK {
			t.Errorf("%s: %d", p, res.Code)
		}
	}
	if res := getPage(t, app, "/projects"); res.Code != http.StatusOK || !strings.Contains(res.Body.String(), "No projects yet.") {
		t.Errorf("an empty list's first page: %d", res.Code)
	}
	if res := getPage(t, app, "/projects?page=2"); res.Code != http.StatusNotFound || !strings.Contains(res.Body.String(), `href="/projects">Go to the last page`) {
		t.Errorf("an empty list's second page: %d", res.Code)
	}
	if res := testutil.Do(t, app, "GET", "/api/blogs?page=99", "", ""); res.Code != http.StatusOK || !strings.Contains(res.Body.String(), `"items":[]`) {
		t.Errorf("/api/blogs?page=99: %d %s", res.Code, res.Body.String())
	}
	// The pager: Previous, numbered pages (the current one marked) and Next, as links.
	first := getPage(t, app, "/blogs").Body.String()
	for _, want := range []string{`aria-label="Page 1" aria-current="page"`, `href="/blogs?page=2" aria-label="Page 2"`, `href="/blogs?page=2" rel="next">Next</a>`, `aria-disabled="true">Previous`} {
		if !strings.Contains(first, want) {
			t.Errorf("/blogs lacks %s", want)
		}
	}
}

// The index pages say what the React pages said: tag toggles with counts (pressed for ?tag=),
// Blog/Project markers in the archives, sub-category and item counts in the categories.
func TestSiteIndexPagesTexts(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	blog := testutil.SaveRecord(t, app, c.Blogs, "", map[string]any{"title": "Go notes", "author": "Ann", "date": "2026-11-20",
		"tags": []string{"Go", "Web"}, "categories": []string{"Career", "Interviews"}})
	testutil.SaveRecord(t, app, c.Projects, "", map[string]any{"title": "Engine", "author": "Ann", "date": "2025-03-01",
		"tags": []string{"Go"}, "categories": []string{"Career"}})

	tags := getPage(t, app, "/tags?tag=Web").Body.String()
	for _, want := range []string{
		`role="group" aria-label="Tags"`, `href="/tags?tag=Go" aria-pressed="false" aria-label="Go (2)">Go<span class="tag-count" aria-hidden="true">2</span>`,
		`href="/tags" aria-pressed="true" aria-label="Web (1)"`, `>Tagged “Web”</h2>`, `href="/blogs/` + blog.Id + `"`,
	} {
		if !strings.Contains(tags, want) {
			t.Errorf("/tags?tag=Web lacks %s", want)
		}
	}
	archives := getPage(t, app, "/archives").Body.String()
	for _, want := range []string{`<h2 class="year-title" id="year-2026">2026</h2>`, `<span class="marker-long">Blog</span>`, `<span class="marker-long">Project</span>`, `title="Project"`} {
		if !strings.Contains(archives, want) {
			t.Errorf("/archives lacks %s", want)
		}
	}
	cats := getPage(t, app, "/categories?category=Career&open=true").Body.String()
	for _, want := range []string{
		`role="button" href="/categories" aria-expanded="true"`, `<span class="accordion-note">1 sub-category · 2 items</span>`,
		`href="/categories?main=Career&amp;sub=Interviews&amp;openSub=true" aria-expanded="false"`, `<span class="accordion-note">1 item</span>`,
		`In Career only`,
	} {
		if !strings.Contains(cats, want) {
			t.Errorf("/categories?category=Career&open=true lacks %s", want)
		}
	}
}

// /search renders the full-text search's ranked results with their snippets, escaped, the
// matches marked; a query that matches nothing says so; the page is never indexed.
func TestSiteSearchPage(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	testutil.SaveRecord(t, app, c.Blogs, "", map[string]any{"title": "Résumé tips", "author": "Ann", "date": "2026-11-20",
		"description": "<p>How I write a résumé &amp; a cover letter.</p>"})
	testutil.SaveRecord(t, app, c.Blogs, "", map[string]any{"title": "Other", "author": "Ann", "date": "2026-11-19",
		"description": "<p>Nothing to see.</p>"})
	body := getPage(t, app, "/search?q=resume").Body.String()
	for _, want := range []string{`1 result for “resume”`, `<mark>Résumé</mark>`, `>Résumé tips</a>`, `content="noindex"`, `value="resume"`} {
		if !strings.Contains(body, want) {
			t.Errorf("/search?q=resume lacks %s", want)
		}
	}
	if strings.Contains(body, ">Other</a></h2>") {
		t.Error("a post that does not match is listed")
	}
	if body := getPage(t, app, "/search?q=%3Cscript%3Ezzz").Body.String(); !strings.Contains(body, "Nothing matches “&lt;script&gt;zzz”.") || strings.Contains(body, "<script>zzz") {
		t.Errorf("a query matching nothing: %s", body)
	}
}
