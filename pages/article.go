package pages

import "html/template"

// Article is an item page's main column: the article, its engagement and Further Reading.
type Article struct {
	Type           string // "blog" or "project"
	ID             string
	Title          string
	Author         string
	Date           string // YYYY-MM-DD
	Updated        string // RFC 3339
	ReadingMinutes int
	WordCount      int
	Cover          string        // site-relative URL of the cover, or ""
	CoverAlt       string        // the cover's alt text: the owner's, else the title
	CoverThumb     string        // the cover's card-sized thumb (the overlay's placeholder), or ""
	Body           template.HTML // the sanitised description, headings with ids
	HasCode        bool          // the body holds code blocks (the highlighter loads only then)
	Categories     []string      // main first; never empty (Uncategorized)
	Tags           []string
	Links          []string  // a blog's attachLinks
	Link           string    // a project's attachLink
	Headings       []Heading // the body's h2 and h3, with the ids Body gives them
	Likes          int
	Shares         int
	Views          int
	Further        []Card // up to three other items of the same type
	ShareURL       string // the page's absolute URL, for the share links
	Preview        bool   // a preview link's page: no share, comment, like or view (the item is not public)
}

// TOCMinHeadings is how many headings an article needs for a table of contents
// (TOC_MIN_HEADINGS in frontend/src/config/constants.ts).
const TOCMinHeadings = 3

// Heading is one entry of an article's table of contents.
type Heading struct {
	ID, Text string
	Depth    int // 2 or 3
}

// TOC says whether the article shows a table of contents.
func (a Article) TOC() bool { return len(a.Headings) >= TOCMinHeadings }

// UpdatedAfter says whether the item changed on a later day than its date.
func (a Article) UpdatedAfter() bool { return len(a.Updated) >= 10 && a.Updated[:10] > a.Date }

// Noun is how the page names the item ("post" or "project").
func (a Article) Noun() string {
	if a.Type == "project" {
		return "project"
	}
	return "post"
}

// CategoryLinks are the main category and its sub-categories as the page links them.
func (a Article) CategoryLinks() []Link {
	if len(a.Categories) == 0 {
		return nil
	}
	main := a.Categories[0]
	links := []Link{{Name: main, Href: CategoryHref(main)}}
	for _, sub := range a.Categories[1:] {
		links = append(links, Link{Name: sub, Href: SubCategoryHref(main, sub)})
	}
	return links
}

// ArticleHTML renders the item page's main column; TOCAsideHTML its part of the right sidebar.
func ArticleHTML(a Article) string { return execute("article", a) }
func TOCAsideHTML(a Article) string {
	if !a.TOC() {
		return ""
	}
	return execute("toc-aside", a.Headings)
}
