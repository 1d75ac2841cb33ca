package hooks_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/tests"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

// TestItemHooksThroughCollectionsAPI: writes made as superuser through PocketBase's own
// records API (what /_/ does) are sanitised and normalised by the record hooks too.
func TestItemHooksThroughCollectionsAPI(t *testing.T) {
	t.Parallel()
	// The server's clock, set just before midnight: an unset date is its day, not the test's.
	serverNow := time.Date(2026, 5, 17, 23, 59, 59, 0, time.UTC)
	today := "2026-05-17"
	for _, s := range []testutil.Scenario{
		{
			Name: "PATCH description with a script is stored sanitised", As: testutil.Superuser, Setup: acSeedItems,
			Method: "PATCH", URL: "/api/collections/blogs/records/" + acBlogID, Status: 200,
			JSON: `{"description":"<p onclick=\"x()\">Safe<script>alert(1)</script><img src=x onerror=alert(2)><a href=\"javascript:alert(3)\">l</a></p>",
				"title":"  Spaced  ","tags":["b"," a ","b",""],"categories":"Main, Sub, Main"}`,
			Content: []string{`"title":"Spaced"`},
			After: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				rec := acFind(t, app, c.Blogs, acBlogID)
				desc := rec.GetString(c.FieldDescription)
				for _, bad := range []string{"<script", "alert(", "onclick", "onerror", "javascript:"} {
					if strings.Contains(desc, bad) {
						t.Errorf("stored description keeps %q: %s", bad, desc)
					}
				}
				if !strings.Contains(desc, "Safe") {
					t.Errorf("text lost: %s", desc)
				}
				if got := strings.Join(acList(rec, c.FieldTags), "|"); got != "b|a" {
					t.Errorf("tags = %s", got)
				}
				if got := strings.Join(acList(rec, c.FieldCategories), "|"); got != "Main|Sub" {
					t.Errorf("categories = %s", got)
				}
				if got := rec.GetString(c.FieldSearchTitle); got != "spaced" {
					t.Errorf("searchTitle = %q", got)
				}
			},
		},
		{
			Name: "superuser create without date gets today, links normalised", As: testutil.Superuser,
			Method: "POST", URL: "/api/collections/blogs/records", Status: 200,
			JSON:    `{"title":"T","author":"A","attachLinks":[" github.com/me ","","tel:+123"]}`,
			Content: []string{`"attachLinks":["https://github.com/me","tel:+123"]`, `"date":"` + today + ` 00:00:00.000Z"`},
		},
		{
			Name: "superuser link with a refused scheme", As: testutil.Superuser,
			Method: "POST", URL: "/api/collections/projects/records", Status: 400,
			JSON: `{"title":"T","author":"A","attachLink":"javascript:alert(1)"}`, Errors: map[string]string{"attachLink": "*"},
		},
		{
			Name: "superuser About refuses code, script, code-block, image and video", As: testutil.Superuser,
			Method: "POST", URL: "/api/collections/about/records", Status: 200,
			JSON: `{"header":"<h2>Hi</h2><p>Me <code>x</code><img src=\"https://a.b/c.png\"><script>alert(1)</script></p><pre>block</pre><video src=\"https://a.b/v.mp4\"></video><iframe src=\"https://www.youtube.com/embed/x\"></iframe>",
				"attachLinks":[{"title":"CV","url":"example.com/cv"},{"title":"","url":"https://x.y"},{"title":"No url","url":" "}]}`,
			Content: []string{`"attachLinks":[{"title":"CV","url":"https://example.com/cv"}]`},
			After: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				header := acOnly(t, app, c.About).GetString("header")
				for _, bad := range []string{"<code", "<img", "<script", "alert(", "<pre", "<video", "<iframe"} {
					if strings.Contains(header, bad) {
						t.Errorf("About header keeps %q: %s", bad, header)
					}
				}
				if !strings.Contains(header, "Hi") || !strings.Contains(header, "Me") {
					t.Errorf("About text lost: %s", header)
				}
			},
		},
		{
			Name: "superuser delete removes likes and events", As: testutil.Superuser,
			Method: "DELETE", URL: "/api/collections/blogs/records/" + acBlogID, Status: 204,
			Setup: func(t testing.TB, app *tests.TestApp) {
				acSeedItems(t, app)
				acTraces(t, app, c.TypeBlog, acBlogID)
			},
			After: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				if acCount(t, app, c.Likes, c.FieldItem, acBlogID)+acCount(t, app, c.Events, c.FieldItemID, acBlogID) != 0 {
					t.Error("likes or events of the deleted blog left")
				}
			},
		},
	} {
		s.Setup = atClock(serverNow, s.Setup)
		s.Test(t)
	}
}

// TestItemHooksCounterSaveKeepsDescription: a save that does not touch the description
// (a counter edit, as a /_/ form sends) leaves it byte for byte, and the counter stays
// its events' (zero here): the counters live in itemCounters, the row stores zeros.
func TestItemHooksCounterSaveKeepsDescription(t *testing.T) {
	t.Parallel()
	testutil.Scenario{
		Name: "counter save", Method: "GET", URL: "/api/admin/blogs", As: testutil.Admin, Status: 200,
		Content: []string{`"totalItems":1`},
		Setup: func(t testing.TB, app *tests.TestApp) {
			acSeedItems(t, app)
			rec := acFind(t, app, c.Blogs, acBlogID)
			before := rec.GetString(c.FieldDescription)
			rec.Set(c.FieldViewCount, 5)
			if err := app.Save(rec); err != nil {
				t.Fatal(err)
			}
			if after := acFind(t, app, c.Blogs, acBlogID); after.GetString(c.FieldDescription) != before || after.GetInt(c.FieldViewCount) != 0 {
				t.Error("counter save changed the description or stored the count in the row")
			}
			if n := engCounter(t, app, c.Blogs, acBlogID, c.FieldViewCount); n != 0 {
				t.Errorf("viewCount %d after a /_/ edit, want its events' 0", n)
			}
		},
	}.Test(t)
}
