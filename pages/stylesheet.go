package pages

import (
	"bytes"
	"regexp"
	"strings"

	"golang.org/x/net/html"
)

// Stylesheet is the public site's stylesheet (site.css) read into its rules, so that each page
// inlines only its critical part (For): the rules that can apply to its markup as it first
// paints. An article carries no card or archive rules, a list no article rules, and neither the
// theme variables that no rule of theirs reads. The page's critical CSS stays under 14 kB, so
// the page with its styles fits the first round trip of a new connection, and the browser
// matches fewer rules before its first paint.
//
// The whole stylesheet is also one content-hashed file (Assets.StyleFile) that the page loads
// after its first paint, before the islands start (pages/theme.go), and that a reader without
// JavaScript gets from a <noscript> link. It holds the rest: what only a reader's act or an
// island can bring about (a :hover or :active state, a class an island adds, an open menu's
// [aria-expanded=true]), which is why the first paint can do without it. It repeats the critical rules, so applying it changes nothing
// the reader already sees (e2e/critical-css.spec.ts compares every element's style).
//
// A rule is left out of a page only when its first paint cannot match it: every class,
// element and attribute ([name], [name=value]) it names must be in the page's markup, and it
// may not need a :hover or :active state. The attribute the theme script sets before the
// paint, other attribute operators, ids, other pseudo-classes and the arguments of :not(),
// :is(), :where() and :has() never rule a selector out. At-rules other than @media, @supports,
// @container, @layer and @starting-style are kept whole.
type Stylesheet struct {
	rules []cssRule
	size  int // the whole stylesheet's length
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
	attrs          []string // attributes it must have, "name" or "name=value"
	acted          bool     // it needs a state only a reader's act brings (:hover, :active)
}

type cssDecl struct {
	text string   // as written, "color:var(--x)"
	name string   // the custom property it sets ("--x"), or ""
	uses []string // the custom properties its value reads
}

// NewStylesheet reads css (Vite's minified output). islands are the texts of the island
// scripts: a custom property they name (a script may read or set one) is never folded into
// the rules that read it (foldConstants).
func NewStylesheet(css string, islands []string) *Stylesheet {
	// Vite's minified CSS has no "</style"; escaped all the same, once, since it goes inline.
	css = strings.ReplaceAll(css, "</style", `<\/style`)
	s := &Stylesheet{rules: parseRules(css), size: len(css)}
	vars := map[string]bool{}
	for _, js := range islands {
		for _, v := range varNames(js, true) {
			vars[v] = true
		}
	}
	foldConstants(s.rules, vars)
	return s
}

// For is the critical part of the stylesheet for page (a whole document, without this
// stylesheet): the rules that can match its markup at its first paint, and the custom
// properties those rules and the page's own style attributes read.
func (s *Stylesheet) For(page []byte) []byte {
	classes, types, attrs := pageTokens(page)
	has := func(sel cssSelect) bool {
		if sel.acted {
			return false
		}
		for _, a := range sel.attrs {
			if !attrs[a] {
				return false
			}
		}
		for _, c := range sel.classes {
			if !classes[c] {
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
				if strings.HasPrefix(text, ":host") {
					continue // Mantine's selector for shadow roots; the site's pages have none
				}
				r.sels = append(r.sels, readSelector(text))
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

// readSelector reads what a page must have for sel to match it at its first paint: the
// classes and element names it names; the attributes it names with [name] or [name=value]
// (other than those the theme script sets before the paint, paintAttrs); and whether it needs
// a state that only a reader's act brings about (:hover, :active). The arguments of :not()
// and the other functional pseudo-classes are never read.
func readSelector(sel string) cssSelect {
	out := cssSelect{text: sel}
	start := true // at the start of a compound selector
	for i := 0; i < len(sel); {
		c := sel[i]
		switch {
		case c == '[':
			end := skipGroup(sel, i)
			if a := attrNeed(sel[i+1 : max(end-1, i+1)]); a != "" {
				out.attrs = append(out.attrs, a)
			}
			i, start = end, false
		case c == '(':
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
			switch name := strings.ToLower(sel[j:k]); {
			case c == '.':
				out.classes = append(out.classes, unescape(sel[j:k]))
			case c == ':' && j == i+1 && (name == "hover" || name == "active"):
				out.acted = true
			}
			i, start = k, false
		case c == ' ' || c == '>' || c == '+' || c == '~':
			i, start = i+1, true
		case c == '*' || c == '|':
			i, start = i+1, false
		case isIdent(rune(c)) || c == '\\':
			k := identEnd(sel, i)
			if start {
				out.types = append(out.types, strings.ToLower(unescape(sel[i:k])))
			}
			i, start = k, false
		default:
			i++
		}
	}
	return out
}

// paintAttrs are the attributes the inline theme script sets before the first paint
// (ThemeScript): a selector on one may match whatever value the server wrote.
var paintAttrs = map[string]bool{"data-mantine-color-scheme": true}

// attrNeed is what the attribute selector inside [ ] needs of a page: "name" for [name],
// "name=value" for [name=value] or [name="value"], or "" when it needs nothing checkable
// (another operator, a case flag, a namespace, an attribute the theme script sets).
func attrNeed(in string) string {
	in = strings.TrimSpace(in)
	k := identEnd(in, 0)
	name := strings.ToLower(in[:k])
	if name == "" || paintAttrs[name] || strings.Contains(name, `\`) {
		return ""
	}
	rest := strings.TrimSpace(in[k:])
	if rest == "" {
		return name
	}
	if rest[0] != '=' {
		return ""
	}
	v := strings.TrimSpace(rest[1:])
	if v != "" && (v[0] == '"' || v[0] == '\'') {
		end := skipString(v, 0)
		if strings.TrimSpace(v[end:]) != "" || strings.Contains(v, `\`) {
			return "" // a flag (" i") or an escape
		}
		v = v[1 : end-1]
	} else if identEnd(v, 0) != len(v) || strings.Contains(v, `\`) {
		return ""
	}
	return name + "=" + v
}

// pageTokens are the class names, element names and attributes ("name" and "name=value") in
// a document's markup, read with the HTML tokenizer the rich text already uses
// (golang.org/x/net/html).
func pageTokens(page []byte) (classes, types, attrs map[string]bool) {
	classes, types, attrs = map[string]bool{}, map[string]bool{}, map[string]bool{}
	z := html.NewTokenizer(bytes.NewReader(page))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return classes, types, attrs
		case html.StartTagToken, html.SelfClosingTagToken:
			name, more := z.TagName()
			types[string(name)] = true // lower case already
			for more {
				var k, v []byte
				k, v, more = z.TagAttr()
				attrs[string(k)] = true
				attrs[string(k)+"="+string(v)] = true
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

// foldConstants writes the theme's constants into the declarations that read them: a custom
// property set once, on :root, to a value that reads no other variable once resolved (a
// palette shade, a spacing step at --mantine-scale 1) is the same for every element and both
// colour schemes, so var(--mantine-color-blue-6) may as well be #228be6 in a page's critical
// CSS. What the colour schemes set stays a variable, and so does every property in keep (an
// island may read or set it). The definitions stay in the rules; For drops those that
// nothing it keeps reads any more.
func foldConstants(rules []cssRule, keep map[string]bool) {
	count := map[string]int{}
	value := map[string]string{}
	var walk func(rules []cssRule, top bool)
	walk = func(rules []cssRule, top bool) {
		for _, r := range rules {
			walk(r.children, false)
			root := top && len(r.sels) > 0
			for _, sel := range r.sels {
				root = root && sel.text == ":root"
			}
			for _, d := range r.decls {
				if d.name == "" {
					continue
				}
				count[d.name]++
				if root {
					value[d.name] = strings.TrimSpace(d.text[len(d.name)+1:])
				}
			}
		}
	}
	walk(rules, true)
	consts := map[string]string{}
	var resolve func(name string, depth int) (string, bool)
	resolve = func(name string, depth int) (string, bool) {
		if v, ok := consts[name]; ok {
			return v, true
		}
		v, ok := value[name]
		if !ok || count[name] != 1 || keep[name] || depth > 16 {
			return "", false
		}
		v = substitute(v, func(n string) (string, bool) { return resolve(n, depth+1) })
		if strings.Contains(v, "var(") {
			return "", false
		}
		consts[name] = v
		return v, true
	}
	for name := range value {
		resolve(name, 0)
	}
	known := func(n string) (string, bool) { v, ok := consts[n]; return v, ok }
	var fold func(rules []cssRule)
	fold = func(rules []cssRule) {
		for i := range rules {
			fold(rules[i].children)
			for j := range rules[i].decls {
				d := &rules[i].decls[j]
				if _, ok := consts[d.name]; ok {
					continue // a constant's own definition, for a page's style attribute
				}
				if text := substitute(d.text, known); text != d.text {
					d.text, d.uses = text, varNames(text, false)
				}
			}
		}
	}
	fold(rules)
}

// substitute replaces each var(--x) in text (without a fallback) for which value has an
// answer, and then each calc(n * 1) that leaves, as a spacing step at scale 1 does, with n.
func substitute(text string, value func(name string) (string, bool)) string {
	var b strings.Builder
	last := 0
	for i := strings.Index(text, "var(--"); i >= 0; {
		end := identEnd(text, i+4)
		if end < len(text) && text[end] == ')' {
			if v, ok := value(text[i+4 : end]); ok {
				b.WriteString(text[last:i])
				b.WriteString(v)
				last = end + 1
			}
		}
		next := strings.Index(text[end:], "var(--")
		if next < 0 {
			break
		}
		i = end + next
	}
	if last == 0 {
		return text
	}
	b.WriteString(text[last:])
	return unitCalc.ReplaceAllString(b.String(), "$1")
}

// unitCalc is calc(n * 1): a Mantine size at --mantine-scale 1.
var unitCalc = regexp.MustCompile(`calc\(([-+]?[0-9.]+[a-z%]*) \* 1\)`)
