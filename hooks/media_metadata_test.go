package hooks_test

import (
	"bytes"
	"encoding/json"
	"image"
	"net/http/httptest"
	"strings"
	"testing"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

// TestUploadsLoseMetadata (defect 3): an upload of every format, still and animated, with
// GPS EXIF, XMP and comments is stored without any of them, through the admin route and
// through the raw collection API that /_/ uses; animations stay animated.
func TestUploadsLoseMetadata(t *testing.T) {
	app := testutil.NewApp(t)
	owner := testutil.CreateUser(t, app, "owner@folio.test", c.StatusApproved, true)
	tok := testutil.Token(t, owner)
	su := testutil.SuperuserToken(t, app)
	ext := map[string]string{"jpeg": "jpg", "png": "png", "gif": "gif", "gif-animated": "gif", "webp": "webp", "webp-animated": "webp"}
	for name, data := range testutil.MetadataImages(t) {
		for _, via := range []struct{ url, token string }{{"/api/admin/blogs", tok}, {"/api/collections/blogs/records", su}} {
			body, ct := hostileMultipart(hostilePart{field: "title", data: []byte("T")}, hostilePart{field: "author", data: []byte("A")},
				hostilePart{field: "media", filename: "photo." + ext[name], ctype: "application/octet-stream", data: data})
			req := httptest.NewRequest("POST", via.url, bytes.NewReader(body))
			req.Header.Set("Content-Type", ct)
			req.Header.Set("Authorization", via.token)
			res := httptest.NewRecorder()
			testutil.Handler(t, app).ServeHTTP(res, req)
			if res.Code != 200 && res.Code != 201 {
				t.Fatalf("%s via %s: %d %s", name, via.url, res.Code, res.Body)
			}
			var created struct{ ID string }
			json.Unmarshal(res.Body.Bytes(), &created)
			rec := acFind(t, app, c.Blogs, created.ID)
			stored := acStored(t, app, rec, c.FieldMedia)
			for _, m := range testutil.MetadataMarkers {
				if bytes.Contains(stored, []byte(m)) {
					t.Errorf("%s via %s: stored file still holds %q", name, via.url, m)
				}
			}
			// x/image/webp decodes no animation: its header must read, the frames are checked below.
			if cfg, format, err := image.DecodeConfig(bytes.NewReader(stored)); err != nil || format != strings.TrimSuffix(name, "-animated") || cfg.Width != 24 {
				t.Errorf("%s via %s: stored as %s %+v %v", name, via.url, format, cfg, err)
			}
			switch name {
			case "gif-animated":
				if !bytes.Contains(stored, []byte("NETSCAPE2.0")) || bytes.Count(stored, []byte{0x21, 0xF9}) < 2 {
					t.Errorf("%s via %s: animation lost", name, via.url)
				}
			case "webp-animated":
				if bytes.Count(stored, []byte("ANMF")) != 2 {
					t.Errorf("%s via %s: animation lost", name, via.url)
				}
			}
		}
	}
}
