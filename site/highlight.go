package site

import (
	"html"
	"regexp"
	"strings"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
)

// A code block of the stored (sanitised) body whose code is plain text: its language, if
// marked, and its escaped text. A block holding other markup is left as it is.
var codeBlock = regexp.MustCompile(`<pre><code(?: class="language-([A-Za-z0-9_+#.-]+)")?>([^<]*)</code></pre>`)

// highlightCode colours every code block of body on the server (chroma), so a reader's
// browser runs no highlighter: the language a block names (aliases too: js, sh, html), else
// the one its text looks like; "plaintext" and an unknown language stay plain. The spans
// carry highlight.js's class names, which site.css colours in both schemes.
func highlightCode(body string) string {
	if !strings.Contains(body, "<pre><code") {
		return body
	}
	return codeBlock.ReplaceAllStringFunc(body, func(block string) string {
		m := codeBlock.FindStringSubmatch(block)
		lang, text := m[1], html.UnescapeString(m[2])
		var lexer chroma.Lexer
		switch {
		case lang == "plaintext" || strings.TrimSpace(text) == "":
		case lang != "":
			lexer = lexers.Get(lang)
		default:
			lexer = detectLexer(text)
		}
		if lexer == nil {
			return block
		}
		tokens, err := chroma.Coalesce(lexer).Tokenise(nil, text)
		if err != nil {
			return block
		}
		var b strings.Builder
		b.Grow(len(block) * 2)
		// <pre><code …> as stored, then the tokens; a lexer may add a final newline the code
		// does not have, so no more than the code's length is written.
		b.WriteString(block[:len("<pre>")+strings.IndexByte(block[len("<pre>"):], '>')+1])
		left := len(text)
		for t := tokens(); t != chroma.EOF; t = tokens() {
			v := t.Value
			if len(v) > left {
				v = v[:left]
			}
			left -= len(v)
			if v == "" {
				continue
			}
			if class := hljsClass(t.Type); class != "" {
				b.WriteString(`<span class="` + class + `">` + html.EscapeString(v) + `</span>`)
			} else {
				b.WriteString(html.EscapeString(v))
			}
		}
		b.WriteString("</code></pre>")
		return b.String()
	})
}

// detectable are the languages an unlabelled block is tried against, the common ones of the
// editor's language list (chroma's own Analyse knows few of them by content alone).
var detectable = []string{"go", "python", "javascript", "typescript", "rust", "java", "c", "cpp", "csharp", "ruby", "php", "bash", "sql", "html", "css", "json", "yaml"}

// detectLexer is the language an unlabelled block's text looks like, as highlight.js's
// auto-detection does it: chroma's analysers first, else the candidate whose lexer reads the
// most keywords and names with no error; nil when none reads at least two keywords.
func detectLexer(text string) chroma.Lexer {
	if strings.HasPrefix(text, "#!") || strings.HasPrefix(text, "<?") {
		if l := lexers.Analyse(text); l != nil { // a shebang or a processing instruction names it
			return l
		}
	}
	if !strings.ContainsAny(text, "(){}[];=<>$") {
		return nil // prose: no brackets, no assignment, no statement ends
	}
	var best chroma.Lexer
	bestScore := 3 // two keywords are not yet code: prose trips SQL's "in", "as", "by"…
	for _, name := range detectable {
		l := lexers.Get(name)
		if l == nil {
			continue
		}
		it, err := l.Tokenise(nil, text)
		if err != nil {
			continue
		}
		score := 0
		for t := it(); t != chroma.EOF; t = it() {
			switch {
			case t.Type == chroma.Error:
				score -= 5
			case t.Type.InCategory(chroma.Keyword):
				score += 2
			case t.Type == chroma.NameBuiltin || t.Type == chroma.NameFunction || t.Type == chroma.NameClass:
				score++
			}
		}
		if score > bestScore {
			best, bestScore = l, score
		}
	}
	return best
}

// hljsClass is highlight.js's class for a chroma token type ("" for plain text).
func hljsClass(t chroma.TokenType) string {
	switch {
	case t == chroma.KeywordType:
		return "hljs-type"
	case t == chroma.KeywordConstant:
		return "hljs-literal"
	case t.InCategory(chroma.Keyword):
		return "hljs-keyword"
	case t == chroma.NameBuiltin || t == chroma.NameBuiltinPseudo:
		return "hljs-built_in"
	case t == chroma.NameFunction || t == chroma.NameFunctionMagic:
		return "hljs-title function_"
	case t == chroma.NameClass:
		return "hljs-title class_"
	case t == chroma.NameTag:
		return "hljs-name"
	case t == chroma.NameAttribute:
		return "hljs-attr"
	case t == chroma.NameDecorator:
		return "hljs-meta"
	case t.InSubCategory(chroma.NameVariable):
		return "hljs-variable"
	case t == chroma.LiteralStringRegex:
		return "hljs-regexp"
	case t.InSubCategory(chroma.LiteralString):
		return "hljs-string"
	case t.InSubCategory(chroma.LiteralNumber):
		return "hljs-number"
	case t == chroma.CommentPreproc || t == chroma.CommentPreprocFile:
		return "hljs-meta"
	case t.InCategory(chroma.Comment):
		return "hljs-comment"
	case t == chroma.GenericHeading || t == chroma.GenericSubheading:
		return "hljs-section"
	}
	return ""
}
