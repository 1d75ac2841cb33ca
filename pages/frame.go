package pages

import (
	"html/template"
	"strings"
	"unicode"
)

// Frame is the app's shell around a page's content, as the React app first renders it: the
// header, the left sidebar with the owner's profile and the site's sections, the main column
// with the footer, and the right sidebar with the latest items and the most used tags.
type Frame struct {
	Path    string // the request path: marks the current section
	Profile Profile
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

// Initials are the avatar's letters without an image, as ProfileCard writes them.
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

// Active says whether href is the current section, as MainNav marks it (Home only on "/").
func (f Frame) Active(href string) bool {
	if href == "/" {
		return f.Path == "/"
	}
	return f.Path == href || strings.HasPrefix(f.Path, href+"/")
}

// FrameHTML renders the shell around f.Content (already-escaped page content).
func FrameHTML(f Frame) string { return execute("shell", f) }

// Truncate cuts text to max characters with an ellipsis, as the front end's truncate does.
func Truncate(text string, max int) string {
	r := []rune(text)
	if len(r) <= max {
		return text
	}
	return strings.TrimRightFunc(string(r[:max-1]), unicode.IsSpace) + "…"
}

// ShortDate writes a YYYY-MM-DD date as "Nov 21".
func ShortDate(value string) string {
	long := LongDate(value) // "November 21, 2026"
	if long == value {
		return value
	}
	month, rest, _ := strings.Cut(long, " ")
	day, _, _ := strings.Cut(rest, ",")
	return month[:3] + " " + day
}
