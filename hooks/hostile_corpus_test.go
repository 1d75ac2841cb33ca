package hooks_test

import (
	"regexp"
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/folio/folio/testutil"
)

// xssCorpus and xssLinks come from testutil/testdata/xss-corpus.json (the OWASP XSS
// filter-evasion cheat sheet, SVG and MathML vectors, data:text/html, entity-encoded
// javascript:, mutation XSS and broken markup), which the browser tests share.
var xssCorpus, xssLinks = testutil.XSSCorpus()

var (
	dangerousElements = map[string]bool{
		"script": true, "style": true, "object": true, "embed": true, "base": true, "link": true, "meta": true,
		"form": true, "input": true, "button": true, "textarea": true, "select": true, "frame": true,
		"frameset": true, "svg": true, "math": true, "template": true, "applet": true, "bgsound": true,
		"audio": true, "keygen": true, "noscript": true, "xss": true, "body": true, "head": true,
	}
	urlAttrs        = map[string]bool{"href": true, "src": true, "action": true, "formaction": true, "data": true, "poster": true, "cite": true, "background": true, "dynsrc": true, "lowsrc": true, "xlink:href": true, "srcset": true, "ping": true}
	allowedEmbedRe  = regexp.MustCompile(`^https://(www\.youtube\.com/embed/|www\.youtube-nocookie\.com/embed/|player\.vimeo\.com/video/)`)
	safeSchemeRe    = regexp.MustCompile(`^(https?|mailto|tel|sms):`)
	safeDataImageRe = regexp.MustCompile(`^data:image/(png|jpeg);`)
)

// unsafeHTML lists what would run script, load a foreign document or escape the fragment
// in a sanitised HTML fragment; nil when it is safe.
func unsafeHTML(fragment string) []string {
	var bad []string
	nodes, err := html.ParseFragment(strings.NewReader(fragment), &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div})
	if err != nil {
		return []string{err.Error()}
	}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			name := strings.ToLower(n.Data)
			if dangerousElements[name] || n.Namespace == "svg" || n.Namespace == "math" {
				bad = append(bad, "element <"+name+">")
			}
			for _, a := range n.Attr {
				key := strings.ToLower(a.Key)
				if a.Namespace != "" {
					key = a.Namespace + ":" + key
				}
				val := strings.ToLower(strings.Map(func(r rune) rune {
					if r <= ' ' || r == 0x7f {
						return -1
					}
					return r
				}, a.Val))
				switch {
				case strings.HasPrefix(key, "on"), key == "srcdoc", key == "formaction", key == "ping", key == "background", key == "dynsrc", key == "lowsrc":
					bad = append(bad, "attribute "+key+" on <"+name+">")
				case key == "style" && (strings.Contains(val, "url(") || strings.Contains(val, "expression") || strings.Contains(val, "javascript") || strings.Contains(val, "\\")):
					bad = append(bad, "style "+a.Val)
				case urlAttrs[key]:
					switch {
					case name == "iframe" && key == "src":
						if !allowedEmbedRe.MatchString(a.Val) {
							bad = append(bad, "iframe src "+a.Val)
						}
					case name == "img" && key == "src" && safeDataImageRe.MatchString(val):
					case strings.Contains(val, ":") && !safeSchemeRe.MatchString(val) && strings.Index(val, ":") < strings.IndexAny(val+"/", "/?#"):
						bad = append(bad, key+"="+a.Val+" on <"+name+">")
					}
				}
			}
		}
		for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
			walk(ch)
		}
	}
	for _, n := range nodes {
		walk(n)
	}
	return bad
}

// TestUnsafeHTMLDetects keeps the checker honest: it flags what it must.
func TestUnsafeHTMLDetects(t *testing.T) {
	for _, in := range []string{`<script>x</script>`, `<img src=x onerror=a()>`, `<a href="jav&#x61;script:a()">x</a>`,
		`<svg><a>x</a></svg>`, `<iframe src="https://evil.example/"></iframe>`, `<p style="background:url(x)">x</p>`,
		`<a href="data:text/html,x">x</a>`, `<img src="data:image/svg+xml,x">`} {
		if unsafeHTML(in) == nil {
			t.Errorf("not flagged: %s", in)
		}
	}
	for _, in := range []string{`<p>Hi <a href="https://ok.example/a?b:c">x</a> <img src="/api/files/x.png"> <img src="data:image/png;base64,AA=="></p>`,
		`<iframe src="https://www.youtube.com/embed/abc"></iframe>`, `<a href="mailto:a@b.c">m</a><a href="page#x:y">r</a>`} {
		if bad := unsafeHTML(in); bad != nil {
			t.Errorf("flagged %v: %s", bad, in)
		}
	}
}
