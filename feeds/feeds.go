// Package feeds renders the site's documents for feed readers and crawlers: RSS 2.0,
// Atom 1.0, JSON Feed 1.1, the sitemap and robots.txt. Pure: data in, bytes out.
package feeds

import "time"

// Entry is one item of a feed, with everything the three formats show.
type Entry struct {
	Title     string
	Author    string
	Excerpt   string // plain text
	Tags      []string
	URL       string // absolute page URL
	Content   string // the sanitised description HTML
	Image     string // absolute media URL, "" when none
	ImageType string // media MIME type
	Published time.Time
	Updated   time.Time
}

// Channel is the channel of a feed and its newest items.
type Channel struct {
	Base        string // absolute site URL, no trailing slash
	Title       string
	Description string
	Updated     time.Time // newest item change, zero for an empty site
	Entries     []Entry
}
