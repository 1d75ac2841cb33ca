package content

import "testing"

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
