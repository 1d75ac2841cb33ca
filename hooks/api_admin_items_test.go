package hooks_test

import (
	"encoding/json"
	"fmt"
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

// acDetail decodes an object answer.
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
		for _, s := range []testutil.Scenario{
			{Name: col + " guest list", Method: "GET", URL: "/api/admin/" + col, Status: 401, Content: []string{acctMsgNoAuth}},
			{Name: col + " pending list", Method: "GET", URL: "/api/admin/" + col, As: testutil.Pending, Status: 403,
				Content: []string{"Awaiting super admin approval."}},
			{Name: col + " rejected create", Method: "POST", URL: "/api/admin/" + col, As: testutil.Rejected, Status: 403,
				Fields: map[string]string{"title": "x", "author": "y"}, Content: []string{"was rejected"}},
			{Name: col + " removed delete", Method: "DELETE", URL: "/api/admin/" + col + "/x", As: testutil.Removed, Status: 403,
				Content: []string{"has been removed"}},
			{Name: col + " guest create", Method: "POST", URL: "/api/admin/" + col, Status: 401,
				Fields: map[string]string{"title": "x", "author": "y"}, Content: []string{acctMsgNoAuth}},
			{Name: col + " approved list", Method: "GET", URL: "/api/admin/" + col, As: testutil.Admin, Status: 200,
				Content: []string{`"totalItems":0`, `"totalPages":0`, `"items":[]`}},
		} {
			s.Test(t)
		}
	}
}

func TestAdminBlogsCreate(t *testing.T) {
	t.Parallel()
	// The server's clock, set just before midnight: an unset date is its day, not the test's.
	serverNow := time.Date(2026, 5, 17, 23, 59, 59, 0, time.UTC)
	today := "2026-05-17"
	scenarios := []testutil.Scenario{
		{
			Name: "full blog with media", Method: "POST", URL: "/api/admin/blogs", As: testutil.Admin, Status: 201,
			Fields: map[string]string{
				"title": "  Hello  ", "author": " Ann ", "date": "2026-03-04",
				"description": `<p>Hi<script>alert(1)</script> <a href="javascript:alert(1)" onclick="x()">there</a></p>`,
				"tags":        " go, , web ,go", "categories": "Dev, Backend,,", "attachLinks": "github.com/me, , mailto:a@b.c",
			},
			Files: map[string]testutil.File{"media": {Name: "cover.jpg", Data: acJPEG(t, 64, 32)}},
			Content: []string{`"title":"Hello"`, `"author":"Ann"`, `"date":"2026-03-04"`, `"type":"blog"`,
				`"tags":["go","web"]`, `"categories":["Dev","Backend"]`,
				`"attachLinks":["https://github.com/me","mailto:a@b.c"]`, `"media":"/api/files/`, `"thumbnail":"/api/files/`,
				`?thumb=480x0`, `"liked":false`, `"wordCount":2`, `"readingMinutes":1`},
			NotContent: []string{"<script", "alert(", "javascript:", "onclick", `"attachLink"`},
			After: func(t testing.TB, app *tests.TestApp, res *http.Response) {
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
			Name: "date defaults to today, no media", Method: "POST", URL: "/api/admin/blogs", As: testutil.Admin, Status: 201,
			Fields:  map[string]string{"title": "T", "author": "A"},
			Content: []string{`"date":"` + today + `"`, `"media":null`, `"thumbnail":null`, `"categories":["Uncategorized"]`, `"attachLinks":[]`, `"tags":[]`},
		},
		{
			Name: "JSON body works too", Method: "POST", URL: "/api/admin/blogs", As: testutil.Admin, Status: 201,
			JSON:    `{"title":"J","author":"A","tags":["a"," b "],"categories":"X, Y"}`,
			Content: []string{`"tags":["a","b"]`, `"categories":["X","Y"]`},
		},
		{
			Name: "title and author required", Method: "POST", URL: "/api/admin/blogs", As: testutil.Admin, Status: 400,
			Fields:  map[string]string{"title": "   ", "description": "<p>x</p>"},
			Content: []string{`"code":"validation_required"`},
			Errors:  map[string]string{"title": "Title is required", "author": "Author is required"},
			After: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				if n, _ := app.CountRecords(c.Blogs); n != 0 {
					t.Errorf("%d blogs stored", n)
				}
			},
		},
		{
			Name: "author required alone", Method: "POST", URL: "/api/admin/blogs", As: testutil.Admin, Status: 400,
			Fields:  map[string]string{"title": "T"},
			Content: []string{`"status":400`}, Errors: map[string]string{"author": "Author is required"},
		},
		{
			Name: "bad date", Method: "POST", URL: "/api/admin/blogs", As: testutil.Admin, Status: 400,
			Fields: map[string]string{"title": "T", "author": "A", "date": "yesterday"}, Content: []string{`"validation_invalid_date"`}, Errors: map[string]string{"date": "*"},
		},
		{
			Name: "link scheme refused", Method: "POST", URL: "/api/admin/blogs", As: testutil.Admin, Status: 400,
			Fields:  map[string]string{"title": "T", "author": "A", "attachLinks": "https://ok.example, javascript:alert(1)"},
			Content: []string{`"validation_link_scheme"`},
			Errors:  map[string]string{"attachLinks": `"javascript:alert(1)" is not an allowed link: links must use http, https, mailto, tel or sms.`},
		},
		{
			Name: "non-image media refused by its bytes", Method: "POST", URL: "/api/admin/blogs", As: testutil.Admin, Status: 400,
			Fields:  map[string]string{"title": "T", "author": "A"},
			Files:   map[string]testutil.File{"media": {Name: "photo.jpg", Data: []byte("%PDF-1.4 not an image at all")}},
			Content: []string{`"validation_invalid_mime_type"`},
			Errors:  map[string]string{"media": "Media must be an image (JPEG, PNG, GIF or WebP)."},
		},
		{
			Name: "SVG refused", Method: "POST", URL: "/api/admin/blogs", As: testutil.Admin, Status: 400,
			Fields:  map[string]string{"title": "T", "author": "A"},
			Files:   map[string]testutil.File{"media": {Name: "logo.svg", Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>`)}},
			Content: []string{`"validation_invalid_mime_type"`}, Errors: map[string]string{"media": "*"},
		},
		{
			Name: "image over 10 MB is 413 naming the field", Method: "POST", URL: "/api/admin/blogs", As: testutil.Admin, Status: 413,
			Fields:  map[string]string{"title": "T", "author": "A"},
			Files:   map[string]testutil.File{"media": {Name: "big.png", Data: append(acPNG(t, 8, 8), make([]byte, c.MaxImageBytes)...)}},
			Content: []string{`"status":413`, `"validation_file_size_limit"`},
			Errors:  map[string]string{"media": "Media is larger than 10 MB."},
		},
		{
			Name: "body far over the limit is 413", Method: "POST", URL: "/api/admin/blogs", As: testutil.Admin, Status: 413,
			Fields: map[string]string{"title": "T", "author": "A"},
			Files:  map[string]testutil.File{"media": {Name: "big.png", Data: make([]byte, 17<<20)}},
			// PocketBase's body limit answers before any Folio code runs; its wording is not ours.
			StatusOnly: "PocketBase's own 413",
		},
	}
	for _, s := range scenarios {
		s.Setup = atClock(serverNow, s.Setup)
		s.Test(t)
	}
}

func TestAdminProjectsCreate(t *testing.T) {
	t.Parallel()
	for _, s := range []testutil.Scenario{
		{
			Name: "project with one link", Method: "POST", URL: "/api/admin/projects", As: testutil.Admin, Status: 201,
			Fields: map[string]string{"title": "P", "author": "A", "attachLink": " example.com/p ", "tags": "a,b"},
			Files:  map[string]testutil.File{"media": {Name: "p.png", Data: acPNG(t, 30, 30)}},
			Content: []string{`"type":"project"`, `"attachLink":"https://example.com/p"`, `"tags":["a","b"]`,
				`"media":"/api/files/pbc_projects/`},
			NotContent: []string{`"attachLinks"`},
		},
		{
			Name: "project without link", Method: "POST", URL: "/api/admin/projects", As: testutil.Admin, Status: 201,
			Fields: map[string]string{"title": "P", "author": "A"}, Content: []string{`"attachLink":""`},
		},
		{
			Name: "project link scheme refused", Method: "POST", URL: "/api/admin/projects", As: testutil.Admin, Status: 400,
			Fields: map[string]string{"title": "P", "author": "A", "attachLink": "data:text/html,x"}, Content: []string{`"validation_link_scheme"`}, Errors: map[string]string{"attachLink": "*"},
		},
		{
			Name: "project title required", Method: "POST", URL: "/api/admin/projects", As: testutil.Admin, Status: 400,
			Fields: map[string]string{"author": "A"}, Content: []string{`"status":400`}, Errors: map[string]string{"title": "Title is required"},
		},
	} {
		s.Test(t)
	}
}

func TestAdminItemsUpdate(t *testing.T) {
	t.Parallel()
	oldMedia := func(app *tests.TestApp, col, id string) string {
		rec, _ := app.FindRecordById(col, id)
		return rec.GetString(c.FieldMedia)
	}
	for _, s := range []testutil.Scenario{
		{
			Name: "blog: only the title sent keeps the rest and the media", Method: "PUT", URL: "/api/admin/blogs/" + acBlogID,
			As: testutil.Admin, Status: 200, Setup: acSeedItems,
			Fields: map[string]string{"title": "New title"},
			Content: []string{`"title":"New title"`, `"author":"Ann"`, `"tags":["go"]`, `"categories":["Dev"]`,
				`"attachLinks":["https://a.example"]`, `"date":"2026-01-02"`, `"media":"/api/files/pbc_blogs/` + acBlogID + `/old_`},
		},
		{
			Name: "blog: new media replaces the old file", Method: "PUT", URL: "/api/admin/blogs/" + acBlogID,
			As: testutil.Admin, Status: 200, Setup: acSeedItems,
			Files: map[string]testutil.File{"media": {Name: "new.jpg", Data: acJPEG(t, 20, 20)}}, Content: []string{`/new_`},
			After: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				rec := acFind(t, app, c.Blogs, acBlogID)
				if !strings.HasPrefix(rec.GetString(c.FieldMedia), "new_") {
					t.Errorf("media = %q", rec.GetString(c.FieldMedia))
				}
			},
		},
		{
			Name: "blog: removeMedia clears it", Method: "PUT", URL: "/api/admin/blogs/" + acBlogID,
			As: testutil.Admin, Status: 200, Setup: acSeedItems,
			Fields: map[string]string{"removeMedia": "true"}, Content: []string{`"media":null`, `"title":"Old blog"`},
		},
		{
			Name: "blog: empty lists clear them, blank title refused", Method: "PUT", URL: "/api/admin/blogs/" + acBlogID,
			As: testutil.Admin, Status: 400, Setup: acSeedItems,
			Fields: map[string]string{"title": " ", "tags": ""}, Content: []string{`"status":400`}, Errors: map[string]string{"title": "Title is required"},
		},
		{
			Name: "blog: empty tags clear them", Method: "PUT", URL: "/api/admin/blogs/" + acBlogID,
			As: testutil.Admin, Status: 200, Setup: acSeedItems,
			Fields: map[string]string{"tags": " , ", "categories": ""}, Content: []string{`"tags":[]`, `"categories":["Uncategorized"]`},
		},
		{
			Name: "blog: unknown id", Method: "PUT", URL: "/api/admin/blogs/nope", As: testutil.Admin, Status: 404,
			Setup: acSeedItems, Fields: map[string]string{"title": "x"}, Content: []string{`"status":404`},
		},
		{
			Name: "blog id on the project route is 404", Method: "PUT", URL: "/api/admin/projects/" + acBlogID, As: testutil.Admin,
			Status: 404, Setup: acSeedItems, Fields: map[string]string{"title": "x"}, Content: []string{`"status":404`},
		},
		{
			Name: "project: link and media kept, author changed", Method: "PUT", URL: "/api/admin/projects/" + acProjectID,
			As: testutil.Admin, Status: 200, Setup: acSeedItems,
			Fields:  map[string]string{"author": "Bob"},
			Content: []string{`"author":"Bob"`, `"attachLink":"https://p.example"`, `"title":"Old project"`, `/old_`},
			After: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				if !strings.HasPrefix(oldMedia(app, c.Projects, acProjectID), "old_") {
					t.Error("media lost")
				}
			},
		},
	} {
		s.Test(t)
	}
}

func TestAdminItemsDelete(t *testing.T) {
	t.Parallel()
	for _, typ := range []string{c.TypeBlog, c.TypeProject} {
		col, id := c.ItemCollection(typ), acBlogID
		if typ == c.TypeProject {
			id = acProjectID
		}
		testutil.Scenario{
			Name: typ + " delete removes likes, events and files", Method: "DELETE", URL: "/api/admin/" + col + "/" + id,
			As: testutil.Admin, Status: 204,
			Setup: func(t testing.TB, app *tests.TestApp) {
				acSeedItems(t, app)
				acTraces(t, app, c.TypeBlog, acBlogID)
				acTraces(t, app, c.TypeProject, acProjectID)
			},
			After: func(t testing.TB, app *tests.TestApp, res *http.Response) {
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
		}.Test(t)
		testutil.Scenario{Name: typ + " delete unknown", Method: "DELETE", URL: "/api/admin/" + col + "/nope",
			As: testutil.Admin, Status: 404, Content: []string{`"status":404`}}.Test(t)
	}
}

func TestAdminItemsList(t *testing.T) {
	t.Parallel()
	seed := func(t testing.TB, app *tests.TestApp) {
		for i, d := range []string{"2026-01-01", "2026-03-01", "2026-02-01", "2026-03-01"} {
			acSave(t, app, c.Blogs, "acbloglist0000"+string(rune('a'+i)), map[string]any{
				c.FieldTitle: "Post " + string(rune('A'+i)), c.FieldAuthor: "A", c.FieldDate: d + " 00:00:00.000Z",
				c.FieldTags: []string{"t" + string(rune('a'+i%2))}, c.FieldCategories: []string{"Cat", "Sub" + string(rune('a'+i))},
				"created": fmt.Sprintf("2026-04-01 10:00:0%d.000Z", i), // distinct created stamps for the tie
			})
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
	for _, s := range []testutil.Scenario{
		{Name: "newest first, ties by created", Method: "GET", URL: "/api/admin/blogs?perPage=500", As: testutil.Admin, Status: 200,
			Setup: seed, Content: []string{`"page":1`, `"perPage":500`, `"totalItems":4`, `"totalPages":1`, `"description"`, `"wordCount"`},
			After: order("d", "b", "c", "a")},
		{Name: "perPage clamped to 500", Method: "GET", URL: "/api/admin/blogs?perPage=9000", As: testutil.Admin, Status: 200,
			Setup: seed, Content: []string{`"perPage":500`}},
		{Name: "second page", Method: "GET", URL: "/api/admin/blogs?perPage=3&page=2", As: testutil.Admin, Status: 200,
			Setup: seed, Content: []string{`"totalPages":2`, `"page":2`}, After: order("a")},
		{Name: "page past the end", Method: "GET", URL: "/api/admin/blogs?page=9", As: testutil.Admin, Status: 200,
			Setup: seed, Content: []string{`"items":[]`, `"totalItems":4`}},
		{Name: "q, tag, category and sub filter", Method: "GET", URL: "/api/admin/blogs?q=post&tag=ta&category=Cat&sub=Subc",
			As: testutil.Admin, Status: 200, Setup: seed, Content: []string{`"totalItems":1`}, After: order("c")},
		{Name: "bad page", Method: "GET", URL: "/api/admin/blogs?page=0", As: testutil.Admin, Status: 400,
			Content: []string{`"status":400`}, Errors: map[string]string{"page": "*"}},
		{Name: "bad perPage", Method: "GET", URL: "/api/admin/projects?perPage=abc", As: testutil.Admin, Status: 400,
			Content: []string{`"status":400`}, Errors: map[string]string{"perPage": "*"}},
	} {
		s.Test(t)
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
		testutil.Scenario{
			Name: "realtime " + s.action, Method: s.method, URL: s.url, As: testutil.Admin, Status: s.code,
			Fields: s.fields, Content: content,
			Setup: func(t testing.TB, app *tests.TestApp) {
				acSeedItems(t, app)
				owner, err := app.FindAuthRecordByEmail(c.Users, testutil.CallerEmail)
				if err != nil {
					t.Fatal(err)
				}
				messages = testutil.Subscribe(app, owner, "blogs/*", "projects/*")
			},
			After: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				got := messages(5 * time.Second)
				if len(got) != 1 || !strings.Contains(got[0], `"action":"`+s.action+`"`) {
					t.Errorf("realtime messages = %v", got)
				}
			},
		}.Test(t)
	}
}
