package richtext

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestPlainText(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`<p>a</p><p>b</p>`, "a b"},
		{`<b>he</b>llo`, "hello"},
		{`line<br>break<br/>again`, "line break again"},
		{`<h2>Title</h2><ul><li>one</li><li>two</li></ul>`, "Title one two"},
		{`Fish &amp; chips &lt;3 &quot;q&quot; &#39;s&#39; caf&eacute; &#x1F600;`, `Fish & chips <3 "q" 's' café 😀`},
		{"  lots \n\t of   space&nbsp;&nbsp;here  ", "lots of space here"},
		{`<p>x<script>alert(1)</script><style>p{}</style>y</p>`, "xy"},
		{`<td>a</td><td>b</td>`, "ab"}, // table cells outside a table parse as text
		{`<table><tr><td>a</td><td>b</td></tr></table>`, "a b"},
		{`<pre><code>a\n  b</code></pre>`, `a\n b`},
		{`<p>a</p>` + "\n" + `<p>b</p>`, "a b"},
		{``, ""},
		{`<p><br></p>`, ""},
		{`plain`, "plain"},
	} {
		if got := PlainText(c.in); got != c.want {
			t.Errorf("PlainText(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestExcerpt(t *testing.T) {
	for _, c := range []struct {
		in   string
		n    int
		want string
	}{
		{`<p>short</p>`, 400, "short"},
		{`<p>exactly ten</p>`, 11, "exactly ten"},       // 11 runes, no cut
		{`abcdefghijkl`, 10, "abcdefghi…"},              // one long word: cut at n, … counts
		{`aaaa bbbb cccc dddd`, 12, "aaaa bbbb…"},       // cut falls in a word, a space is near: whole words
		{`aaaaaaaaaaaaaaaaaaaa bb`, 12, "aaaaaaaaaaa…"}, // no space in the last 20%: cut mid-word
		{`one two three`, 8, "one two…"},                // cut lands right on a space
		{`café crème brûlée`, 6, "café…"},               // runes, not bytes
		{`😀😀😀😀😀😀`, 4, "😀😀😀…"},                           // emoji are one rune each
		{`👍🏽👍🏽👍🏽👍🏽`, 4, "👍🏽…"},                          // skin tone stays with its hand
		{`<p>a</p><p>b</p><p>c</p>`, 4, "a b…"},
		{"caf\u0065\u0301 au lait", 5, "caf…"}, // combining accent not split from its e
		{`Fish &amp; chips and more`, 8, "Fish &…"},
		{`abc`, 1, "…"},
		{`abc`, 0, ""},
		{``, 10, ""},
	} {
		got := Excerpt(c.in, c.n)
		if got != c.want {
			t.Errorf("Excerpt(%q, %d) = %q, want %q", c.in, c.n, got, c.want)
		}
		if c.n > 0 && utf8.RuneCountInString(got) > c.n {
			t.Errorf("Excerpt(%q, %d) = %q has more than %d runes", c.in, c.n, got, c.n)
		}
	}
	long := strings.Repeat("word ", 200)
	if got := Excerpt(long, 400); utf8.RuneCountInString(got) > 400 || !strings.HasSuffix(got, "word…") {
		t.Errorf("Excerpt(long, 400) = %q", got)
	}
}

func TestTextExcerptKeepsWhatLooksLikeMarkup(t *testing.T) {
	for _, c := range []struct {
		in   string
		n    int
		want string
	}{
		{`Vec<T> is <fast>`, 200, `Vec<T> is <fast>`},
		{`Fish &amp; chips`, 200, `Fish &amp; chips`}, // plain text: an entity is its characters
		{`a <b>bold</b> claim`, 200, `a <b>bold</b> claim`},
		{"  lots \n\t of   space\u00a0here  ", 200, "lots of space here"},
		{`Vec<T> and Box<dyn Error>`, 12, `Vec<T> and…`},
		{`aaaa bbbb cccc dddd`, 12, "aaaa bbbb…"},
		{`abc`, 0, ""},
	} {
		if got := TextExcerpt(c.in, c.n); got != c.want {
			t.Errorf("TextExcerpt(%q, %d) = %q, want %q", c.in, c.n, got, c.want)
		}
	}
}

// The pages cut the API's 400-character excerpt again to 200 for meta descriptions and
// cards: the text must be read as HTML once, when the excerpt is made, and never again.
func TestExcerptReadsHTMLOnce(t *testing.T) {
	for _, c := range []struct{ html, want string }{
		{`<p>Make it &lt;fast&gt;</p>`, `Make it <fast>`},
		{`<p>Use <code>Vec&lt;T&gt;</code> here</p>`, `Use Vec<T> here`},
		{`<p>&lt;script&gt;alert(1)&lt;/script&gt; is text</p>`, `<script>alert(1)</script> is text`},
		{`<p>Tom &amp;amp; Jerry</p>`, `Tom &amp; Jerry`}, // an escaped entity stays an entity's text
		{`<p>&quot;quoted&quot; &amp; &#39;single&#39;</p>`, `"quoted" & 'single'`},
	} {
		stored := Excerpt(c.html, 400)
		if stored != c.want {
			t.Errorf("Excerpt(%q) = %q, want %q", c.html, stored, c.want)
		}
		if got := TextExcerpt(stored, 200); got != c.want {
			t.Errorf("TextExcerpt(Excerpt(%q)) = %q, want %q", c.html, got, c.want)
		}
		if got := TextExcerpt(PlainText(c.html), 400); got != stored {
			t.Errorf("TextExcerpt(PlainText(%q)) = %q, Excerpt gives %q", c.html, got, stored)
		}
	}
}

func TestWordCountAndReading(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int
	}{
		{`<p>one two</p><p>three</p>`, 3},
		{`<b>he</b>llo world`, 2},
		{`a<br>b`, 2},
		{``, 0},
		{`<p>&nbsp;</p>`, 0},
		{`caf&eacute; 😀 ok`, 3},
	} {
		if got := WordCount(c.in); got != c.want {
			t.Errorf("WordCount(%q) = %d, want %d", c.in, got, c.want)
		}
	}
	for words, want := range map[int]int{0: 0, -1: 0, 1: 1, 199: 1, 200: 1, 201: 2, 400: 2, 401: 3} {
		if got := ReadingMinutes(words); got != want {
			t.Errorf("ReadingMinutes(%d) = %d, want %d", words, got, want)
		}
	}
}
