package richtext

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// allowedOut is every element Sanitize may emit.
var allowedOut = map[string]bool{
	"h1": true, "h2": true, "h3": true, "p": true, "br": true, "strong": true, "b": true, "em": true,
	"i": true, "u": true, "s": true, "strike": true, "del": true, "code": true, "sub": true, "sup": true,
	"blockquote": true, "pre": true, "ol": true, "ul": true, "li": true, "a": true, "img": true,
	"span": true, "mark": true, "hr": true, "iframe": true, "div": true,
	"table": true, "caption": true, "colgroup": true, "col": true, "thead": true, "tbody": true,
	"tfoot": true, "tr": true, "th": true, "td": true,
}

// rerender is parse → render of an HTML fragment.
func rerender(s string) string { return renderChildren(parseFragment(s)) }

// checkStable: the output re-parses to itself, so parse → render → parse → render is stable.
func checkStable(t *testing.T, name, in, out string) {
	t.Helper()
	if r := rerender(out); r != out {
		t.Fatalf("%s: unstable rendering\ninput:  %q\noutput: %q\nre-render: %q", name, in, out, r)
	}
}

// checkSafe: no script, no on* attribute, no script URL in any attribute, only allowed elements.
func checkSafe(t *testing.T, name, in, out string) {
	t.Helper()
	if strings.Contains(strings.ToLower(out), "<script") {
		t.Fatalf("%s: <script in output\ninput:  %q\noutput: %q", name, in, out)
	}
	for _, n := range elements(parseFragment(out)) {
		if n.Namespace != "" || !allowedOut[n.Data] {
			t.Fatalf("%s: element <%s> in output\ninput:  %q\noutput: %q", name, n.Data, in, out)
		}
		for _, a := range n.Attr {
			if strings.HasPrefix(strings.ToLower(a.Key), "on") || scriptish(a.Val) {
				t.Fatalf("%s: unsafe attribute %s=%q\ninput:  %q\noutput: %q", name, a.Key, a.Val, in, out)
			}
		}
		if n.Type == html.ElementNode && n.Data == "iframe" {
			if src, _ := getAttr(n, "src"); !iframeSrcRe.MatchString(src) {
				t.Fatalf("%s: iframe src %q\ninput: %q", name, src, in)
			}
		}
	}
}

func checkIdempotent(t *testing.T, name string, f func(string) string, in, out string) {
	t.Helper()
	if again := f(out); again != out {
		t.Fatalf("%s: not idempotent\ninput:  %q\nonce:   %q\ntwice:  %q", name, in, out, again)
	}
}
