package pages

import (
	"embed"
	"html/template"
	"net/url"
	"strconv"
	"strings"
	"time"
)

//go:embed templates/*.html
var templateFS embed.FS

var templates = template.Must(template.New("").Funcs(template.FuncMap{
	"longDate":   LongDate,
	"words":      func(n int) string { return plural(n, "word") },
	"inc":        func(i int) int { return i + 1 },
	"tagHref":    TagHref,
	"itemHref":   ItemHref,
	"join":       strings.Join,
	"truncate":   Truncate,
	"shortDate":  ShortDate,
	"mediumDate": MediumDate,
}).ParseFS(templateFS, "templates/*.html"))

// Article is an item page's content: what the React detail page shows before engagement.
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
	Body           template.HTML // the sanitised description
	Categories     []string      // main first; never empty (Uncategorized)
	Tags           []string
	Links          []string  // a blog's attachLinks
	Link           string    // a project's attachLink
	Headings       []Heading // the body's h2 and h3, with the ids Body gives them
}

// TOCMinHeadings is how many headings an article needs for a table of contents
// (TOC_MIN_HEADINGS in frontend/src/config/constants.ts).
const TOCMinHeadings = 3

// Heading is one entry of an article's table of contents.
type Heading struct {
	ID, Text string
	Depth    int // 2 or 3
}

// Offset is the entry's indent as TableOfContents writes it (minDepthToOffset 1).
func (h Heading) Offset() int { return h.Depth - 1 }

// TOC says whether the article shows a table of contents.
func (a Article) TOC() bool { return len(a.Headings) >= TOCMinHeadings }

// TOCAsideHTML is the table of contents as the right sidebar shows it (Frame.Aside), or ""
// when the article has too few headings.
func TOCAsideHTML(a Article) string {
	if !a.TOC() {
		return ""
	}
	return execute("toc-aside", a.Headings)
}

// UpdatedAfter says whether the item changed on a later day than its date.
func (a Article) UpdatedAfter() bool { return len(a.Updated) >= 10 && a.Updated[:10] > a.Date }

// CategoryLinks are the main category and its sub-categories as the React page links them.
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

// Card is one item in a list.
type Card struct {
	Type, ID, Title, Excerpt, Date string
	Categories                     []string
	Thumbnail                      string // site-relative URL of the cover's thumb, or ""
}

// List is a page of cards (Home, Blogs, Projects, a category's or a tag's items).
type List struct {
	Profile    *Profile // Home's profile card, shown above the list below 850 px
	Heading    string
	Items      []Card
	Empty      string // shown when there are no items
	Prev, Next string // hrefs of the neighbouring pages, or ""
}

// Link is a named href with an optional count and note (a date).
type Link struct {
	Name, Href string
	Count      int
	Note       string
}

// Group is a heading link with links below it (a category and its sub-categories, a year).
type Group struct {
	Link
	Links []Link
}

// Groups is an index page (Categories, Tags, Archives).
type Groups struct {
	Heading string
	Groups  []Group
	Empty   string
}

// Message is a page of text and links (About, Not Found, pages that need JavaScript).
type Message struct {
	Heading    string
	Image      string // site-relative, shown under the heading (About's image)
	Paragraphs []string
	Sections   []Section
	Links      []Link
}

// Section is a titled block of sanitised HTML (an About field); Fallback shows when it is empty.
type Section struct {
	Key, Title, Fallback string
	HTML                 template.HTML
}

// About is the About page as AboutView lays it out: header, media, links, then every section.
type About struct {
	Header   template.HTML
	Image    string
	Links    []Link
	Sections []Section
}

// ArticleHTML, ListHTML, GroupsHTML and MessageHTML render a page's content, every value escaped.
func ArticleHTML(a Article) string { return execute("article", a) }
func ListHTML(l List) string       { return execute("list", l) }
func GroupsHTML(g Groups) string   { return execute("groups", g) }
func MessageHTML(m Message) string { return execute("message", m) }
func AboutHTML(a About) string     { return execute("about", a) }

func execute(name string, data any) string {
	var b strings.Builder
	if err := templates.ExecuteTemplate(&b, name, data); err != nil {
		// the templates are fixed and their data plain values: an error here is a bug
		panic("pages: " + name + ": " + err.Error())
	}
	return b.String()
}

// The React app's hrefs (frontend/src/config/paths.ts).
func ItemHref(typ, id string) string {
	if typ == "project" {
		return "/projects/" + url.PathEscape(id)
	}
	return "/blogs/" + url.PathEscape(id)
}
func CategoryHref(name string) string {
	return "/categories?category=" + enc(name) + "&open=true"
}
func SubCategoryHref(main, sub string) string {
	return "/categories?main=" + enc(main) + "&sub=" + enc(sub) + "&openSub=true"
}
func TagHref(tag string) string { return "/tags?tag=" + enc(tag) }

// enc is JavaScript's encodeURIComponent, as paths.ts builds its hrefs.
func enc(s string) string { return strings.ReplaceAll(url.QueryEscape(s), "+", "%20") }

// LongDate writes a YYYY-MM-DD date (or an RFC 3339 time's day) as "November 21, 2026".
func LongDate(value string) string {
	if len(value) < 10 {
		return value
	}
	d, err := time.Parse(time.DateOnly, value[:10])
	if err != nil {
		return value
	}
	return d.Format("January 2, 2006")
}

// MediumDate writes a YYYY-MM-DD date as "Nov 21, 2026".
func MediumDate(value string) string {
	if long := LongDate(value); long != value {
		month, rest, _ := strings.Cut(long, " ")
		return month[:3] + " " + rest
	}
	return value
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}
