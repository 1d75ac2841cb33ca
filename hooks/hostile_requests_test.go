package hooks_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http/httptest"
	"net/textproto"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

// dataSnapshot is every content table's rows as text (login attempts and logs excluded:
// refusing a request may record it).
func dataSnapshot(t *testing.T, app core.App) string {
	t.Helper()
	var b strings.Builder
	for _, table := range []string{c.Blogs, c.Projects, c.Profile, c.About, c.Events, c.Likes, c.Users} {
		var rows []dbx.NullStringMap
		if err := app.DB().Select("*").From(table).OrderBy("id").All(&rows); err != nil {
			t.Fatal(err)
		}
		for _, r := range rows {
			fmt.Fprintf(&b, "%s %v\n", table, r)
		}
	}
	return b.String()
}

type hostilePart struct {
	field, filename, ctype string
	data                   []byte
}

func hostileMultipart(parts ...hostilePart) ([]byte, string) {
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for _, p := range parts {
		h := textproto.MIMEHeader{}
		if p.filename != "" {
			h.Set("Content-Disposition", fmt.Sprintf(`form-data; name="%s"; filename="%s"`, p.field, p.filename))
			h.Set("Content-Type", p.ctype)
		} else {
			h.Set("Content-Disposition", fmt.Sprintf(`form-data; name="%s"`, p.field))
		}
		pw, _ := w.CreatePart(h)
		pw.Write(p.data)
	}
	w.Close()
	return buf.Bytes(), w.FormDataContentType()
}

// TestHostileRequests: malformed bodies, oversized bodies, invalid UTF-8, bad page numbers,
// path traversal and hostile uploads each get a clear 4xx with PocketBase's error body,
// never a 500, and leave the data as it was.
func TestHostileRequests(t *testing.T) {
	app := testutil.NewApp(t)
	owner := testutil.CreateUser(t, app, "owner@folio.test", c.StatusApproved, true)
	tok := testutil.Token(t, owner)
	blog := testutil.SaveRecord(t, app, c.Blogs, "", map[string]any{c.FieldTitle: "Kept", c.FieldAuthor: "A", c.FieldDate: "2026-01-02"})
	project := testutil.SaveRecord(t, app, c.Projects, "", map[string]any{c.FieldTitle: "Kept too", c.FieldAuthor: "A", c.FieldDate: "2026-01-03"})
	if res := testutil.Do(t, app, "POST", "/api/admin/profile", tok, `{"heading":"H","bio":"B"}`); res.Code != 201 {
		t.Fatalf("profile: %d %s", res.Code, res.Body)
	}

	big := func(n int) []byte { return bytes.Repeat([]byte("a"), n) }
	jsonBig := func(n int) []byte { return []byte(`{"email":"a@b.co","content":"` + string(big(n)) + `"}`) }
	badUTF8 := "caf\xc3\x28 \xff\xfe"
	pixelFlood := acBombPNG(100000, 100000)
	gifFlood := []byte("GIF89a\xff\xff\xff\xff\x00\x00\x00,\x00\x00\x00\x00\xff\xff\xff\xff\x00\x02\x02D\x01\x00;")
	htmlAsPNG := []byte("<html><script>alert(1)</script></html>")
	svgAsJPG := []byte(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>`)
	elfAsGIF := append([]byte("\x7fELF\x02\x01\x01"), big(100)...)
	truncatedPNG := acBombPNG(10, 10)[:30]

	mp := func(parts ...hostilePart) ([]byte, string) {
		return hostileMultipart(append([]hostilePart{{field: "title", data: []byte("T")}, {field: "author", data: []byte("A")}}, parts...)...)
	}
	type req struct {
		name, method, url string
		auth              bool
		ctype             string
		body              []byte
	}
	var reqs []req
	add := func(name, method, url string, auth bool, ctype string, body []byte) {
		reqs = append(reqs, req{name, method, url, auth, ctype, body})
	}
	file := func(name, filename, ctype string, data []byte) {
		for _, route := range []string{"/api/admin/blogs", "/api/admin/blogs/" + blog.Id} {
			method := "POST"
			if strings.Contains(route, blog.Id) {
				method = "PUT"
			}
			body, ct := mp(hostilePart{field: "media", filename: filename, ctype: ctype, data: data})
			add(name+" "+method, method, route, true, ct, body)
		}
		body, ct := hostileMultipart(hostilePart{field: "image", filename: filename, ctype: ctype, data: data})
		add(name+" profile image", "PUT", "/api/admin/profile", true, ct, body)
	}

	// malformed JSON
	for _, b := range []string{`{"email":`, `{"email":"a@b.co","content":"x"`, `[1,2`, `"just a string"`, "\x00\x01", `{"email":"a@b.co","content":"x"}}`} {
		add("malformed JSON comment "+b, "POST", "/api/comment/"+blog.Id, false, "application/json", []byte(b))
		add("malformed JSON admin blog "+b, "PUT", "/api/admin/blogs/"+blog.Id, true, "application/json", []byte(b))
		add("malformed JSON profile "+b, "PUT", "/api/admin/profile", true, "application/json", []byte(b))
		add("malformed JSON status "+b, "PUT", "/api/admin/admin-users/"+owner.Id, true, "application/json", []byte(b))
	}
	add("object as comment content", "POST", "/api/comment/"+blog.Id, false, "application/json", []byte(`{"email":"a@b.co","content":{"$gt":""}}`))
	add("number as comment email", "POST", "/api/comment/"+blog.Id, false, "application/json", []byte(`{"email":1e999,"content":"x"}`))
	// malformed multipart
	add("multipart without boundary", "POST", "/api/admin/blogs", true, "multipart/form-data", []byte("--x\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nT\r\n--x--"))
	add("multipart wrong boundary", "POST", "/api/admin/blogs", true, "multipart/form-data; boundary=zzz", []byte("--x\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nT\r\n--x--"))
	add("multipart cut off", "PUT", "/api/admin/blogs/"+blog.Id, true, "multipart/form-data; boundary=x", []byte("--x\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nT"))
	add("multipart garbage", "PUT", "/api/admin/about", true, "multipart/form-data; boundary=x", []byte("\xff\xfe\x00garbage"))
	// bodies of 10 MB and more
	add("11 MB comment", "POST", "/api/comment/"+blog.Id, false, "application/json", jsonBig(11<<20))
	add("40 MB comment", "POST", "/api/comment-project/"+project.Id, false, "application/json", jsonBig(40<<20))
	add("11 MB view body", "POST", "/api/view/"+blog.Id, false, "application/json", jsonBig(11<<20))
	add("11 MB share body", "POST", "/api/share/"+blog.Id, false, "application/json", jsonBig(11<<20))
	add("11 MB like body", "POST", "/api/like/"+blog.Id, true, "application/json", jsonBig(11<<20))
	body11, ct11 := mp(hostilePart{field: "description", data: big(11 << 20)})
	add("11 MB description", "PUT", "/api/admin/blogs/"+blog.Id, true, ct11, body11)
	body70, ct70 := mp(hostilePart{field: "media", filename: "x.png", ctype: "image/png", data: big(70 << 20)})
	add("70 MB upload", "POST", "/api/admin/blogs", true, ct70, body70)
	add("11 MB profile", "PUT", "/api/admin/profile", true, "application/json", []byte(`{"heading":"`+string(big(11<<20))+`"}`))
	add("11 MB sign-in", "POST", "/api/collections/users/auth-with-password", false, "application/json", []byte(`{"identity":"owner@folio.test","password":"`+string(big(11<<20))+`"}`))
	// invalid UTF-8
	add("invalid UTF-8 comment", "POST", "/api/comment/"+blog.Id, false, "application/json", []byte(`{"email":"a@b.co","content":"`+badUTF8+`"}`))
	bodyU, ctU := hostileMultipart(hostilePart{field: "title", data: []byte(badUTF8)})
	add("invalid UTF-8 title", "PUT", "/api/admin/blogs/"+blog.Id, true, ctU, bodyU)
	bodyU2, ctU2 := hostileMultipart(hostilePart{field: "tags", data: []byte("ok," + badUTF8)})
	add("invalid UTF-8 tags", "PUT", "/api/admin/projects/"+project.Id, true, ctU2, bodyU2)
	bodyU3, ctU3 := hostileMultipart(hostilePart{field: "heading", data: []byte(badUTF8)})
	add("invalid UTF-8 heading", "PUT", "/api/admin/profile", true, ctU3, bodyU3)
	add("invalid UTF-8 query", "GET", "/api/content?q=%ff%fe", false, "", nil)
	add("invalid UTF-8 tag path", "GET", "/api/tags/%ff%fe", false, "", nil)
	add("invalid UTF-8 category path", "GET", "/api/categories/%c3%28", false, "", nil)
	// negative and huge page numbers
	for _, q := range []string{"page=-1", "page=0", "page=-99999999999999999999", "page=1e3", "page=abc",
		"perPage=-1", "perPage=0", "perPage=-99999999999999999999", "page=%00", "page=1%00"} {
		add("list "+q, "GET", "/api/content?"+q, false, "", nil)
		add("admin list "+q, "GET", "/api/admin/blogs?"+q, true, "", nil)
	}
	add("list type=evil", "GET", "/api/content?type=evil", false, "", nil)
	for _, q := range []string{"range=-1", "range=%00", "type=../../x", "range=day&type=evil"} {
		add("analytics "+q, "GET", "/api/admin/analytics?"+q, true, "", nil)
	}
	// path traversal in ids and file names
	for _, id := range []string{"..%2F..%2Fdata.db", "..%2f..%2f..%2fetc%2fpasswd", "%2e%2e", "..%5c..%5cdata.db", blog.Id + "%00", "a%2Fb", strings.Repeat("x", 5000)} {
		add("id "+id, "GET", "/api/blogs/"+id, false, "", nil)
		add("view id "+id, "POST", "/api/view/"+id, false, "", nil)
		add("comment id "+id, "POST", "/api/comment/"+id, false, "application/json", []byte(`{"email":"a@b.co","content":"x"}`))
		add("admin put id "+id, "PUT", "/api/admin/blogs/"+id, true, "application/json", []byte(`{"title":"x"}`))
		add("admin delete id "+id, "DELETE", "/api/admin/projects/"+id, true, "", nil)
		add("status id "+id, "PUT", "/api/admin/admin-users/"+id, true, "application/json", []byte(`{"status":"approved"}`))
	}
	for _, p := range []string{"/api/files/blogs/" + blog.Id + "/..%2F..%2F..%2Fdata.db", "/api/files/blogs/..%2F..%2Fdata.db/x", "/api/files/" + c.Blogs + "/" + blog.Id + "/%2e%2e%2f%2e%2e%2fdata.db"} {
		add("file path "+p, "GET", p, false, "", nil)
	}
	// non-images with image extensions, a pixel flood and broken images
	file("HTML named .png", "x.png", "image/png", htmlAsPNG)
	file("SVG named .jpg", "x.jpg", "image/jpeg", svgAsJPG)
	file("ELF named .gif", "x.gif", "image/gif", elfAsGIF)
	file("empty .webp", "x.webp", "image/webp", nil)
	file("truncated PNG", "x.png", "image/png", truncatedPNG)
	file("pixel flood PNG", "flood.png", "image/png", pixelFlood)
	file("pixel flood GIF", "flood.gif", "image/gif", gifFlood)
	file("traversal file name, not an image", "../../../../data.db", "image/png", htmlAsPNG)

	before := dataSnapshot(t, app)
	for _, r := range reqs {
		req := httptest.NewRequest(r.method, r.url, bytes.NewReader(r.body))
		if r.ctype != "" {
			req.Header.Set("Content-Type", r.ctype)
		}
		if r.auth {
			req.Header.Set("Authorization", tok)
		}
		res := httptest.NewRecorder()
		testutil.Handler(t, app).ServeHTTP(res, req)
		name := r.name
		if len(name) > 90 {
			name = name[:90]
		}
		body, _ := io.ReadAll(res.Body)
		switch {
		case res.Code >= 500:
			t.Errorf("%s: %d %.300s", name, res.Code, body)
		case res.Code < 400:
			t.Errorf("%s: %d, want a 4xx: %.200s", name, res.Code, body)
		case res.Code >= 400 && strings.HasPrefix(r.url, "/api/"):
			var e struct {
				Status  int
				Message string
			}
			if json.Unmarshal(body, &e) != nil || e.Status != res.Code || e.Message == "" {
				t.Errorf("%s: %d without PocketBase's error body: %.200s", name, res.Code, body)
			}
		}
		if after := dataSnapshot(t, app); after != before {
			t.Fatalf("%s: %d changed the data", name, res.Code)
		}
	}
	t.Logf("%d malformed requests", len(reqs))

	// A real image under a traversing file name is stored under a plain name inside storage.
	body, ct := mp(hostilePart{field: "media", filename: "../../../../data.db.png", ctype: "image/png", data: acPNG(t, 8, 8)})
	upload := httptest.NewRequest("POST", "/api/admin/blogs", bytes.NewReader(body))
	upload.Header.Set("Content-Type", ct)
	upload.Header.Set("Authorization", tok)
	res := httptest.NewRecorder()
	testutil.Handler(t, app).ServeHTTP(res, upload)
	var created struct{ ID string }
	json.Unmarshal(res.Body.Bytes(), &created)
	if res.Code != 201 {
		t.Fatalf("image with a traversing name: %d %s", res.Code, res.Body)
	}
	rec, err := app.FindRecordById(c.Blogs, created.ID)
	if err != nil {
		t.Fatal(err)
	}
	if name := rec.GetString(c.FieldMedia); name == "" || strings.ContainsAny(name, `/\`) || strings.Contains(name, "..") {
		t.Errorf("stored file name %q", name)
	}

	// A page far past the end is 200 with no items, perPage over the max is clamped (API.md).
	for url, want := range map[string]string{
		"/api/content?page=99999999999999999999":    `"items":[]`,
		"/api/content?page=2147483648":              `"items":[]`,
		"/api/content?perPage=99999999999999999999": `"perPage":100,`,
		"/api/admin/blogs?perPage=1000000":          `"perPage":500,`,
	} {
		res := testutil.Do(t, app, "GET", url, tok, "")
		if res.Code != 200 || !strings.Contains(res.Body.String(), want) {
			t.Errorf("%s: %d %.200s", url, res.Code, res.Body)
		}
	}
}
