package hooks_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"image"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/tests"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

var bodyImageRe = regexp.MustCompile(`src="/api/files/itemImages/([a-z0-9]{15})/([^"]+)"`)

// itRequest sends a multipart request and returns the answer's code and body.
func itRequest(t *testing.T, app *tests.TestApp, method, url, token string, parts ...hostilePart) (int, string) {
	t.Helper()
	body, ct := hostileMultipart(parts...)
	req := httptest.NewRequest(method, url, bytes.NewReader(body))
	req.Header.Set("Content-Type", ct)
	if token != "" {
		req.Header.Set("Authorization", token)
	}
	res := httptest.NewRecorder()
	testutil.Handler(t, app).ServeHTTP(res, req)
	return res.Code, res.Body.String()
}

func field(name, value string) hostilePart { return hostilePart{field: name, data: []byte(value)} }

func dataURL(mime string, b []byte) string {
	return "data:" + mime + ";base64," + base64.StdEncoding.EncodeToString(b)
}

// TestBodyDataImagesStoredAsFiles (issue 31, point 1): a data: image in a saved body, through
// the admin route or the records API that /_/ uses, becomes an itemImages file (resized,
// metadata stripped) and the body refers to its /api/files/ URL; no data: image is stored or
// served; the item adopts its images and takes them along when it is deleted.
func TestBodyDataImagesStoredAsFiles(t *testing.T) {
	app := testutil.NewApp(t)
	testutil.Handler(t, app) // built once for the subtests
	owner := testutil.CreateUser(t, app, "owner@folio.test", c.StatusApproved, true)
	tok := testutil.Token(t, owner)
	su := testutil.SuperuserToken(t, app)
	meta := testutil.MetadataImages(t)
	big := acPNG(t, 3000, 1000)
	for _, tc := range []struct {
		name, url, token, mime string
		data                   []byte
		wantW                  int
	}{
		{"admin route, large PNG", "/api/admin/blogs", tok, "image/png", big, 1920},
		{"admin route, JPEG with GPS", "/api/admin/projects", tok, "image/jpeg", meta["jpeg"], 24},
		{"records API (/_/), WebP with EXIF", "/api/collections/blogs/records", su, "image/webp", meta["webp"], 24},
		{"records API (/_/), GIF", "/api/collections/projects/records", su, "image/gif", meta["gif"], 24},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := dataURL(tc.mime, tc.data)
			code, body := itRequest(t, app, "POST", tc.url, tc.token, field("title", "With image"), field("author", "A"),
				field("description", `<p>Before</p><img src="`+src+`" alt="A chart"><p>After</p><img src="`+src+`">`))
			if code != 200 && code != 201 {
				t.Fatalf("%d %s", code, body)
			}
			if strings.Contains(body, "data:") {
				t.Fatalf("answer still holds a data: URL")
			}
			var created struct{ ID string }
			json.Unmarshal([]byte(body), &created)
			col := c.Blogs
			if strings.Contains(tc.url, "projects") {
				col = c.Projects
			}
			rec := acFind(t, app, col, created.ID)
			desc := rec.GetString(c.FieldDescription)
			m := bodyImageRe.FindAllStringSubmatch(desc, -1)
			if strings.Contains(desc, "data:") || len(m) != 2 || m[0][1] != m[1][1] || !strings.Contains(desc, `alt="A chart"`) {
				t.Fatalf("stored description: %s", desc)
			}
			img := acFind(t, app, c.ItemImages, m[0][1])
			if img.GetString(c.FieldItem) != created.ID {
				t.Errorf("image's item = %q, want %q", img.GetString(c.FieldItem), created.ID)
			}
			stored := acStored(t, app, img, c.FieldMedia)
			cfg, _, err := image.DecodeConfig(bytes.NewReader(stored))
			if err != nil || cfg.Width != tc.wantW {
				t.Errorf("stored image %+v %v, want %d wide", cfg, err, tc.wantW)
			}
			for _, marker := range testutil.MetadataMarkers {
				if bytes.Contains(stored, []byte(marker)) {
					t.Errorf("stored image still holds %q", marker)
				}
			}
			// The public page and API serve the file URL, and the file itself is public.
			res := httptest.NewRecorder()
			testutil.Handler(t, app).ServeHTTP(res, httptest.NewRequest("GET", "/api/files/itemImages/"+m[0][1]+"/"+m[0][2], nil))
			if res.Code != 200 {
				t.Errorf("GET image file: %d", res.Code)
			}
			// Deleting the item deletes its images.
			if err := app.Delete(rec); err != nil {
				t.Fatal(err)
			}
			if n, _ := app.CountRecords(c.ItemImages, dbx.HashExp{"id": m[0][1]}); n != 0 {
				t.Errorf("image outlived its item")
			}
		})
	}
}

// TestBodyDataImageRefused: a data: image that is not an image, or over 10 MB, fails the save
// with the reason under description (400), and nothing is stored.
func TestBodyDataImageRefused(t *testing.T) {
	app := testutil.NewApp(t)
	owner := testutil.CreateUser(t, app, "owner@folio.test", c.StatusApproved, true)
	tok := testutil.Token(t, owner)
	huge := append(acPNG(t, 8, 8), make([]byte, c.MaxImageBytes)...)
	for name, tc := range map[string]struct {
		data []byte
		want string
	}{
		"text posing as PNG": {[]byte("this is not an image at all"), "An image in the description was refused: Media must be an image (JPEG, PNG, GIF or WebP)."},
		"over 10 MB":         {huge, "An image in the description was refused: Media is larger than 10 MB."},
	} {
		code, body := itRequest(t, app, "POST", "/api/admin/blogs", tok, field("title", "T"), field("author", "A"),
			field("description", `<p>x</p><img src="`+dataURL("image/png", tc.data)+`">`))
		if code != 400 || !strings.Contains(body, `"description":{"code":"validation_body_image","message":"`+tc.want+`"`) {
			t.Errorf("%s: %d %.300s", name, code, body)
		}
	}
	if n, _ := app.CountRecords(c.ItemImages); n != 0 {
		t.Errorf("%d images stored from refused saves", n)
	}
	if n, _ := app.CountRecords(c.Blogs); n != 0 {
		t.Errorf("%d blogs saved", n)
	}
}

// TestItemImageUploads: the editor's uploads go through the records API of itemImages:
// approved admins only, the cover's checks and messages, and a body using the image adopts it.
func TestItemImageUploads(t *testing.T) {
	app := testutil.NewApp(t)
	owner := testutil.CreateUser(t, app, "owner@folio.test", c.StatusApproved, true)
	pending := testutil.CreateUser(t, app, "reader@folio.test", c.StatusPending, false)
	tok := testutil.Token(t, owner)
	url := "/api/collections/itemImages/records"
	upload := func(token, name string, data []byte) (int, string) {
		return itRequest(t, app, "POST", url, token, hostilePart{field: "media", filename: name, ctype: "image/png", data: data})
	}
	if code, body := upload("", "a.png", acPNG(t, 8, 8)); code != 400 && code != 403 {
		t.Errorf("guest upload: %d %s", code, body)
	}
	if code, body := upload(testutil.Token(t, pending), "a.png", acPNG(t, 8, 8)); code != 400 && code != 403 {
		t.Errorf("pending upload: %d %s", code, body)
	}
	if code, body := upload(tok, "notes.png", []byte("plain text, not a picture")); code != 400 ||
		!strings.Contains(body, `"message":"Media must be an image (JPEG, PNG, GIF or WebP)."`) {
		t.Errorf("text named .png: %d %s", code, body)
	}
	code, body := upload(tok, "wide.png", acPNG(t, 2500, 500))
	if code != 200 {
		t.Fatalf("upload: %d %s", code, body)
	}
	var img struct{ ID, Media string }
	json.Unmarshal([]byte(body), &img)
	rec := acFind(t, app, c.ItemImages, img.ID)
	if cfg, _, _ := image.DecodeConfig(bytes.NewReader(acStored(t, app, rec, c.FieldMedia))); cfg.Width != 1920 {
		t.Errorf("uploaded image stored %d wide, want 1920", cfg.Width)
	}
	src := c.ItemImageURLPrefix + img.ID + "/" + img.Media
	code, body = itRequest(t, app, "POST", "/api/admin/blogs", tok, field("title", "T"), field("author", "A"),
		field("description", `<p>x</p><img src="`+src+`" alt="Uploaded">`))
	if code != 201 || !strings.Contains(body, src) {
		t.Fatalf("blog with uploaded image: %d %s", code, body)
	}
	var blog struct{ ID string }
	json.Unmarshal([]byte(body), &blog)
	if got := acFind(t, app, c.ItemImages, img.ID).GetString(c.FieldItem); got != blog.ID {
		t.Errorf("uploaded image's item = %q, want %q", got, blog.ID)
	}
}

// TestTitleAtMost255 (issue 31, point 8): 255 characters save, 256 answer 400 with the
// contract's message, through the admin route and /_/.
func TestTitleAtMost255(t *testing.T) {
	app := testutil.NewApp(t)
	owner := testutil.CreateUser(t, app, "owner@folio.test", c.StatusApproved, true)
	tok := testutil.Token(t, owner)
	su := testutil.SuperuserToken(t, app)
	ok := strings.Repeat("é", 255)
	long := strings.Repeat("a", 256)
	for _, via := range []struct{ url, token string }{{"/api/admin/blogs", tok}, {"/api/collections/projects/records", su}} {
		if code, body := itRequest(t, app, "POST", via.url, via.token, field("title", ok), field("author", "A")); code != 200 && code != 201 {
			t.Errorf("%s, 255 characters: %d %s", via.url, code, body)
		}
		for _, title := range []string{long, strings.Repeat("b", 300), strings.Repeat("c", 400)} {
			code, body := itRequest(t, app, "POST", via.url, via.token, field("title", title), field("author", "A"))
			if code != 400 || !strings.Contains(body, `"title":{"code":"validation_max_text_constraint","message":"Title must be at most 255 characters"}`) {
				t.Errorf("%s, %d characters: %d %s", via.url, len(title), code, body)
			}
		}
	}
}

// TestItemImagesRules: List/View/Create/Update/Delete of itemImages for guest, reader
// (pending), admin, super admin and superuser: approved accounts read and upload, only
// superusers change or delete; the files themselves are public (see above).
func TestItemImagesRules(t *testing.T) {
	t.Parallel()
	const id = "ruleimage000001"
	seed := func(t testing.TB, app *tests.TestApp) {
		testutil.SaveRecord(t, app, c.ItemImages, id, map[string]any{c.FieldMedia: acUpload(t, "seed.png", acPNG(t, 8, 8))})
	}
	base := "/api/collections/itemImages/records"
	png := map[string]testutil.File{"media": {Name: "up.png", Data: acPNG(t, 8, 8)}}
	for role, want := range map[testutil.Role][5]int{
		//                    list view create update delete
		testutil.Guest:      {200, 404, 400, 403, 403},
		testutil.Pending:    {200, 404, 400, 403, 403},
		testutil.Admin:      {200, 200, 200, 403, 403},
		testutil.SuperAdmin: {200, 200, 200, 403, 403},
		testutil.Superuser:  {200, 200, 200, 200, 204},
	} {
		seesContent := func(status int) []string {
			if status == 200 {
				return []string{id}
			}
			return []string{`"status":` + strconv.Itoa(status)}
		}
		listContent := []string{`"totalItems":0`}
		if want[1] == 200 {
			listContent = []string{id}
		}
		created := func(status int) []string {
			if status == 200 {
				return []string{`"collectionName":"itemImages"`}
			}
			return []string{`"status":` + strconv.Itoa(status)}
		}
		del := []string{`"status":` + strconv.Itoa(want[4])}
		if want[4] == 204 {
			del = nil
		}
		for _, s := range []testutil.Scenario{
			{Name: "list", Method: "GET", URL: base, Status: want[0], Content: listContent},
			{Name: "view", Method: "GET", URL: base + "/" + id, Status: want[1], Content: seesContent(want[1])},
			{Name: "create", Method: "POST", URL: base, Files: png, Status: want[2], Content: created(want[2])},
			{Name: "update", Method: "PATCH", URL: base + "/" + id, Files: png, Status: want[3], Content: seesContent(want[3])},
			{Name: "delete", Method: "DELETE", URL: base + "/" + id, Status: want[4], Content: del},
		} {
			s.As, s.Setup = role, seed
			s.Test(t)
		}
	}
}
