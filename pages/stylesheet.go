package pages

import (
	"bytes"
	"regexp"
	"slices"
	"strings"

	"github.com/tdewolff/parse/v2"
	"github.com/tdewolff/parse/v2/css"
	"golang.org/x/net/html"
)

// Stylesheet is the public site's stylesheet (site.css) read into its rules, so that each page
// inlines only its critical part (For): the rules that can apply to its markup as it first
// paints. An article carries no card or archive rules, a list no article rules, and neither the
// theme variables that no rule of theirs reads, nor a theme constant that can be written in
// place (foldConstants). The critical CSS stays under 14 kB, so a page with its styles fits
// the first round trip of a new connection, and the browser matches fewer rules before its
// first paint.
//
// The whole stylesheet is also one content-hashed file (Assets.StyleFile). A page loads it
// after its first paint, before the islands start (pages/theme.go); a reader without
// JavaScript gets it from a <noscript> link. It adds what only a reader's act or an island
// brings about: a :hover or :active state, a class an island adds, an open menu's
// [aria-expanded=true]. It repeats the critical rules, so applying it changes nothing the
// reader already sees (e2e/critical-css.spec.ts compares every element's style).
//
// A rule is left out of a page only when its first paint cannot match it: every class,
// element and attribute ([name], [name=value]) it names must be in the page's markup, and it
// may not need a :hover or :active state. The attribute the theme script sets before the
// paint, other attribute operators, ids, other pseudo-classes and the arguments of :not(),
// :is(), :where() and :has() never rule a selector out. At-rules other than @media, @supports,
// @container, @layer and @starting-style are kept whole.
//
// The stylesheet is read with tdewolff/parse's CSS lexer, which gives back every byte (strings,
// escapes, comments), so what a page inlines is written exactly as Vite wrote it.
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

// NewStylesheet reads src (Vite's minified output). islands are the texts of the island
// scripts: a custom property they name (a script may read or set one) is never folded into
// the rules that read it (foldConstants).
func NewStylesheet(src string, islands []string) *Stylesheet {
	// Vite's minified CSS has no "</style"; escaped all the same, once, since it goes inline.
	src = strings.ReplaceAll(src, "</style", `<\/style`)
	s := &Stylesheet{rules: parseRules(lex(src)), size: len(src)}
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

// token is one CSS token as written (tdewolff/parse's lexer gives every byte back, comments and
// whitespace too), so that a rule this file keeps is written exactly as Vite wrote it.
type token struct {
	tt   css.TokenType
	text string
}

// lex is css's tokens.
func lex(src string) []token {
	l := css.NewLexer(parse.NewInputString(src))
	var ts []token
	for {
		tt, text := l.Next()
		if tt == css.ErrorToken {
			return ts
		}
		ts = append(ts, token{tt, string(text)})
	}
}

// text is the tokens as written, without the whitespace and comments around them.
func text(ts []token) string {
	for len(ts) > 0 && blank(ts[0]) {
		ts = ts[1:]
	}
	for len(ts) > 0 && blank(ts[len(ts)-1]) {
		ts = ts[:len(ts)-1]
	}
	var b strings.Builder
	for _, t := range ts {
		b.WriteString(t.text)
	}
	return b.String()
}

func blank(t token) bool { return t.tt == css.WhitespaceToken || t.tt == css.CommentToken }

// depth is how a token changes the nesting of ( [ { and functions.
func depth(t token) int {
	switch t.tt {
	case css.LeftParenthesisToken, css.LeftBracketToken, css.LeftBraceToken, css.FunctionToken:
		return 1
	case css.RightParenthesisToken, css.RightBracketToken, css.RightBraceToken:
		return -1
	}
	return 0
}

// next is the index of the first token from i, at the nesting level of i, of a type in stop, or
// len(ts); a closing bracket of the enclosing level ends the search too.
func next(ts []token, i int, stop ...css.TokenType) int {
	for d := 0; i < len(ts); i++ {
		if d == 0 && slices.Contains(stop, ts[i].tt) {
			return i
		}
		if d += depth(ts[i]); d < 0 {
			return i
		}
	}
	return i
}

// split cuts ts at the top-level tokens of type sep.
func split(ts []token, sep css.TokenType) [][]token {
	var out [][]token
	for {
		i := next(ts, 0, sep)
		out = append(out, ts[:i])
		if i >= len(ts) {
			return out
		}
		ts = ts[i+1:]
	}
}

// parseRules reads a list of rules from tokens: a style rule into its selectors and
// declarations, a grouping at-rule into its rules; any other rule is kept as written.
func parseRules(ts []token) []cssRule {
	var rules []cssRule
	for i := 0; i < len(ts); {
		if blank(ts[i]) {
			i++
			continue
		}
		end := next(ts, i, css.LeftBraceToken, css.SemicolonToken)
		if end >= len(ts) || ts[end].tt == css.SemicolonToken { // @import, @charset, @layer a,b;
			end = min(end+1, len(ts))
			rules = append(rules, cssRule{raw: text(ts[i:end])})
			i = end
			continue
		}
		prelude := ts[i:end]
		close := end + 1 + next(ts[end+1:], 0, css.RightBraceToken)
		body := ts[end+1 : close]
		after := min(close+1, len(ts))
		switch {
		case ts[i].tt == css.AtKeywordToken:
			switch strings.ToLower(ts[i].text[1:]) {
			case "media", "supports", "container", "layer", "starting-style":
				rules = append(rules, cssRule{at: text(prelude), children: parseRules(body)})
			default:
				rules = append(rules, cssRule{raw: text(ts[i:after])})
			}
		case next(body, 0, css.LeftBraceToken) < len(body): // nested rules: kept as written
			rules = append(rules, cssRule{raw: text(ts[i:after])})
		default:
			r := cssRule{}
			for _, part := range split(prelude, css.CommaToken) {
				sel := readSelector(part)
				if strings.HasPrefix(sel.text, ":host") {
					continue // Mantine's selector for shadow roots; the site's pages have none
				}
				r.sels = append(r.sels, sel)
			}
			for _, decl := range split(body, css.SemicolonToken) {
				d := cssDecl{text: text(decl)}
				if d.text == "" {
					continue
				}
				if first := decl[slices.IndexFunc(decl, func(t token) bool { return !blank(t) })]; first.tt == css.CustomPropertyNameToken {
					d.name = first.text
				}
				d.uses = varNames(d.text, false)
				r.decls = append(r.decls, d)
			}
			rules = append(rules, r)
		}
		i = after
	}
	return rules
}

// readSelector reads the selector in ts (its tokens, from the stylesheet's) and what a page must
// have for it to match at its first paint: the
// classes and element names it names; the attributes it names with [name] or [name=value]
// (other than those the theme script sets before the paint, paintAttrs); and whether it needs
// a state that only a reader's act brings about (:hover, :active). The arguments of :not()
// and the other functional pseudo-classes are never read.
func readSelector(ts []token) cssSelect {
	out := cssSelect{text: text(ts)}
	start := true // at the start of a compound selector
	for i := 0; i < len(ts); i++ {
		t := ts[i]
		switch {
		case t.tt == css.LeftBracketToken:
			end := i + 1 + next(ts[i+1:], 0, css.RightBracketToken)
			if a := attrNeed(ts[i+1 : end]); a != "" {
				out.attrs = append(out.attrs, a)
			}
			i, start = end, false
		case t.tt == css.FunctionToken || t.tt == css.LeftParenthesisToken:
			i, start = i+1+next(ts[i+1:], 0, css.RightParenthesisToken), false
		case t.tt == css.DelimToken && t.text == "." && i+1 < len(ts) && ts[i+1].tt == css.IdentToken:
			out.classes = append(out.classes, unescape(ts[i+1].text))
			i, start = i+1, false
		case t.tt == css.ColonToken:
			if i+1 < len(ts) && ts[i+1].tt == css.IdentToken && (i == 0 || ts[i-1].tt != css.ColonToken) {
				name := strings.ToLower(ts[i+1].text)
				out.acted = out.acted || name == "hover" || name == "active"
			}
			start = false
		case t.tt == css.WhitespaceToken || t.tt == css.DelimToken && (t.text == ">" || t.text == "+" || t.text == "~"):
			start = true
		case t.tt == css.IdentToken:
			if start {
				out.types = append(out.types, strings.ToLower(unescape(t.text)))
			}
			start = false
		default: // an id, *, |, a pseudo-element's second colon
			start = false
		}
	}
	return out
}

// paintAttrs are the attributes the inline theme script sets before the first paint
// (ThemeScript): a selector on one may match whatever value the server wrote.
var paintAttrs = map[string]bool{"data-mantine-color-scheme": true}

// attrNeed is what an attribute selector (the tokens inside [ ]) needs of a page: "name" for
// [name], "name=value" for [name=value] or [name="value"], or "" when it needs nothing this
// file checks (another operator, a case flag, a namespace, an escape, an attribute the theme
// script sets).
func attrNeed(ts []token) string {
	var parts []token
	for _, t := range ts {
		if !blank(t) {
			parts = append(parts, t)
		}
	}
	if len(parts) == 0 || parts[0].tt != css.IdentToken || strings.Contains(parts[0].text, `\`) || paintAttrs[strings.ToLower(parts[0].text)] {
		return ""
	}
	name := strings.ToLower(parts[0].text)
	switch {
	case len(parts) == 1:
		return name
	case len(parts) != 3 || parts[1].tt != css.DelimToken || parts[1].text != "=" || strings.Contains(parts[2].text, `\`):
		return ""
	case parts[2].tt == css.IdentToken:
		return name + "=" + parts[2].text
	case parts[2].tt == css.StringToken:
		return name + "=" + parts[2].text[1:len(parts[2].text)-1]
	}
	return ""
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
