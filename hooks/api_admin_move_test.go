package hooks_test

import (
	"archive/zip"
	"bytes"
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/tests"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

func TestAdminImportExport(t *testing.T) {
	t.Parallel()
	ghost, err := os.ReadFile("../move/testdata/ghost5.json")
	if err != nil {
		t.Fatal(err)
	}
	file := map[string]testutil.File{"file": {Name: "ghost.json", Data: ghost}}
	withBlog := func(t testing.TB, app *tests.TestApp) {
		testutil.SaveRecord(t, app, c.Blogs, "", map[string]any{c.FieldTitle: "Kept <b>title</b>", c.FieldAuthor: "Ada", c.FieldDescription: "<p>Body</p>"})
	}
	for _, s := range []testutil.Scenario{
		{Name: "guest import", Method: "POST", URL: "/api/admin/import", Files: file, As: testutil.Guest, Status: 401, StatusOnly: "guard"},
		{Name: "pending import", Method: "POST", URL: "/api/admin/import", Files: file, As: testutil.Pending, Status: 403, StatusOnly: "guard"},
		{Name: "admin import", Method: "POST", URL: "/api/admin/import", Files: file, As: testutil.Admin, Status: 403,
			Content: []string{"Only a super admin may import or export the site."}},
		{Name: "super admin import", Method: "POST", URL: "/api/admin/import", Files: file, As: testutil.SuperAdmin, Status: 200,
			// a Ghost export holds no images and no site address: its images are left out, listed, the item kept
			Content: []string{`"imported":2`, `"skipped":1`, `"redirects":1`, `"errors":[{"source":"Welcome to the garden","message":"Feature image not imported: `,
				`{"source":"Welcome to the garden","message":"1 image left out: a Ghost export holds no images.`},
			After: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				if n, _ := app.CountRecords(c.Blogs); n != 2 {
					t.Errorf("%d blogs", n)
				}
			}},
		{Name: "site address not a URL", Method: "POST", URL: "/api/admin/import", Files: file, Fields: map[string]string{"siteUrl": "javascript:alert(1)"},
			As: testutil.SuperAdmin, Status: 400, Content: []string{"The old site's address must be a URL like https://example.com."},
			After: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				if n, _ := app.CountRecords(c.Blogs); n != 0 {
					t.Errorf("%d blogs after a refused import", n)
				}
			}},
		{Name: "no file", Method: "POST", URL: "/api/admin/import", Fields: map[string]string{"x": "1"}, As: testutil.SuperAdmin, Status: 400,
			Content: []string{"Choose a file to import"}},
		{Name: "broken file", Method: "POST", URL: "/api/admin/import", Files: map[string]testutil.File{"file": {Name: "g.json", Data: ghost[:300]}},
			As: testutil.SuperAdmin, Status: 400, Content: []string{"The file is not valid JSON"},
			After: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				if n, _ := app.CountRecords(c.Blogs); n != 0 {
					t.Errorf("%d blogs after a broken file", n)
				}
			}},
		{Name: "guest export", Method: "GET", URL: "/api/admin/export", As: testutil.Guest, Status: 401, StatusOnly: "guard"},
		{Name: "admin export", Method: "GET", URL: "/api/admin/export", As: testutil.Admin, Status: 403, StatusOnly: "super admin only"},
		{Name: "super admin export", Method: "GET", URL: "/api/admin/export", As: testutil.SuperAdmin, Status: 200, Setup: withBlog, Content: []string{"folio.json"},
			After: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				if res.Header.Get("Content-Type") != "application/zip" || !strings.Contains(res.Header.Get("Content-Disposition"), "attachment") {
					t.Errorf("headers %v", res.Header)
				}
				var buf bytes.Buffer
				buf.ReadFrom(res.Body)
				zr, err := zip.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
				if err != nil {
					t.Fatal(err)
				}
				var names []string
				for _, f := range zr.File {
					names = append(names, f.Name)
				}
				if got := strings.Join(names, " "); !strings.Contains(got, "folio.json") || !strings.Contains(got, "-kept-b-title-b.md") {
					t.Errorf("zip holds %s", got)
				}
			}},
	} {
		s.Test(t)
	}
}
