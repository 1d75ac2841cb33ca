// Package richtext is pure Go over the rich text (HTML) an owner writes: sanitise and
// normalise it on save, and read it for excerpts, word counts, headings, links and lists.
package richtext

import (
	"net/url"
	"regexp"
	"strings"

	"github.com/microcosm-cc/bluemonday"
	"golang.org/x/net/html"
)

// Sanitising runs in three steps: a tree pass that makes the fine-grained decisions bluemonday
// cannot (class tokens, per-element URL rules, pasted-doc formatting), bluemonday as the
// allowlist gate, and a final tree pass that forces link attributes and yields well-formed HTML.

// Sanitize cleans rich-text HTML from the blog/project editor (TipTap, Quill, pasted HTML).
func Sanitize(s string) string { return sanitizeWith(s, false) }

// SanitizeAbout is Sanitize without code, code blocks, images and video embeds; code text is kept.
func SanitizeAbout(s string) string { return sanitizeWith(s, true) }

var (
	editorPolicy = newPolicy(false)
	aboutPolicy  = newPolicy(true)
)

func sanitizeWith(s string, about bool) string {
	root := parseFragment(s)
	prepare(root, about)
	pol := editorPolicy
	if about {
		pol = aboutPolicy
	}
	root = parseFragment(pol.Sanitize(renderChildren(root)))
	finish(root)
	return stableRender(root)
}

var (
	qlClassRe   = regexp.MustCompile(`^ql-[a-z0-9-]{1,40}$`)
	langClassRe = regexp.MustCompile(`^language-[A-Za-z0-9_+#.-]{1,32}$`)
	classAttrRe = regexp.MustCompile(`^ql-[a-z0-9-]{1,40}(?: ql-[a-z0-9-]{1,40})*$`)
	codeClassRe = regexp.MustCompile(`^(?:ql-[a-z0-9-]{1,40}|language-[A-Za-z0-9_+#.-]{1,32})(?: (?:ql-[a-z0-9-]{1,40}|language-[A-Za-z0-9_+#.-]{1,32}))*$`)
	langRe      = regexp.MustCompile(`^[A-Za-z0-9_+#.-]{1,32}$`)
	sizeAttrRe  = regexp.MustCompile(`^[0-9]{1,4}%?$`)
	spanAttrRe  = regexp.MustCompile(`^[1-9][0-9]{0,2}$`)
)

// tableTags are kept in items (TipTap's table, pasted tables); About has no tables and keeps their text.
var tableTags = []string{"table", "caption", "colgroup", "col", "thead", "tbody", "tfoot", "tr", "th", "td"}

func newPolicy(about bool) *bluemonday.Policy {
	p := bluemonday.NewPolicy()
	p.AllowElements("h1", "h2", "h3", "p", "br", "strong", "b", "em", "i", "u", "s", "strike", "del",
		"sub", "sup", "blockquote", "ol", "ul", "li", "span", "mark", "hr", "div")
	p.AllowAttrs("class").Matching(classAttrRe).Globally()
	for _, prop := range []string{"color", "background-color", "text-align", "margin-left", "padding-left", "font-family", "font-size"} {
		p.AllowStyles(prop).MatchingHandler(func(v string) bool { return allowedStyle(prop, v) }).Globally()
	}
	p.AllowAttrs("href").OnElements("a")
	p.AllowAttrs("start").Matching(regexp.MustCompile(`^-?[0-9]{1,6}$`)).OnElements("ol")
	p.AllowAttrs("type").Matching(regexp.MustCompile(`^[1aAiI]$`)).OnElements("ol")
	p.AllowAttrs("data-list").Matching(regexp.MustCompile(`^(?:bullet|ordered|checked|unchecked)$`)).OnElements("li")
	if !about {
		p.AllowElements("code", "pre")
		p.AllowAttrs("class").Matching(codeClassRe).OnElements("code")
		p.AllowAttrs("data-language").Matching(langRe).OnElements("div", "pre")
		p.AllowAttrs("src", "alt", "title").OnElements("img")
		p.AllowAttrs("width", "height").Matching(sizeAttrRe).OnElements("img", "iframe")
		p.AllowAttrs("src").Matching(iframeSrcRe).OnElements("iframe")
		p.AllowAttrs("allowfullscreen").Matching(regexp.MustCompile(`^(?:|true|allowfullscreen)$`)).OnElements("iframe")
		p.AllowAttrs("frameborder").Matching(regexp.MustCompile(`^[01]$`)).OnElements("iframe")
		p.AllowElements(tableTags...)
		p.AllowAttrs("scope").Matching(regexp.MustCompile(`^(?:row|col|rowgroup|colgroup)$`)).OnElements("th")
		p.AllowAttrs("colspan", "rowspan").Matching(spanAttrRe).OnElements("th", "td")
		p.AllowAttrs("span").Matching(spanAttrRe).OnElements("col", "colgroup")
	}
	p.AllowURLSchemes("http", "https", "mailto", "tel", "sms")
	p.AllowURLSchemeWithCustomPolicy("data", func(u *url.URL) bool { return dataImageRe.MatchString(u.String()) })
	p.AllowRelativeURLs(true)
	p.RequireParseableURLs(true)
	return p
}

// dropped elements go with their content: it is code, metadata or form state, not prose.
var dropTags = map[string]bool{
	"script": true, "style": true, "noscript": true, "template": true, "frame": true, "frameset": true,
	"object": true, "embed": true, "applet": true, "svg": true, "math": true, "title": true,
	"head": true, "meta": true, "link": true, "base": true, "textarea": true, "select": true,
	"option": true, "optgroup": true, "datalist": true, "button": true, "input": true, "audio": true,
	"video": true, "source": true, "track": true, "canvas": true, "map": true, "area": true,
	"param": true, "noembed": true, "noframes": true, "xmp": true, "plaintext": true, "xml": true,
	"portal": true, "dialog": true,
}

// prepare is the first tree pass: drop, rename, filter and convert before bluemonday.
func prepare(n *html.Node, about bool) {
	for c := n.FirstChild; c != nil; {
		next := c.NextSibling
		switch {
		case c.Type == html.CommentNode || c.Type == html.DoctypeNode:
			remove(c)
		case c.Type == html.ElementNode && (c.Namespace != "" || dropTags[c.Data] || !keepMedia(c, about)):
			remove(c)
		case c.Type == html.ElementNode:
			prepare(c, about)
			prepareElement(c, about)
		}
		c = next
	}
}

// keepMedia decides img and iframe: About has none; otherwise the source must be allowed.
func keepMedia(n *html.Node, about bool) bool {
	switch n.Data {
	case "img":
		src, _ := getAttr(n, "src")
		return !about && imgSrcAllowed(src)
	case "iframe":
		src, _ := getAttr(n, "src")
		fixed, ok := embedSrc(src)
		if ok && !about {
			setAttr(n, "src", fixed)
			removeChildren(n)
		}
		return ok && !about
	}
	return true
}

var (
	boldRe   = regexp.MustCompile(`^(?:bold|bolder|[6-9]00)$`)
	normalRe = regexp.MustCompile(`^(?:normal|lighter|[1-5]00)$`)
)

func prepareElement(n *html.Node, about bool) {
	ds := styles(n)
	switch n.Data {
	case "h1":
		if !about {
			rename(n, "h2") // the item's title is the page's one h1; pasted and imported h1s sit below it
		}
	case "h4", "h5", "h6":
		rename(n, "h3") // the editors offer three levels; the site styles h1-h3
	case "b", "strong":
		if normalRe.MatchString(strings.ToLower(styleValue(ds, "font-weight"))) {
			unwrap(n) // Google Docs wraps a whole paste in <b style="font-weight:normal">
			return
		}
	case "span":
		markupFromStyle(n, ds)
	case "a":
		if href, ok := getAttr(n, "href"); ok && !hrefAllowed(href) {
			delAttr(n, "href")
		}
		delAttr(n, "target")
		delAttr(n, "rel")
	}
	var keep []string
	for _, c := range classes(n) {
		if qlClassRe.MatchString(c) || n.Data == "code" && langClassRe.MatchString(c) {
			keep = append(keep, c)
		}
	}
	setClasses(n, keep)
	setStyles(n, filterStyle(ds))
	if about {
		aboutElement(n)
	}
}

// markupFromStyle turns pasted spans' bold/italic/underline/strike/super/sub styles into tags.
func markupFromStyle(n *html.Node, ds []decl) {
	v := func(p string) string { return strings.ToLower(styleValue(ds, p)) }
	deco := v("text-decoration") + " " + v("text-decoration-line")
	if boldRe.MatchString(v("font-weight")) {
		wrapChildren(n, "strong")
	}
	if fs := v("font-style"); fs == "italic" || fs == "oblique" {
		wrapChildren(n, "em")
	}
	if strings.Contains(deco, "underline") {
		wrapChildren(n, "u")
	}
	if strings.Contains(deco, "line-through") {
		wrapChildren(n, "s")
	}
	switch v("vertical-align") {
	case "super":
		wrapChildren(n, "sup")
	case "sub":
		wrapChildren(n, "sub")
	}
}

// aboutElement removes code formats from About text, keeping the text readable.
func aboutElement(n *html.Node) {
	switch {
	case n.Data == "code":
		unwrap(n)
	case n.Data == "pre" || n.Data == "div" && hasClass(n, "ql-code-block"):
		p := newElement("p")
		for i, line := range strings.Split(codeText(n), "\n") {
			if i > 0 {
				p.AppendChild(newElement("br"))
			}
			p.AppendChild(&html.Node{Type: html.TextNode, Data: line})
		}
		n.Parent.InsertBefore(p, n)
		remove(n)
	case n.Data == "div" && hasClass(n, "ql-code-block-container"):
		unwrap(n)
	default:
		var keep []string
		for _, c := range classes(n) {
			if c != "ql-syntax" && c != "ql-video" {
				keep = append(keep, c)
			}
		}
		setClasses(n, keep)
	}
}

// finish is the last pass over bluemonday's output: re-check URLs, force safe link targets.
func finish(n *html.Node) {
	for c := n.FirstChild; c != nil; {
		next := c.NextSibling
		if c.Type == html.ElementNode {
			finish(c)
			finishElement(c)
		}
		c = next
	}
}

func finishElement(n *html.Node) {
	out := n.Attr[:0]
	for _, a := range n.Attr {
		if a.Namespace == "" && !strings.HasPrefix(strings.ToLower(a.Key), "on") && !scriptish(a.Val) {
			out = append(out, a)
		}
	}
	n.Attr = out
	switch n.Data {
	case "a":
		href, ok := getAttr(n, "href")
		if !ok || !hrefAllowed(href) {
			unwrap(n)
			return
		}
		delAttr(n, "target")
		delAttr(n, "rel")
		setAttr(n, "target", "_blank")
		setAttr(n, "rel", "noopener noreferrer nofollow")
	case "img":
		if src, _ := getAttr(n, "src"); !imgSrcAllowed(src) {
			remove(n)
		}
	case "iframe":
		if src, _ := getAttr(n, "src"); !iframeSrcRe.MatchString(src) {
			remove(n)
		}
		removeChildren(n)
	}
}

// scriptish spots a script URL anywhere in an attribute value, even in alt text, as browsers
// ignore controls and spaces inside URLs; such values are never needed by the editor.
func scriptish(v string) bool {
	v = strings.ToLower(strings.Map(func(r rune) rune {
		if r <= ' ' || r == 0x7f {
			return -1
		}
		return r
	}, v))
	return strings.Contains(v, "javascript:") || strings.Contains(v, "vbscript:") || strings.Contains(v, "data:text")
}
