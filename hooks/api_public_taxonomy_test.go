package hooks_test

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/pocketbase/pocketbase/tests"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

func TestPublicTaxonomy(t *testing.T) {
	t.Parallel()
	factory := pubFactory(pubItems...)
	scenarios := []tests.ApiScenario{
		{Name: "categories: names ascending, subcategories by name, Uncategorized listed", URL: "/api/categories",
			ExpectedStatus: 200, ExpectedContent: []string{`[{"name":"Life","count":1,"subcategories":[]},` +
				`{"name":"Tech","count":2,"subcategories":[{"name":"Go","count":1},{"name":"Web","count":1}]},` +
				`{"name":"Uncategorized","count":2,"subcategories":[]}]`}},
		{Name: "category with subcategories", URL: "/api/categories/Tech", ExpectedStatus: 200,
			ExpectedContent: []string{`{"name":"Tech","count":2,"items":[{"id":"` + pubB1 + `"`, `"id":"` + pubP2 + `"`,
				`"subcategories":[{"name":"Go","count":1,"items":[{"id":"` + pubB1 + `"`, `{"name":"Web","count":1,"items":[{"id":"` + pubP2 + `"`}},
		{Name: "Uncategorized, newest first", URL: "/api/categories/Uncategorized", ExpectedStatus: 200,
			ExpectedContent: []string{`{"name":"Uncategorized","count":2,"items":[{"id":"` + pubP1 + `"`, `"subcategories":[]`},
			AfterTestFunc:   expectIDs(pubP1, pubB3)},
		{Name: "category names are case-sensitive", URL: "/api/categories/tech", ExpectedStatus: 404, ExpectedContent: []string{`"status":404`}},
		{Name: "a sub-category is not a category", URL: "/api/categories/Go", ExpectedStatus: 404, ExpectedContent: []string{`"status":404`}},
		{Name: "unknown category", URL: "/api/categories/" + url.PathEscape("No such/thing"), ExpectedStatus: 404, ExpectedContent: []string{`"status":404`}},
		{Name: "tags: count desc, then latest desc", URL: "/api/tags", ExpectedStatus: 200,
			ExpectedContent: []string{`[{"name":"go","count":3,"latest":"2026-03-01"},{"name":"coffee","count":2,"latest":"2026-02-01"},{"name":"web","count":1,"latest":"2026-03-01"}]`}},
		{Name: "tag items newest first", URL: "/api/tags/go", ExpectedStatus: 200,
			ExpectedContent: []string{`{"name":"go","count":3,"items":[`}, AfterTestFunc: expectIDs(pubB1, pubP2, pubB3)},
		{Name: "tag is case-sensitive", URL: "/api/tags/Go", ExpectedStatus: 404, ExpectedContent: []string{`"status":404`}},
		{Name: "archives: newest year first, items newest first", URL: "/api/archives", ExpectedStatus: 200,
			ExpectedContent: []string{`[{"year":2026,"items":[{"id":"` + pubP1 + `","type":"project","title":"Folio Site","date":"2026-03-01"},` +
				`{"id":"` + pubB1 + `","type":"blog","title":"Hello World","date":"2026-03-01"},` +
				`{"id":"` + pubB2 + `","type":"blog","title":"CAFÉ Culture","date":"2026-02-01"},` +
				`{"id":"` + pubP2 + `","type":"project","title":"Café Finder","date":"2026-01-15"}]},` +
				`{"year":2025,"items":[{"id":"` + pubB3 + `","type":"blog","title":"100% Pure_Go","date":"2025-12-31"}]}]`}},
	}
	for _, s := range scenarios {
		s.Method, s.TestAppFactory = http.MethodGet, factory
		s.Test(t)
	}
}

func TestPublicTaxonomyEmptyAndTies(t *testing.T) {
	t.Parallel()
	for _, u := range []string{"/api/categories", "/api/tags", "/api/archives"} {
		(&tests.ApiScenario{Method: http.MethodGet, URL: u, TestAppFactory: testutil.Factory(),
			ExpectedStatus: 200, ExpectedContent: []string{"[]"}}).Test(t)
	}
	ties := pubFactory(
		pubItem{typ: c.TypeBlog, title: "Old", date: "2026-01-01", tags: []string{"old"}},
		pubItem{typ: c.TypeProject, title: "New", date: "2026-06-01", tags: []string{"new"}},
		pubItem{typ: c.TypeBlog, title: "Mid", date: "2026-03-01", tags: []string{"zeta", "mid", "mid", ""}, cats: []string{"B", "y", "x", "x"}},
		pubItem{typ: c.TypeBlog, title: "Other", date: "2026-03-01", cats: []string{"A"}},
	)
	(&tests.ApiScenario{Name: "tags: equal counts by latest, then name", Method: http.MethodGet, URL: "/api/tags", TestAppFactory: ties,
		ExpectedStatus: 200, ExpectedContent: []string{`[{"name":"new","count":1,"latest":"2026-06-01"},` +
			`{"name":"mid","count":1,"latest":"2026-03-01"},{"name":"zeta","count":1,"latest":"2026-03-01"},{"name":"old","count":1,"latest":"2026-01-01"}]`}}).Test(t)
	(&tests.ApiScenario{Name: "categories: repeated sub-categories count once", Method: http.MethodGet, URL: "/api/categories", TestAppFactory: ties,
		ExpectedStatus: 200, ExpectedContent: []string{`{"name":"A","count":1,"subcategories":[]},{"name":"B","count":1,"subcategories":[{"name":"x","count":1},{"name":"y","count":1}]}`}}).Test(t)
}
