package richtext

import "testing"

// normalizeCases run through Clean (Sanitize, then Normalize), as stored descriptions do.
var normalizeCases = []htmlCase{
	{"quill 1 flat indented list nested",
		`<ol><li>a</li><li class="ql-indent-1">b</li><li class="ql-indent-2">c</li><li>d</li></ol>`,
		`<ol><li>a<ol><li>b<ol><li>c</li></ol></li></ol></li><li>d</li></ol>`},
	{"quill 1 bullet list with jumps and dedent",
		`<ul><li>a</li><li class="ql-indent-2">deep</li><li class="ql-indent-1">mid</li><li class="ql-indent-3">x</li><li>b</li></ul>`,
		`<ul><li>a<ul><li>deep</li><li>mid<ul><li>x</li></ul></li></ul></li><li>b</li></ul>`},
	{"quill 2 data-list decides the type per level",
		`<ol><li data-list="bullet"><span class="ql-ui" contenteditable="false"></span>one</li><li data-list="ordered" class="ql-indent-1"><span class="ql-ui" contenteditable="false"></span>one.a</li><li data-list="ordered" class="ql-indent-1"><span class="ql-ui" contenteditable="false"></span>one.b</li><li data-list="bullet"><span class="ql-ui" contenteditable="false"></span>two</li><li data-list="ordered"><span class="ql-ui" contenteditable="false"></span>three</li><li data-list="checked"><span class="ql-ui" contenteditable="false"></span>done</li></ol>`,
		`<ul><li>one<ol><li>one.a</li><li>one.b</li></ol></li><li>two</li></ul><ol><li>three</li></ol><ul><li>done</li></ul>`},
	{"mixed types at a nested level split into sibling lists",
		`<ol><li data-list="ordered">a</li><li data-list="ordered" class="ql-indent-1">x</li><li data-list="bullet" class="ql-indent-1">y</li></ol>`,
		`<ol><li>a<ol><li>x</li></ol><ul><li>y</li></ul></li></ol>`},
	{"start attribute stays with the first list",
		`<ol start="4"><li>a</li><li class="ql-indent-1">b</li></ol>`,
		`<ol start="4"><li>a<ol><li>b</li></ol></li></ol>`},
	{"already nested tiptap list untouched",
		`<ul><li><p>one</p><ol><li><p>nested</p></li></ol></li><li><p>two</p></li></ul>`,
		`<ul><li><p>one</p><ol><li><p>nested</p></li></ol></li><li><p>two</p></li></ul>`},
	{"literal markers removed",
		"<ul><li>• bullet</li><li>◦ hollow</li><li>- dash</li><li>1. one</li><li>a) letter</li><li>(iv) roman</li><li><p>2.\u00a0para</p></li><li><span>•</span> span</li></ul>",
		`<ul><li>bullet</li><li>hollow</li><li>dash</li><li>one</li><li>letter</li><li>roman</li><li><p>para</p></li><li><span></span> span</li></ul>`},
	{"text that only looks like a marker stays",
		`<ul><li>1.5 million</li><li>-5 degrees</li><li>e.g. this</li><li>mix. it</li><li><code>- x</code></li></ul>`,
		`<ul><li>1.5 million</li><li>-5 degrees</li><li>e.g. this</li><li>mix. it</li><li><code>- x</code></li></ul>`},
	{"indented paragraphs and headings get a margin",
		`<p class="ql-indent-1">one</p><h2 class="ql-indent-3">three</h2><p class="ql-indent-2" style="margin-left: 1em; color: red">two</p>`,
		`<p style="margin-left: 2em">one</p><h2 style="margin-left: 6em">three</h2><p style="margin-left: 4em; color: red">two</p>`},
	{"quill alignment classes become text-align",
		`<p class="ql-align-center">c</p><p class="ql-align-right ql-size-large">r</p><h3 class="ql-align-justify">j</h3><ol><li class="ql-align-center ql-indent-1">li</li></ol>`,
		`<p style="text-align: center">c</p><p class="ql-size-large" style="text-align: right">r</p><h3 style="text-align: justify">j</h3><ol><li style="text-align: center">li</li></ol>`},
	{"dark background spans become inline code",
		`<p>run <span style="background-color: rgb(40, 44, 52); color: rgb(171, 178, 191);">go <b>test</b></span>, <span style="background-color: #1e1e1e">x</span>, <span style="background-color: black">y</span> and <span style="background-color: #ffff00">highlight</span> <span style="background-color: rgba(0,0,0,0.1)">faint</span></p>`,
		`<p>run <code>go test</code>, <code>x</code>, <code>y</code> and <span style="background-color: #ffff00">highlight</span> <span style="background-color: rgba(0,0,0,0.1)">faint</span></p>`},
	{"quill 2 code block container",
		`<div class="ql-code-block-container" spellcheck="false"><div class="ql-code-block" data-language="go">func main() {</div><div class="ql-code-block" data-language="go">	fmt.Println("&lt;hi&gt;")</div><div class="ql-code-block" data-language="go"><br></div><div class="ql-code-block" data-language="go">}</div></div>`,
		"<pre><code class=\"language-go\">func main() {\n\tfmt.Println(&#34;&lt;hi&gt;&#34;)\n\n}</code></pre>"},
	{"quill 2 plain code block, loose lines joined",
		`<div class="ql-code-block-container"><div class="ql-code-block" data-language="plain">a</div></div><div class="ql-code-block">b</div><div class="ql-code-block">c</div><p>after</p>`,
		"<pre><code>a</code></pre><pre><code>b\nc</code></pre><p>after</p>"},
	{"quill 1 ql-syntax pre",
		"<pre class=\"ql-syntax\" spellcheck=\"false\">if a &lt; b {\n  return\n}\n</pre>",
		"<pre><code>if a &lt; b {\n  return\n}\n</code></pre>"},
	{"pre with markup flattened, language kept",
		"<pre><code class=\"language-js\"><span style=\"color:#c00\">let</span> x<br>y</code></pre><pre>\n\nlead</pre>",
		"<pre><code class=\"language-js\">let x\ny</code></pre><pre><code>\nlead</code></pre>"},
	{"quill 1 full document",
		`<h1 class="ql-align-center">Title</h1><p>Intro with <a href="https://example.com" rel="noopener noreferrer" target="_blank">link</a> and <span class="ql-size-small">small</span>.</p><ul><li>one</li><li class="ql-indent-1">two</li></ul><iframe class="ql-video" frameborder="0" allowfullscreen="true" src="https://www.youtube.com/embed/abc123?showinfo=0"></iframe><p><br></p>`,
		`<h2 style="text-align: center">Title</h2><p>Intro with <a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">link</a> and <span class="ql-size-small">small</span>.</p><ul><li>one<ul><li>two</li></ul></li></ul><iframe class="ql-video" frameborder="0" allowfullscreen="true" src="https://www.youtube.com/embed/abc123?showinfo=0"></iframe><p><br/></p>`},
	{"stray list items wrapped",
		`<li>a</li><li class="ql-indent-1">b</li><p>p</p>`,
		`<ul><li>a<ul><li>b</li></ul></li></ul><p>p</p>`},
}

func TestClean(t *testing.T) {
	for _, c := range normalizeCases {
		t.Run(c.name, func(t *testing.T) {
			got := Clean(c.in)
			if got != c.want {
				t.Errorf("Clean\n in:   %s\n got:  %s\n want: %s", c.in, got, c.want)
			}
			if n := Normalize(Sanitize(c.in)); n != got {
				t.Errorf("Normalize(Sanitize) = %s, Clean = %s", n, got)
			}
			checkSafe(t, c.name, c.in, got)
			checkStable(t, c.name, c.in, got)
			checkIdempotent(t, c.name, Normalize, c.in, got)
			checkIdempotent(t, c.name, Clean, c.in, got)
		})
	}
}

func TestCleanAbout(t *testing.T) {
	in := `<p class="ql-indent-1">x <span style="background-color: #1e1e1e">dark</span> <code>c</code></p><ol><li>a</li><li class="ql-indent-1">b</li></ol><div class="ql-code-block-container"><div class="ql-code-block">l</div></div>`
	want := `<p style="margin-left: 2em">x <span style="background-color: #1e1e1e">dark</span> c</p><ol><li>a<ol><li>b</li></ol></li></ol><p>l</p>`
	got := CleanAbout(in)
	if got != want {
		t.Errorf("CleanAbout\n got:  %s\n want: %s", got, want)
	}
	checkIdempotent(t, "CleanAbout", CleanAbout, in, got)
}

func TestDarkColor(t *testing.T) {
	for v, want := range map[string]bool{
		"#000": true, "#1e1e1e": true, "#282c34": true, "rgb(40, 44, 52)": true, "rgba(0,0,0,1)": true,
		"navy": true, "#555555": true, "BLACK": true, "rgb(0 0 0 / 80%)": true,
		"#fff": false, "#ffff00": false, "#e60000": false, "#0066cc": false, "rgba(0,0,0,0.2)": false,
		"#0004": false, "transparent": false, "inherit": false, "url(x)": false, "#12345": false, "": false,
	} {
		if got := isDarkColor(v); got != want {
			t.Errorf("isDarkColor(%q) = %v, want %v", v, got, want)
		}
	}
}

func TestNormalizeRawInputShape(t *testing.T) {
	// Normalize is not a sanitiser, but on any input its output re-parses to itself and is a fixed point.
	for _, in := range []string{`<table><li class="ql-indent-1">x</table>`, `<p><li>a<p>b`, `<ol><ol><li>x`, `<span style="background-color:#000"><p>block</p></span>`, `<pre><pre>x</pre>`} {
		out := Normalize(in)
		checkStable(t, "Normalize", in, out)
		checkIdempotent(t, "Normalize", Normalize, in, out)
	}
}
