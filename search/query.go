// Package search is Folio's full-text search (API.md "Search"): an SQLite FTS5 index over
// each item's title, body text, tags and categories, kept in step by record hooks, and the
// ranked, paged query of public items with marked snippets. No HTTP here.
package search

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Query limits: a longer query is cut, extra words are dropped (the answer stays cheap).
const (
	MaxQueryRunes = 1000
	MaxQueryWords = 16
	MinQueryRunes = 2
)

// Words splits q into the words the index's unicode61 tokenizer would see: spaces, punctuation
// (quotes, `*`, `:`, parentheses, `-`) and control characters separate; letters, digits, marks
// and symbols make words. A word of marks alone (folded away by the tokenizer) is dropped.
func Words(q string) []string {
	if !utf8.ValidString(q) {
		q = strings.ToValidUTF8(q, " ")
	}
	if r := []rune(q); len(r) > MaxQueryRunes {
		q = string(r[:MaxQueryRunes])
	}
	var words []string
	for _, w := range strings.FieldsFunc(q, separates) {
		if strings.IndexFunc(w, func(r rune) bool { return !unicode.IsMark(r) }) < 0 {
			continue
		}
		if words = append(words, w); len(words) == MaxQueryWords {
			break
		}
	}
	return words
}

// separates tells unicode61's separators: spaces, punctuation, controls and format characters.
func separates(r rune) bool {
	return unicode.IsSpace(r) || unicode.IsPunct(r) || unicode.In(r, unicode.Z, unicode.Cc, unicode.Cf, unicode.Cs) || r == utf8.RuneError
}

// MatchExpr is the FTS5 MATCH expression for the user's text q: every word a quoted string
// token (so NEAR, AND, OR, NOT and column names are only words), all of them required, the
// last one as a prefix when it has two letters or more; a word given twice counts once. ok is
// false when q holds no word: there is nothing to look up.
func MatchExpr(q string) (expr string, ok bool) {
	ph := phrases(q)
	return strings.Join(ph, " "), len(ph) > 0
}

// headExpr matches, in the head table (title, tags, categories), the items holding one of the
// words of MatchExpr(q).
func headExpr(q string) string {
	return strings.Join(phrases(q), " OR ")
}

// phrases are q's words as FTS5 phrases, in order, each once.
func phrases(q string) []string {
	words := Words(q)
	out := make([]string, 0, len(words))
	for i, w := range words {
		p := `"` + strings.ReplaceAll(w, `"`, `""`) + `"` // no quote by construction; kept for safety
		if i == len(words)-1 && utf8.RuneCountInString(w) > 1 {
			p += "*" // a one-letter prefix says little and would merge a whole letter's words
		}
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}
