package hooks

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"

	"github.com/disintegration/imaging"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"

	"github.com/folio/folio/cache"
	"github.com/folio/folio/catalog"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/richtext"
)

// PWA basics: a web manifest whose icons are the owner's profile image, cropped square,
// or the default icons of the built app. No service worker: nothing may serve stale pages.
const (
	manifestType  = "application/manifest+json"
	profileIcon   = "/icons/profile-"
	themeColor    = "#242424" // index.html's theme-color: the dark scheme's body
	cacheManifest = "public, max-age=3600"
)

var iconSizes = []int{192, 512}

type manifestIcon struct {
	Src     string `json:"src"`
	Sizes   string `json:"sizes"`
	Type    string `json:"type"`
	Purpose string `json:"purpose,omitempty"`
}

func bindManifestRoutes(r *router.Router[*core.RequestEvent]) {
	r.GET("/manifest.webmanifest", func(e *core.RequestEvent) error {
		name := e.App.Settings().Meta.AppName
		a, err := cache.Bytes(e.App, counterFreePrefix+"manifest "+name, func() ([]byte, error) {
			return manifest(e.App, name)
		})
		if err != nil {
			return err
		}
		return a.Send(e, http.StatusOK, manifestType, cacheManifest, "Accept-Encoding")
	})
	for _, size := range iconSizes {
		r.GET(profileIcon+strconv.Itoa(size)+".png", func(e *core.RequestEvent) error {
			a, err := cache.Bytes(e.App, counterFreePrefix+"icon "+strconv.Itoa(size), func() ([]byte, error) {
				return profileIconPNG(e.App, size)
			})
			if err != nil || len(a.Body) == 0 {
				return e.NotFoundError("", nil)
			}
			return a.Send(e, http.StatusOK, "image/png", cacheManifest, "")
		})
	}
}

// manifest is the web manifest: the site's name, the owner's bio, its icons.
func manifest(app core.App, name string) ([]byte, error) {
	desc := name + ": blog posts and projects."
	icons := []manifestIcon{
		{Src: "/icons/icon-192.png", Sizes: "192x192", Type: "image/png"},
		{Src: "/icons/icon-512.png", Sizes: "512x512", Type: "image/png"},
		{Src: "/icons/icon-maskable-512.png", Sizes: "512x512", Type: "image/png", Purpose: "maskable"},
	}
	p, err := catalog.Singleton(app, c.Profile)
	if err != nil {
		return nil, err
	}
	if p != nil {
		if bio := richtext.TextExcerpt(p.GetString(c.FieldBio), 200); bio != "" {
			desc = bio
		}
		if p.GetString(c.FieldImage) != "" {
			icons = icons[:0]
			for _, s := range iconSizes {
				icons = append(icons, manifestIcon{Src: profileIcon + strconv.Itoa(s) + ".png", Sizes: fmt.Sprintf("%dx%d", s, s), Type: "image/png"})
			}
		}
	}
	return json.Marshal(map[string]any{
		"name": name, "short_name": name, "description": desc, "start_url": "/", "scope": "/",
		"display": "standalone", "background_color": themeColor, "theme_color": themeColor, "icons": icons,
	})
}

// profileIconPNG crops the profile image to a centred square of size px; empty without one.
func profileIconPNG(app core.App, size int) ([]byte, error) {
	p, err := catalog.Singleton(app, c.Profile)
	if err != nil || p == nil || p.GetString(c.FieldImage) == "" {
		return nil, err
	}
	fsys, err := app.NewFilesystem()
	if err != nil {
		return nil, err
	}
	defer fsys.Close()
	r, err := fsys.GetReader(p.BaseFilesPath() + "/" + p.GetString(c.FieldImage))
	if err != nil {
		return nil, err
	}
	defer r.Close()
	data, err := io.ReadAll(io.LimitReader(r, 32<<20))
	if err != nil {
		return nil, err
	}
	img, err := imaging.Decode(bytes.NewReader(data), imaging.AutoOrientation(true))
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := imaging.Encode(&buf, imaging.Fill(img, size, size, imaging.Center, imaging.Lanczos), imaging.PNG); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
