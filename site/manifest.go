package site

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/disintegration/imaging"
	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/catalog"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/richtext"
)

// PWA basics: a web manifest whose icons are the owner's profile image, cropped square,
// or the default icons of the built app. No service worker: nothing may serve stale pages.
const (
	// ProfileIconPath starts the profile icons' paths: ProfileIconPath + "192.png".
	ProfileIconPath = "/icons/profile-"
	themeColor      = "#242424" // index.html's theme-color: the dark scheme's body
)

// IconSizes are the profile icons' sizes in px.
var IconSizes = []int{192, 512}

type manifestIcon struct {
	Src     string `json:"src"`
	Sizes   string `json:"sizes"`
	Type    string `json:"type"`
	Purpose string `json:"purpose,omitempty"`
}

// Manifest is the web manifest: the site's name, the owner's bio, its icons.
func Manifest(app core.App, name string) ([]byte, error) {
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
			for _, s := range IconSizes {
				icons = append(icons, manifestIcon{Src: ProfileIconPath + strconv.Itoa(s) + ".png", Sizes: fmt.Sprintf("%dx%d", s, s), Type: "image/png"})
			}
		}
	}
	return json.Marshal(map[string]any{
		"name": name, "short_name": name, "description": desc, "start_url": "/", "scope": "/",
		"display": "standalone", "background_color": themeColor, "theme_color": themeColor, "icons": icons,
	})
}

// ProfileIconPNG crops the profile image to a centred square of size px; empty without one.
func ProfileIconPNG(app core.App, size int) ([]byte, error) {
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
