package richtext

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"
)

// headingCases are shared with the app's test (frontend/src/lib/__tests__/headings-parity.test.ts):
// the server's ids and the app's prepareArticle agree on the same descriptions.
func headingCases(t *testing.T) []struct {
	HTML     string
	Headings []Heading
} {
	t.Helper()
	raw, err := os.ReadFile("testdata/headings.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		HTML     string
		Headings []Heading
	}
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	return cases
}

func TestWithHeadingIDs(t *testing.T) {
	for _, tc := range headingCases(t) {
		clean := Sanitize(tc.HTML)
		out, got := WithHeadingIDs(clean)
		if !slices.Equal(got, tc.Headings) {
			t.Errorf("%q: headings %+v, want %+v", tc.HTML, got, tc.Headings)
		}
		for _, h := range tc.Headings {
			if !strings.Contains(out, ` id="`+h.ID+`"`) {
				t.Errorf("%q: no id %q in %s", tc.HTML, h.ID, out)
			}
		}
		if len(got) == 0 && out != clean {
			t.Errorf("%q: changed without headings: %s", tc.HTML, out)
		}
		// What it gives back is as stable as the sanitiser's output.
		if again, _ := WithHeadingIDs(out); again != out {
			t.Errorf("%q: not a fixed point:\n%s\n%s", tc.HTML, out, again)
		}
	}
}

func TestSlugify(t *testing.T) {
	for in, want := range map[string]string{"": "section", "--a--b--": "a-b", "İstanbul": "istanbul", "Ǆ": "dz", "x²": "x2"} {
		if got := Slugify(in); got != want {
			t.Errorf("Slugify(%q) = %q, want %q", in, got, want)
		}
	}
}
