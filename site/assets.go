package site

import (
	"encoding/json"
	"html/template"
	"net/url"
	"strings"

	"github.com/folio/folio/pages"
)

// The build's entries for the public pages (frontend/vite.config.ts).
const siteCSSEntry, interactiveCSSEntry, islandsEntry = "src/site/site.css", "src/site/interactive.css", "src/islands/main.ts"

// Assets are the public pages' styles and island script from the build's manifest
// (.vite/manifest.json): site.css's text, read by read (a path under the build's folder), to
// go inline, and the names of interactive.css and the islands. None for a manifest that
// cannot be read.
func Assets(manifest []byte, read func(name string) []byte) pages.Assets {
	var a pages.Assets
	var m map[string]struct {
		File string `json:"file"`
	}
	if json.Unmarshal(manifest, &m) != nil {
		return a
	}
	if css, ok := m[siteCSSEntry]; ok {
		// Vite's minified CSS has no "</style"; escaped all the same, as its own plugin does.
		style := strings.ReplaceAll(string(read(css.File)), "</style", `<\/style`)
		a.Style = template.CSS(style) //nolint:gosec // the build's own stylesheet
	}
	if css, ok := m[interactiveCSSEntry]; ok {
		a.CSS = "/" + css.File
	}
	if js, ok := m[islandsEntry]; ok {
		a.JS = "/" + js.File
	}
	return a
}

// pageQuery are the query parameters that select what a page shows.
var pageQuery = []string{"page", "category", "main", "sub", "tag", "q"}

// PageQuery keeps the parameters of all that select what a page shows; others (utm_*,
// typos) neither change the page nor split its cache entry.
func PageQuery(all url.Values) url.Values {
	q := url.Values{}
	for _, k := range pageQuery {
		if v := all.Get(k); v != "" {
			q.Set(k, v)
		}
	}
	return q
}

// AppRoutes are the React app's routes (API.md "Site pages"), sign-in and the dashboard, by
// their page names; a trailing "/*" marks a route that takes one more path segment. Every
// other page is the server's.
var AppRoutes = map[string]string{
	"/login": "Sign in", "/register": "Register", "/forget-password": "Forgot password",
	"/admin": "Dashboard", "/reset-password/*": "Reset password",
}

// AppHead is the head of the app route key (an AppRoutes key) at path p of the site at base
// named name.
func AppHead(base, name, key, p string) pages.Head {
	page := AppRoutes[key]
	return pages.Head{Title: page + TitleSep + name, Name: page, Description: name + ": blog posts and projects.",
		Base: base, Path: p, SiteName: name, Type: "website", NoIndex: strings.HasSuffix(key, "*")}
}
