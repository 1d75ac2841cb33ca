package hooks_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/tests"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

const acAboutID = "acabout00000001"

func acSeedAbout(t testing.TB, app *tests.TestApp) {
	acSave(t, app, c.About, acAboutID, map[string]any{
		"header": "<p>Old header</p>", "skills": "<p>Go</p>",
		c.FieldAttachLinks: []map[string]string{{"title": "CV", "url": "https://cv.example"}},
		c.FieldMedia:       acUpload(t, "intro.mp4", acMP4()),
	})
}

func TestAdminAbout(t *testing.T) {
	t.Parallel()
	links := `[{"title":" CV ","url":"example.com/cv.pdf"},{"title":"","url":"https://dropped.example"},{"title":"No url","url":""},{"title":"Mail","url":"mailto:me@x.y"}]`
	for _, s := range []testutil.Scenario{
		{Name: "guest", Method: "GET", URL: "/api/admin/about", Status: 401, Content: []string{acctMsgNoAuth}},
		{Name: "removed account", Method: "PUT", URL: "/api/admin/about", As: testutil.Removed, Status: 403,
			Fields: map[string]string{"header": "x"}, Content: []string{"has been removed"}},
		{Name: "empty before creation", Method: "GET", URL: "/api/admin/about", As: testutil.Admin, Status: 200,
			Content: []string{`"id":null`, `"header":""`, `"declaration":""`, `"media":null`, `"attachLinks":[]`}},
		{
			Name: "create with JSON links, gif media and sanitised sections", Method: "POST", URL: "/api/admin/about",
			As: testutil.Admin, Status: 201,
			Fields: map[string]string{
				"header":      "<h2>Hello</h2><p>I <code>code</code><script>alert(1)</script><img src=\"https://x.y/i.png\"></p><pre class=\"ql-syntax\">x := 1</pre>",
				"skills":      "<ul><li>Go</li></ul>",
				"attachLinks": links,
			},
			Files: map[string]testutil.File{"media": {Name: "wave.gif", Data: acAnimatedGIF(t, 40, 40)}},
			Content: []string{`"attachLinks":[{"title":"CV","url":"https://example.com/cv.pdf"},{"title":"Mail","url":"mailto:me@x.y"}]`,
				`"kind":"gif"`, `"skills":"<ul><li>Go</li></ul>"`, `"profile":""`},
			NotContent: []string{"<script", "<code", "<img", "<pre", "dropped.example"},
			After: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				d := acDetail(t, res)
				if d["id"] != acOnly(t, app, c.About).Id {
					t.Errorf("id = %v", d["id"])
				}
			},
		},
		{
			Name: "create with a video", Method: "POST", URL: "/api/admin/about", As: testutil.Admin, Status: 201,
			Fields: map[string]string{"header": "<p>x</p>"}, Files: map[string]testutil.File{"media": {Name: "intro.mp4", Data: acMP4()}},
			Content: []string{`"kind":"video"`, `.mp4"`},
		},
		{
			Name: "create with an image", Method: "POST", URL: "/api/admin/about", As: testutil.Admin, Status: 201,
			Files: map[string]testutil.File{"media": {Name: "face.jpg", Data: acJPEG(t, 3000, 2000)}}, Content: []string{`"kind":"image"`},
			After: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				img, _ := acDecode(t, acStored(t, app, acOnly(t, app, c.About), c.FieldMedia))
				if img.Bounds().Dx() != 1920 {
					t.Errorf("width %d", img.Bounds().Dx())
				}
			},
		},
		{Name: "links must be JSON", Method: "POST", URL: "/api/admin/about", As: testutil.Admin, Status: 400,
			Fields: map[string]string{"attachLinks": "CV, https://x.y"}, Content: []string{`"validation_invalid_json"`},
			Errors: map[string]string{"attachLinks": "Links must be a JSON array of {title, url} objects"}},
		{Name: "link scheme refused", Method: "POST", URL: "/api/admin/about", As: testutil.Admin, Status: 400,
			Fields:  map[string]string{"attachLinks": `[{"title":"x","url":"javascript:alert(1)"}]`},
			Content: []string{`"validation_link_scheme"`}, Errors: map[string]string{"attachLinks": "*"}},
		{Name: "a PDF is not media", Method: "POST", URL: "/api/admin/about", As: testutil.Admin, Status: 400,
			Files:   map[string]testutil.File{"media": {Name: "cv.pdf", Data: []byte("%PDF-1.7 hello")}},
			Content: []string{`"validation_invalid_mime_type"`},
			Errors:  map[string]string{"media": "Media must be an image (JPEG, PNG, GIF or WebP) or a video (MP4, WebM, Ogg or QuickTime)."}},
		{Name: "an image over 10 MB is 413", Method: "POST", URL: "/api/admin/about", As: testutil.Admin, Status: 413,
			Files:   map[string]testutil.File{"media": {Name: "big.png", Data: append(acPNG(t, 4, 4), make([]byte, c.MaxImageBytes)...)}},
			Content: []string{`"status":413`}, Errors: map[string]string{"media": "Media is larger than 10 MB."}},
		{Name: "second create is 409", Method: "POST", URL: "/api/admin/about", As: testutil.Admin, Status: 409,
			Setup: acSeedAbout, Fields: map[string]string{"header": "x"}, Content: []string{`"status":409`}},
		{Name: "update before creation is 404", Method: "PUT", URL: "/api/admin/about", As: testutil.Admin, Status: 404,
			Fields: map[string]string{"header": "x"}, Content: []string{`"status":404`}},
		{
			Name: "update keeps media, links and unsent sections", Method: "PUT", URL: "/api/admin/about", As: testutil.Admin,
			Status: 200, Setup: acSeedAbout, Fields: map[string]string{"header": "<p>New header</p>"},
			Content: []string{`"id":"` + acAboutID + `"`, `"header":"<p>New header</p>"`, `"skills":"<p>Go</p>"`,
				`"attachLinks":[{"title":"CV","url":"https://cv.example"}]`, `"kind":"video"`},
		},
		{
			Name: "update with empty links array and removeMedia", Method: "PUT", URL: "/api/admin/about", As: testutil.Admin,
			Status: 200, Setup: acSeedAbout, Fields: map[string]string{"attachLinks": "[]", "removeMedia": "true"},
			Content: []string{`"attachLinks":[]`, `"media":null`, `"skills":"<p>Go</p>"`},
			After: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				if m := acOnly(t, app, c.About).GetString(c.FieldMedia); m != "" {
					t.Errorf("media kept: %s", m)
				}
			},
		},
		{Name: "view after creation", Method: "GET", URL: "/api/admin/about", As: testutil.Admin, Status: 200,
			Setup: acSeedAbout, Content: []string{`"id":"` + acAboutID + `"`, `"header":"<p>Old header</p>"`, `"url":"/api/files/pbc_about/`}},
	} {
		s.Test(t)
	}
}

// TestAdminAboutSectionsAllAccepted: every About field of API.md is written and read back.
func TestAdminAboutSectionsAllAccepted(t *testing.T) {
	t.Parallel()
	fields := map[string]string{}
	var content []string
	for _, f := range c.AboutRichFields {
		fields[f] = "<p>" + strings.ToUpper(f) + "</p>"
		content = append(content, `"`+f+`":"<p>`+strings.ToUpper(f)+`</p>"`)
	}
	testutil.Scenario{Name: "all sections", Method: "POST", URL: "/api/admin/about", As: testutil.Admin, Status: 201,
		Fields: fields, Content: content}.Test(t)
}
