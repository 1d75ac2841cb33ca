package pages

import (
	"bytes"
	"strings"

	"golang.org/x/net/html"
)

// Stylesheet is the public site's stylesheet (site.css) read into its rules, so that each page
// inlines only the rules that can apply to it (For): an article carries no card or archive
// rules, a list no article rules, and neither the theme variables that no rule of theirs uses.
// The page is smaller (it fits the first round trip of a new connection) and the browser
// matches fewer rules before its first paint.
//
// A rule is left out only when the page cannot match it whatever a script does later: every
// class and element it names must be in the page's markup, or among the classes the islands
// add (the islands' own source, read once). Attribute selectors, ids, pseudo-classes and the
// arguments of :not(), :is(), :where() and :has() never rule a selector out. At-rules other
// than @media, @supports, @container, @layer and @starting-style are kept whole.
type Stylesheet struct {
	rules []cssRule
	// always are the class names the islands can add after load (their code names them).
	always map[string]bool
	// vars are the custom properties the islands name (a script may read or set one).
	vars map[string]bool
	size int // the whole stylesheet's length
}

type cssRule struct {
	raw      string      // kept as written: a rule this file does not prune
	at       string      // a grouping at-rule's prelude ("@media (min-width:...)"); children follow
	children []cssRule   // the grouping rule's rules
	sels     []cssSelect // a style rule's selectors
	decls    []cssDecl   // a style rule's declarations
}

type cssSelect struct {
	text           string
	classes, types []string // what the page must contain for the selector to match
}

type cssDecl struct {
	text string   // as written, "color:var(--x)"
	name string   // the custom property it sets ("--x"), or ""
	uses []string // the custom properties its value reads
}

// NewStylesheet reads css (Vite's minified output). islands are the texts of the island
// scripts: the classes and custom properties they name are kept on every page.
// (interactive.css, loaded after the page, defines the custom properties it uses itself.)
func NewStylesheet(css string, islands []string) *Stylesheet {
	// Vite's minified CSS has no "</style"; escaped all the same, once, since it goes inline.
	css = strings.ReplaceAll(css, "</style", `<\/style`)
	s := &Stylesheet{rules: parseRules(css), always: map[string]bool{}, vars: map[string]bool{}, size: len(css)}
	words := map[string]bool{}
	for _, js := range islands {
		for _, w := range strings.FieldsFunc(js, func(r rune) bool { return !isIdent(r) }) {
			words[w] = true
		}
		for _, v := range varNames(js, true) {
			s.vars[v] = true
		}
	}
	walkSelectors(s.rules, func(sel cssSelect) {
		for _, c := range sel.classes {
			if words[c] {
				s.always[c] = true
			}
		}
	})
	return s
}

// For is the part of the stylesheet that page (a whole document, without this stylesheet)
// can use: the rules that can match its markup, and the custom properties those rules, the
// page's own style attributes and the islands read.
func (s *Stylesheet) For(page []byte) []byte {
	classes, types := pageTokens(page)
	has := func(sel cssSelect) bool {
		for _, c := range sel.classes {
			if !classes[c] && !s.always[c] {
				return false
			}
		}
		for _, t := range sel.types {
			if !types[t] {
				return false
			}
		}
		return true
	}
	// The custom properties in use, to a fixed point: a variable is kept when a kept
	// declaration reads it, or a kept variable's value does.
	need := map[string]bool{}
	for v := range s.vars {
		need[v] = true
	}
	for _, v := range varNames(page, false) {
		need[v] = true
	}
	var defs []cssDecl
	walkRules(s.rules, has, func(d cssDecl) {
		if d.name != "" {
			defs = append(defs, d)
			return
		}
		for _, u := range d.uses {
			need[u] = true
		}
	})
	for changed := true; changed; {
		changed = false
		for _, d := range defs {
			if !need[d.name] {
				continue
			}
			for _, u := range d.uses {
				if !need[u] {
					need[u], changed = true, true
				}
			}
		}
	}
	var b bytes.Buffer
	b.Grow(s.size / 2)
	writeRules(&b, s.rules, has, need)
	return b.Bytes()
}

// walkSelectors calls f with every selector of rules.
func walkSelectors(rules []cssRule, f func(cssSelect)) {
	for _, r := range rules {
		walkSelectors(r.children, f)
		for _, sel := range r.sels {
			f(sel)
		}
	}
}

// walkRules calls f with every declaration of the style rules that has matches.
func walkRules(rules []cssRule, has func(cssSelect) bool, f func(cssDecl)) {
	for _, r := range rules {
		if r.at != "" {
			walkRules(r.children, has, f)
			continue
		}
		for _, sel := range r.sels {
			if has(sel) {
				for _, d := range r.decls {
					f(d)
				}
				break
			}
		}
	}
}

// writeRules writes the rules has matches, each with its matching selectors and the
// declarations need keeps; a grouping rule only when something inside it is written.
func writeRules(b *bytes.Buffer, rules []cssRule, has func(cssSelect) bool, need map[string]bool) {
	for _, r := range rules {
		switch {
		case r.raw != "":
			b.WriteString(r.raw)
		case r.at != "":
			start := b.Len()
			b.WriteString(r.at)
			b.WriteByte('{')
			inner := b.Len()
			writeRules(b, r.children, has, need)
			if b.Len() == inner {
				b.Truncate(start)
				continue
			}
			b.WriteByte('}')
		default:
			start := b.Len()
			n := 0
			for _, sel := range r.sels {
				if has(sel) {
					if n > 0 {
						b.WriteByte(',')
					}
					b.WriteString(sel.text)
					n++
				}
			}
			if n == 0 {
				continue
			}
			b.WriteByte('{')
			body := b.Len()
			for _, d := range r.decls {
				if d.name != "" && !need[d.name] {
					continue
				}
				if b.Len() > body {
					b.WriteByte(';')
				}
				b.WriteString(d.text)
			}
			if b.Len() == body {
				b.Truncate(start)
				continue
			}
			b.WriteByte('}')
		}
	}
}

// parseRules reads a list of rules up to the end of css or an unmatched "}".
func parseRules(css string) []cssRule {
	var rules []cssRule
	for i := 0; i < len(css); {
		i = skipSpace(css, i)
		if i >= len(css) {
			break
		}
		end := scanUntil(css, i, "{;")
		if end >= len(css) {
			rules = append(rules, cssRule{raw: css[i:]})
			break
		}
		prelude := strings.TrimSpace(css[i:end])
		if css[end] == ';' { // @import, @charset, @layer a,b;
			rules = append(rules, cssRule{raw: css[i : end+1]})
			i = end + 1
			continue
		}
		close := matchBrace(css, end)
		body := css[end+1 : close]
		next := min(close+1, len(css))
		switch {
		case strings.HasPrefix(prelude, "@"):
			name := strings.ToLower(prelude[1:strings.IndexFunc(prelude+" ", func(r rune) bool { return !isIdent(r) && r != '@' })])
			switch name {
			case "media", "supports", "container", "layer", "starting-style":
				rules = append(rules, cssRule{at: prelude, children: parseRules(body)})
			default:
				rules = append(rules, cssRule{raw: css[i:next]})
			}
		case scanUntil(body, 0, "{") < len(body): // nested rules: kept as written
			rules = append(rules, cssRule{raw: css[i:next]})
		default:
			r := cssRule{}
			for _, text := range splitTop(prelude, ',') {
				text = strings.TrimSpace(text)
				classes, types := selectorNeeds(text)
				r.sels = append(r.sels, cssSelect{text: text, classes: classes, types: types})
			}
			for _, text := range splitTop(body, ';') {
				text = strings.TrimSpace(text)
				if text == "" {
					continue
				}
				d := cssDecl{text: text, uses: varNames(text, false)}
				if strings.HasPrefix(text, "--") {
					d.name = strings.TrimSpace(text[:strings.IndexByte(text+":", ':')])
				}
				r.decls = append(r.decls, d)
			}
			rules = append(rules, r)
		}
		i = next
	}
	return rules
}

// selectorNeeds are the classes and element names a page must have for sel to match it.
func selectorNeeds(sel string) (classes, types []string) {
	start := true // at the start of a compound selector
	for i := 0; i < len(sel); {
		c := sel[i]
		switch {
		case c == '[' || c == '(':
			i = skipGroup(sel, i)
			start = false
		case c == '"' || c == '\'':
			i = skipString(sel, i)
		case c == '.' || c == '#' || c == ':':
			j := i + 1
			for j < len(sel) && sel[j] == ':' {
				j++
			}
			k := identEnd(sel, j)
			if c == '.' {
				classes = append(classes, unescape(sel[j:k]))
			}
			i, start = k, false
		case c == ' ' || c == '>' || c == '+' || c == '~':
			i, start = i+1, true
		case c == '*' || c == '|':
			i, start = i+1, false
		case isIdent(rune(c)) || c == '\\':
			k := identEnd(sel, i)
			if start {
				types = append(types, strings.ToLower(unescape(sel[i:k])))
			}
			i, start = k, false
		default:
			i++
		}
	}
	return classes, types
}

// pageTokens are the class names and element names in a document's markup, read with the
// HTML tokenizer the rich text already uses (golang.org/x/net/html).
func pageTokens(page []byte) (classes, types map[string]bool) {
	classes, types = map[string]bool{}, map[string]bool{}
	z := html.NewTokenizer(bytes.NewReader(page))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return classes, types
		case html.StartTagToken, html.SelfClosingTagToken:
			name, more := z.TagName()
			types[string(name)] = true // lower case already
			for more {
				var k, v []byte
				k, v, more = z.TagAttr()
				if string(k) == "class" {
					for _, c := range strings.Fields(string(v)) {
						classes[c] = true
					}
				}
			}
		}
	}
}

// varNames are the custom properties text reads with var(--x); with all, every --x it names
// (a script's, or a page's text, where a name may be built or set). A page is read as it is
// built, in bytes, without a copy.
func varNames[T string | []byte](text T, all bool) []string {
	var out []string
	for k := 0; k+1 < len(text); k++ {
		if text[k] != '-' || text[k+1] != '-' {
			continue
		}
		end := identEnd(text, k)
		if end > k+2 && (k >= 4 && string(text[k-4:k]) == "var(" || all && (k == 0 || !isIdent(rune(text[k-1])))) {
			out = append(out, string(text[k:end]))
		}
		k = max(end, k+2) - 1
	}
	return out
}

func isIdent(r rune) bool {
	return r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r >= 0x80
}

// identEnd is where the identifier (with escapes) at i ends.
func identEnd[T string | []byte](s T, i int) int {
	for i < len(s) {
		switch {
		case s[i] == '\\' && i+1 < len(s):
			i += 2
		case isIdent(rune(s[i])):
			i++
		default:
			return i
		}
	}
	return i
}

func unescape(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func skipSpace(s string, i int) int {
	for i < len(s) {
		switch {
		case s[i] == ' ' || s[i] == '\n' || s[i] == '\t' || s[i] == '\r':
			i++
		case strings.HasPrefix(s[i:], "/*"):
			k := strings.Index(s[i+2:], "*/")
			if k < 0 {
				return len(s)
			}
			i += k + 4
		default:
			return i
		}
	}
	return i
}

// skipString is the index after the quoted string at i.
func skipString(s string, i int) int {
	q := s[i]
	for i++; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case q:
			return i + 1
		}
	}
	return len(s)
}

// skipGroup is the index after the bracket or parenthesis group opening at i.
func skipGroup(s string, i int) int {
	depth := 0
	for i < len(s) {
		switch s[i] {
		case '"', '\'':
			i = skipString(s, i)
			continue
		case '(', '[':
			depth++
		case ')', ']':
			depth--
			if depth == 0 {
				return i + 1
			}
		}
		i++
	}
	return len(s)
}

// scanUntil is the index of the first of stops at the top level from i (outside strings,
// comments and groups), or len(s).
func scanUntil(s string, i int, stops string) int {
	for i < len(s) {
		c := s[i]
		switch {
		case strings.IndexByte(stops, c) >= 0:
			return i
		case c == '"' || c == '\'':
			i = skipString(s, i)
		case c == '(' || c == '[':
			i = skipGroup(s, i)
		case strings.HasPrefix(s[i:], "/*"):
			i = skipSpace(s, i)
		default:
			i++
		}
	}
	return len(s)
}

// matchBrace is the index of the "}" closing the "{" at open, or len(s).
func matchBrace(s string, open int) int {
	depth := 0
	for i := open; i < len(s); {
		switch c := s[i]; {
		case c == '{':
			depth++
		case c == '}':
			depth--
			if depth == 0 {
				return i
			}
		case c == '"' || c == '\'':
			i = skipString(s, i)
			continue
		case strings.HasPrefix(s[i:], "/*"):
			i = skipSpace(s, i)
			continue
		}
		i++
	}
	return len(s)
}

// splitTop splits s at sep outside strings and groups.
func splitTop(s string, sep byte) []string {
	var out []string
	for start, i := 0, 0; ; {
		i = scanUntil(s, i, string(sep))
		out = append(out, s[start:i])
		if i >= len(s) {
			return out
		}
		i++
		start = i
	}
}
