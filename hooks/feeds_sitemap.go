package hooks

import (
	"encoding/xml"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"github.com/folio/folio/catalog"
	c "github.com/folio/folio/collections"
)

// sitemapPages are the indexable list pages of the React app (API.md "Site pages").
var sitemapPages = []string{"/", "/blogs", "/projects", "/categories", "/tags", "/archives", "/about"}

// sitemapMaxURLs is the sitemaps.org limit of one file; past it a sitemap index would be needed.
const sitemapMaxURLs = 50_000

// robotsDisallowed are the paths crawlers are asked to leave alone: forms, admin, API.
var robotsDisallowed = []string{"/admin", "/login", "/register", "/forget-password", "/reset-password/", "/api/", "/_/"}

type sitemapURLSet struct {
	XMLName xml.Name     `xml:"urlset"`
	Xmlns   string       `xml:"xmlns,attr"`
	URLs    []sitemapURL `xml:"url"`
}

type sitemapURL struct {
	Loc     string `xml:"loc"`
	LastMod string `xml:"lastmod,omitempty"`
}

// renderSitemap lists the list pages and every blog and project, newest first.
func renderSitemap(app core.App, base string) ([]byte, error) {
	set := sitemapURLSet{Xmlns: "http://www.sitemaps.org/schemas/sitemap/0.9"}
	for _, p := range sitemapPages {
		set.URLs = append(set.URLs, sitemapURL{Loc: base + p})
	}
	_, rows, err := catalog.ListPage(app, catalog.ListParams{
		Page: 1, PerPage: sitemapMaxURLs - len(sitemapPages), Types: []string{c.TypeBlog, c.TypeProject},
	})
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		u := sitemapURL{Loc: base + catalog.PagePath(r.Type, r.ID)}
		if dt, err := types.ParseDateTime(r.Updated); err == nil && !dt.IsZero() {
			u.LastMod = dt.Time().UTC().Format(time.RFC3339)
		}
		set.URLs = append(set.URLs, u)
	}
	return marshalXML(set)
}

// renderRobots allows everything but robotsDisallowed and points at the sitemap.
func renderRobots(base string) []byte {
	var b strings.Builder
	b.WriteString("User-agent: *\nAllow: /\n")
	for _, p := range robotsDisallowed {
		b.WriteString("Disallow: " + p + "\n")
	}
	b.WriteString("\nSitemap: " + base + "/sitemap.xml\n")
	return []byte(b.String())
}
