package hooks_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/tests"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

const (
	acBlogID    = "acblog000000001"
	acProjectID = "acproject000001"
)

// acSeedItems saves one blog and one project, each with media.
func acSeedItems(t testing.TB, app *tests.TestApp) {
	acSave(t, app, c.Blogs, acBlogID, map[string]any{
		c.FieldTitle: "Old blog", c.FieldAuthor: "Ann", c.FieldDescription: "<p>Old body</p>",
		c.FieldTags: []string{"go"}, c.FieldCategories: []string{"Dev"}, c.FieldAttachLinks: []string{"https://a.example"},
		c.FieldDate: "2026-01-02 00:00:00.000Z", c.FieldMedia: acUpload(t, "old.png", acPNG(t, 40, 20)),
	})
	acSave(t, app, c.Projects, acProjectID, map[string]any{
		c.FieldTitle: "Old project", c.FieldAuthor: "Ann", c.FieldAttachLink: "https://p.example",
		c.FieldMedia: acUpload(t, "old.png", acPNG(t, 40, 20)),
	})
}

func acDetail(t testing.TB, res *http.Response) map[string]any {
	t.Helper()
	out := map[string]any{}
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestAdminItemsAccess(t *testing.T) {
	t.Parallel()
	for _, col := range []string{c.Blogs, c.Projects} {
		for _, s := range []acScenario{
			{name: col + " guest list", method: "GET", url: "/api/admin/" + col, code: 401},
			{name: col + " pending list", method: "GET", url: "/api/admin/" + col, status: c.StatusPending, code: 403,
				content: []string{"Awaiting super admin approval."}},
			{name: col + " rejected create", method: "POST", url: "/api/admin/" + col, status: c.StatusRejected, code: 403,
				fields: map[string]string{"title": "x", "author": "y"}, content: []string{"was rejected"}},
			{name: col + " removed delete", method: "DELETE", url: "/api/admin/" + col + "/x", status: c.StatusRemoved, code: 403,
				content: []string{"has been removed"}},
			{name: col + " guest create", method: "POST", url: "/api/admin/" + col, code: 401,
				fields: map[string]string{"title": "x", "author": "y"}},
			{name: col + " approved list", method: "GET", url: "/api/admin/" + col, status: c.StatusApproved, code: 200,
				content: []string{`"totalItems":0`, `"totalPages":0`, `"items":[]`}},
		} {
			s.run(t)
		}
	}
}

func TestAdminBlogsCreate(t *testing.T) {
	t.Parallel()
	today := time.Now().UTC().Format(time.DateOnly)
	scenarios := []acScenario{
		{
			name: "full blog with media", method: "POST", url: "/api/admin/blogs", status: c.StatusApproved, code: 201,
			fields: map[string]string{
				"title": "  Hello  ", "author": " Ann ", "date": "2026-03-04",
				"description": `<p>Hi<script>alert(1)</script> <a href="javascript:alert(1)" onclick="x()">there</a></p>`,
				"tags":        " go, , web ,go", "categories": "Dev, Backend,,", "attachLinks": "github.com/me, , mailto:a@b.c",
			},
			files: map[string]acFile{"media": {"cover.jpg", acJPEG(t, 64, 32)}},
			content: []string{`"title":"Hello"`, `"author":"Ann"`, `"date":"2026-03-04"`, `"type":"blog"`,
				`"tags":["go","web"]`, `"categories":["Dev","Backend"]`,
				`"attachLinks":["https://github.com/me","mailto:a@b.c"]`, `"media":"/api/files/`, `"thumbnail":"/api/files/`,
				`?thumb=480x0`, `"liked":false`, `"wordCount":2`, `"readingMinutes":1`},
			not: []string{"<script", "alert(", "javascript:", "onclick", `"attachLink"`},
			after: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				d := acDetail(t, res)
				rec := acFind(t, app, c.Blogs, d["id"].(string))
				if got := rec.GetString(c.FieldSearchTitle); got != "hello" {
					t.Errorf("searchTitle = %q", got)
				}
				if _, format := acDecode(t, acStored(t, app, rec, c.FieldMedia)); format != "jpeg" {
					t.Errorf("format = %s", format)
				}
			},
		},
		{
			name: "date defaults to today, no media", method: "POST", url: "/api/admin/blogs", status: c.StatusApproved, code: 201,
			fields:  map[string]string{"title": "T", "author": "A"},
			content: []string{`"date":"` + today + `"`, `"media":null`, `"thumbnail":null`, `"categories":["Uncategorized"]`, `"attachLinks":[]`, `"tags":[]`},
		},
		{
			name: "JSON body works too", method: "POST", url: "/api/admin/blogs", status: c.StatusApproved, code: 201,
			json:    `{"title":"J","author":"A","tags":["a"," b "],"categories":"X, Y"}`,
			content: []string{`"tags":["a","b"]`, `"categories":["X","Y"]`},
		},
		{
			name: "title and author required", method: "POST", url: "/api/admin/blogs", status: c.StatusApproved, code: 400,
			fields:  map[string]string{"title": "   ", "description": "<p>x</p>"},
			content: []string{`"code":"validation_required"`},
			errs:    map[string]string{"title": "Title is required", "author": "Author is required"},
			after: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				if n, _ := app.CountRecords(c.Blogs); n != 0 {
					t.Errorf("%d blogs stored", n)
				}
			},
		},
		{
			name: "author required alone", method: "POST", url: "/api/admin/blogs", status: c.StatusApproved, code: 400,
			fields:  map[string]string{"title": "T"},
			content: []string{`"status":400`}, errs: map[string]string{"author": "Author is required"},
		},
		{
			name: "bad date", method: "POST", url: "/api/admin/blogs", status: c.StatusApproved, code: 400,
			fields: map[string]string{"title": "T", "author": "A", "date": "yesterday"}, content: []string{`"validation_invalid_date"`}, errs: map[string]string{"date": "*"},
		},
		{
			name: "link scheme refused", method: "POST", url: "/api/admin/blogs", status: c.StatusApproved, code: 400,
			fields:  map[string]string{"title": "T", "author": "A", "attachLinks": "https://ok.example, javascript:alert(1)"},
			content: []string{`"validation_link_scheme"`},
			errs:    map[string]string{"attachLinks": `"javascript:alert(1)" is not an allowed link: links must use http, https, mailto, tel or sms.`},
		},
		{
			name: "non-image media refused by its bytes", method: "POST", url: "/api/admin/blogs", status: c.StatusApproved, code: 400,
			fields:  map[string]string{"title": "T", "author": "A"},
			files:   map[string]acFile{"media": {"photo.jpg", []byte("%PDF-1.4 not an image at all")}},
			content: []string{`"validation_invalid_mime_type"`},
			errs:    map[string]string{"media": "Media must be an image (JPEG, PNG, GIF or WebP)."},
		},
		{
			name: "SVG refused", method: "POST", url: "/api/admin/blogs", status: c.StatusApproved, code: 400,
			fields:  map[string]string{"title": "T", "author": "A"},
			files:   map[string]acFile{"media": {"logo.svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>`)}},
			content: []string{`"validation_invalid_mime_type"`}, errs: map[string]string{"media": "*"},
		},
		{
			name: "image over 10 MB is 413 naming the field", method: "POST", url: "/api/admin/blogs", status: c.StatusApproved, code: 413,
			fields:  map[string]string{"title": "T", "author": "A"},
			files:   map[string]acFile{"media": {"big.png", append(acPNG(t, 8, 8), make([]byte, c.MaxImageBytes)...)}},
			content: []string{`"status":413`, `"validation_file_size_limit"`},
			errs:    map[string]string{"media": "Media is larger than 10 MB."},
		},
		{
			name: "body far over the limit is 413", method: "POST", url: "/api/admin/blogs", status: c.StatusApproved, code: 413,
			fields: map[string]string{"title": "T", "author": "A"},
			files:  map[string]acFile{"media": {"big.png", make([]byte, 17<<20)}},
		},
	}
	for _, s := range scenarios {
		s.run(t)
	}
}

func TestAdminProjectsCreate(t *testing.T) {
	t.Parallel()
	for _, s := range []acScenario{
		{
			name: "project with one link", method: "POST", url: "/api/admin/projects", status: c.StatusApproved, code: 201,
			fields: map[string]string{"title": "P", "author": "A", "attachLink": " example.com/p ", "tags": "a,b"},
			files:  map[string]acFile{"media": {"p.png", acPNG(t, 30, 30)}},
			content: []string{`"type":"project"`, `"attachLink":"https://example.com/p"`, `"tags":["a","b"]`,
				`"media":"/api/files/pbc_projects/`},
			not: []string{`"attachLinks"`},
		},
		{
			name: "project without link", method: "POST", url: "/api/admin/projects", status: c.StatusApproved, code: 201,
			fields: map[string]string{"title": "P", "author": "A"}, content: []string{`"attachLink":""`},
		},
		{
			name: "project link scheme refused", method: "POST", url: "/api/admin/projects", status: c.StatusApproved, code: 400,
			fields: map[string]string{"title": "P", "author": "A", "attachLink": "data:text/html,x"}, content: []string{`"validation_link_scheme"`}, errs: map[string]string{"attachLink": "*"},
		},
		{
			name: "project title required", method: "POST", url: "/api/admin/projects", status: c.StatusApproved, code: 400,
			fields: map[string]string{"author": "A"}, content: []string{`"status":400`}, errs: map[string]string{"title": "Title is required"},
		},
	} {
		s.run(t)
	}
}

func TestAdminItemsUpdate(t *testing.T) {
	t.Parallel()
	oldMedia := func(app *tests.TestApp, col, id string) string {
		rec, _ := app.FindRecordById(col, id)
		return rec.GetString(c.FieldMedia)
	}
	for _, s := range []acScenario{
		{
			name: "blog: only the title sent keeps the rest and the media", method: "PUT", url: "/api/admin/blogs/" + acBlogID,
			status: c.StatusApproved, code: 200, setup: acSeedItems,
			fields: map[string]string{"title": "New title"},
			content: []string{`"title":"New title"`, `"author":"Ann"`, `"tags":["go"]`, `"categories":["Dev"]`,
				`"attachLinks":["https://a.example"]`, `"date":"2026-01-02"`, `"media":"/api/files/pbc_blogs/` + acBlogID + `/old_`},
		},
		{
			name: "blog: new media replaces the old file", method: "PUT", url: "/api/admin/blogs/" + acBlogID,
			status: c.StatusApproved, code: 200, setup: acSeedItems,
			files: map[string]acFile{"media": {"new.jpg", acJPEG(t, 20, 20)}}, content: []string{`/new_`},
			after: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				rec := acFind(t, app, c.Blogs, acBlogID)
				if !strings.HasPrefix(rec.GetString(c.FieldMedia), "new_") {
					t.Errorf("media = %q", rec.GetString(c.FieldMedia))
				}
			},
		},
		{
			name: "blog: removeMedia clears it", method: "PUT", url: "/api/admin/blogs/" + acBlogID,
			status: c.StatusApproved, code: 200, setup: acSeedItems,
			fields: map[string]string{"removeMedia": "true"}, content: []string{`"media":null`, `"title":"Old blog"`},
		},
		{
			name: "blog: empty lists clear them, blank title refused", method: "PUT", url: "/api/admin/blogs/" + acBlogID,
			status: c.StatusApproved, code: 400, setup: acSeedItems,
			fields: map[string]string{"title": " ", "tags": ""}, content: []string{`"status":400`}, errs: map[string]string{"title": "Title is required"},
		},
		{
			name: "blog: empty tags clear them", method: "PUT", url: "/api/admin/blogs/" + acBlogID,
			status: c.StatusApproved, code: 200, setup: acSeedItems,
			fields: map[string]string{"tags": " , ", "categories": ""}, content: []string{`"tags":[]`, `"categories":["Uncategorized"]`},
		},
		{
			name: "blog: unknown id", method: "PUT", url: "/api/admin/blogs/nope", status: c.StatusApproved, code: 404,
			setup: acSeedItems, fields: map[string]string{"title": "x"}, content: []string{`"status":404`},
		},
		{
			name: "blog id on the project route is 404", method: "PUT", url: "/api/admin/projects/" + acBlogID, status: c.StatusApproved,
			code: 404, setup: acSeedItems, fields: map[string]string{"title": "x"}, content: []string{`"status":404`},
		},
		{
			name: "project: link and media kept, author changed", method: "PUT", url: "/api/admin/projects/" + acProjectID,
			status: c.StatusApproved, code: 200, setup: acSeedItems,
			fields:  map[string]string{"author": "Bob"},
			content: []string{`"author":"Bob"`, `"attachLink":"https://p.example"`, `"title":"Old project"`, `/old_`},
			after: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				if !strings.HasPrefix(oldMedia(app, c.Projects, acProjectID), "old_") {
					t.Error("media lost")
				}
			},
		},
	} {
		s.run(t)
	}
}

func TestAdminItemsDelete(t *testing.T) {
	t.Parallel()
	for _, typ := range []string{c.TypeBlog, c.TypeProject} {
		col, id := c.ItemCollection(typ), acBlogID
		if typ == c.TypeProject {
			id = acProjectID
		}
		acScenario{
			name: typ + " delete removes likes, events and files", method: "DELETE", url: "/api/admin/" + col + "/" + id,
			status: c.StatusApproved, code: 204,
			setup: func(t testing.TB, app *tests.TestApp) {
				acSeedItems(t, app)
				acTraces(t, app, c.TypeBlog, acBlogID)
				acTraces(t, app, c.TypeProject, acProjectID)
			},
			after: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				if _, err := app.FindRecordById(col, id); err == nil {
					t.Error("item still stored")
				}
				if n := acCount(t, app, c.Likes, c.FieldItem, id); n != 0 {
					t.Errorf("%d likes left", n)
				}
				if n := acCount(t, app, c.Events, c.FieldItemID, id); n != 0 {
					t.Errorf("%d events left", n)
				}
				other := map[string]string{c.TypeBlog: acProjectID, c.TypeProject: acBlogID}[typ]
				if acCount(t, app, c.Likes, c.FieldItem, other) != 1 || acCount(t, app, c.Events, c.FieldItemID, other) != 3 { // view, comment, and the like's event
					t.Error("the other item's traces were touched")
				}
			},
		}.run(t)
		acScenario{name: typ + " delete unknown", method: "DELETE", url: "/api/admin/" + col + "/nope",
			status: c.StatusApproved, code: 404, content: []string{`"status":404`}}.run(t)
	}
}

func TestAdminItemsList(t *testing.T) {
	t.Parallel()
	seed := func(t testing.TB, app *tests.TestApp) {
		for i, d := range []string{"2026-01-01", "2026-03-01", "2026-02-01", "2026-03-01"} {
			acSave(t, app, c.Blogs, "acbloglist0000"+string(rune('a'+i)), map[string]any{
				c.FieldTitle: "Post " + string(rune('A'+i)), c.FieldAuthor: "A", c.FieldDate: d + " 00:00:00.000Z",
				c.FieldTags: []string{"t" + string(rune('a'+i%2))}, c.FieldCategories: []string{"Cat", "Sub" + string(rune('a'+i))},
			})
			time.Sleep(2 * time.Millisecond) // distinct created stamps for the tie
		}
	}
	order := func(want ...string) func(t testing.TB, app *tests.TestApp, res *http.Response) {
		return func(t testing.TB, app *tests.TestApp, res *http.Response) {
			var body struct {
				Items []struct {
					ID string `json:"id"`
				} `json:"items"`
			}
			if err := json.NewDecoder(res.Body).Decode(&body); err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, it := range body.Items {
				got = append(got, it.ID[len(it.ID)-1:])
			}
			if strings.Join(got, "") != strings.Join(want, "") {
				t.Errorf("order = %v, want %v", got, want)
			}
		}
	}
	for _, s := range []acScenario{
		{name: "newest first, ties by created", method: "GET", url: "/api/admin/blogs?perPage=500", status: c.StatusApproved, code: 200,
			setup: seed, content: []string{`"page":1`, `"perPage":500`, `"totalItems":4`, `"totalPages":1`, `"description"`, `"wordCount"`},
			after: order("d", "b", "c", "a")},
		{name: "perPage clamped to 500", method: "GET", url: "/api/admin/blogs?perPage=9000", status: c.StatusApproved, code: 200,
			setup: seed, content: []string{`"perPage":500`}},
		{name: "second page", method: "GET", url: "/api/admin/blogs?perPage=3&page=2", status: c.StatusApproved, code: 200,
			setup: seed, content: []string{`"totalPages":2`, `"page":2`}, after: order("a")},
		{name: "page past the end", method: "GET", url: "/api/admin/blogs?page=9", status: c.StatusApproved, code: 200,
			setup: seed, content: []string{`"items":[]`, `"totalItems":4`}},
		{name: "q, tag, category and sub filter", method: "GET", url: "/api/admin/blogs?q=post&tag=ta&category=Cat&sub=Subc",
			status: c.StatusApproved, code: 200, setup: seed, content: []string{`"totalItems":1`}, after: order("c")},
		{name: "bad page", method: "GET", url: "/api/admin/blogs?page=0", status: c.StatusApproved, code: 400,
			content: []string{`"status":400`}, errs: map[string]string{"page": "*"}},
		{name: "bad perPage", method: "GET", url: "/api/admin/projects?perPage=abc", status: c.StatusApproved, code: 400,
			content: []string{`"status":400`}, errs: map[string]string{"perPage": "*"}},
	} {
		s.run(t)
	}
}

// TestAdminItemsRealtime: route writes are record saves, so dashboard subscribers to
// blogs/projects hear creates, updates and deletes.
func TestAdminItemsRealtime(t *testing.T) {
	t.Parallel()
	for _, s := range []struct {
		method, url, action string
		fields              map[string]string
		code                int
	}{
		{"POST", "/api/admin/blogs", "create", map[string]string{"title": "Live", "author": "A"}, 201},
		{"PUT", "/api/admin/blogs/" + acBlogID, "update", map[string]string{"title": "Live 2"}, 200},
		{"DELETE", "/api/admin/projects/" + acProjectID, "delete", nil, 204},
	} {
		var messages func(time.Duration) []string
		content := []string{`"id"`}
		if s.code == 204 {
			content = nil
		}
		acScenario{
			name: "realtime " + s.action, method: s.method, url: s.url, status: c.StatusApproved, code: s.code,
			fields: s.fields, content: content,
			setup: func(t testing.TB, app *tests.TestApp) {
				acSeedItems(t, app)
				owner, err := app.FindAuthRecordByEmail(c.Users, "owner@folio.test")
				if err != nil {
					t.Fatal(err)
				}
				messages = testutil.Subscribe(app, owner, "blogs/*", "projects/*")
			},
			after: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				got := messages(5 * time.Second)
				if len(got) != 1 || !strings.Contains(got[0], `"action":"`+s.action+`"`) {
					t.Errorf("realtime messages = %v", got)
				}
			},
		}.run(t)
	}
}
