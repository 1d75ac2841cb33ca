package feeds_test

import (
	"encoding/xml"
	"html"
	"strings"
	"testing"
	"time"

	"github.com/folio/folio/feeds"
)

const (
	atomNS    = "http://www.w3.org/2005/Atom"
	contentNS = "http://purl.org/rss/1.0/modules/content/"
	dcNS      = "http://purl.org/dc/elements/1.1/"
)

type link struct {
	Href string `xml:"href,attr"`
	Rel  string `xml:"rel,attr"`
	Type string `xml:"type,attr"`
}

type rssLink struct {
	XMLName xml.Name
	link
	Text string `xml:",chardata"`
}

type rss struct {
	XMLName xml.Name `xml:"rss"`
	Version string   `xml:"version,attr"`
	Channel []struct {
		Title         string    `xml:"title"`
		Links         []rssLink `xml:"link"` // RSS's <link> and atom:link, which share the name
		Description   string    `xml:"description"`
		LastBuildDate string    `xml:"lastBuildDate"`
		Items         []struct {
			Title       string `xml:"title"`
			Link        string `xml:"link"`
			Description string `xml:"description"`
			GUID        struct {
				ID          string `xml:",chardata"`
				IsPermaLink string `xml:"isPermaLink,attr"`
			} `xml:"guid"`
			PubDate    string   `xml:"pubDate"`
			Author     []string `xml:"author"`
			Creator    []string `xml:"http://purl.org/dc/elements/1.1/ creator"`
			Content    []string `xml:"http://purl.org/rss/1.0/modules/content/ encoded"`
			Categories []string `xml:"category"`
			Enclosure  []struct {
				URL    string `xml:"url,attr"`
				Length string `xml:"length,attr"`
				Type   string `xml:"type,attr"`
			} `xml:"enclosure"`
		} `xml:"item"`
	} `xml:"channel"`
}

func decodeXML(t *testing.T, what string, doc []byte, v any) {
	t.Helper()
	if !strings.HasPrefix(string(doc), `<?xml version="1.0" encoding="UTF-8"?>`) {
		t.Errorf("%s: no UTF-8 XML declaration: %.60q", what, doc)
	}
	if err := xml.Unmarshal(doc, v); err != nil {
		t.Fatalf("%s is not well-formed XML: %v\n%s", what, err, doc)
	}
}

// RSS 2.0 (rssboard.org/rss-specification, and its Best Practices Profile).
func TestRSSFollowsTheSpec(t *testing.T) {
	doc, err := feeds.RSS(channel())
	if err != nil {
		t.Fatal(err)
	}
	var f rss
	decodeXML(t, "RSS", doc, &f)
	for _, ns := range []string{`xmlns:atom="` + atomNS + `"`, `xmlns:content="` + contentNS + `"`, `xmlns:dc="` + dcNS + `"`} {
		if !strings.Contains(string(doc), ns) {
			t.Errorf("RSS root lacks %s", ns)
		}
	}
	if f.Version != "2.0" || len(f.Channel) != 1 {
		t.Fatalf("rss version %q with %d channels, want 2.0 with one", f.Version, len(f.Channel))
	}
	ch := f.Channel[0]
	// the channel's three required elements; the bio is plain text in an HTML description
	if ch.Title != siteTitle || html.UnescapeString(ch.Description) != siteBio || strings.Contains(ch.Description, "<") {
		t.Errorf("channel title %q description %q", ch.Title, ch.Description)
	}
	if len(ch.Links) != 2 || ch.Links[0].XMLName.Space != "" || ch.Links[0].Text != base ||
		ch.Links[1].XMLName.Space != atomNS || ch.Links[1].link != (link{Href: base + "/rss.xml", Rel: "self", Type: "application/rss+xml"}) {
		t.Errorf("channel links %+v, want <link> %s and atom:link rel=self", ch.Links, base)
	}
	if got, err := time.Parse(time.RFC1123Z, ch.LastBuildDate); err != nil || !got.Equal(updated) {
		t.Errorf("lastBuildDate %q (%v), want %v in RFC 822", ch.LastBuildDate, err, updated)
	}
	if len(ch.Items) != 2 {
		t.Fatalf("%d items, want 2", len(ch.Items))
	}

	it := ch.Items[0]
	if it.Title != entryTitle {
		t.Errorf("item title %q, want %q (escaped once)", it.Title, entryTitle)
	}
	// description is HTML: the plain excerpt escaped once for HTML, once for XML
	if html.UnescapeString(it.Description) != entryExcerpt || strings.ContainsAny(it.Description, `<>"`) {
		t.Errorf("item description %q, want %q escaped once as HTML", it.Description, entryExcerpt)
	}
	if len(it.Content) != 1 || it.Content[0] != entryHTML {
		t.Errorf("content:encoded %q, want the description HTML %q", it.Content, entryHTML)
	}
	if it.Link != base+"/blogs/abc123" || it.GUID.ID != it.Link || it.GUID.IsPermaLink != "true" {
		t.Errorf("link %q guid %+v", it.Link, it.GUID)
	}
	if got, err := time.Parse(time.RFC1123Z, it.PubDate); err != nil || !got.Equal(published) {
		t.Errorf("pubDate %q (%v), want %v in RFC 822", it.PubDate, err, published)
	}
	// <author> must be an email address; a name goes in dc:creator
	if len(it.Author) != 0 || len(it.Creator) != 1 || it.Creator[0] != entryAuthor {
		t.Errorf("author %q dc:creator %q, want no author and creator %q", it.Author, it.Creator, entryAuthor)
	}
	if strings.Join(it.Categories, "|") != `go|a&b <c>` {
		t.Errorf("categories %q", it.Categories)
	}
	if len(it.Enclosure) != 1 || it.Enclosure[0].URL != base+"/api/files/pbc_blogs/abc123/cover.png" ||
		it.Enclosure[0].Type != "image/png" || it.Enclosure[0].Length != "0" {
		t.Errorf("enclosure %+v", it.Enclosure)
	}

	bare := ch.Items[1]
	if bare.Title != "Bare" || len(bare.Content) != 0 || len(bare.Enclosure) != 0 || len(bare.Creator) != 0 || len(bare.Categories) != 0 {
		t.Errorf("an entry without content, image, author or tags: %+v", bare)
	}
}

// CDATA is written unchecked: characters XML 1.0 cannot hold are dropped, so the feed
// stays well-formed whatever a description holds.
func TestRSSDropsCharactersXMLCannotHold(t *testing.T) {
	d := channel()
	d.Entries[0].Content = "<p>a\x00b\x0bc\ufffed \U0001F600 tab\tok</p>" + "\xff"
	doc, err := feeds.RSS(d)
	if err != nil {
		t.Fatal(err)
	}
	var f rss
	decodeXML(t, "RSS", doc, &f)
	if got := f.Channel[0].Items[0].Content; len(got) != 1 || got[0] != "<p>abcd \U0001F600 tab\tok</p>" {
		t.Errorf("content:encoded %q", got)
	}
}

func TestRSSOfAnEmptySite(t *testing.T) {
	doc, err := feeds.RSS(feeds.Channel{Base: base, Title: "Folio"})
	if err != nil {
		t.Fatal(err)
	}
	var f rss
	decodeXML(t, "RSS", doc, &f)
	if len(f.Channel) != 1 || len(f.Channel[0].Items) != 0 || f.Channel[0].LastBuildDate != "" || f.Channel[0].Title != "Folio" {
		t.Errorf("empty RSS %+v", f)
	}
	if !strings.Contains(string(doc), "<description></description>") {
		t.Errorf("the channel's required description is missing:\n%s", doc)
	}
}

type atom struct {
	XMLName  xml.Name `xml:"http://www.w3.org/2005/Atom feed"`
	Title    string   `xml:"title"`
	ID       string   `xml:"id"`
	Updated  string   `xml:"updated"`
	Subtitle string   `xml:"subtitle"`
	Author   []string `xml:"author>name"`
	Links    []link   `xml:"link"`
	Entries  []struct {
		Title     string `xml:"title"`
		ID        string `xml:"id"`
		Updated   string `xml:"updated"`
		Published string `xml:"published"`
		Links     []link `xml:"link"`
		Summary   struct {
			Type string `xml:"type,attr"`
			Text string `xml:",chardata"`
		} `xml:"summary"`
		Content []struct {
			Type string `xml:"type,attr"`
			Text string `xml:",chardata"`
		} `xml:"content"`
		Author     []string `xml:"author>name"`
		Categories []struct {
			Term string `xml:"term,attr"`
		} `xml:"category"`
	} `xml:"entry"`
}

func rfc3339(t *testing.T, what, got string, want time.Time) {
	t.Helper()
	if at, err := time.Parse(time.RFC3339, got); err != nil || !at.Equal(want) {
		t.Errorf("%s %q (%v), want %v in RFC 3339", what, got, err, want)
	}
}

// Atom 1.0 (RFC 4287).
func TestAtomFollowsTheSpec(t *testing.T) {
	doc, err := feeds.Atom(channel())
	if err != nil {
		t.Fatal(err)
	}
	var f atom
	decodeXML(t, "Atom", doc, &f)
	// atom:feed requires id, title, updated, and an author unless every entry has one (4.1.1)
	if f.ID != base+"/" || f.Title != siteTitle || f.Subtitle != siteBio {
		t.Errorf("feed id %q title %q subtitle %q", f.ID, f.Title, f.Subtitle)
	}
	rfc3339(t, "feed updated", f.Updated, updated)
	if len(f.Author) != 1 || f.Author[0] != siteTitle {
		t.Errorf("feed author %q, want the site's name", f.Author)
	}
	wantLinks := []link{{Href: base, Rel: "alternate", Type: "text/html"}, {Href: base + "/atom.xml", Rel: "self", Type: "application/atom+xml"}}
	if len(f.Links) != 2 || f.Links[0] != wantLinks[0] || f.Links[1] != wantLinks[1] {
		t.Errorf("feed links %+v, want %+v", f.Links, wantLinks)
	}
	if len(f.Entries) != 2 {
		t.Fatalf("%d entries, want 2", len(f.Entries))
	}

	e := f.Entries[0]
	if e.Title != entryTitle || e.ID != base+"/blogs/abc123" {
		t.Errorf("entry title %q id %q", e.Title, e.ID)
	}
	rfc3339(t, "entry updated", e.Updated, updated)
	rfc3339(t, "entry published", e.Published, published)
	// a text construct of type text: the excerpt as it is, escaped for XML only
	if e.Summary.Type != "text" || e.Summary.Text != entryExcerpt {
		t.Errorf("summary %+v, want type text %q", e.Summary, entryExcerpt)
	}
	// type html: the HTML escaped once for XML, so a reader decodes it to the HTML
	if len(e.Content) != 1 || e.Content[0].Type != "html" || e.Content[0].Text != entryHTML {
		t.Errorf("content %+v, want type html %q", e.Content, entryHTML)
	}
	if !strings.Contains(string(doc), "&lt;code&gt;Vec&amp;lt;T&amp;gt;&lt;/code&gt;") {
		t.Errorf("content is not the HTML escaped exactly once:\n%s", doc)
	}
	wantEntryLinks := []link{{Href: e.ID, Rel: "alternate", Type: "text/html"},
		{Href: base + "/api/files/pbc_blogs/abc123/cover.png", Rel: "enclosure", Type: "image/png"}}
	if len(e.Links) != 2 || e.Links[0] != wantEntryLinks[0] || e.Links[1] != wantEntryLinks[1] {
		t.Errorf("entry links %+v, want %+v", e.Links, wantEntryLinks)
	}
	if len(e.Author) != 1 || e.Author[0] != entryAuthor {
		t.Errorf("entry author %q", e.Author)
	}
	if len(e.Categories) != 2 || e.Categories[0].Term != "go" || e.Categories[1].Term != `a&b <c>` {
		t.Errorf("categories %+v", e.Categories)
	}

	bare := f.Entries[1]
	if len(bare.Author) != 0 || len(bare.Content) != 0 || len(bare.Links) != 1 || len(bare.Categories) != 0 {
		t.Errorf("an entry without author, content, image or tags: %+v", bare)
	}
}

func TestAtomOfAnEmptySite(t *testing.T) {
	doc, err := feeds.Atom(feeds.Channel{Base: base, Title: "Folio"})
	if err != nil {
		t.Fatal(err)
	}
	var f atom
	decodeXML(t, "Atom", doc, &f)
	// updated is required even when nothing ever changed
	rfc3339(t, "feed updated", f.Updated, time.Unix(0, 0))
	if len(f.Entries) != 0 || f.ID != base+"/" {
		t.Errorf("empty Atom %+v", f)
	}
}
