package richtext

import (
	"cmp"
	"slices"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// cleanInput makes the input valid UTF-8 without NULs, so every pass sees the same text.
func cleanInput(s string) string {
	return strings.ReplaceAll(strings.ToValidUTF8(s, "\uFFFD"), "\x00", "")
}

// parseFragment parses s as the inside of <body> and returns a detached <body> holding it.
func parseFragment(s string) *html.Node {
	root := &html.Node{Type: html.ElementNode, Data: "body", DataAtom: atom.Body}
	nodes, err := html.ParseFragment(strings.NewReader(cleanInput(s)), root)
	if err != nil {
		return root
	}
	for _, n := range nodes {
		root.AppendChild(n)
	}
	return root
}

// stableRender renders root, then re-parses until the text is a fixed point of parse+render:
// a few trees the parser builds (nested <a> through foster parenting, say) re-parse differently.
func stableRender(root *html.Node) string {
	out := renderChildren(root)
	for range 4 {
		again := renderChildren(parseFragment(out))
		if again == out {
			break
		}
		out = again
	}
	return out
}

// renderChildren renders root's content, first undoing what would not re-parse to itself:
// the parser sorts formatting elements' attributes, so they are sorted here too.
func renderChildren(root *html.Node) string {
	var sortAttrs func(*html.Node)
	sortAttrs = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode && c.Namespace == "" && formattingTags[c.DataAtom] {
				slices.SortFunc(c.Attr, func(a, b html.Attribute) int {
					return cmp.Or(cmp.Compare(a.Namespace, b.Namespace), cmp.Compare(a.Key, b.Key), cmp.Compare(a.Val, b.Val))
				})
			}
			if c.Type == html.ElementNode && c.Namespace != "" && (c.Data == "pre" || c.Data == "textarea" || c.Data == "listing") &&
				c.FirstChild != nil && c.FirstChild.Type == html.TextNode {
				// html.Render adds a newline to these even in SVG/MathML, where parsing keeps it
				c.FirstChild.Data = strings.TrimLeft(c.FirstChild.Data, "\n")
			}
			sortAttrs(c)
		}
	}
	sortAttrs(root)
	var b strings.Builder
	for c := root.FirstChild; c != nil; c = c.NextSibling {
		if err := html.Render(&b, c); err != nil {
			return ""
		}
	}
	return b.String()
}

// formattingTags are the HTML "formatting elements" whose attributes the parser sorts.
var formattingTags = map[atom.Atom]bool{
	atom.A: true, atom.B: true, atom.Big: true, atom.Code: true, atom.Em: true, atom.Font: true,
	atom.I: true, atom.Nobr: true, atom.S: true, atom.Small: true, atom.Strike: true, atom.Strong: true,
	atom.Tt: true, atom.U: true,
}

func newElement(tag string) *html.Node {
	return &html.Node{Type: html.ElementNode, Data: tag, DataAtom: atom.Lookup([]byte(tag))}
}

func rename(n *html.Node, tag string) {
	n.Data, n.DataAtom = tag, atom.Lookup([]byte(tag))
}

func isElem(n *html.Node, tags ...string) bool {
	if n == nil || n.Type != html.ElementNode || n.Namespace != "" {
		return false
	}
	for _, t := range tags {
		if n.Data == t {
			return true
		}
	}
	return false
}

func getAttr(n *html.Node, key string) (string, bool) {
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}

// setAttr replaces key in place, or appends it.
func setAttr(n *html.Node, key, val string) {
	for i, a := range n.Attr {
		if a.Namespace == "" && a.Key == key {
			n.Attr[i].Val = val
			return
		}
	}
	n.Attr = append(n.Attr, html.Attribute{Key: key, Val: val})
}

func delAttr(n *html.Node, key string) {
	out := n.Attr[:0]
	for _, a := range n.Attr {
		if a.Namespace != "" || a.Key != key {
			out = append(out, a)
		}
	}
	n.Attr = out
}

func classes(n *html.Node) []string {
	v, _ := getAttr(n, "class")
	return strings.Fields(v)
}

func hasClass(n *html.Node, c string) bool {
	for _, x := range classes(n) {
		if x == c {
			return true
		}
	}
	return false
}

// setClasses writes the class attribute, dropping it when empty.
func setClasses(n *html.Node, cs []string) {
	if len(cs) == 0 {
		delAttr(n, "class")
		return
	}
	setAttr(n, "class", strings.Join(cs, " "))
}

func styles(n *html.Node) []decl {
	v, _ := getAttr(n, "style")
	return parseStyle(v)
}

// setStyles writes the style attribute, dropping it when empty.
func setStyles(n *html.Node, ds []decl) {
	if len(ds) == 0 {
		delAttr(n, "style")
		return
	}
	setAttr(n, "style", renderStyle(ds))
}

// unwrap replaces n by its children.
func unwrap(n *html.Node) {
	p := n.Parent
	if p == nil {
		return
	}
	for c := n.FirstChild; c != nil; {
		next := c.NextSibling
		n.RemoveChild(c)
		p.InsertBefore(c, n)
		c = next
	}
	p.RemoveChild(n)
}

func remove(n *html.Node) {
	if n.Parent != nil {
		n.Parent.RemoveChild(n)
	}
}

func removeChildren(n *html.Node) {
	for n.FirstChild != nil {
		n.RemoveChild(n.FirstChild)
	}
}

// wrapChildren moves n's children into a new <tag> child of n.
func wrapChildren(n *html.Node, tag string) {
	w := newElement(tag)
	for n.FirstChild != nil {
		c := n.FirstChild
		n.RemoveChild(c)
		w.AppendChild(c)
	}
	n.AppendChild(w)
}

// codeText is the text of n as it reads in a code block: <br> and block ends become newlines.
func codeText(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		switch {
		case n.Type == html.TextNode:
			b.WriteString(n.Data)
		case isElem(n, "br"):
			b.WriteByte('\n')
		case n.Type == html.ElementNode || n.Type == html.DocumentNode:
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				walk(c)
			}
			if isBlock(n) && b.Len() > 0 && !strings.HasSuffix(b.String(), "\n") && n.NextSibling != nil {
				b.WriteByte('\n')
			}
		}
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		walk(c)
	}
	return b.String()
}

var blockTags = map[string]bool{
	"address": true, "article": true, "aside": true, "blockquote": true, "body": true, "br": true,
	"caption": true, "dd": true, "details": true, "dialog": true, "div": true, "dl": true, "dt": true,
	"fieldset": true, "figcaption": true, "figure": true, "footer": true, "form": true, "h1": true,
	"h2": true, "h3": true, "h4": true, "h5": true, "h6": true, "header": true, "hgroup": true,
	"hr": true, "iframe": true, "img": true, "li": true, "main": true, "nav": true, "ol": true,
	"p": true, "pre": true, "section": true, "summary": true, "table": true, "tbody": true,
	"td": true, "tfoot": true, "th": true, "thead": true, "tr": true, "ul": true, "video": true,
}

// isBlock tells whether n separates words in plain text.
func isBlock(n *html.Node) bool { return n.Type == html.ElementNode && blockTags[n.Data] }
