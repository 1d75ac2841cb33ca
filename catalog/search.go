package catalog

import (
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// searchTitleMax is the hidden searchTitle field's Max (runes): folding may lengthen a title.
const searchTitleMax = 1200

// SearchFold is the case-insensitive, Unicode-aware form titles and `q` are compared in:
// compatibility-normalised (precomposed "é" equals "e"+U+0301) and case-folded ("CAFÉ" → "café").
func SearchFold(s string) string {
	f := cases.Fold().String(norm.NFKC.String(s))
	if utf8.RuneCountInString(f) <= searchTitleMax {
		return f
	}
	r := []rune(f)
	return string(r[:searchTitleMax])
}
