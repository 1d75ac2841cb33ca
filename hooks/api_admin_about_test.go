package hooks_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/tests"

	c "github.com/folio/folio/collections"
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
	for _, s := range []acScenario{
		{name: "guest", method: "GET", url: "/api/admin/about", code: 401},
		{name: "removed account", method: "PUT", url: "/api/admin/about", status: c.StatusRemoved, code: 403,
			fields: map[string]string{"header": "x"}, content: []string{"has been removed"}},
		{name: "empty before creation", method: "GET", url: "/api/admin/about", status: c.StatusApproved, code: 200,
			content: []string{`"id":null`, `"header":""`, `"declaration":""`, `"media":null`, `"attachLinks":[]`}},
		{
			name: "create with JSON links, gif media and sanitised sections", method: "POST", url: "/api/admin/about",
			status: c.StatusApproved, code: 201,
			fields: map[string]string{
				"header":      "<h2>Hello</h2><p>I <code>code</code><script>alert(1)</script><img src=\"https://x.y/i.png\"></p><pre class=\"ql-syntax\">x := 1</pre>",
				"skills":      "<ul><li>Go</li></ul>",
				"attachLinks": links,
			},
			files: map[string]acFile{"media": {"wave.gif", acAnimatedGIF(t, 40, 40)}},
			content: []string{`"attachLinks":[{"title":"CV","url":"https://example.com/cv.pdf"},{"title":"Mail","url":"mailto:me@x.y"}]`,
				`"kind":"gif"`, `"skills":"<ul><li>Go</li></ul>"`, `"profile":""`},
			not: []string{"<script", "<code", "<img", "<pre", "dropped.example"},
			after: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				d := acJSONMap(t, res)
				if d["id"] != acOnly(t, app, c.About).Id {
					t.Errorf("id = %v", d["id"])
				}
			},
		},
		{
			name: "create with a video", method: "POST", url: "/api/admin/about", status: c.StatusApproved, code: 201,
			fields: map[string]string{"header": "<p>x</p>"}, files: map[string]acFile{"media": {"intro.mp4", acMP4()}},
			content: []string{`"kind":"video"`, `.mp4"`},
		},
		{
			name: "create with an image", method: "POST", url: "/api/admin/about", status: c.StatusApproved, code: 201,
			files: map[string]acFile{"media": {"face.jpg", acJPEG(t, 3000, 2000)}}, content: []string{`"kind":"image"`},
			after: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				img, _ := acDecode(t, acStored(t, app, acOnly(t, app, c.About), c.FieldMedia))
				if img.Bounds().Dx() != 1920 {
					t.Errorf("width %d", img.Bounds().Dx())
				}
			},
		},
		{name: "links must be JSON", method: "POST", url: "/api/admin/about", status: c.StatusApproved, code: 400,
			fields: map[string]string{"attachLinks": "CV, https://x.y"}, content: []string{`"validation_invalid_json"`},
			errs: map[string]string{"attachLinks": "Links must be a JSON array of {title, url} objects"}},
		{name: "link scheme refused", method: "POST", url: "/api/admin/about", status: c.StatusApproved, code: 400,
			fields:  map[string]string{"attachLinks": `[{"title":"x","url":"javascript:alert(1)"}]`},
			content: []string{`"validation_link_scheme"`}, errs: map[string]string{"attachLinks": "*"}},
		{name: "a PDF is not media", method: "POST", url: "/api/admin/about", status: c.StatusApproved, code: 400,
			files:   map[string]acFile{"media": {"cv.pdf", []byte("%PDF-1.7 hello")}},
			content: []string{`"validation_invalid_mime_type"`},
			errs:    map[string]string{"media": "Media must be an image (JPEG, PNG, GIF or WebP) or a video (MP4, WebM, Ogg or QuickTime)."}},
		{name: "an image over 10 MB is 413", method: "POST", url: "/api/admin/about", status: c.StatusApproved, code: 413,
			files:   map[string]acFile{"media": {"big.png", append(acPNG(t, 4, 4), make([]byte, c.MaxImageBytes)...)}},
			content: []string{`"status":413`}, errs: map[string]string{"media": "Media is larger than 10 MB."}},
		{name: "second create is 409", method: "POST", url: "/api/admin/about", status: c.StatusApproved, code: 409,
			setup: acSeedAbout, fields: map[string]string{"header": "x"}, content: []string{`"status":409`}},
		{name: "update before creation is 404", method: "PUT", url: "/api/admin/about", status: c.StatusApproved, code: 404,
			fields: map[string]string{"header": "x"}, content: []string{`"status":404`}},
		{
			name: "update keeps media, links and unsent sections", method: "PUT", url: "/api/admin/about", status: c.StatusApproved,
			code: 200, setup: acSeedAbout, fields: map[string]string{"header": "<p>New header</p>"},
			content: []string{`"id":"` + acAboutID + `"`, `"header":"<p>New header</p>"`, `"skills":"<p>Go</p>"`,
				`"attachLinks":[{"title":"CV","url":"https://cv.example"}]`, `"kind":"video"`},
		},
		{
			name: "update with empty links array and removeMedia", method: "PUT", url: "/api/admin/about", status: c.StatusApproved,
			code: 200, setup: acSeedAbout, fields: map[string]string{"attachLinks": "[]", "removeMedia": "true"},
			content: []string{`"attachLinks":[]`, `"media":null`, `"skills":"<p>Go</p>"`},
			after: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				if m := acOnly(t, app, c.About).GetString(c.FieldMedia); m != "" {
					t.Errorf("media kept: %s", m)
				}
			},
		},
		{name: "view after creation", method: "GET", url: "/api/admin/about", status: c.StatusApproved, code: 200,
			setup: acSeedAbout, content: []string{`"id":"` + acAboutID + `"`, `"header":"<p>Old header</p>"`, `"url":"/api/files/pbc_about/`}},
	} {
		s.run(t)
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
	acScenario{name: "all sections", method: "POST", url: "/api/admin/about", status: c.StatusApproved, code: 201,
		fields: fields, content: content}.run(t)
}
