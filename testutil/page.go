package testutil

import (
	"encoding/json"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// Page is a rendered site page read back with a real HTML parser: its head tags, JSON-LD
// (each checked to be valid JSON), executable scripts and the text inside #root.
type Page struct {
	Titles, Descriptions, Canonicals []string
	Meta                             map[string][]string // property or name -> contents
	JSONLD                           []map[string]any
	Scripts                          []string // src of executable scripts
	Root                             *html.Node
	Text                             string // all text inside #root
}

// ParsePage parses page and fails the test on invalid JSON-LD.
func ParsePage(t testing.TB, page []byte) Page {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(string(page)))
	if err != nil {
		t.Fatal(err)
	}
	p := Page{Meta: map[string][]string{}}
	var walk func(n *html.Node, inRoot bool)
	walk = func(n *html.Node, inRoot bool) {
		if n.Type == html.ElementNode {
			a := map[string]string{}
			for _, at := range n.Attr {
				a[at.Key] = at.Val
			}
			switch n.Data {
			case "title":
				p.Titles = append(p.Titles, nodeText(n))
			case "meta":
				if a["name"] == "description" {
					p.Descriptions = append(p.Descriptions, a["content"])
				}
				if k := a["property"] + a["name"]; k != "" {
					p.Meta[k] = append(p.Meta[k], a["content"])
				}
			case "link":
				if a["rel"] == "canonical" {
					p.Canonicals = append(p.Canonicals, a["href"])
				}
				if a["rel"] == "alternate" {
					p.Meta["alternate"] = append(p.Meta["alternate"], a["href"])
				}
			case "script":
				if a["type"] == "application/ld+json" {
					var v map[string]any
					if err := json.Unmarshal([]byte(nodeText(n)), &v); err != nil {
						t.Fatalf("JSON-LD %q: %v", nodeText(n), err)
					}
					p.JSONLD = append(p.JSONLD, v)
				} else {
					p.Scripts = append(p.Scripts, a["src"])
				}
			case "div":
				if a["id"] == "root" {
					p.Root, inRoot = n, true
				}
			}
		}
		if n.Type == html.TextNode && inRoot {
			p.Text += n.Data
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c, inRoot)
		}
	}
	walk(doc, false)
	return p
}

func nodeText(n *html.Node) string {
	var b strings.Builder
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.TextNode {
			b.WriteString(c.Data)
		}
	}
	return b.String()
}

// One fails the test unless got holds exactly one value, and returns it.
func One(t testing.TB, what string, got []string) string {
	t.Helper()
	if len(got) != 1 {
		t.Fatalf("%d %s, want exactly 1: %q", len(got), what, got)
	}
	return got[0]
}
