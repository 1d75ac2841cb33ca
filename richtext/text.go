package richtext

import (
	"strings"
	"unicode"

	"golang.org/x/net/html"
)

// hiddenTags hold no reader-visible text.
var hiddenTags = map[string]bool{
	"script": true, "style": true, "noscript": true, "template": true, "iframe": true,
	"textarea": true, "title": true, "head": true, "select": true, "object": true, "svg": true, "math": true,
}

// PlainText strips markup: block elements and <br> separate words, inline tags join;
// entities are decoded, whitespace (including &nbsp;) is collapsed and trimmed.
func PlainText(s string) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			switch {
			case c.Type == html.TextNode:
				b.WriteString(c.Data)
			case c.Type == html.ElementNode && !hiddenTags[c.Data]:
				block := isBlock(c)
				if block {
					b.WriteByte(' ')
				}
				walk(c)
				if block {
					b.WriteByte(' ')
				}
			}
		}
	}
	walk(parseFragment(s))
	return strings.Join(strings.Fields(b.String()), " ")
}

// Excerpt is the HTML s as PlainText, cut by TextExcerpt. It reads s as HTML exactly once:
// text that is already plain (an ItemSummary's excerpt, the bio) goes to TextExcerpt, else
// a decoded "&lt;T&gt;" would be read as a tag and lost.
func Excerpt(s string, n int) string { return TextExcerpt(PlainText(s), n) }

// TextExcerpt is the plain text s, whitespace collapsed, cut to at most n runes; "<" and "&"
// stay the characters they are. When cut it ends with "…", which counts within n. The cut
// moves back to a space when one lies in the last 20% of the room, so words stay whole;
// otherwise it cuts mid-word, never inside a combining sequence (accent, emoji ZWJ/skin tone, flag).
func TextExcerpt(s string, n int) string {
	text := strings.Join(strings.Fields(s), " ")
	if n <= 0 {
		return ""
	}
	r := []rune(text)
	if len(r) <= n {
		return text
	}
	room := n - 1 // one rune is the ellipsis
	cut := room
	for i := room; i >= room-room/5 && i > 0; i-- {
		if unicode.IsSpace(r[i]) {
			cut = i
			break
		}
	}
	for cut > 0 && (joinsPrevious(r[cut]) || r[cut-1] == '\u200d' || splitsFlag(r, cut)) {
		cut--
	}
	return strings.TrimRightFunc(string(r[:cut]), func(c rune) bool {
		return unicode.IsSpace(c) || strings.ContainsRune(",;:", c)
	}) + "…"
}

// joinsPrevious tells runes that belong to the character before them.
func joinsPrevious(c rune) bool {
	return unicode.In(c, unicode.Mn, unicode.Me) || c == '\u200d' ||
		c >= '\ufe00' && c <= '\ufe0f' || c >= 0x1f3fb && c <= 0x1f3ff || c >= 0xe0020 && c <= 0xe007f
}

// splitsFlag reports a cut between the two regional indicators of a flag.
func splitsFlag(r []rune, cut int) bool {
	isRI := func(c rune) bool { return c >= 0x1f1e6 && c <= 0x1f1ff }
	if !isRI(r[cut]) {
		return false
	}
	k := 0
	for i := cut - 1; i >= 0 && isRI(r[i]); i-- {
		k++
	}
	return k%2 == 1
}

// WordCount counts the words of PlainText(s).
func WordCount(s string) int { return len(strings.Fields(PlainText(s))) }

// ReadingMinutes is ceil(words/200): 0 for no words, at least 1 otherwise.
func ReadingMinutes(words int) int {
	if words <= 0 {
		return 0
	}
	return (words + 199) / 200
}
