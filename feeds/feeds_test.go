package feeds_test

import (
	"time"

	"github.com/folio/folio/feeds"
)

// Values a feed must carry through exactly: each is escaped once for its format, so it reads
// back unchanged after one decode (escaped twice, "&" would read back as "&amp;").
const (
	base        = "https://folio.example"
	siteTitle   = `Ann's <Folio> & "Co"`
	siteBio     = `I write <code> & "stuff".`
	entryTitle  = `Tom & "Jerry" <b>it's</b> &amp; more`
	entryAuthor = `O'Brien & <Sons>`
	// an excerpt is plain text: what looks like markup or an entity is its characters
	entryExcerpt = `Use Vec<T> & "quotes" <fast>; it's &lt;3`
	// the description is HTML; "]]>" would end a careless CDATA section
	entryHTML = `<p>Use <code>Vec&lt;T&gt;</code> &amp; <a href="https://x.example/?a=1&amp;b=2">more</a>.</p><pre><code>if a[b[0]]>1 {}</code></pre>`
)

var (
	published = time.Date(2026, 11, 20, 9, 30, 0, 0, time.UTC)
	updated   = time.Date(2026, 11, 21, 18, 5, 7, 0, time.UTC)
)

// channel is a feed with two entries: one with everything, one with nothing optional.
func channel() feeds.Channel {
	return feeds.Channel{
		Base:        base,
		Title:       siteTitle,
		Description: siteBio,
		Updated:     updated,
		Entries: []feeds.Entry{
			{
				Title: entryTitle, Author: entryAuthor, Excerpt: entryExcerpt,
				Tags: []string{"go", `a&b <c>`}, URL: base + "/blogs/abc123", Content: entryHTML,
				Image: base + "/api/files/pbc_blogs/abc123/cover.png", ImageType: "image/png",
				Published: published, Updated: updated,
			},
			{
				Title: "Bare", URL: base + "/projects/def456",
				Published: published.Add(-time.Hour), Updated: published.Add(-time.Hour),
			},
		},
	}
}
