package pages

import (
	"bytes"
	"html"
	"html/template"
	"strings"
	"unicode"
)

// Frame is the site's shell around a page's main column: the header, the left sidebar with
// the owner's profile and the site's sections, the main column with the footer, and the right
// sidebar with the latest items and the most used tags.
type Frame struct {
	Path    string // the request path: marks the current section, and where Sign in returns
	Profile Profile
	Social  []Link
	Recent  []Card   // RECENT_ITEMS_COUNT latest items
	Tags    []string // TRENDING_TAGS_COUNT most used tags
	Year    int      // the footer's copyright year
	Content template.HTML
	Aside   template.HTML // the page's part of the right sidebar (an article's contents)
}

// Profile is the left sidebar's card.
type Profile struct {
	Name, Bio, Image string // Image is site-relative or ""
}

// Initials are the avatar's letters without an image.
func (p Profile) Initials() string {
	var out []rune
	for _, w := range strings.Fields(p.Name) {
		if len(out) == 2 {
			break
		}
		out = append(out, unicode.ToUpper([]rune(w)[0]))
	}
	if len(out) == 0 {
		return "F"
	}
	return string(out)
}

// Owner is the footer's name: the profile's heading, else Folio.
func (f Frame) Owner() string {
	if f.Profile.Name == "" {
		return "Folio"
	}
	return f.Profile.Name
}

// Active says whether href is the current section (Home only on "/").
func (f Frame) Active(href string) bool {
	if href == "/" {
		return f.Path == "/"
	}
	return f.Path == href || strings.HasPrefix(f.Path, href+"/")
}

// SignIn is the Sign in link: /login, back to this page afterwards.
func (f Frame) SignIn() string { return "/login?next=" + enc(f.Path) }

// NavLinks are the site's sections in the left sidebar, with their icons.
var NavLinks = []struct{ Name, Href, Icon string }{
	{"Home", "/", "home"}, {"Blogs", "/blogs", "notebook"}, {"Projects", "/projects", "code"},
	{"Categories", "/categories", "category"}, {"Tags", "/tags", "tags"}, {"Archives", "/archives", "archive"},
	{"About", "/about", "user"},
}

// Assets are the built styles and island script of the public pages.
type Assets struct {
	// Style is site.css: the critical part of it for a page goes inline in its <head>
	// (Stylesheet.For), so the first paint waits for no stylesheet request.
	Style *Stylesheet
	// StyleFile is site.css whole, one content-hashed file: the theme script loads it after
	// the first paint, before the islands start, and a <noscript> link without JavaScript.
	StyleFile string
	// CSS (interactive.css) and JS (the islands' module) are content-hashed files that the
	// theme script loads once the page has loaded, or at the reader's first tap, key or focus
	// if sooner (ThemeScript): they never compete with the page's own image for the network.
	CSS, JS string
}

// document is what the "document" template renders.
type document struct {
	Head   template.HTML
	Assets Assets
	Style  template.CSS // styleMark, where the page's part of Assets.Style goes
	Frame
}

// styleMark stands for the page's stylesheet until the page is rendered (Document), since
// the part a page inlines depends on the markup that follows it.
const styleMark = "/*folio:style*/"

// Nav is the template's view of NavLinks.
func (document) Nav() any { return NavLinks }

// Document is a whole page: head tags, the shell and f.Content, with the site's assets.
func Document(h Head, f Frame, a Assets) []byte {
	var b bytes.Buffer
	b.Grow(32 << 10)
	// The two inline scripts are this package's constants (the CSP allows them by hash);
	// Head.HTML escapes every value it writes.
	head := themeScriptTag(a) + h.HTML() + `<script type="speculationrules">` + SpeculationRules + "</script>\n"
	d := document{Head: template.HTML(head), Assets: a, Frame: f}
	if a.Style != nil {
		d.Style = styleMark
	}
	if err := templates.ExecuteTemplate(&b, "document", d); err != nil {
		panic("pages: document: " + err.Error())
	}
	if a.Style == nil {
		return b.Bytes()
	}
	page := b.Bytes()
	at := bytes.Index(page, []byte(styleMark))
	css := a.Style.For(page)
	out := make([]byte, 0, len(page)+len(css))
	out = append(out, page[:at]...)
	out = append(out, css...)
	return append(out, page[at+len(styleMark):]...)
}

// themeScriptTag is ThemeScript with the island files it loads as data attributes (outside
// the script's text, so the CSP hash holds for every build).
func themeScriptTag(a Assets) string {
	attrs := ""
	if a.JS != "" {
		attrs += ` data-islands="` + html.EscapeString(a.JS) + `"`
		// The stylesheets it loads, in this order: the site's whole file, the islands' own.
		if css := strings.TrimSpace(a.StyleFile + " " + a.CSS); css != "" {
			attrs += ` data-css="` + html.EscapeString(css) + `"`
		}
	}
	return "<script" + attrs + ">" + ThemeScript + "</script>\n"
}
