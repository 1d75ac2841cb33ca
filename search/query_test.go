package search_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/folio/folio/search"
	"github.com/folio/folio/testutil"
)

func TestMatchExpr(t *testing.T) {
	for q, want := range map[string]string{
		"résumé":           `"résumé"*`,
		`say "hi" there`:   `"say" "hi" "there"*`,
		`NEAR(a b) OR cd*`: `"NEAR" "a" "b" "OR" "cd"*`,
		`title:x`:          `"title" "x"`, // a one-letter last word is whole, not a prefix
		"c++ rocks":        `"c++" "rocks"*`,
		"!!!":              ``,
	} {
		got, ok := search.MatchExpr(q)
		if got != want || ok != (want != "") {
			t.Errorf("MatchExpr(%q) = %q %v, want %q", q, got, ok, want)
		}
	}
}

// FuzzMatchExpr: whatever the text, the expression is quoted tokens only and SQLite
// accepts it, and the head table's expression of the same words too. Seeds live in testdata/fuzz/FuzzMatchExpr and below.
func FuzzMatchExpr(f *testing.F) {
	for _, s := range []string{`"`, `NEAR(a b, 2)`, `a OR b NOT c`, `((x`, `*`, `^start`, `col:word`, `é́́`, "\x02\x03", strings.Repeat("z ", 600)} {
		f.Add(s)
	}
	app := testutil.NewApp(f)
	if _, err := app.DB().NewQuery(`INSERT INTO "itemSearch" (rowid, title, body, tags, categories) VALUES (1, 'a b', 'near or', 'x', 'y')`).Execute(); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, q string) {
		expr, ok := search.MatchExpr(q)
		if !ok {
			return
		}
		if !utf8.ValidString(expr) {
			t.Fatalf("invalid UTF-8 in %q", expr)
		}
		// only quoted strings separated by spaces, the last one maybe followed by *
		for _, tok := range strings.Split(strings.TrimSuffix(expr, "*"), `" "`) {
			if strings.Contains(strings.Trim(tok, `"`), `"`) {
				t.Fatalf("quote inside a token: %q", expr)
			}
		}
		var n int
		if err := app.DB().NewQuery(`SELECT count(*) FROM "itemSearch" WHERE "itemSearch" MATCH {:q}`).Bind(map[string]any{"q": expr}).Row(&n); err != nil {
			t.Fatalf("q %q → %q: %v", q, expr, err)
		}
		// the head tier's look-up: the same words, any of them, in the head table
		head := search.HeadExpr(q)
		if err := app.DB().NewQuery(`SELECT count(*) FROM "itemSearchHead" WHERE "itemSearchHead" MATCH {:q}`).Bind(map[string]any{"q": head}).Row(&n); err != nil {
			t.Fatalf("q %q → head %q: %v", q, head, err)
		}
	})
}
