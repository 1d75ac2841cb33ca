package search

import (
	"strings"
	"testing"
)

func TestCutSnippet(t *testing.T) {
	long := strings.Repeat("alpha beta gamma delta. ", 10) + "Here the Crème brûlée QUESTIONS start, " + strings.Repeat("omega psi chi. ", 10)
	cases := []struct {
		name, q string
		cols    []string
		want    string
	}{
		{"middle of a long body, accents and case folded, last word a prefix", "creme quest",
			[]string{"Title", long, "", ""},
			"…alpha beta gamma delta. alpha beta gamma delta. Here the \x02Crème\x03 brûlée \x02QUESTIONS\x03 start, omega psi chi. omega psi chi. omega psi chi. omega…"},
		{"a short column whole, its end kept", "kettle",
			[]string{"Notes", "Use a kettle on the stove.", "", ""},
			"Use a \x02kettle\x03 on the stove."},
		{"a tie goes to the first column", "résumé",
			[]string{"Résumé tips", "How I write a résumé.", "", ""},
			"\x02Résumé\x03 tips"},
		{"more distinct words win over more hits", "tea cups",
			[]string{"", "tea tea tea tea", "tea and cups", ""},
			"\x02tea\x03 and \x02cups\x03"},
		{"only the last word is a prefix", "cat dog",
			[]string{"", "cats and dogs and a cat", "", ""},
			"cats and \x02dogs\x03 and a \x02cat\x03"},
		{"a one-letter last word is no prefix", "x",
			[]string{"", "xylophone x", "", ""},
			"xylophone \x02x\x03"},
		{"no word found: the body's start", "zzz",
			[]string{"Title", "Body text.", "", ""},
			"Body text."},
	}
	for _, tc := range cases {
		if got := cutSnippet(tc.cols, queryTerms(tc.q), 24); got != tc.want {
			t.Errorf("%s:\n got %q\nwant %q", tc.name, got, tc.want)
		}
	}
}

// FuzzCutSnippet: whatever the query and text, the snippet is a piece of the text with
// markers only around words, and it never panics.
func FuzzCutSnippet(f *testing.F) {
	for _, s := range [][2]string{{"é́́", "é́́ e"}, {"a+b", "a+b c"}, {"\xff", "\xffx"}, {"ß", "STRASSE straße"}, {"İ", "i̇"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, q, body string) {
		if strings.ContainsAny(body, markOpen+markClose) || strings.Contains(body, "…") {
			return // the index holds no markers (clean); an ellipsis in the text would be ambiguous
		}
		got := cutSnippet([]string{"", body, "", ""}, queryTerms(q), 24)
		if strings.Count(got, markOpen) != strings.Count(got, markClose) {
			t.Fatalf("unbalanced marks: %q", got)
		}
		plain := strings.NewReplacer(markOpen, "", markClose, "").Replace(got)
		if !strings.Contains(body, strings.Trim(plain, "…")) {
			t.Fatalf("%q is not a piece of %q", plain, body)
		}
	})
}
