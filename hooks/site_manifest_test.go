package hooks_test

import (
	"bytes"
	"encoding/json"
	"image"
	"image/png"
	"net/http"
	"testing"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

type manifestDoc struct {
	Name, Display string
	StartURL      string `json:"start_url"`
	Icons         []struct{ Src, Sizes, Type, Purpose string }
}

func TestManifestDefaultsThenProfileIcons(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	get := func() manifestDoc {
		res := getPage(t, app, "/manifest.webmanifest")
		if res.Code != http.StatusOK || res.Header().Get("Content-Type") != "application/manifest+json" {
			t.Fatalf("manifest: %d %q", res.Code, res.Header().Get("Content-Type"))
		}
		var m manifestDoc
		if err := json.Unmarshal(res.Body.Bytes(), &m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	m := get()
	if m.StartURL != "/" || m.Name != "Folio" || m.Display != "standalone" || len(m.Icons) != 3 || m.Icons[0].Src != "/icons/icon-192.png" || m.Icons[2].Purpose != "maskable" {
		t.Fatalf("default manifest %+v", m)
	}
	if res := getPage(t, app, "/icons/profile-192.png"); res.Code != http.StatusNotFound {
		t.Fatalf("profile icon without a profile image: %d", res.Code)
	}

	testutil.SaveRecord(t, app, c.Profile, "", map[string]any{"heading": "Ada", "bio": "Engines.",
		"image": pubImage(t, "me.png", png.Encode)})
	m = get()
	if len(m.Icons) != 2 || m.Icons[1].Src != "/icons/profile-512.png" || m.Icons[1].Sizes != "512x512" {
		t.Fatalf("manifest with a profile image %+v", m)
	}
	for _, size := range []int{192, 512} {
		res := getPage(t, app, m.Icons[size/512].Src)
		if res.Code != http.StatusOK || res.Header().Get("Content-Type") != "image/png" {
			t.Fatalf("icon %d: %d %q", size, res.Code, res.Header().Get("Content-Type"))
		}
		img, _, err := image.Decode(bytes.NewReader(res.Body.Bytes()))
		if err != nil || img.Bounds().Dx() != size || img.Bounds().Dy() != size {
			t.Fatalf("icon %d: %v %v", size, err, img)
		}
	}
	if res := getPage(t, app, "/icons/profile-64.png"); res.Code != http.StatusNotFound {
		t.Fatalf("an undeclared size: %d", res.Code)
	}
}
