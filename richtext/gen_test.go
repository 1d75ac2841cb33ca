package richtext

import (
	"math/rand"
	"strings"
	"testing"
)

// A small grammar fuzzer: random nestings of editor, pasted and hostile markup, seeded so
// failures reproduce; it reaches combinations byte-level fuzzing is slow to find.
var (
	gTags  = []string{"p", "span", "b", "strong", "a", "ol", "ul", "li", "div", "pre", "code", "h1", "h4", "blockquote", "br", "img", "iframe", "table", "td", "tr", "em", "u", "s", "mark", "hr", "script", "svg", "math", "style", "form", "select", "option", "textarea", "noscript", "template", "o:p", "font", "nobr", "i", "button", "p", "li", "li"}
	gAttrs = []string{`class="ql-indent-1"`, `class="ql-indent-3"`, `class="ql-align-center"`, `class="ql-code-block"`, `class="ql-code-block-container"`, `class="ql-ui"`, `class="ql-syntax"`, `class="language-go"`, `data-list="bullet"`, `data-list="ordered"`, `data-list="checked"`, `data-language="go"`,
		`style="background-color:#000"`, `style="background-color: rgb(1,2,3); color: red"`, `style="font-weight:700"`, `style="font-weight:normal"`, `style="font-style:italic;text-decoration:underline line-through;vertical-align:super"`, `style="margin-left: 3em; text-align: right"`, `style="font-family: 'a b', c"`,
		`href="https://x.com/?a=1&b=2"`, `href="javascript:alert(1)"`, `href="/rel"`, `href="data:image/png;base64,AAAA"`, `src="https://www.youtube.com/embed/x"`, `src="data:image/png;base64,AA=="`, `src="javascript:x"`, `src="https://x/y.png"`, `onclick="x()"`, `start="3"`, `type="a"`, `width="10"`, `alt="j&#97;vascript:1"`, `target="_blank"`}
	gText = []string{"x", " ", "• ", "1. ", "a) ", "&lt;b&gt;", "&nbsp;", "\n", "\t", "café", "😀", "- ", "&amp;", "<!-- c -->", "'", "\""}
)

func gen(r *rand.Rand, depth int) string {
	var b strings.Builder
	n := r.Intn(4)
	for range n {
		if depth > 5 || r.Intn(3) == 0 {
			b.WriteString(gText[r.Intn(len(gText))])
			continue
		}
		tag := gTags[r.Intn(len(gTags))]
		b.WriteString("<" + tag)
		for range r.Intn(3) {
			b.WriteString(" " + gAttrs[r.Intn(len(gAttrs))])
		}
		b.WriteString(">")
		b.WriteString(gen(r, depth+1))
		if r.Intn(5) != 0 {
			b.WriteString("</" + tag + ">")
		}
	}
	return b.String()
}

func TestGeneratedHTMLProperties(t *testing.T) {
	r := rand.New(rand.NewSource(11))
	for range 500 {
		in := gen(r, 0)
		for name, fn := range map[string]func(string) string{"Clean": Clean, "CleanAbout": CleanAbout, "Sanitize": Sanitize, "SanitizeAbout": SanitizeAbout} {
			out := fn(in)
			checkSafe(t, name, in, out)
			checkStable(t, name, in, out)
			checkIdempotent(t, name, fn, in, out)
		}
		out := Normalize(in)
		checkStable(t, "Normalize", in, out)
		checkIdempotent(t, "Normalize", Normalize, in, out)
	}
}
