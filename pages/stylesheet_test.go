package pages

import (
	"html/template"
	"strings"
	"testing"
)

// A stylesheet in Vite's minified form, with what each rule needs of a page.
const testCSS = `:root,:host{--gap:4px;--wide:calc(var(--gap) * 2);--unused:red;--island:blue;--attr:green}` +
	`:root[data-scheme=dark]{color-scheme:dark;--fg:#eee;--bg:var(--gap)}` +
	`*,*:before{box-sizing:border-box}body{margin:0;color:var(--fg)}` +
	`.card,.row{padding:var(--wide)}.card:hover{color:red}` +
	`.article p{margin:0}details[open]>.toggle{transform:rotate(180deg)}` +
	`.list:not(.empty){gap:1px}.a\:b{top:0}` +
	`.quote:before{content:"}{;"}` +
	`.toast{color:var(--island)}` +
	`@media (min-width:50em){.card{margin:0}.rail{display:block}}` +
	`@media (min-width:60em){.rail{display:flex}}` +
	`@starting-style{.drawer{opacity:0}}` +
	`@keyframes spin{to{transform:rotate(1turn)}}`

const island = `el.className="toast";x--;`

func inline(t *testing.T, page string) string {
	t.Helper()
	return string(NewStylesheet(testCSS, []string{island}).For([]byte(page)))
}

func TestStylesheetKeepsOnlyWhatThePageCanMatch(t *testing.T) {
	got := inline(t, `<html><body><div class="card list"><p>x</p></div><span class="quote a:b"></span></body></html>`)
	for _, want := range []string{
		`*,*:before{box-sizing:border-box}`, `body{margin:0;color:var(--fg)}`,
		`.card{padding:var(--wide)}`, // the list keeps only the selector that matches
		`.card:hover{color:red}`,
		`.list:not(.empty){gap:1px}`, // :not(.empty) needs no .empty
		`.a\:b{top:0}`,
		`.quote:before{content:"}{;"}`,                 // braces in a string
		`.toast{color:var(--island)}`,                  // an island adds .toast after load
		`@media (min-width:50em){.card{margin:0}}`,     // the group keeps its matching rules only
		`@keyframes spin{to{transform:rotate(1turn)}}`, // kept whole
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
	for _, absent := range []string{".row", ".article", "details", ".rail", "60em", "@starting-style", ".drawer"} {
		if strings.Contains(got, absent) {
			t.Errorf("kept %q, which the page cannot match:\n%s", absent, got)
		}
	}
}

func TestStylesheetKeepsTheCustomPropertiesInUse(t *testing.T) {
	got := inline(t, `<body><div class="card" style="margin:var(--attr)"></div></body>`)
	// --wide for .card, --gap through --wide's value, --fg for body, --island for the island's
	// class, --attr for the page's own style attribute; the dark scheme's non-custom
	// declaration stays with its used property.
	for _, want := range []string{"--gap:4px", "--wide:calc(var(--gap) * 2)", "--island:blue", "--attr:green", ":root[data-scheme=dark]{color-scheme:dark;--fg:#eee}"} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
	for _, absent := range []string{"--unused", "--bg"} {
		if strings.Contains(got, absent) {
			t.Errorf("kept %q, which nothing reads:\n%s", absent, got)
		}
	}
}

func TestStylesheetNeedsTheElementsItNames(t *testing.T) {
	got := inline(t, `<body><details open><summary class="toggle">x</summary></details><div class="article"><p>y</p></div></body>`)
	for _, want := range []string{`details[open]>.toggle{transform:rotate(180deg)}`, `.article p{margin:0}`} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
	if strings.Contains(inline(t, `<body><div class="article"></div></body>`), ".article p") {
		t.Error(".article p kept on a page with no <p>")
	}
}

func TestSelectorNeeds(t *testing.T) {
	for sel, want := range map[string]string{
		`.a .b>c`:                   "a b | c",
		`:root[data-x=".no"]`:       " | ",
		`a:is(.x,.y)::before`:       " | a",
		`textarea.input:focus`:      "input | textarea",
		`:host([data-scheme=dark])`: " | ",
		`.rich-text>*+*`:            "rich-text | ",
	} {
		c, ty := selectorNeeds(sel)
		if got := strings.Join(c, " ") + " | " + strings.Join(ty, " "); got != want {
			t.Errorf("selectorNeeds(%q) = %q, want %q", sel, got, want)
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
	if !strings.Contains(style, ".card{padding:var(--wide)}") || strings.Contains(style, ".row") || strings.Contains(style, styleMark) {
		t.Errorf("the inline style is not the page's part of the stylesheet: %s", style)
	}
}
