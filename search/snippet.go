package search

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// Snippets are cut here, from the page's stored index text, not by FTS5's snippet(): that one
// runs the match again over every hit of the search (8 ms for six common words over 10,000
// items) to reach the page's ten rows. The words are the index's: runs of letters, digits and
// marks, compared case- and accent-folded like unicode61 remove_diacritics 2; a snippet is the
// window of snippetTokens words with the most distinct query words, the first best column
// (title, body, tags, categories) winning a tie, "…" where the text goes on.

// token is one word of a text: its byte span and folded form (when asked for).
type token struct {
	start, end int
	folded     string
}

// isTokenRune tells the runes that make words in the index (unicode61's letters, numbers,
// private-use characters; marks fold away with the letter they follow).
func isTokenRune(r rune) bool {
	if r < utf8.RuneSelf {
		return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9'
	}
	return unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.IsMark(r) || unicode.Is(unicode.Co, r)
}

var unaccent = transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)

// fold is a word's case- and accent-insensitive form.
func fold(w string) string {
	ascii := true
	for i := 0; i < len(w); i++ {
		if w[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return strings.ToLower(w)
	}
	if s, _, err := transform.String(unaccent, w); err == nil {
		w = s
	}
	return strings.ToLower(w)
}

// tokenize splits s into its words, folded when folded is set (a snippet's text is matched
// unfolded: terms.matchRaw).
func tokenize(s string, folded bool) []token {
	toks := make([]token, 0, len(s)/6+1)
	start := -1
	add := func(end int) {
		tok := token{start: start, end: end}
		if folded {
			tok.folded = fold(s[start:end])
		}
		toks = append(toks, tok)
	}
	for i, r := range s {
		if isTokenRune(r) && r != utf8.RuneError {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			add(i)
			start = -1
		}
	}
	if start >= 0 {
		add(len(s))
	}
	return toks
}

// terms are a query's folded words, as matchTerms reads them: the last one a prefix when
// prefix is set.
type terms struct {
	words  []string
	prefix bool
}

// queryTerms reads q as MatchExpr does: the words split further where the index splits them.
func queryTerms(q string) terms {
	var t terms
	for _, w := range Words(q) {
		for _, tok := range tokenize(w, true) {
			t.words = append(t.words, tok.folded)
		}
	}
	if ws := Words(q); len(ws) > 0 {
		last := tokenize(ws[len(ws)-1], false)
		t.prefix = utf8.RuneCountInString(ws[len(ws)-1]) > 1 && len(last) > 0
	}
	return t
}

// matchRaw is match for an unfolded word: an ASCII one is compared ignoring case without
// folding it (most of a text's words, none of them allocated); any other is folded first.
func (t terms) matchRaw(tok string) int {
	for i := 0; i < len(tok); i++ {
		if tok[i] >= utf8.RuneSelf {
			return t.match(fold(tok))
		}
	}
	for i, w := range t.words {
		if len(tok) == len(w) && strings.EqualFold(tok, w) ||
			t.prefix && i == len(t.words)-1 && len(tok) > len(w) && strings.EqualFold(tok[:len(w)], w) {
			return i
		}
	}
	return -1
}

// match tells which query word tok (folded) is (its index), or -1.
func (t terms) match(tok string) int {
	for i, w := range t.words {
		if tok == w || (t.prefix && i == len(t.words)-1 && strings.HasPrefix(tok, w)) {
			return i
		}
	}
	return -1
}

// cutSnippet is the marked snippet (markOpen/markClose around matches, not yet escaped) of
// the best window over cols for t, of at most n words.
func cutSnippet(cols []string, t terms, n int) string {
	bestCol, bestStart, bestScore := -1, 0, -1
	colToks := make([][]token, len(cols))
	hits := make([][]int, len(cols)) // per column: the query word of each token, or -1
	for c, text := range cols {
		toks := tokenize(text, false)
		colToks[c] = toks
		hits[c] = make([]int, len(toks))
		for i, tok := range toks {
			hits[c][i] = t.matchRaw(text[tok.start:tok.end])
		}
		for i, h := range hits[c] {
			if h < 0 {
				continue
			}
			start, score := window(hits[c], i, n)
			if score > bestScore {
				bestCol, bestStart, bestScore = c, start, score
			}
		}
	}
	if bestCol < 0 { // no word found (folded otherwise than the index): the body's start
		bestCol = 1
		if len(colToks[bestCol]) == 0 {
			bestCol = 0
		}
	}
	return render(cols[bestCol], colToks[bestCol], hits[bestCol], bestStart, n)
}

// window scores the n words from hit i (distinct query words first, then all hits) and
// moves their start left so the hits sit in the middle, as FTS5's snippet() does.
func window(hits []int, i, n int) (start, score int) {
	seen := map[int]bool{}
	first, last := i, i
	for j := i; j < len(hits) && j < i+n; j++ {
		if h := hits[j]; h >= 0 {
			if !seen[h] {
				seen[h] = true
				score += 1000
			}
			score++
			last = j
		}
	}
	start = first - (n-(last-first+1))/2
	return max(0, min(start, len(hits)-n)), score
}

// render is text's words start..start+n with the matches marked, the text around them kept,
// and "…" where the column goes on.
func render(text string, toks []token, hits []int, start, n int) string {
	if len(toks) == 0 {
		return text
	}
	end := min(len(toks), start+n) // exclusive
	var b strings.Builder
	from := toks[start].start
	if start == 0 {
		from = 0
	} else {
		b.WriteString("…")
	}
	for j := start; j < end; j++ {
		b.WriteString(text[from:toks[j].start])
		if hits[j] >= 0 {
			b.WriteString(markOpen + text[toks[j].start:toks[j].end] + markClose)
		} else {
			b.WriteString(text[toks[j].start:toks[j].end])
		}
		from = toks[j].end
	}
	if end == len(toks) {
		b.WriteString(text[from:])
	} else {
		b.WriteString("…")
	}
	return b.String()
}
