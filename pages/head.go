package pages

import (
	"encoding/json"
	"html"
	"strings"
)

// Head is everything one page says about itself in <head>.
type Head struct {
	Title       string // the whole <title>
	Name        string // og:title and twitter:title: the page's own name (Title when empty)
	Description string
	Base        string // BaseURL: feeds and relative images hang off it
	Path        string // canonical path (with the query that selects the page, if any)
	Type        string // Open Graph type: "website" or "article"
	SiteName    string
	Image       string // absolute image URL, or ""
	Published   string // articles: RFC 3339 or YYYY-MM-DD
	Modified    string // articles: RFC 3339
	Tags        []string
	NoIndex     bool
	Preload     string // a site-relative image the page shows first (an item's cover, About's image)
	JSONLD      []any  // each marshalled into one <script type="application/ld+json">
}

// Feeds are the three feeds every page links as alternates.
var Feeds = []struct{ Type, Path, Title string }{
	{"application/rss+xml", "/rss.xml", "RSS"},
	{"application/atom+xml", "/atom.xml", "Atom"},
	{"application/feed+json", "/feed.json", "JSON Feed"},
}

// Canonical is the page's absolute URL.
func (h Head) Canonical() string { return h.Base + h.Path }

// HTML renders the tags, every value escaped; JSON-LD is escaped by encoding/json, which
// writes <, > and & as \u003c, \u003e and \u0026, so no value can close the script.
func (h Head) HTML() string {
	esc := html.EscapeString
	var b strings.Builder
	b.Grow(2048)
	// tag writes literal markup and values alternately, escaping the values
	tag := func(parts ...string) {
		for i, p := range parts {
			if i%2 == 1 {
				p = esc(p)
			}
			b.WriteString(p)
		}
		b.WriteByte('\n')
	}
	tag(`<title>`, h.Title, `</title>`)
	tag(`<meta name="description" content="`, h.Description, `">`)
	tag(`<link rel="canonical" href="`, h.Canonical(), `">`)
	if h.Preload != "" { // fetched with the HTML, before the app's scripts: the largest paint
		if set := Srcset(h.Preload); set != "" { // the same choice the <img> makes
			tag(`<link rel="preload" as="image" fetchpriority="high" href="`, h.Preload, `" imagesrcset="`, set, `" imagesizes="`, ColumnSizes, `">`)
		} else {
			tag(`<link rel="preload" as="image" fetchpriority="high" href="`, h.Preload, `">`)
		}
	}
	if h.NoIndex {
		b.WriteString(`<meta name="robots" content="noindex">` + "\n")
	}
	for _, f := range Feeds {
		tag(`<link rel="alternate" type="`, f.Type, `" title="`, h.SiteName+" ("+f.Title+")", `" href="`, h.Base+f.Path, `">`)
	}
	typ := h.Type
	if typ == "" {
		typ = "website"
	}
	tag(`<meta property="og:type" content="`, typ, `">`)
	tag(`<meta property="og:site_name" content="`, h.SiteName, `">`)
	name := h.Name
	if name == "" {
		name = h.Title
	}
	tag(`<meta property="og:title" content="`, name, `">`)
	tag(`<meta property="og:description" content="`, h.Description, `">`)
	tag(`<meta property="og:url" content="`, h.Canonical(), `">`)
	card := "summary"
	if h.Image != "" {
		tag(`<meta property="og:image" content="`, h.Image, `">`)
		tag(`<meta name="twitter:image" content="`, h.Image, `">`)
		card = "summary_large_image"
	}
	if typ == "article" {
		if h.Published != "" {
			tag(`<meta property="article:published_time" content="`, h.Published, `">`)
		}
		if h.Modified != "" {
			tag(`<meta property="article:modified_time" content="`, h.Modified, `">`)
		}
		for _, t := range h.Tags {
			tag(`<meta property="article:tag" content="`, t, `">`)
		}
	}
	tag(`<meta name="twitter:card" content="`, card, `">`)
	tag(`<meta name="twitter:title" content="`, name, `">`)
	tag(`<meta name="twitter:description" content="`, h.Description, `">`)
	for _, ld := range h.JSONLD {
		data, err := json.Marshal(ld)
		if err != nil {
			continue // only maps of strings and numbers reach here
		}
		b.WriteString(`<script type="application/ld+json">`)
		b.Write(data)
		b.WriteString("</script>\n")
	}
	return b.String()
}
