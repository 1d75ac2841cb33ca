package richtext

import (
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/net/html"
	"golang.org/x/text/unicode/norm"
)

// Heading is an h2 or h3 of an article, as its table of contents lists it.
type Heading struct {
	ID, Text string
	Depth    int // 2 or 3
}

// WithHeadingIDs gives every non-empty h2 and h3 of sanitised html an id made from its text,
// exactly as the app's prepareArticle does (frontend/src/lib/article-html.ts: slugify, -2, -3
// for repeats), and returns the html with them and the headings in document order. So the
// server's article and table of contents link the same #ids the app's do, with or without
// JavaScript. html without such a heading comes back as it was.
func WithHeadingIDs(s string) (string, []Heading) {
	if !strings.Contains(s, "<h2") && !strings.Contains(s, "<h3") {
		return s, nil
	}
	root := parseFragment(s)
	used := map[string]bool{}
	var headings []Heading
	for n := range root.Descendants() {
		if !isElem(n, "h2", "h3") {
			continue
		}
		text := strings.TrimFunc(collapseJSSpace(nodeText(n)), isJSSpace)
		if text == "" {
			continue
		}
		base := Slugify(text)
		id := base
		for i := 2; used[id]; i++ {
			id = base + "-" + strconv.Itoa(i)
		}
		used[id] = true
		setAttr(n, "id", id)
		headings = append(headings, Heading{ID: id, Text: text, Depth: int(n.Data[1] - '0')})
	}
	if len(headings) == 0 {
		return s, nil
	}
	return renderChildren(root), headings
}

// Slugify is the app's slugify: 'Caching, the boring way!' -> 'caching-the-boring-way'.
// Compatibility-decomposed, combining diacritics (U+0300-U+036F) dropped, lower-cased, every
// run of characters that are neither letters nor numbers (of any script) one hyphen, none at
// either end; "section" when nothing is left.
func Slugify(text string) string {
	var b strings.Builder
	dash := false
	for _, r := range norm.NFKD.String(text) {
		switch {
		case r >= 0x300 && r <= 0x36f:
			continue
		case unicode.IsLetter(r) || unicode.IsNumber(r):
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteString(strings.ToLower(string(r)))
		default:
			dash = true
		}
	}
	if b.Len() == 0 {
		return "section"
	}
	return b.String()
}

// nodeText is the DOM's textContent: every descendant text node, joined.
func nodeText(n *html.Node) string {
	var b strings.Builder
	for d := range n.Descendants() {
		if d.Type == html.TextNode {
			b.WriteString(d.Data)
		}
	}
	return b.String()
}

// isJSSpace is JavaScript's \s (what the app's /\s+/ and trim() match), which differs from
// unicode.IsSpace in U+0085 (not space) and U+FEFF (space).
func isJSSpace(r rune) bool {
	return r != 0x85 && unicode.IsSpace(r) || r == 0xfeff
}

// collapseJSSpace replaces every run of JavaScript whitespace with one space.
func collapseJSSpace(s string) string {
	var b strings.Builder
	space := false
	for _, r := range s {
		if isJSSpace(r) {
			space = true
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	if space {
		b.WriteByte(' ')
	}
	return b.String()
}
