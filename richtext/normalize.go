package richtext

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/net/html"
)

// Normalize rewrites sanitised HTML for display (spec "Blog detail", point 5). Idempotent.
func Normalize(s string) string { return normalizeWith(s, true) }

// Clean is Normalize(Sanitize(s)) sanitised once more, so the normaliser can never add anything unsafe.
func Clean(s string) string {
	return Sanitize(Normalize(Sanitize(s)))
}

// CleanAbout is the About pipeline: like Clean, but dark spans keep their colours instead of
// becoming inline code, because the About editor has no code format.
func CleanAbout(s string) string {
	return SanitizeAbout(normalizeWith(SanitizeAbout(s), false))
}

// normalizeWith repeats the rewrite until its output stops changing (once, for editor HTML):
// on odd input the parser can rebuild a rewritten tree into one that needs another pass.
func normalizeWith(s string, codeSpans bool) string {
	out := normalizeOnce(s, codeSpans)
	for range 3 {
		again := normalizeOnce(out, codeSpans)
		if again == out {
			break
		}
		out = again
	}
	return out
}

func normalizeOnce(s string, codeSpans bool) string {
	root := parseFragment(s)
	removeQuillUI(root)
	codeBlocks(root)
	if codeSpans {
		darkSpans(root)
	}
	alignAndIndent(root)
	lists(root)
	return stableRender(root)
}

// elements lists the element descendants of n in document order (a snapshot, safe to mutate).
func elements(n *html.Node) []*html.Node {
	var out []*html.Node
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode {
				out = append(out, c)
				walk(c)
			}
		}
	}
	walk(n)
	return out
}

// removeQuillUI drops Quill 2's <span class="ql-ui"> list-marker placeholders.
func removeQuillUI(root *html.Node) {
	for _, n := range elements(root) {
		if isElem(n, "span") && hasClass(n, "ql-ui") {
			remove(n)
		}
	}
}

// codeBlocks turns Quill 2 code-block divs and every <pre> into <pre><code>text</code></pre>.
func codeBlocks(root *html.Node) {
	for _, n := range elements(root) {
		if n.Parent == nil {
			continue // already consumed by an earlier block
		}
		switch {
		case isElem(n, "div") && hasClass(n, "ql-code-block-container"):
			var lines []*html.Node
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				if isElem(c, "div") {
					lines = append(lines, c)
				}
			}
			lang, _ := getAttr(n, "data-language")
			replaceWithPre(n, lines, lang)
		case isElem(n, "div") && hasClass(n, "ql-code-block"):
			// loose code-block lines (no container): join consecutive siblings into one block
			lines := []*html.Node{n}
			for s := n.NextSibling; isElem(s, "div") && hasClass(s, "ql-code-block"); s = s.NextSibling {
				lines = append(lines, s)
			}
			for _, l := range lines[1:] {
				remove(l)
			}
			replaceWithPre(n, lines, "")
		case isElem(n, "pre"):
			normalizePre(n)
		}
	}
}

func replaceWithPre(n *html.Node, lines []*html.Node, lang string) {
	texts := make([]string, len(lines))
	for i, l := range lines {
		texts[i] = strings.TrimSuffix(codeText(l), "\n") // a lone <br> is Quill's empty-line placeholder
		if lang == "" {
			lang, _ = getAttr(l, "data-language")
		}
	}
	pre := newElement("pre")
	n.Parent.InsertBefore(pre, n)
	remove(n)
	fillPre(pre, strings.Join(texts, "\n"), lang)
}

// normalizePre keeps a language from <code class="language-x"> or data-language and flattens the text.
func normalizePre(pre *html.Node) {
	lang, _ := getAttr(pre, "data-language")
	for c := pre.FirstChild; c != nil; c = c.NextSibling {
		if isElem(c, "code") {
			for _, cl := range classes(c) {
				if strings.HasPrefix(cl, "language-") {
					lang = strings.TrimPrefix(cl, "language-")
				}
			}
		}
	}
	text := codeText(pre)
	pre.Attr = nil // ql-syntax, spellcheck, data-language: the <code> class carries the language
	removeChildren(pre)
	fillPre(pre, text, lang)
}

func fillPre(pre *html.Node, text, lang string) {
	code := newElement("code")
	if lang != "" && lang != "plain" && langRe.MatchString(lang) {
		setAttr(code, "class", "language-"+lang)
	}
	if text != "" {
		code.AppendChild(&html.Node{Type: html.TextNode, Data: text})
	}
	pre.AppendChild(code)
}

// darkSpans turns spans on a dark background (pasted from an IDE) into inline <code>.
func darkSpans(root *html.Node) {
	for _, n := range elements(root) {
		if n.Parent == nil || !isElem(n, "span") || insideCode(n) {
			continue
		}
		if !isDarkColor(styleValue(styles(n), "background-color")) {
			continue
		}
		text := codeText(n)
		rename(n, "code")
		n.Attr = nil
		removeChildren(n)
		if text != "" {
			n.AppendChild(&html.Node{Type: html.TextNode, Data: text})
		}
	}
}

func insideCode(n *html.Node) bool {
	for p := n.Parent; p != nil; p = p.Parent {
		if isElem(p, "code", "pre") {
			return true
		}
	}
	return false
}

var (
	indentRe = regexp.MustCompile(`^ql-indent-([0-9]+)$`)
	alignRe  = regexp.MustCompile(`^ql-align-(left|right|center|justify)$`)
)

// indentLevel reads ql-indent-N (clamped to Quill's 1..8), 0 when absent.
func indentLevel(n *html.Node) int {
	for _, c := range classes(n) {
		if m := indentRe.FindStringSubmatch(c); m != nil {
			lvl, _ := strconv.Atoi(m[1])
			return min(max(lvl, 0), 8)
		}
	}
	return 0
}

// alignAndIndent turns ql-align-* into text-align and ql-indent-N (except on list items) into margin-left.
func alignAndIndent(root *html.Node) {
	for _, n := range elements(root) {
		ds := styles(n)
		var keep []string
		changed := false
		for _, c := range classes(n) {
			if m := alignRe.FindStringSubmatch(c); m != nil {
				ds = setDecl(ds, "text-align", m[1])
				changed = true
			} else if indentRe.MatchString(c) && !isElem(n, "li") {
				if lvl := indentLevel(n); lvl > 0 {
					ds = setDecl(ds, "margin-left", fmt.Sprintf("%dem", 2*lvl))
				}
				changed = true
			} else {
				keep = append(keep, c)
			}
		}
		if changed {
			setClasses(n, keep)
			setStyles(n, ds)
		}
	}
}
