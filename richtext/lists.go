package richtext

import (
	"regexp"
	"strings"

	"golang.org/x/net/html"
)

// lists wraps stray <li>s, rebuilds Quill's flat indented lists as nested ones and strips
// literal markers. Lists already nested (TipTap) have no indent classes and are left alone.
func lists(root *html.Node) {
	wrapOrphanItems(root)
	for _, n := range elements(root) {
		if isElem(n, "ol", "ul") && attached(n, root) && needsRebuild(n) {
			rebuild(n)
		}
	}
	for _, n := range elements(root) {
		if isElem(n, "li") {
			stripMarker(n)
		}
	}
}

func attached(n, root *html.Node) bool {
	for ; n != nil; n = n.Parent {
		if n == root {
			return true
		}
	}
	return false
}

// itemTag is the list type an item asks for: Quill 2's data-list wins over its parent's tag.
func itemTag(li *html.Node, parentTag string) string {
	switch v, _ := getAttr(li, "data-list"); v {
	case "ordered":
		return "ol"
	case "bullet", "checked", "unchecked":
		return "ul"
	}
	return parentTag
}

// wrapOrphanItems puts runs of <li> outside any list into a list of their own.
func wrapOrphanItems(root *html.Node) {
	for _, n := range elements(root) {
		if !isElem(n, "li") || inList(n) || !attached(n, root) {
			continue
		}
		list := newElement(itemTag(n, "ul"))
		n.Parent.InsertBefore(list, n)
		for c := n; c != nil && (isElem(c, "li") || isBlank(c)); {
			next := c.NextSibling
			remove(c)
			list.AppendChild(c)
			c = next
		}
	}
}

// inList tells an item already inside a list, possibly through inline wrappers such as <nobr>.
func inList(li *html.Node) bool {
	for p := li.Parent; p != nil; p = p.Parent {
		if isElem(p, "ol", "ul") {
			return true
		}
		if p.Type != html.ElementNode || isBlock(p) {
			return false
		}
	}
	return false
}

func isBlank(n *html.Node) bool {
	return n.Type == html.TextNode && strings.TrimSpace(n.Data) == ""
}

func needsRebuild(list *html.Node) bool {
	for c := list.FirstChild; c != nil; c = c.NextSibling {
		if !isElem(c, "li") {
			continue
		}
		if _, ok := getAttr(c, "data-list"); ok || indentLevel(c) > 0 {
			return true
		}
	}
	return false
}

type listFrame struct {
	list, lastLi *html.Node
	level        int
	tag          string
}

// rebuild replaces a flat list by nested lists following each item's indent and type.
// A jump of several levels is clamped to one deeper than the current level, keeping valid HTML.
func rebuild(list *html.Node) {
	parent := list.Parent
	var children []*html.Node
	for c := list.FirstChild; c != nil; c = c.NextSibling {
		children = append(children, c)
	}
	var stack []*listFrame
	attrsUsed := false
	for _, c := range children {
		remove(c)
		if !isElem(c, "li") {
			switch {
			case isBlank(c):
			case len(stack) > 0:
				stack[len(stack)-1].lastLi.AppendChild(c) // stray content belongs to the item before it
			default:
				parent.InsertBefore(c, list)
			}
			continue
		}
		lvl, tag := indentLevel(c), itemTag(c, list.Data)
		if len(stack) == 0 {
			lvl = 0
		} else {
			lvl = min(lvl, stack[len(stack)-1].level+1)
		}
		for len(stack) > 0 && stack[len(stack)-1].level > lvl {
			stack = stack[:len(stack)-1]
		}
		if top := len(stack) - 1; top >= 0 && stack[top].level == lvl && stack[top].tag != tag {
			stack = stack[:top] // a change of type at one level starts a sibling list
		}
		if len(stack) == 0 || stack[len(stack)-1].level < lvl {
			nl := newElement(tag)
			if lvl == 0 {
				if tag == list.Data && !attrsUsed {
					nl.Attr, attrsUsed = list.Attr, true // start/type stay with the first list of the same kind
				}
				parent.InsertBefore(nl, list)
			} else {
				stack[len(stack)-1].lastLi.AppendChild(nl)
			}
			stack = append(stack, &listFrame{list: nl, level: lvl, tag: tag})
		}
		var keep []string
		for _, cl := range classes(c) {
			if !indentRe.MatchString(cl) {
				keep = append(keep, cl)
			}
		}
		setClasses(c, keep)
		delAttr(c, "data-list")
		top := stack[len(stack)-1]
		top.list.AppendChild(c)
		top.lastLi = c
	}
	remove(list)
}

// markerRe matches a literal list marker typed or pasted at the start of an item:
// bullets and dashes, "1." "1)" "a)" "(b)" "iv." followed by a space or the end of the text.
var markerRe = regexp.MustCompile(`^[\s\x{a0}]*(?:[•◦▪▫■□●○‣⁃∙·*–—-]|\(?(?:[0-9]{1,3}|[a-zA-Z]|(?i:ii|iii|iv|vi|vii|viii|ix|xi|xii|xiii|xiv|xv|xvi|xvii|xviii|xix|xx))[.)])(?:[\s\x{a0}]+|$)`)

// stripMarker removes leading literal markers from an item's first text; it repeats until none is
// left (also across a text node the marker emptied), so it is idempotent.
func stripMarker(li *html.Node) {
	for {
		t := firstText(li)
		if t == nil {
			return
		}
		s := t.Data
		for m := markerRe.FindString(s); m != ""; m = markerRe.FindString(s) {
			s = s[len(m):]
		}
		if s == t.Data {
			return
		}
		if s = strings.TrimLeft(s, " \t\n\r\f\u00a0"); s != "" {
			t.Data = s
			return
		}
		remove(t)
	}
}

// firstText finds the first non-blank text of an item, not looking past nested lists, code or media.
func firstText(n *html.Node) *html.Node {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch {
		case c.Type == html.TextNode:
			if !isBlank(c) {
				return c
			}
		case isElem(c, "ol", "ul", "br", "img", "iframe", "code", "pre", "hr"):
			return nil
		case c.Type == html.ElementNode:
			if t := firstText(c); t != nil {
				return t
			}
			if hasContent(c) {
				return nil
			}
		}
	}
	return nil
}

// hasContent reports an element holding something other than blank text (a stop for firstText).
func hasContent(n *html.Node) bool {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if !isBlank(c) {
			return true
		}
	}
	return false
}
