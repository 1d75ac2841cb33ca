package hooks_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/HugoSmits86/nativewebp"
	"github.com/pocketbase/pocketbase/tests"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

// acStoredOf returns the stored media of the blog a create answered.
func acStoredOf(t testing.TB, app *tests.TestApp, res *http.Response) []byte {
	t.Helper()
	var d struct {
		ID string `json:"id"`
	}
	if err := json.NewDecoder(res.Body).Decode(&d); err != nil {
		t.Fatal(err)
	}
	return acStored(t, app, acFind(t, app, c.Blogs, d.ID), c.FieldMedia)
}

func acWebP(t testing.TB, w, h int) []byte {
	var buf bytes.Buffer
	if err := nativewebp.Encode(&buf, acPicture(w, h), nil); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestMediaProcessing(t *testing.T) {
	t.Parallel()
	post := func(name, file string, data []byte, code int, check func(t testing.TB, stored []byte)) testutil.Scenario {
		s := testutil.Scenario{
			Name: name, Method: "POST", URL: "/api/admin/blogs", As: testutil.Admin, Status: code,
			Fields: map[string]string{"title": "T", "author": "A"},
			Files:  map[string]testutil.File{"media": {Name: file, Data: data}},
		}
		if code == 201 {
			s.Content = []string{`"media":"/api/files/`}
			s.After = func(t testing.TB, app *tests.TestApp, res *http.Response) { check(t, acStoredOf(t, app, res)) }
		}
		return s
	}
	size := func(t testing.TB, stored []byte) (int, int, string) {
		img, format := acDecode(t, stored)
		return img.Bounds().Dx(), img.Bounds().Dy(), format
	}
	gifAnim := acAnimatedGIF(t, 2500, 100)
	for _, s := range []testutil.Scenario{
		post("4000x3000 JPEG downscaled to 1920 wide", "big.jpg", acJPEG(t, 4000, 3000), 201, func(t testing.TB, b []byte) {
			if w, h, f := size(t, b); w != 1920 || h != 1440 || f != "jpeg" {
				t.Errorf("stored %dx%d %s, want 1920x1440 jpeg", w, h, f)
			}
		}),
		post("EXIF-rotated JPEG stored upright without EXIF", "phone.jpg", acExifJPEG(t, 200, 100), 201, func(t testing.TB, b []byte) {
			img, _ := acDecode(t, b)
			if w, h := img.Bounds().Dx(), img.Bounds().Dy(); w != 100 || h != 200 {
				t.Fatalf("stored %dx%d, want 100x200 (rotated)", w, h)
			}
			// the left (red) half of the sensor image is the top once turned clockwise
			if r, _, bl, _ := img.At(50, 20).RGBA(); r < bl {
				t.Error("top is not red: wrong rotation")
			}
			if r, _, bl, _ := img.At(50, 180).RGBA(); r > bl {
				t.Error("bottom is not blue: wrong rotation")
			}
			if bytes.Contains(b, []byte("Exif\x00\x00")) {
				t.Error("EXIF kept")
			}
		}),
		post("tall PNG stays PNG, long side 1920", "tall.png", acPNG(t, 600, 2400), 201, func(t testing.TB, b []byte) {
			if w, h, f := size(t, b); w != 480 || h != 1920 || f != "png" {
				t.Errorf("stored %dx%d %s, want 480x1920 png", w, h, f)
			}
		}),
		post("small PNG keeps its size", "small.png", acPNG(t, 300, 200), 201, func(t testing.TB, b []byte) {
			if w, h, f := size(t, b); w != 300 || h != 200 || f != "png" {
				t.Errorf("stored %dx%d %s", w, h, f)
			}
		}),
		post("animated GIF left untouched", "anim.gif", gifAnim, 201, func(t testing.TB, b []byte) {
			if !bytes.Equal(b, gifAnim) {
				t.Error("animated GIF was re-encoded")
			}
		}),
		post("WebP over 1920 resized, still WebP", "wide.webp", acWebP(t, 2400, 60), 201, func(t testing.TB, b []byte) {
			if w, h, f := size(t, b); w != 1920 || h != 48 || f != "webp" {
				t.Errorf("stored %dx%d %s, want 1920x48 webp", w, h, f)
			}
		}),
		post("named .png but JPEG bytes: processed as JPEG", "trick.png", acJPEG(t, 50, 50), 201, func(t testing.TB, b []byte) {
			if _, _, f := size(t, b); f != "jpeg" {
				t.Errorf("format %s", f)
			}
		}),
	} {
		s.Test(t)
	}

	bomb := post("decompression bomb refused before decoding", "bomb.png", acBombPNG(20000, 20000), 400, nil)
	bomb.Content = []string{`"validation_image_too_large"`}
	bomb.Errors = map[string]string{"media": "The image is 20000×20000 px (400 megapixels); at most 40 megapixels are accepted."}
	bomb.Test(t)

	broken := post("truncated image refused", "broken.png", acPNG(t, 40, 40)[:30], 400, nil)
	broken.Content = []string{`"validation_invalid_image"`}
	broken.Errors = map[string]string{"media": "*"}
	broken.Test(t)
}

// TestMediaThroughCollectionsAPI: uploads made as superuser through /api/collections
// (what /_/ does) get the same processing and refusals.
func TestMediaThroughCollectionsAPI(t *testing.T) {
	t.Parallel()
	for _, s := range []testutil.Scenario{
		{
			Name: "superuser create resized", As: testutil.Superuser, Method: "POST", URL: "/api/collections/blogs/records", Status: 200,
			Fields:  map[string]string{"title": "T", "author": "A"},
			Files:   map[string]testutil.File{"media": {Name: "big.jpg", Data: acJPEG(t, 3000, 1000)}},
			Content: []string{`"collectionName":"blogs"`},
			After: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				img, _ := acDecode(t, acStoredOf(t, app, res))
				if img.Bounds().Dx() != 1920 {
					t.Errorf("width %d", img.Bounds().Dx())
				}
			},
		},
		{
			Name: "superuser bomb refused", As: testutil.Superuser, Method: "POST", URL: "/api/collections/blogs/records", Status: 400,
			Fields: map[string]string{"title": "T", "author": "A"},
			Files:  map[string]testutil.File{"media": {Name: "bomb.png", Data: acBombPNG(9000, 9000)}},
			Errors: map[string]string{"media": "*"},
		},
		{
			Name: "superuser profile image must be an image", As: testutil.Superuser, Method: "POST", URL: "/api/collections/profile/records", Status: 400,
			Fields: map[string]string{"heading": "H", "bio": "B"},
			Files:  map[string]testutil.File{"image": {Name: "x.png", Data: []byte("plain text, not a picture")}},
			Errors: map[string]string{"image": "Image must be an image (JPEG, PNG, GIF or WebP)."},
		},
	} {
		s.Test(t)
	}
}
