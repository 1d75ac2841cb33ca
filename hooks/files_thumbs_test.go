package hooks_test

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"io"
	"math/rand/v2"
	"net/http"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/filesystem"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

// A cover's thumbs are made by Folio's encoder the first time they are asked for (a fraction
// of PocketBase's quality-95 bytes), at the size and crop PocketBase's syntax names; what the
// field does not declare, and a second request, behave as PocketBase's route always did.
func TestThumbsAreMadeSmallAndPocketBaseServesThem(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	col, err := app.FindCollectionByNameOrId(c.Blogs)
	if err != nil {
		t.Fatal(err)
	}
	rec := core.NewRecord(col)
	rec.Set(c.FieldTitle, "Covered")
	rec.Set(c.FieldAuthor, "Ada")
	rec.Set(c.FieldDate, "2026-03-01 00:00:00.000Z")
	f, err := filesystem.NewFileFromBytes(photoJPEG(t, 1600, 900), "cover.jpg")
	if err != nil {
		t.Fatal(err)
	}
	rec.Set(c.FieldMedia, f)
	if err := app.Save(rec); err != nil {
		t.Fatal(err)
	}
	file := "/api/files/" + col.Id + "/" + rec.Id + "/" + rec.GetString(c.FieldMedia)
	// The save queued its page thumbs: the cover's 800-pixel one is made without a request.
	fsys, err := app.NewFilesystem()
	if err != nil {
		t.Fatal(err)
	}
	warm := rec.BaseFilesPath() + "/thumbs_" + rec.GetString(c.FieldMedia) + "/" + c.ThumbCoverM + "_" + rec.GetString(c.FieldMedia)
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if ok, _ := fsys.Exists(warm); ok {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the saved cover's thumb was not made")
		}
	}
	fsys.Close()
	get := func(query string) (int, []byte, string) {
		t.Helper()
		res := testutil.Do(t, app, http.MethodGet, file+query, "", "").Result()
		body, _ := io.ReadAll(res.Body)
		return res.StatusCode, body, res.Header.Get("Content-Type")
	}
	size := func(b []byte) (int, int) {
		t.Helper()
		cfg, format, err := image.DecodeConfig(bytes.NewReader(b))
		if err != nil || format != "jpeg" {
			t.Fatalf("not a JPEG (%s): %v", format, err)
		}
		return cfg.Width, cfg.Height
	}
	_, original, _ := get("")
	for _, tc := range []struct {
		thumb string
		w, h  int
	}{{c.ThumbCard, 480, 270}, {c.ThumbCoverM, 800, 450}, {c.ThumbCoverL, 1200, 675}, {c.ThumbShare, 1200, 630}, {c.ThumbCardS, 264, 192}} {
		status, body, typ := get("?thumb=" + tc.thumb)
		if status != 200 || typ != "image/jpeg" {
			t.Fatalf("%s: %d %s", tc.thumb, status, typ)
		}
		if w, h := size(body); w != tc.w || h != tc.h {
			t.Errorf("%s: %dx%d, want %dx%d", tc.thumb, w, h, tc.w, tc.h)
		}
		// PocketBase's own thumb of the same size, for the bytes.
		fsys, err := app.NewFilesystem()
		if err != nil {
			t.Fatal(err)
		}
		key := rec.BaseFilesPath() + "/pb_" + tc.thumb
		if err := fsys.CreateThumb(rec.BaseFilesPath()+"/"+rec.GetString(c.FieldMedia), key, tc.thumb); err != nil {
			t.Fatal(err)
		}
		r, err := fsys.GetReader(key)
		if err != nil {
			t.Fatal(err)
		}
		theirs, _ := io.ReadAll(r)
		r.Close()
		fsys.Close()
		if len(body)*10 > len(theirs)*8 {
			t.Errorf("%s: %d bytes, PocketBase's %d: want at most 80%%", tc.thumb, len(body), len(theirs))
		}
		if status2, again, _ := get("?thumb=" + tc.thumb); status2 != 200 || !bytes.Equal(again, body) {
			t.Errorf("%s: a second request answered other bytes", tc.thumb)
		}
	}
	// A size the field does not declare is the original, as PocketBase answers it.
	if status, body, _ := get("?thumb=300x300"); status != 200 || !bytes.Equal(body, original) {
		t.Errorf("undeclared size: %d, %d bytes (original %d)", status, len(body), len(original))
	}
}

// photoJPEG is a picture with a photo's fine detail (a gradient under noise): what covers are,
// and where an encoder's quality shows in the bytes, as it does not on a smooth gradient.
func photoJPEG(t testing.TB, w, h int) []byte {
	t.Helper()
	rnd := rand.New(rand.NewPCG(1, 2))
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			n := uint8(rnd.IntN(48))
			img.Set(x, y, color.NRGBA{uint8(x*255/w) ^ n, uint8(y*255/h) + n, 120 + n, 255})
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
