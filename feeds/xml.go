package feeds

import (
	"bytes"
	"encoding/xml"
	"html"
	"strings"
	"time"

	"github.com/gorilla/feeds"
)

// The RSS and Atom documents use gorilla/feeds' element types. Its generic Feed cannot carry
// several categories per item, so the item lists below shadow the library's (encoding/xml
// lets a shallower field of the same element name win over an embedded one).

// rssDoc is the <rss> root with the namespaces its items use.
type rssDoc struct {
	XMLName   xml.Name `xml:"rss"`
	Version   string   `xml:"version,attr"`
	ContentNS string   `xml:"xmlns:content,attr"`
	DCNS      string   `xml:"xmlns:dc,attr"`
	AtomNS    string   `xml:"xmlns:atom,attr"`
	Channel   rssChannel
}

type rssChannel struct {
	feeds.RssFeed
	Self  rssSelfLink
	Items []rssItem `xml:"item"`
}

// rssSelfLink is the channel's own URL, which RSS lacks (RSS Best Practices, atom:link).
type rssSelfLink struct {
	XMLName xml.Name `xml:"atom:link"`
	Href    string   `xml:"href,attr"`
	Rel     string   `xml:"rel,attr"`
	Type    string   `xml:"type,attr"`
}

type rssItem struct {
	feeds.RssItem
	Creator    string   `xml:"dc:creator,omitempty"` // RSS <author> must be an email address
	Categories []string `xml:"category"`
}

// RSS renders an RSS 2.0 feed.
func RSS(d Channel) ([]byte, error) {
	ch := rssChannel{
		RssFeed: feeds.RssFeed{
			Title:       d.Title,
			Link:        d.Base,
			Description: d.Description,
			Generator:   "Folio",
		},
		Self:  rssSelfLink{Href: d.Base + "/rss.xml", Rel: "self", Type: "application/rss+xml"},
		Items: []rssItem{},
	}
	if !d.Updated.IsZero() {
		ch.LastBuildDate = d.Updated.Format(time.RFC1123Z)
	}
	for _, en := range d.Entries {
		it := rssItem{
			RssItem: feeds.RssItem{
				Title:       en.Title,
				Link:        en.URL,
				Description: html.EscapeString(en.Excerpt), // RSS descriptions are HTML
				Guid:        &feeds.RssGuid{Id: en.URL, IsPermaLink: "true"},
				PubDate:     en.Published.Format(time.RFC1123Z),
			},
			Creator:    en.Author,
			Categories: en.Tags,
		}
		if en.Content != "" {
			it.Content = &feeds.RssContent{Content: xmlChars(en.Content)} // CDATA is written unchecked
		}
		if en.Image != "" {
			// The file size is unknown without reading storage; RSS Best Practices ask for 0 then.
			it.Enclosure = &feeds.RssEnclosure{Url: en.Image, Length: "0", Type: en.ImageType}
		}
		ch.Items = append(ch.Items, it)
	}
	return marshalXML(rssDoc{
		Version:   "2.0",
		ContentNS: "http://purl.org/rss/1.0/modules/content/",
		DCNS:      "http://purl.org/dc/elements/1.1/",
		AtomNS:    "http://www.w3.org/2005/Atom",
		Channel:   ch,
	})
}

type atomFeed struct {
	feeds.AtomFeed
	Links   []feeds.AtomLink `xml:"link"` // alternate and self, where the library has one link
	Entries []atomEntry      `xml:"entry"`
}

type atomEntry struct {
	feeds.AtomEntry
	Categories []atomCategory `xml:"category"`
}

type atomCategory struct {
	Term string `xml:"term,attr"`
}

// Atom renders an Atom 1.0 feed.
func Atom(d Channel) ([]byte, error) {
	updated := d.Updated
	if updated.IsZero() {
		updated = time.Unix(0, 0) // required; an empty site has never changed
	}
	f := atomFeed{
		AtomFeed: feeds.AtomFeed{
			Xmlns:    "http://www.w3.org/2005/Atom",
			Title:    d.Title,
			Id:       d.Base + "/",
			Updated:  updated.UTC().Format(time.RFC3339),
			Subtitle: d.Description,
			// The feed's author stands in for entries without one, as Atom requires.
			Author: &feeds.AtomAuthor{AtomPerson: feeds.AtomPerson{Name: d.Title}},
		},
		Links: []feeds.AtomLink{
			{Href: d.Base, Rel: "alternate", Type: "text/html"},
			{Href: d.Base + "/atom.xml", Rel: "self", Type: "application/atom+xml"},
		},
		Entries: []atomEntry{},
	}
	for _, en := range d.Entries {
		e := atomEntry{AtomEntry: feeds.AtomEntry{
			Title:     en.Title,
			Id:        en.URL,
			Updated:   en.Updated.Format(time.RFC3339),
			Published: en.Published.Format(time.RFC3339),
			Links:     []feeds.AtomLink{{Href: en.URL, Rel: "alternate", Type: "text/html"}},
			Summary:   &feeds.AtomSummary{Content: en.Excerpt, Type: "text"},
		}}
		if en.Content != "" {
			e.Content = &feeds.AtomContent{Content: en.Content, Type: "html"}
		}
		if en.Author != "" {
			e.Author = &feeds.AtomAuthor{AtomPerson: feeds.AtomPerson{Name: en.Author}}
		}
		if en.Image != "" {
			e.Links = append(e.Links, feeds.AtomLink{Href: en.Image, Rel: "enclosure", Type: en.ImageType})
		}
		for _, tag := range en.Tags {
			e.Categories = append(e.Categories, atomCategory{Term: tag})
		}
		f.Entries = append(f.Entries, e)
	}
	return marshalXML(f)
}

// marshalXML encodes v as an indented UTF-8 XML document.
func marshalXML(v any) ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteString(xml.Header)
	enc := xml.NewEncoder(&buf)
	enc.Indent("", "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	buf.WriteByte('\n')
	return buf.Bytes(), nil
}

// xmlChars drops what XML 1.0 cannot hold (control characters, invalid UTF-8).
func xmlChars(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\t' || r == '\n' || r == '\r',
			r >= 0x20 && r <= 0xD7FF,
			r >= 0xE000 && r <= 0xFFFD,
			r >= 0x10000 && r <= 0x10FFFF:
			return r
		}
		return -1
	}, strings.ToValidUTF8(s, ""))
}
