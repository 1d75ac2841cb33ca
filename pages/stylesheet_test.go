package pages

import (
	"html/template"
	"strings"
	"testing"

	"github.com/tdewolff/parse/v2/css"
)

// A stylesheet in Vite's minified form, with what each rule needs of a page.
const testCSS = `:root,:host{--gap:4px;--wide:calc(var(--gap) * 2);--unused:red;--island:blue;--attr:green;--unit:calc(.5rem * var(--one));--one:1}` +
	`:root[data-mantine-color-scheme=dark]{color-scheme:dark;--fg:#eee;--bg:var(--gap)}` +
	`:root[data-mantine-color-scheme=light]{--fg:#111}` +
	`*,*:before{box-sizing:border-box}body{margin:0;color:var(--fg)}` +
	`.card,.row{padding:var(--wide)}.card:hover{color:red}.card:not(:hover){color:blue}.row:active,.card:focus{outline:0}` +
	`.article p{margin:var(--unit)}details[open]>.toggle{transform:rotate(180deg)}` +
	`.list:not(.empty){gap:1px}.a\:b{top:0}` +
	`.quote:before{content:"}{;"}` +
	`.toast{color:var(--island)}.card{border-color:var(--island)}` +
	`@media (min-width:50em){.card{margin:0}.rail{display:block}}` +
	`@media (min-width:60em){.rail{display:flex}}` +
	`@starting-style{.drawer{opacity:0}}` +
	`@keyframes spin{to{transform:rotate(1turn)}}`

// An island's script: it sets --island, and adds .toast after load.
const island = `el.className="toast";el.style.setProperty("--island","red");x--;`

func inline(t *testing.T, page string) string {
	t.Helper()
	return string(NewStylesheet(testCSS, []string{island}).For([]byte(page)))
}

func TestStylesheetKeepsOnlyWhatThePageCanMatchAtFirstPaint(t *testing.T) {
	got := inline(t, `<html><body><div class="card list"><p>x</p></div><span class="quote a:b"></span></body></html>`)
	for _, want := range []string{
		`*,*:before{box-sizing:border-box}`, `body{margin:0;color:var(--fg)}`,
		`.card{padding:calc(4px * 2)}`, // the list keeps only the selector that matches
		`.card:not(:hover){color:blue}`,
		`.card:focus{outline:0}`,     // a keyboard's focus is not left for later
		`.list:not(.empty){gap:1px}`, // :not(.empty) needs no .empty
		`.a\:b{top:0}`,
		`.quote:before{content:"}{;"}`,                 // braces in a string
		`@media (min-width:50em){.card{margin:0}}`,     // the group keeps its matching rules only
		`@keyframes spin{to{transform:rotate(1turn)}}`, // kept whole
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
	for _, absent := range []string{".row", ".article", "details", ".rail", "60em", "@starting-style", ".drawer",
		".card:hover", // a pointer's state: the stylesheet's file brings it after the first paint
		".toast",      // an island adds .toast after load, with the file already there
		":host",       // Mantine's selector for shadow roots; a page has none
	} {
		if strings.Contains(got, absent) {
			t.Errorf("kept %q, which the page's first paint cannot match:\n%s", absent, got)
		}
	}
}

func TestStylesheetFoldsTheThemesConstants(t *testing.T) {
	got := inline(t, `<body><div class="card"></div><div class="article"><p>x</p></div></body>`)
	for _, want := range []string{
		`.card{padding:calc(4px * 2)}`, // --wide and --gap: set once, on :root
		`.article p{margin:.5rem}`,     // calc(.5rem * 1), a size at scale 1
		`body{margin:0;color:var(--fg)}`, ":root[data-mantine-color-scheme=dark]{color-scheme:dark;--fg:#eee}",
		":root[data-mantine-color-scheme=light]{--fg:#111}", // what a scheme sets stays a variable
		`.card{border-color:var(--island)}`,                 // an island sets it
		"--island:blue",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
	for _, absent := range []string{"--unused", "--bg", "--gap", "--wide", "--unit", "--one"} {
		if strings.Contains(got, absent) {
			t.Errorf("kept %q, which nothing reads:\n%s", absent, got)
		}
	}
	// A page's own style attribute reads a constant: its definition comes back.
	if got := inline(t, `<body><div class="card" style="margin:var(--attr)"></div></body>`); !strings.Contains(got, "--attr:green") {
		t.Errorf("--attr, read by the page, is missing:\n%s", got)
	}
}

func TestStylesheetNeedsTheElementsItNames(t *testing.T) {
	got := inline(t, `<body><details open><summary class="toggle">x</summary></details><div class="article"><p>y</p></div></body>`)
	for _, want := range []string{`details[open]>.toggle{transform:rotate(180deg)}`, `.article p{margin:.5rem}`} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
	if strings.Contains(inline(t, `<body><div class="article"></div></body>`), ".article p") {
		t.Error(".article p kept on a page with no <p>")
	}
	// A closed <details> paints without [open]: the reader opening it is an act, and by then the
	// whole stylesheet is there.
	if got := inline(t, `<body><details><summary class="toggle">x</summary></details></body>`); strings.Contains(got, "details[open]") {
		t.Errorf("details[open] kept on a page whose details are closed:\n%s", got)
	}
}

func TestReadSelector(t *testing.T) {
	for sel, want := range map[string]string{
		`.a .b>c`:                                       "a b | c",
		`:root[data-x=".no"]`:                           " |  | data-x=.no",
		`a:is(.x,.y)::before`:                           " | a",
		`textarea.input:focus`:                          "input | textarea",
		`:host([data-scheme=dark])`:                     " | ",
		`.rich-text>*+*`:                                "rich-text | ",
		`.nav-link:hover`:                               "nav-link |  | acted",
		`a:hover .x`:                                    "x | a | acted",
		`.b:active`:                                     "b |  | acted",
		`.b:not(:hover)`:                                "b | ",
		`.b::hover-ish`:                                 "b | ",
		`.site[data-nav=open] .site-navbar`:             "site site-navbar |  | data-nav=open",
		`details[open]>.toggle`:                         "toggle | details | open",
		`.toc-link[data-depth="3"]`:                     "toc-link |  | data-depth=3",
		`[aria-expanded=true] .x`:                       "x |  | aria-expanded=true",
		`:root[data-mantine-color-scheme=light] .x`:     "x | ", // the theme script sets it before paint
		`[lang|=en],[href^=http],[data-x="a" i],[a\:b]`: " | ",
	} {
		s := readSelector(lex(sel))
		got := strings.Join(s.classes, " ") + " | " + strings.Join(s.types, " ")
		if len(s.attrs) > 0 {
			got += " | " + strings.Join(s.attrs, " ")
		}
		if s.acted {
			got += " | acted"
		}
		if got != want {
			t.Errorf("readSelector(%q) = %q, want %q", sel, got, want)
		}
	}
}

// Document puts the page's part of the stylesheet where the frame's <style> is.
func TestDocumentInlinesThePagesStyles(t *testing.T) {
	doc := string(Document(Head{Title: "T"}, Frame{Path: "/", Content: template.HTML(`<div class="card">x</div>`)},
		Assets{Style: NewStylesheet(testCSS, nil)}))
	start, end := strings.Index(doc, "<style>"), strings.Index(doc, "</style>")
	if start < 0 || end < start {
		t.Fatalf("no <style> in the document:\n%s", doc)
	}
	style := doc[start:end]
	if !strings.Contains(style, ".card{padding:calc(4px * 2)}") || strings.Contains(style, ".row") || strings.Contains(style, styleMark) {
		t.Errorf("the inline style is not the page's part of the stylesheet: %s", style)
	}
}

// Whatever the stylesheet and the page, reading and picking never panic, and a pick from a
// well-formed stylesheet is well-formed again: a second pick over it keeps it whole.
func FuzzStylesheet(f *testing.F) {
	f.Add(testCSS, `<body><div class="card list"><p>x</p></div><details open><summary class="toggle">y</summary></details></body>`)
	f.Add(`a{b:c}@media x{.d[e="f"]{g:var(--h)}}:root{--h:1}`, `<a class="d" e="f">`)
	f.Add(`.a{`, `<div class="a">`)
	f.Add(`[`, ``)
	f.Add(`}{;:root{--x:var(--x)}`, ``)
	f.Fuzz(func(t *testing.T, src, page string) {
		got := NewStylesheet(src, nil).For([]byte(page))
		if !wellFormed(src) {
			return
		}
		if again := NewStylesheet(string(got), nil).For([]byte(page)); string(again) != string(got) {
			t.Errorf("a second pick changed it: %q -> %q", got, again)
		}
	})
}

// wellFormed is whether src has balanced brackets, closed strings and comments, and no stray
// backslash: what Vite writes.
func wellFormed(src string) bool {
	d := 0
	for _, t := range lex(src) {
		switch {
		case t.tt == css.BadStringToken || t.tt == css.BadURLToken || t.tt == css.CommentToken && !strings.HasSuffix(t.text, "*/"),
			t.tt == css.StringToken && (len(t.text) < 2 || t.text[len(t.text)-1] != t.text[0]), t.tt == css.DelimToken && t.text == `\`:
			return false
		}
		if d += depth(t); d < 0 {
			return false
		}
	}
	return d == 0
}
