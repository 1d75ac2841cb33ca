package feeds_test

import (
	"encoding/xml"
	"strings"
	"testing"

	"github.com/folio/folio/feeds"
)

// sitemaps.org protocol 0.9: the list pages first, then the items as given.
func TestSitemapListsPagesThenItems(t *testing.T) {
	items := []feeds.URL{
		{Loc: base + "/blogs/abc123", LastMod: "2026-11-21T18:05:07Z"},
		{Loc: base + "/tags?tag=a%26b"}, // "&" in a URL is escaped once, as XML asks
	}
	doc, err := feeds.Sitemap(base, items)
	if err != nil {
		t.Fatal(err)
	}
	var set struct {
		XMLName xml.Name    `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 urlset"`
		URLs    []feeds.URL `xml:"url"`
	}
	decodeXML(t, "sitemap", doc, &set)
	var got []string
	for _, u := range set.URLs {
		got = append(got, u.Loc+" "+u.LastMod)
	}
	want := []string{base + "/ ", base + "/blogs ", base + "/projects ", base + "/categories ", base + "/tags ",
		base + "/archives ", base + "/about ", base + "/blogs/abc123 2026-11-21T18:05:07Z", base + "/tags?tag=a%26b "}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("sitemap URLs\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if strings.Contains(string(doc), "<lastmod></lastmod>") {
		t.Errorf("an empty lastmod is written:\n%s", doc)
	}
	if feeds.SitemapMaxItems+len(want)-len(items) != 50_000 {
		t.Errorf("SitemapMaxItems %d: with the list pages a sitemap must stay within 50,000 URLs", feeds.SitemapMaxItems)
	}
}

func TestRobotsPointsAtTheSitemap(t *testing.T) {
	got := string(feeds.Robots(base))
	for _, line := range []string{"User-agent: *", "Allow: /", "Allow: /api/files/", "Disallow: /admin", "Disallow: /api/", "Disallow: /_/",
		"Sitemap: " + base + "/sitemap.xml"} {
		if !strings.Contains(got, line+"\n") {
			t.Errorf("robots.txt lacks %q:\n%s", line, got)
		}
	}
}
