package site

import (
	"strings"
	"testing"
)

// Code blocks are coloured on the server with highlight.js's class names; text stays
// escaped, plain text and unknown languages stay plain, other markup is left alone.
func TestHighlightCode(t *testing.T) {
	t.Parallel()
	got := highlightCode(`<p>x</p><pre><code class="language-go">// sum
func add(a, b int) int { return a + b } // &lt;ok&gt; &amp; "q"</code></pre>`)
	for _, want := range []string{`<pre><code class="language-go"><span class="hljs-comment">// sum`, `<span class="hljs-keyword">func</span>`,
		`<span class="hljs-type">int</span>`, `// &lt;ok&gt; &amp; &#34;q&#34;</span></code></pre>`} {
		if !strings.Contains(got, want) {
			t.Errorf("lacks %s:\n%s", want, got)
		}
	}
	if strings.Contains(got, "</code></pre>\n") || strings.Count(got, "\n") != 1 {
		t.Errorf("newlines changed:\n%q", got)
	}
	js := highlightCode(`<pre><code class="language-js">const s = "a";</code></pre>`) // an alias
	if !strings.Contains(js, `<span class="hljs-string">&#34;a&#34;</span>`) {
		t.Errorf("js alias: %s", js)
	}
	for _, plain := range []string{
		`<pre><code class="language-plaintext">func x() {}</code></pre>`,
		`<pre><code class="language-nosuchlang">func x() {}</code></pre>`,
		`<pre><code class="language-go">a<br>b</code></pre>`,
		`<pre><code class="language-go"></code></pre>`,
	} {
		if got := highlightCode(plain); got != plain {
			t.Errorf("%s changed to %s", plain, got)
		}
	}
}

// An unlabelled block is coloured as the language it reads as (the editor's "highlighted by
// detection"); prose in a code block stays plain.
func TestHighlightCodeDetects(t *testing.T) {
	t.Parallel()
	for text, lang := range map[string]string{
		"def greet(name):\n    \"\"\"Say hello.\"\"\"\n    return f\"Hello, {name}!\"\n\nclass Greeter:\n    pass": "Python",
		"package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(1)\n}":                                     "Go",
		"fn main() {\n    let answer: u32 = 42;\n}":                                                                "Rust",
		"SELECT id, title FROM blogs WHERE status = 'published' ORDER BY date DESC;":                               "SQL",
	} {
		l := detectLexer(text)
		if l == nil || l.Config().Name != lang {
			t.Errorf("%q read as %v, want %s", text, l, lang)
		}
		if got := highlightCode("<pre><code>" + text + "</code></pre>"); !strings.Contains(got, `class="hljs-keyword"`) {
			t.Errorf("%s block not coloured: %s", lang, got)
		}
	}
	for _, prose := range []string{"Just some words in a plain note.", "Set the value as shown by the table in the guide, then go."} {
		block := "<pre><code>" + prose + "</code></pre>"
		if got := highlightCode(block); got != block {
			t.Errorf("prose coloured: %s", got)
		}
	}
}
