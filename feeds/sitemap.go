package feeds

import (
	"encoding/xml"
	"strings"
)

// sitemapPages are the indexable list pages of the React app (API.md "Site pages").
var sitemapPages = []string{"/", "/blogs", "/projects", "/categories", "/tags", "/archives", "/about"}

// sitemapMaxURLs is the sitemaps.org limit of one file; past it a sitemap index would be needed.
const sitemapMaxURLs = 50_000

// SitemapMaxItems is how many items one sitemap lists beside the list pages.
var SitemapMaxItems = sitemapMaxURLs - len(sitemapPages)

// robotsDisallowed are the paths crawlers are asked to leave alone: forms, admin, API.
var robotsDisallowed = []string{"/admin", "/login", "/register", "/forget-password", "/reset-password/", "/api/", "/_/"}

type sitemapURLSet struct {
	XMLName xml.Name `xml:"urlset"`
	Xmlns   string   `xml:"xmlns,attr"`
	URLs    []URL    `xml:"url"`
}

// URL is one <url> of a sitemap.
type URL struct {
	Loc     string `xml:"loc"`
	LastMod string `xml:"lastmod,omitempty"`
}

// Sitemap lists the list pages and then items (already absolute, newest first).
func Sitemap(base string, items []URL) ([]byte, error) {
	set := sitemapURLSet{Xmlns: "http://www.sitemaps.org/schemas/sitemap/0.9"}
	for _, p := range sitemapPages {
		set.URLs = append(set.URLs, URL{Loc: base + p})
	}
	set.URLs = append(set.URLs, items...)
	return marshalXML(set)
}

// robotsAllowed are paths under robotsDisallowed that crawlers may fetch: uploaded files, so
// share cards' og:image (covers, profile image) show in link previews of crawlers that obey
// robots (X's does). The longest matching rule wins, so this Allow outranks Disallow: /api/.
var robotsAllowed = []string{"/api/files/"}

// Robots allows everything but robotsDisallowed (except robotsAllowed) and points at the sitemap.
func Robots(base string) []byte {
	var b strings.Builder
	b.WriteString("User-agent: *\nAllow: /\n")
	for _, p := range robotsAllowed {
		b.WriteString("Allow: " + p + "\n")
	}
	for _, p := range robotsDisallowed {
		b.WriteString("Disallow: " + p + "\n")
	}
	b.WriteString("\nSitemap: " + base + "/sitemap.xml\n")
	return []byte(b.String())
}
