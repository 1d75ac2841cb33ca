package richtext

import (
	"strings"
	"testing"
)

type htmlCase struct{ name, in, want string }

var sanitizeCases = []htmlCase{
	{"tiptap marks and alignment",
		`<h2>Getting started</h2><p style="text-align: center">Centered <strong>bold</strong> <em>it</em> <u>u</u> <s>strike</s> <code>inline</code> <mark data-color="#ffc078" style="background-color: #ffc078; color: inherit">hi</mark> <span style="color: #958DF1">purple</span></p>`,
		`<h2>Getting started</h2><p style="text-align: center">Centered <strong>bold</strong> <em>it</em> <u>u</u> <s>strike</s> <code>inline</code> <mark style="background-color: #ffc078">hi</mark> <span style="color: #958DF1">purple</span></p>`},
	{"tiptap nested lists kept",
		`<ul><li><p>one</p><ul><li><p>nested</p></li></ul></li><li><p>two</p></li></ul><ol start="3" type="a"><li><p>three</p></li></ol>`,
		`<ul><li><p>one</p><ul><li><p>nested</p></li></ul></li><li><p>two</p></li></ul><ol start="3" type="a"><li><p>three</p></li></ol>`},
	{"tiptap code block with language",
		"<pre><code class=\"language-go\">fmt.Println(\"a &lt; b\")\n</code></pre>",
		"<pre><code class=\"language-go\">fmt.Println(&#34;a &lt; b&#34;)\n</code></pre>"},
	{"tiptap link gets forced target and rel",
		`<p><a target="_self" rel="opener" href="https://go.dev/doc?x=1&amp;y=2" class="link" title="t">Go</a> <a href="/blogs/abc">rel</a> <a href="mailto:me@example.com">mail</a> <a href="tel:+123">tel</a> <a href="sms:+123">sms</a></p>`,
		`<p><a href="https://go.dev/doc?x=1&amp;y=2" rel="noopener noreferrer nofollow" target="_blank">Go</a> <a href="/blogs/abc" rel="noopener noreferrer nofollow" target="_blank">rel</a> <a href="mailto:me@example.com" rel="noopener noreferrer nofollow" target="_blank">mail</a> <a href="tel:+123" rel="noopener noreferrer nofollow" target="_blank">tel</a> <a href="sms:+123" rel="noopener noreferrer nofollow" target="_blank">sms</a></p>`},
	{"tiptap youtube embed",
		`<div data-youtube-video=""><iframe width="640" height="480" allowfullscreen="true" autoplay="false" loop="false" origin="" src="https://www.youtube.com/embed/dQw4w9WgXcQ" start="0"></iframe></div>`,
		`<div><iframe width="640" height="480" allowfullscreen="true" src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe></div>`},
	{"blocks, sub/sup, hr, image",
		`<blockquote><p>quote</p></blockquote><hr><p>H<sub>2</sub>O x<sup>2</sup> <del>d</del> <strike>k</strike> <i>i</i> <b>b</b><br>next</p><img src="https://example.com/a.png" alt="a" width="300" height="200" title="T" loading="lazy">`,
		`<blockquote><p>quote</p></blockquote><hr/><p>H<sub>2</sub>O x<sup>2</sup> <del>d</del> <strike>k</strike> <i>i</i> <b>b</b><br/>next</p><img src="https://example.com/a.png" alt="a" width="300" height="200" title="T"/>`},
	{"pasted h1 becomes h2 (the title is the page's h1), h4-h6 become h3",
		`<h1>a</h1><h3>c</h3><h4>d</h4><h6 class="ql-align-center">f</h6><h1 style="text-align: center">g</h1>`,
		`<h2>a</h2><h3>c</h3><h3>d</h3><h3 class="ql-align-center">f</h3><h2 style="text-align: center">g</h2>`},
	{"quill 1 classes kept for Normalize",
		`<p class="ql-indent-1 ql-align-right">x <span class="ql-size-large ql-font-serif">big</span></p><ol><li class="ql-indent-1">i</li></ol><pre class="ql-syntax" spellcheck="false">a &lt; b</pre><iframe class="ql-video" frameborder="0" allowfullscreen="true" src="https://player.vimeo.com/video/76979871"></iframe>`,
		`<p class="ql-indent-1 ql-align-right">x <span class="ql-size-large ql-font-serif">big</span></p><ol><li class="ql-indent-1">i</li></ol><pre class="ql-syntax">a &lt; b</pre><iframe class="ql-video" frameborder="0" allowfullscreen="true" src="https://player.vimeo.com/video/76979871"></iframe>`},
	{"quill 2 data-list, ql-ui and code-block container kept",
		`<ol><li data-list="bullet"><span class="ql-ui" contenteditable="false"></span>a</li></ol><div class="ql-code-block-container" spellcheck="false"><div class="ql-code-block" data-language="javascript">x</div></div>`,
		`<ol><li data-list="bullet"><span class="ql-ui"></span>a</li></ol><div class="ql-code-block-container"><div class="ql-code-block" data-language="javascript">x</div></div>`},
	{"foreign classes and styles dropped, allowed styles kept",
		`<p class="MsoNormal ql-indent-1 x" style="margin-left: 2em; padding-left: 10px; font-size: 14px; font-family: Arial, 'Helvetica Neue', sans-serif; line-height: 2; position: fixed; color: rgba(0, 0, 0, 0.5); background-color: hsl(0, 0%, 0%)">t</p><code class="language-go hljs">c</code><span class="language-go">s</span>`,
		`<p class="ql-indent-1" style="margin-left: 2em; padding-left: 10px; font-size: 14px; font-family: Arial, &#39;Helvetica Neue&#39;, sans-serif; color: rgba(0, 0, 0, 0.5)">t</p><code class="language-go">c</code><span>s</span>`},
	{"style values out of range dropped",
		`<p style="font-size: 400px; margin-left: 2pt; text-align: start; color: expression(alert(1)); font-family: a{b}">t</p><p style="font-size: small; text-align: JUSTIFY; color: #ABC">u</p>`,
		`<p>t</p><p style="font-size: small; text-align: JUSTIFY; color: #ABC">u</p>`},
	{"google docs paste",
		`<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-7d1e2f3a-7fff-1a2b-3c4d-5e6f7a8b9c0d"><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;"><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:700;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">Bold</span><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:italic;text-decoration:underline;-webkit-text-decoration-skip:none;vertical-align:super;white-space:pre-wrap;">it</span></p><br></b>`,
		`<p><span style="font-family: Arial,sans-serif; color: #000000"><strong>Bold</strong></span><span style="font-family: Arial,sans-serif; color: #000000"><sup><u><em>it</em></u></sup></span></p><br/>`},
	{"word paste",
		`<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><meta name=Generator content="Microsoft Word 15"><style><!-- p.MsoNormal {margin:0cm;} --></style><!--[if gte mso 9]><xml><w:WordDocument><w:View>Normal</w:View></w:WordDocument></xml><![endif]--></head><body lang=EN-GB style='tab-interval:36.0pt'><p class=MsoNormal><b><span style='font-size:14.0pt;mso-bidi-font-family:Calibri'>Title<o:p></o:p></span></b></p><p class=MsoNormal style='margin-left:36.0pt'>Body&nbsp;text<o:p>&nbsp;</o:p></p><!--EndFragment--></body></html>`,
		"<p><b><span>Title</span></b></p><p>Body\u00a0text\u00a0</p>"},
	{"disallowed images and iframes dropped entirely",
		`<p>a<img src="data:image/bmp;base64,Qk0=">b<img src="data:image/svg+xml;base64,PHN2Zz4=">c<img>d<img src="ftp://x/y.png">e</p><iframe src="https://evil.com/embed/x">fallback</iframe><iframe src="https://www.youtube.com.evil.com/embed/x"></iframe><iframe src="http://www.youtube.com/embed/abc" onload="x()"></iframe>`,
		`<p>abcde</p><iframe src="https://www.youtube.com/embed/abc"></iframe>`},
	{"data png, jpeg, gif and webp images kept (the item hooks store them as files)",
		`<img src="data:image/png;base64,iVBORw0KGgo="><img src="data:image/jpeg;base64,/9j/4AAQ"><img src="data:image/gif;base64,R0lGOD="><img src="data:image/webp;base64,UklGRg==">`,
		`<img src="data:image/png;base64,iVBORw0KGgo="/><img src="data:image/jpeg;base64,/9j/4AAQ"/><img src="data:image/gif;base64,R0lGOD="/><img src="data:image/webp;base64,UklGRg=="/>`},
	{"tables kept with scope and spans, forms and unknown tags unwrapped",
		`<table><tr><td>cell</td></tr></table><form action="/x"><label>L</label><input value="v"><button>B</button><textarea>T</textarea></form><custom-tag>c</custom-tag>`,
		`<table><tbody><tr><td>cell</td></tr></tbody></table>Lc`},
	{"tiptap and pasted tables keep their structure",
		`<table style="min-width: 75px" border="1" onclick="x()"><caption>Trade</caption><colgroup span="2"><col style="min-width: 25px" span="1"></colgroup><thead><tr><th scope="col" colspan="1" rowspan="1"><p>Company</p></th><th scope="bogus" colspan="0">Country</th></tr></thead><tbody><tr><td colspan="2" rowspan="1" width="50" style="background-color: #fff3bf"><p>Island Trading</p></td></tr></tbody><tfoot><tr><th scope="row">UK</th><td rowspan="9999">x</td></tr></tfoot></table>`,
		`<table><caption>Trade</caption><colgroup span="2"><col span="1"/></colgroup><thead><tr><th scope="col" colspan="1" rowspan="1"><p>Company</p></th><th>Country</th></tr></thead><tbody><tr><td colspan="2" rowspan="1" style="background-color: #fff3bf"><p>Island Trading</p></td></tr></tbody><tfoot><tr><th scope="row">UK</th><td>x</td></tr></tfoot></table>`},
}

func TestSanitize(t *testing.T) {
	for _, c := range sanitizeCases {
		t.Run(c.name, func(t *testing.T) {
			got := Sanitize(c.in)
			if got != c.want {
				t.Errorf("Sanitize\n in:   %s\n got:  %s\n want: %s", c.in, got, c.want)
			}
			checkSafe(t, c.name, c.in, got)
			checkStable(t, c.name, c.in, got)
			checkIdempotent(t, c.name, Sanitize, c.in, got)
		})
	}
}

func TestSanitizeAbout(t *testing.T) {
	cases := []htmlCase{
		{"code and images go, text stays",
			`<p>Use <code>go test</code> <img src="https://x/y.png"> now</p><iframe src="https://www.youtube.com/embed/abc"></iframe>`,
			`<p>Use go test  now</p>`},
		{"code block becomes a paragraph with line breaks",
			"<pre><code class=\"language-go\">a := 1\nb := 2</code></pre>",
			`<p>a := 1<br/>b := 2</p>`},
		{"quill 2 code block lines become paragraphs",
			`<div class="ql-code-block-container"><div class="ql-code-block">x</div><div class="ql-code-block">y</div></div>`,
			`<p>x</p><p>y</p>`},
		{"quill 1 syntax and video classes gone",
			`<pre class="ql-syntax">one</pre><p class="ql-indent-1">k</p>`,
			`<p>one</p><p class="ql-indent-1">k</p>`},
		{"rich text kept",
			`<h2>Skills</h2><ul><li><strong>Go</strong> and <a href="https://go.dev">more</a></li></ul>`,
			`<h2>Skills</h2><ul><li><strong>Go</strong> and <a href="https://go.dev" rel="noopener noreferrer nofollow" target="_blank">more</a></li></ul>`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := SanitizeAbout(c.in)
			if got != c.want {
				t.Errorf("SanitizeAbout\n in:   %s\n got:  %s\n want: %s", c.in, got, c.want)
			}
			for _, bad := range []string{"<code", "<pre", "<img", "<iframe"} {
				if strings.Contains(got, bad) {
					t.Errorf("%s left in %q", bad, got)
				}
			}
			checkSafe(t, c.name, c.in, got)
			checkIdempotent(t, c.name, SanitizeAbout, c.in, got)
		})
	}
}

// xssCases are OWASP XSS filter-evasion classics; none may leave anything executable.
var xssCases = []string{
	`<img src=x onerror=alert(1)>`,
	`<IMG SRC="javascript:alert('XSS');">`,
	`<a href="javascript:alert(1)">x</a>`,
	`<a href="JaVaScRiPt:alert(1)">x</a>`,
	`<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>`,
	`<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)">x</a>`,
	`<a href="javascript&colon;alert(1)">x</a>`,
	"<a href=\"java\tscript:alert(1)\">x</a>",
	"<a href=\"java&#x09;script:alert(1)\">x</a>",
	"<a href=\" &#14;  javascript:alert(1)\">x</a>",
	`<a href="vbscript:msgbox(1)">x</a>`,
	`<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`,
	`<a href="data:image/png;base64,iVBORw0KGgo=">x</a>`,
	`<svg onload=alert(1)><circle r="1"/></svg>`,
	`<svg><script>alert(1)</script></svg>`,
	`<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`,
	`<iframe src="javascript:alert(1)"></iframe>`,
	`<iframe src="https://evil.com"></iframe>`,
	`<iframe srcdoc="<script>alert(1)</script>" src="https://www.youtube.com/embed/x"></iframe>`,
	`<iframe src="https://www.youtube.com/embed/x"><script>alert(1)</script></iframe>`,
	`<style>body{background:url(javascript:alert(1))}</style>`,
	`<p style="background:url(javascript:alert(1))">x</p>`,
	`<p style="background-color: url(javascript:alert(1)); color: red">x</p>`,
	`<p style="color: expression(alert(1))">x</p>`,
	`<p style="font-family: x\3b background:url(javascript:alert(1))">x</p>`,
	`<scr<script>ipt>alert(1)</scr</script>ipt>`,
	`<script>alert(1)</script>`,
	`<SCRIPT SRC=http://xss.rocks/xss.js></SCRIPT>`,
	`<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">`,
	`<img src="data:text/html,<script>alert(1)</script>">`,
	`<img src="x" alt="javascript:alert(1)">`,
	`<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">`,
	`<form action="javascript:alert(1)"><input type="submit" formaction="javascript:alert(1)"></form>`,
	`<body onload=alert(1)>`,
	`<div onmouseover="alert(1)">hover</div>`,
	`<a href="#" onclick="alert(1)">c</a>`,
	`<img """><script>alert(1)</script>">`,
	`<<script>alert(1);//<</script>`,
	`<noscript><p title="</noscript><img src=x onerror=alert(1)>">`,
	`<template><script>alert(1)</script></template>`,
	`<meta http-equiv="refresh" content="0;url=javascript:alert(1)">`,
	`<base href="javascript:alert(1)//">`,
	`<link rel="stylesheet" href="javascript:alert(1)">`,
	`<table background="javascript:alert(1)"><tr><td>x</td></tr></table>`,
	`<a href="https://ok.example/" style="x:expression(alert(1))" onfocus="alert(1)" autofocus>x</a>`,
	`<xmp><script>alert(1)</script></xmp>`,
	`<textarea><script>alert(1)</script></textarea>`,
	`<plaintext><script>alert(1)</script>`,
	`<!--<img src=x onerror=alert(1)>-->`,
	`<![CDATA[<script>alert(1)</script>]]>`,
	`<div class="ql-code-block-container"><div class="ql-code-block">&lt;script&gt;alert(1)&lt;/script&gt;</div></div>`,
	`<span style="background-color:#000"><img src=x onerror=alert(1)></span>`,
}

func TestSanitizeXSS(t *testing.T) {
	for _, in := range xssCases {
		for name, fn := range map[string]func(string) string{
			"Sanitize": Sanitize, "SanitizeAbout": SanitizeAbout, "Clean": Clean, "CleanAbout": CleanAbout,
		} {
			out := fn(in)
			checkSafe(t, name, in, out)
			checkStable(t, name, in, out)
			if strings.Contains(strings.ToLower(out), "alert(1)") && strings.Contains(out, "<") && !strings.Contains(out, "&lt;script") {
				// text "alert(1)" may survive as text; it must never sit inside markup
				for _, n := range elements(parseFragment(out)) {
					for _, a := range n.Attr {
						if strings.Contains(a.Val, "alert") {
							t.Errorf("%s(%q) = %q: alert in attribute", name, in, out)
						}
					}
				}
			}
		}
	}
}

func TestReplaceDataImages(t *testing.T) {
	in := Clean(`<p>a</p><img src="data:image/png;base64,iVBORw0KGgo=" alt="x"><img src="https://e.com/a.png"><img src="data:image/png;base64,iVBORw0KGgo="><img src="data:image/jpeg;base64,!!!">`)
	var stored [][]byte
	out, err := ReplaceDataImages(in, func(data []byte) (string, error) {
		stored = append(stored, data)
		return "/api/files/itemImages/abc/a.png", nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := `<p>a</p><img src="/api/files/itemImages/abc/a.png" alt="x"/><img src="https://e.com/a.png"/><img src="/api/files/itemImages/abc/a.png"/>`
	if out != want || len(stored) != 1 || string(stored[0][:4]) != "\x89PNG" {
		t.Fatalf("ReplaceDataImages\n got:  %s (%d stored)\n want: %s", out, len(stored), want)
	}
	if same, _ := ReplaceDataImages(`<p>no images</p>`, nil); same != `<p>no images</p>` {
		t.Fatalf("unchanged HTML rewritten: %s", same)
	}
}
