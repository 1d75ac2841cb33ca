package richtext

import (
	"testing"
	"unicode/utf8"
)

func addSeeds(f *testing.F) {
	for _, s := range seedInputs() {
		f.Add(s)
	}
}

func FuzzSanitize(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, in string) {
		for name, fn := range map[string]func(string) string{"Sanitize": Sanitize, "SanitizeAbout": SanitizeAbout} {
			out := fn(in)
			checkSafe(t, name, in, out)
			checkStable(t, name, in, out)
			checkIdempotent(t, name, fn, in, out)
		}
	})
}

func FuzzNormalize(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, in string) {
		// on raw input Normalize promises shape only (it is not a sanitiser) ...
		out := Normalize(in)
		checkStable(t, "Normalize", in, out)
		checkIdempotent(t, "Normalize", Normalize, in, out)
		// ... and on sanitised input its output stays safe
		out = Normalize(Sanitize(in))
		checkSafe(t, "Normalize(Sanitize)", in, out)
		checkStable(t, "Normalize(Sanitize)", in, out)
		checkIdempotent(t, "Normalize(Sanitize)", Normalize, in, out)
	})
}

func FuzzClean(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, in string) {
		for name, fn := range map[string]func(string) string{"Clean": Clean, "CleanAbout": CleanAbout} {
			out := fn(in)
			checkSafe(t, name, in, out)
			checkStable(t, name, in, out)
			checkIdempotent(t, name, fn, in, out)
		}
		_ = PlainText(in)
		_ = Excerpt(in, 40)
	})
}

// FuzzExcerpt: Excerpt reads its input as HTML once and TextExcerpt never does, so cutting
// an excerpt again (as the pages do, 400 then 200) keeps its characters.
func FuzzExcerpt(f *testing.F) {
	addSeeds(f)
	f.Add(`<p>Vec&lt;T&gt; is &lt;fast&gt; &amp;amp; more words to cut</p>`)
	f.Fuzz(func(t *testing.T, in string) {
		for _, n := range []int{1, 12, 200} {
			ex := Excerpt(in, n)
			if want := TextExcerpt(PlainText(in), n); ex != want {
				t.Fatalf("Excerpt(%q, %d) = %q, TextExcerpt(PlainText) = %q", in, n, ex, want)
			}
			if utf8.ValidString(in) && utf8.RuneCountInString(ex) > n {
				t.Fatalf("Excerpt(%q, %d) = %q is longer than %d runes", in, n, ex, n)
			}
			if again := TextExcerpt(ex, n); again != ex {
				t.Fatalf("TextExcerpt(%q, %d) = %q changed an excerpt", ex, n, again)
			}
		}
	})
}
