package pages

import (
	"bytes"
	"image/png"
	"strings"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

func TestShareCard(t *testing.T) {
	for _, title := range []string{"Hello", strings.Repeat("A rather long title about SQLite and Go ", 12), "Ünïcødé — “quotes” & <tags>", strings.Repeat("x", 300)} {
		b, err := ShareCard("Folio", title)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil || img.Bounds().Dx() != ShareCardWidth || img.Bounds().Dy() != ShareCardHeight {
			t.Fatalf("%q: %v %v", title, err, img.Bounds())
		}
	}
	a, _ := ShareCard("Folio", "One title")
	b, _ := ShareCard("Folio", "Another title")
	if bytes.Equal(a, b) {
		t.Error("two titles drew the same card")
	}
}

func TestWrapText(t *testing.T) {
	face, _, err := cardFonts()
	if err != nil {
		t.Fatal(err)
	}
	width := fixed.I(ShareCardWidth - 2*96)
	lines := wrapText(face, strings.Repeat("word ", 200), width, 4)
	if len(lines) != 4 || !strings.HasSuffix(lines[3], "…") {
		t.Fatalf("long text: %d lines %q", len(lines), lines)
	}
	for _, l := range lines {
		if w := font.MeasureString(face, l); w > width {
			t.Errorf("line %q is %v wide, over %v", l, w, width)
		}
	}
	if got := wrapText(face, "Short one", width, 4); len(got) != 1 || got[0] != "Short one" {
		t.Errorf("short text: %q", got)
	}
}
