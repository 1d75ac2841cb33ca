package hooks_test

import (
	"fmt"
	"image/png"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

const (
	pubB1 = "blog00000000001"
	pubB2 = "blog00000000002"
	pubB3 = "blog00000000003"
	pubP1 = "proj00000000001"
	pubP2 = "proj00000000002"
)

// pubItems: mixed order by date, then created, is P1, B1, B2, P2, B3.
var pubItems = []pubItem{
	{id: pubB1, typ: c.TypeBlog, title: "Hello World", date: "2026-03-01", created: "2026-03-01 10:00:00.000Z",
		cats: []string{"Tech", "Go"}, tags: []string{"go", "web"}, desc: "<p>One <b>two</b></p><p>three</p>"},
	{id: pubB2, typ: c.TypeBlog, title: "CAFÉ Culture", date: "2026-02-01", cats: []string{"Life"}, tags: []string{"coffee"}},
	{id: pubB3, typ: c.TypeBlog, title: "100% Pure_Go", date: "2025-12-31", tags: []string{"go"}},
	{id: pubP1, typ: c.TypeProject, title: "Folio Site", date: "2026-03-01", created: "2026-03-01 11:00:00.000Z"},
	{id: pubP2, typ: c.TypeProject, title: "Café Finder", date: "2026-01-15",
		cats: []string{"Tech", "Web"}, tags: []string{"go", "coffee"}},
}

func TestPublicLists(t *testing.T) {
	t.Parallel()
	factory := pubFactory(pubItems...)
	q := url.QueryEscape
	scenarios := []tests.ApiScenario{
		{Name: "content: defaults, date then created descending", URL: "/api/content",
			ExpectedStatus: 200,
			ExpectedContent: []string{`"page":1`, `"perPage":10`, `"totalItems":5`, `"totalPages":1`, `"type":"project"`, `"excerpt":"One two three"`,
				`"author":"Ada"`, `"categories":["Tech","Go"]`, `"tags":["go","web"]`, `"categories":["Uncategorized"]`, `"tags":[]`, `"updated":"20`, `"thumbnail":null`},
			NotExpectedContent: []string{`"updated":"0001`, `searchTitle`, `"description"`},
			AfterTestFunc:      expectIDs(pubP1, pubB1, pubB2, pubP2, pubB3)},
		{Name: "content: page 2 of 2 per page", URL: "/api/content?page=2&perPage=2",
			ExpectedStatus: 200, ExpectedContent: []string{`"page":2`, `"perPage":2`, `"totalItems":5`, `"totalPages":3`},
			AfterTestFunc: expectIDs(pubB2, pubP2)},
		{Name: "content: last partial page", URL: "/api/content?page=3&perPage=2",
			ExpectedStatus: 200, AfterTestFunc: expectIDs(pubB3), ExpectedContent: []string{`"page":3`}},
		{Name: "content: page past the end is empty", URL: "/api/content?page=9",
			ExpectedStatus: 200, ExpectedContent: []string{`"page":9`, `"totalItems":5`, `"items":[]`}},
		{Name: "content: huge page is past the end", URL: "/api/content?page=99999999999999999999999",
			ExpectedStatus: 200, ExpectedContent: []string{`"totalItems":5`, `"items":[]`}},
		{Name: "content: perPage clamped to 100", URL: "/api/content?perPage=500",
			ExpectedStatus: 200, ExpectedContent: []string{`"perPage":100`, `"totalPages":1`}},
		{Name: "content: huge perPage clamped", URL: "/api/content?perPage=99999999999999999999999",
			ExpectedStatus: 200, ExpectedContent: []string{`"perPage":100`}},
		{Name: "content: unknown parameters ignored", URL: "/api/content?foo=bar&page=",
			ExpectedStatus: 200, AfterTestFunc: expectIDs(pubP1, pubB1, pubB2, pubP2, pubB3)},
		{Name: "content: page 0", URL: "/api/content?page=0", ExpectedStatus: 400, ExpectedContent: []string{`"page":{"code":"validation_invalid_page"`}},
		{Name: "content: page negative", URL: "/api/content?page=-1", ExpectedStatus: 400, ExpectedContent: []string{`"page"`}},
		{Name: "content: page not a number", URL: "/api/content?page=abc", ExpectedStatus: 400, ExpectedContent: []string{`"page"`}},
		{Name: "content: page fraction", URL: "/api/content?page=1.5", ExpectedStatus: 400, ExpectedContent: []string{`"page"`}},
		{Name: "content: perPage 0", URL: "/api/content?perPage=0", ExpectedStatus: 400, ExpectedContent: []string{`"perPage":{"code":"validation_invalid_per_page"`}},
		{Name: "content: perPage negative", URL: "/api/content?perPage=-5", ExpectedStatus: 400, ExpectedContent: []string{`"perPage"`}},
		{Name: "content: perPage not a number", URL: "/api/content?perPage=ten", ExpectedStatus: 400, ExpectedContent: []string{`"perPage"`}},
		{Name: "content: bad type", URL: "/api/content?type=video", ExpectedStatus: 400, ExpectedContent: []string{`"type":{"code":"validation_invalid_type"`}},
		{Name: "content: type blog", URL: "/api/content?type=blog", ExpectedStatus: 200,
			ExpectedContent: []string{`"totalItems":3`}, NotExpectedContent: []string{`"type":"project"`}, AfterTestFunc: expectIDs(pubB1, pubB2, pubB3)},
		{Name: "content: type project", URL: "/api/content?type=project", ExpectedStatus: 200,
			ExpectedContent: []string{`"totalItems":2`}, AfterTestFunc: expectIDs(pubP1, pubP2)},
		{Name: "content: q is case-insensitive and Unicode-aware", URL: "/api/content?q=" + q("café"),
			ExpectedStatus: 200, ExpectedContent: []string{`"totalItems":2`}, AfterTestFunc: expectIDs(pubB2, pubP2)},
		{Name: "content: q upper case", URL: "/api/content?q=" + q("CAFÉ"),
			ExpectedStatus: 200, AfterTestFunc: expectIDs(pubB2, pubP2)},
		{Name: "content: q decomposed accent", URL: "/api/content?q=" + q("cafe\u0301 c"),
			ExpectedStatus: 200, AfterTestFunc: expectIDs(pubB2)},
		{Name: "content: q trimmed", URL: "/api/content?q=" + q("  world "),
			ExpectedStatus: 200, AfterTestFunc: expectIDs(pubB1)},
		{Name: "content: q percent is literal", URL: "/api/content?q=" + q("%"),
			ExpectedStatus: 200, AfterTestFunc: expectIDs(pubB3)},
		{Name: "content: q underscore is literal", URL: "/api/content?q=" + q("pure_go"),
			ExpectedStatus: 200, AfterTestFunc: expectIDs(pubB3)},
		{Name: "content: q without match", URL: "/api/content?q=zzz",
			ExpectedStatus: 200, ExpectedContent: []string{`"totalItems":0`, `"totalPages":0`, `"items":[]`}},
		{Name: "content: q combined with type", URL: "/api/content?type=project&q=" + q("CAF"),
			ExpectedStatus: 200, AfterTestFunc: expectIDs(pubP2)},
		{Name: "content: tag", URL: "/api/content?tag=go", ExpectedStatus: 200, AfterTestFunc: expectIDs(pubB1, pubP2, pubB3)},
		{Name: "content: tag is case-sensitive", URL: "/api/content?tag=Go", ExpectedStatus: 200, ExpectedContent: []string{`"items":[]`}},
		{Name: "content: category is the main one", URL: "/api/content?category=Tech", ExpectedStatus: 200, AfterTestFunc: expectIDs(pubB1, pubP2)},
		{Name: "content: sub-category is not a main one", URL: "/api/content?category=Go", ExpectedStatus: 200, ExpectedContent: []string{`"items":[]`}},
		{Name: "content: category Uncategorized", URL: "/api/content?category=Uncategorized", ExpectedStatus: 200, AfterTestFunc: expectIDs(pubP1, pubB3)},
		{Name: "content: category and sub", URL: "/api/content?category=Tech&sub=Web", ExpectedStatus: 200, AfterTestFunc: expectIDs(pubP2)},
		{Name: "content: sub alone", URL: "/api/content?sub=Go", ExpectedStatus: 200, AfterTestFunc: expectIDs(pubB1)},
		{Name: "content: tag and category", URL: "/api/content?tag=coffee&category=Tech", ExpectedStatus: 200, AfterTestFunc: expectIDs(pubP2)},
		{Name: "blogs: only blogs", URL: "/api/blogs", ExpectedStatus: 200,
			ExpectedContent: []string{`"totalItems":3`}, AfterTestFunc: expectIDs(pubB1, pubB2, pubB3)},
		{Name: "blogs: type is not a blogs parameter", URL: "/api/blogs?type=project", ExpectedStatus: 200,
			AfterTestFunc: expectIDs(pubB1, pubB2, pubB3)},
		{Name: "blogs: paging and q", URL: "/api/blogs?perPage=1&page=2&q=o", ExpectedStatus: 200,
			ExpectedContent: []string{`"totalItems":2`, `"totalPages":2`}, AfterTestFunc: expectIDs(pubB3)},
		{Name: "blogs: bad page", URL: "/api/blogs?page=x", ExpectedStatus: 400, ExpectedContent: []string{`"page"`}},
		{Name: "projects: only projects", URL: "/api/projects", ExpectedStatus: 200, AfterTestFunc: expectIDs(pubP1, pubP2)},
		{Name: "projects: tag", URL: "/api/projects?tag=coffee", ExpectedStatus: 200, AfterTestFunc: expectIDs(pubP2)},
		{Name: "projects: bad perPage", URL: "/api/projects?perPage=x", ExpectedStatus: 400, ExpectedContent: []string{`"perPage"`}},
	}
	for _, s := range scenarios {
		s.Method = http.MethodGet
		s.TestAppFactory = factory
		if s.ExpectedContent == nil {
			s.ExpectedContent = []string{`"items":[`}
		}
		s.Test(t)
	}
}

func TestPublicListsEmpty(t *testing.T) {
	t.Parallel()
	for _, u := range []string{"/api/content", "/api/blogs", "/api/projects?page=3"} {
		(&tests.ApiScenario{Method: http.MethodGet, URL: u, TestAppFactory: testutil.Factory(), ExpectedStatus: 200,
			ExpectedContent: []string{`"totalItems":0`, `"totalPages":0`, `"items":[]`}}).Test(t)
	}
}

// Items of one date and one created instant keep a stable order: id descending.
func TestPublicListsOrderingTies(t *testing.T) {
	t.Parallel()
	const created = "2026-05-05 12:00:00.000Z"
	factory := pubFactory(
		pubItem{id: "tieaaaaaaaaaaaa", typ: c.TypeBlog, title: "A", date: "2026-05-05", created: created},
		pubItem{id: "tiezzzzzzzzzzzz", typ: c.TypeBlog, title: "Z", date: "2026-05-05", created: created},
		pubItem{id: "tiemmmmmmmmmmmm", typ: c.TypeProject, title: "M", date: "2026-05-05", created: created},
		pubItem{id: "tielater0000000", typ: c.TypeProject, title: "Later", date: "2026-05-05", created: "2026-05-05 12:00:00.001Z"},
		pubItem{id: "tieearlier00000", typ: c.TypeBlog, title: "Earlier day, later created", date: "2026-05-04", created: "2026-05-06 00:00:00.000Z"},
	)
	scenarios := []tests.ApiScenario{
		{URL: "/api/content", AfterTestFunc: expectIDs("tielater0000000", "tiezzzzzzzzzzzz", "tiemmmmmmmmmmmm", "tieaaaaaaaaaaaa", "tieearlier00000")},
		{URL: "/api/content?perPage=2&page=2", AfterTestFunc: expectIDs("tiemmmmmmmmmmmm", "tieaaaaaaaaaaaa")},
		{URL: "/api/blogs", AfterTestFunc: expectIDs("tiezzzzzzzzzzzz", "tieaaaaaaaaaaaa", "tieearlier00000")},
	}
	for _, s := range scenarios {
		s.Method, s.TestAppFactory, s.ExpectedStatus, s.ExpectedContent = http.MethodGet, factory, 200, []string{`"items"`}
		s.Test(t)
	}
}

func TestPublicItemDetail(t *testing.T) {
	t.Parallel()
	var token string
	factory := pubFactory(pubItems...)
	liked := func(t testing.TB, app *tests.TestApp) {
		pubSeed(t, app, pubItems...)
		acc := testutil.CreateUser(t, app, "reader@folio.test", c.StatusPending, false)
		saveLike(t, app, c.TypeBlog, pubB1, acc.Id)
		token = testutil.Token(t, acc)
	}
	withToken := func(t testing.TB) *tests.TestApp {
		app := testutil.NewApp(t)
		liked(t, app)
		return app
	}
	scenarios := []tests.ApiScenario{
		{Name: "blog detail", URL: "/api/blogs/" + pubB1, TestAppFactory: factory, ExpectedStatus: 200,
			ExpectedContent: []string{`"id":"` + pubB1 + `"`, `"type":"blog"`, `"title":"Hello World"`, `"date":"2026-03-01"`,
				`"description":"<p>One `, `"wordCount":3`, `"readingMinutes":1`, `"liked":false`,
				`"attachLinks":[]`, `"categories":["Tech","Go"]`, `"tags":["go","web"]`, `"thumbnail":null`, `"media":null`, `"likeCount":0`},
			NotExpectedContent: []string{`"attachLink"`, `searchTitle`},
			AfterTestFunc:      expectHeaders(map[string]string{"Cache-Control": "public, max-age=60, stale-while-revalidate=600"})},
		{Name: "project detail", URL: "/api/projects/" + pubP1, TestAppFactory: factory, ExpectedStatus: 200,
			ExpectedContent:    []string{`"type":"project"`, `"attachLink":""`, `"categories":["Uncategorized"]`, `"wordCount":0`, `"readingMinutes":0`},
			NotExpectedContent: []string{`"attachLinks"`}},
		{Name: "unknown blog", URL: "/api/blogs/nope", TestAppFactory: factory, ExpectedStatus: 404, ExpectedContent: []string{`"status":404`}},
		{Name: "project id on the blog route", URL: "/api/blogs/" + pubP1, TestAppFactory: factory, ExpectedStatus: 404, ExpectedContent: []string{`"status":404`}},
		{Name: "blog id on the project route", URL: "/api/projects/" + pubB1, TestAppFactory: factory, ExpectedStatus: 404, ExpectedContent: []string{`"status":404`}},
		{Name: "liked by the caller, private", URL: "/api/blogs/" + pubB1, TestAppFactory: withToken,
			Headers: map[string]string{}, ExpectedStatus: 200, ExpectedContent: []string{`"liked":true`},
			AfterTestFunc: expectHeaders(map[string]string{"Cache-Control": "private, no-cache", "Vary": "Authorization, Accept-Encoding"})},
		{Name: "not liked by the caller, still private", URL: "/api/blogs/" + pubB2, TestAppFactory: withToken,
			Headers: map[string]string{}, ExpectedStatus: 200, ExpectedContent: []string{`"liked":false`},
			AfterTestFunc: expectHeaders(map[string]string{"Cache-Control": "private, no-cache"})},
		{Name: "invalid token is anonymous but private", URL: "/api/blogs/" + pubB1, TestAppFactory: factory,
			Headers: map[string]string{"Authorization": "Bearer nonsense"}, ExpectedStatus: 200, ExpectedContent: []string{`"liked":false`},
			AfterTestFunc: expectHeaders(map[string]string{"Cache-Control": "private, no-cache"})},
	}
	for _, s := range scenarios {
		s.Method = http.MethodGet
		if s.Headers != nil && len(s.Headers) == 0 {
			h := s.Headers
			s.BeforeTestFunc = func(t testing.TB, app *tests.TestApp, e *core.ServeEvent) { h["Authorization"] = "Bearer " + token }
		}
		s.Test(t)
	}
}

// expectHeaders is an AfterTestFunc checking response headers.
func expectHeaders(want map[string]string) func(t testing.TB, app *tests.TestApp, res *http.Response) {
	return func(t testing.TB, app *tests.TestApp, res *http.Response) {
		for k, v := range want {
			if got := res.Header.Get(k); got != v {
				t.Errorf("%s = %q, want %q", k, got, v)
			}
		}
	}
}

// Search folds case fully (ß is ss) and heals rows written around the record hooks at start.
func TestPublicSearchFolding(t *testing.T) {
	t.Parallel()
	factory := testutil.Factory(func(t testing.TB, app *tests.TestApp) {
		pubSeed(t, app, pubItem{id: "strasse00000001", typ: c.TypeBlog, title: "Die Straße", date: "2026-01-01"})
		_, err := app.DB().NewQuery("INSERT INTO projects (id, title, author, date) VALUES ('rawsql000000001', 'ÉCOLE Raw', 'Ada', '2026-01-02 00:00:00.000Z')").Execute()
		if err != nil {
			t.Fatal(err)
		}
	})
	q := url.QueryEscape
	for _, s := range []tests.ApiScenario{
		{URL: "/api/content?q=STRASSE", AfterTestFunc: expectIDs("strasse00000001")},
		{URL: "/api/content?q=" + q("straße"), AfterTestFunc: expectIDs("strasse00000001")},
		{URL: "/api/content?q=" + q("école"), AfterTestFunc: expectIDs("rawsql000000001")},
	} {
		s.Method, s.TestAppFactory, s.ExpectedStatus, s.ExpectedContent = http.MethodGet, factory, 200, []string{`"items":[`}
		s.Test(t)
	}
}

// Lists build summaries from the list index and an excerpt memo; details from the record.
// Both must agree on every summary field.
func TestPublicSummaryMatchesDetail(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	recs := pubSeed(t, app, pubItems...)
	recs[1].Set(c.FieldMedia, pubImage(t, "cover.png", png.Encode))
	if err := app.Save(recs[1]); err != nil {
		t.Fatal(err)
	}
	mux := pubMux(t, app)
	var list struct{ Items []map[string]any }
	pubJSON(t, pubGet(mux, "/api/content?perPage=100", nil), &list)
	var tag struct{ Items []map[string]any }
	pubJSON(t, pubGet(mux, "/api/tags/coffee", nil), &tag)
	if len(list.Items) != len(pubItems) || len(tag.Items) != 2 {
		t.Fatalf("got %d items and %d tagged", len(list.Items), len(tag.Items))
	}
	for _, sum := range append(list.Items, tag.Items...) {
		var detail map[string]any
		pubJSON(t, pubGet(mux, "/api/"+sum["type"].(string)+"s/"+sum["id"].(string), nil), &detail)
		for k, v := range sum {
			if fmt.Sprint(detail[k]) != fmt.Sprint(v) {
				t.Errorf("%s %s: list %v, detail %v", sum["id"], k, v, detail[k])
			}
		}
	}
	if !strings.Contains(fmt.Sprint(list.Items), "/api/files/pbc_blogs/"+pubB2+"/") {
		t.Errorf("media missing from the list: %v", list.Items)
	}
}
