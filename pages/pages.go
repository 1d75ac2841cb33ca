// Package pages renders every public page of the site from catalog's values: the shell
// (header, sidebars, footer) and each page's main column, in Go templates styled by the
// site's own stylesheet (frontend/src/site). Islands (frontend/src/islands) add behaviour to
// parts of this markup; they never replace it.
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
	"icon":   Icon,
	"srcset": Srcset,
	"cardThumb": func(thumbnail string) map[string]string {
		src, set := CardThumb(thumbnail)
		return map[string]string{"Src": src, "Srcset": set}
	},
	"columnSizes": func() string { return ColumnSizes },
	"socialIcon":  socialIcon,
	"webURL": func(u string) bool {
		l := strings.ToLower(u)
		return strings.HasPrefix(l, "http:") || strings.HasPrefix(l, "https:")
	},
	"longDate":   LongDate,
	"mediumDate": MediumDate,
	"shortDate":  ShortDate,
	"plural":     plural,
	"inc":        func(i int) int { return i + 1 },
	"tagHref":    TagHref,
	"itemHref":   ItemHref,
	"join":       strings.Join,
	"truncate":   Truncate,
	"typeName":   TypeName,
}).ParseFS(templateFS, "templates/*.html"))

// TypeName is an item type as the site names it.
func TypeName(typ string) string {
	if typ == "project" {
		return "Project"
	}
	return "Blog"
}

// Card is one item in a list.
type Card struct {
	Type, ID, Title, Excerpt, Date string
	Categories                     []string
	Thumbnail                      string // site-relative URL of the cover's thumb, or ""
}

// Card limits at the widest band (CARD_TRUNCATION md in frontend/src/config/constants.ts);
// narrower windows clamp the lines in CSS.
const cardTitleMax, cardExcerptMax = 60, 400

// ShownTitle and ShownExcerpt are the card's texts cut as the widest band cuts them.
func (c Card) ShownTitle() string   { return Truncate(c.Title, cardTitleMax) }
func (c Card) ShownExcerpt() string { return Truncate(c.Excerpt, cardExcerptMax) }

// List is a page of cards (Home, Blogs, Projects).
type List struct {
	Profile *Profile // Home's profile card, shown above the list below 850 px
	Heading string
	Items   []Card
	Empty   string
	Pager   *Pager
}

// Pager links the pages of a list: Previous, numbered pages (with gaps) and Next.
type Pager struct {
	Prev, Next string
	Pages      []PageLink
}

// PageLink is one numbered page, or a gap (…) between them.
type PageLink struct {
	N       int
	Href    string
	Current bool
	Gap     bool
}

// NewPager pages total pages around page as Mantine's Pagination shows them (siblings 1,
// boundaries 1); href gives each page's address.
func NewPager(page, total int, href func(int) string) *Pager {
	p := &Pager{}
	if page > 1 {
		p.Prev = href(page - 1)
	}
	if page < total {
		p.Next = href(page + 1)
	}
	last := 0
	for n := 1; n <= total; n++ {
		if n == 1 || n == total || (n >= page-1 && n <= page+1) || (page <= 4 && n <= 5) || (page >= total-3 && n >= total-4) {
			if last != 0 && n > last+1 {
				p.Pages = append(p.Pages, PageLink{Gap: true})
			}
			p.Pages = append(p.Pages, PageLink{N: n, Href: href(n), Current: n == page})
			last = n
		}
	}
	return p
}

// Link is a named href.
type Link struct {
	Name, Href string
}

// Row is one compact item row (categories, archives): date, type marker, title.
type Row struct {
	Type, ID, Title, Date string
	Max                   int // the title's limit
	Day                   bool
}

// Shown is the row's title cut at its limit.
func (r Row) Shown() string { return Truncate(r.Title, r.Max) }

// Categories is the category index with at most one category (and sub-category) open.
type Categories struct {
	Items []Category
}

// Category is one main category's row and, when open, its panel.
type Category struct {
	Name, Href, Note string // Href toggles it: opens it, or back to the index when open
	Open             bool
	Subs             []SubCategory
	Rows             []Row // its items, when it has no sub-categories
	Direct           []Row // items filed under the main category alone
}

// SubCategory is a sub-category row of an open category.
type SubCategory struct {
	Name, Shown, Href, Note string
	Open                    bool
	Rows                    []Row
}

// Tags is every tag as a toggle, and the selected tag's items.
type Tags struct {
	Tags     []TagToggle
	Selected string
	Items    []Card
}

// TagToggle is one tag's button (a link to its page, or back to all tags when pressed).
type TagToggle struct {
	Name, Href string
	Count      int
	Pressed    bool
}

// Year is one year of the archives.
type Year struct {
	Year int
	Rows []Row
}

// NotFound is the 404 page; Last links the last page of a list asked past its end.
type NotFound struct {
	Last string
}

// Search is the /search page: the results of one page of a search, ranked.
type Search struct {
	Q     string
	Total int
	Items []SearchResult
	Pager *Pager
}

// SearchResult is one found item with its snippet (escaped, the match in <mark>).
type SearchResult struct {
	Card
	Snippet template.HTML
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
	Video    string
	Links    []Link
	Sections []Section
}

// ListHTML and the others render a page's main column, every value escaped.
func ListHTML(l List) string             { return execute("list", l) }
func CategoriesHTML(c Categories) string { return execute("categories", c) }
func TagsHTML(t Tags) string             { return execute("tags", t) }
func ArchivesHTML(y []Year) string       { return execute("archives", y) }
func AboutHTML(a About) string           { return execute("about", a) }
func NotFoundHTML(n NotFound) string     { return execute("notfound", n) }
func SearchHTML(s Search) string         { return execute("search", s) }

func execute(name string, data any) string {
	var b strings.Builder
	if err := templates.ExecuteTemplate(&b, name, data); err != nil {
		// the templates are fixed and their data plain values: an error here is a bug
		panic("pages: " + name + ": " + err.Error())
	}
	return b.String()
}

// The site's hrefs (frontend/src/config/paths.ts).
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

// ShortDate writes a YYYY-MM-DD date as "Nov 21".
func ShortDate(value string) string {
	long := LongDate(value)
	if long == value {
		return value
	}
	month, rest, _ := strings.Cut(long, " ")
	day, _, _ := strings.Cut(rest, ",")
	return month[:3] + " " + day
}

// Truncate cuts text to max characters with an ellipsis, as the front end's truncate does.
func Truncate(text string, max int) string {
	r := []rune(text)
	if len(r) <= max {
		return text
	}
	return strings.TrimRight(string(r[:max-1]), " \t\n") + "…"
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

// AppMessageHTML is what an app page (sign-in, the dashboard) shows until the app renders.
func AppMessageHTML(heading string) string {
	return execute("message", struct{ Heading string }{heading})
}
