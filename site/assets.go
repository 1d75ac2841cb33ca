package site

import (
	"encoding/json"
	"net/url"
	"path"
	"strings"

	"github.com/folio/folio/pages"
)

// The build's entries for the public pages (frontend/vite.config.ts).
const siteCSSEntry, interactiveCSSEntry, islandsEntry = "src/site/site.css", "src/site/interactive.css", "src/islands/main.ts"

// Assets are the public pages' styles and island script from the build's manifest
// (.vite/manifest.json): site.css, read by read (a path under the build's folder), whose
// critical part for each page goes inline, and the names of site.css, interactive.css and
// the islands. None for a manifest that cannot be read.
func Assets(manifest []byte, read func(name string) []byte) pages.Assets {
	var a pages.Assets
	var m map[string]struct {
		File           string   `json:"file"`
		Imports        []string `json:"imports"`
		DynamicImports []string `json:"dynamicImports"`
	}
	if json.Unmarshal(manifest, &m) != nil {
		return a
	}
	var islands []string
	if css, ok := m[interactiveCSSEntry]; ok {
		a.CSS = "/" + css.File
	}
	if js, ok := m[islandsEntry]; ok {
		a.JS = "/" + js.File
		// The islands' module and the chunks it imports: a custom property they name stays a
		// variable in the pages' CSS, since an island may read or set it.
		seen := map[string]bool{}
		var add func(key string)
		add = func(key string) {
			e, ok := m[key]
			if !ok || seen[key] {
				return
			}
			seen[key] = true
			islands = append(islands, string(read(e.File)))
			for _, k := range append(e.Imports, e.DynamicImports...) {
				add(k)
			}
		}
		add(islandsEntry)
	}
	if css, ok := m[siteCSSEntry]; ok {
		a.Style = pages.NewStylesheet(string(read(css.File)), islands)
		a.StyleFile = "/" + css.File
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

// AppRoute is the AppRoutes key path p is served by, if the React app serves it.
func AppRoute(p string) (key string, ok bool) {
	if _, ok := AppRoutes[p]; ok {
		return p, true
	}
	dir, _ := path.Split(p)
	if _, ok := AppRoutes[dir+"*"]; ok {
		return dir + "*", true
	}
	return "", false
}

// AppHead is the head of the app route key (an AppRoutes key) at path p of the site at base
// named name.
func AppHead(base, name, key, p string) pages.Head {
	page := AppRoutes[key]
	return pages.Head{Title: page + TitleSep + name, Name: page, Description: name + ": blog posts and projects.",
		Base: base, Path: p, SiteName: name, Type: "website", NoIndex: strings.HasSuffix(key, "*")}
}
