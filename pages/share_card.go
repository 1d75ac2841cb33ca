package pages

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"strings"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// ShareCardWidth and ShareCardHeight are the size share cards are drawn at (the Open Graph
// and Twitter large-image ratio, as the covers' share thumbs).
const (
	ShareCardWidth  = 1200
	ShareCardHeight = 630
)

var (
	cardFontsOnce         sync.Once
	cardTitle, cardDetail font.Face
	cardFontErr           error
)

// cardFonts parses the embedded Go fonts once: bold for the title, regular for the site name.
func cardFonts() (title, detail font.Face, err error) {
	cardFontsOnce.Do(func() {
		var bold, regular *opentype.Font
		if bold, cardFontErr = opentype.Parse(gobold.TTF); cardFontErr != nil {
			return
		}
		if regular, cardFontErr = opentype.Parse(goregular.TTF); cardFontErr != nil {
			return
		}
		if cardTitle, cardFontErr = opentype.NewFace(bold, &opentype.FaceOptions{Size: 64, DPI: 72, Hinting: font.HintingFull}); cardFontErr != nil {
			return
		}
		cardDetail, cardFontErr = opentype.NewFace(regular, &opentype.FaceOptions{Size: 34, DPI: 72, Hinting: font.HintingFull})
	})
	return cardTitle, cardDetail, cardFontErr
}

var (
	cardBackground = color.RGBA{0x1a, 0x1b, 0x1e, 0xff} // Mantine dark-7, the site's dark theme
	cardAccent     = color.RGBA{0x22, 0x8b, 0xe6, 0xff} // Mantine blue-6, the primary colour
	cardTitleInk   = color.RGBA{0xf8, 0xf9, 0xfa, 0xff}
	cardDetailInk  = color.RGBA{0xad, 0xb5, 0xbd, 0xff}
)

// cardMu serialises drawing: a font.Face is not safe for concurrent use.
var cardMu sync.Mutex

// ShareCard draws the share image of an item without a cover or profile image: the title in
// large type (at most four lines, cut with an ellipsis), the site's name above it, on the
// site's dark background with an accent bar. PNG bytes.
func ShareCard(site, title string) ([]byte, error) {
	titleFace, detailFace, err := cardFonts()
	if err != nil {
		return nil, err
	}
	cardMu.Lock()
	defer cardMu.Unlock()
	img := image.NewRGBA(image.Rect(0, 0, ShareCardWidth, ShareCardHeight))
	draw.Draw(img, img.Bounds(), image.NewUniform(cardBackground), image.Point{}, draw.Src)
	draw.Draw(img, image.Rect(0, 0, 24, ShareCardHeight), image.NewUniform(cardAccent), image.Point{}, draw.Src)

	const margin = 96
	write := func(face font.Face, ink color.Color, x, y int, s string) {
		d := font.Drawer{Dst: img, Src: image.NewUniform(ink), Face: face, Dot: fixed.P(x, y)}
		d.DrawString(s)
	}
	width := fixed.I(ShareCardWidth - 2*margin)
	write(detailFace, cardDetailInk, margin, 130, fitLine(detailFace, strings.TrimSpace(site), width))
	lines := wrapText(titleFace, strings.TrimSpace(title), width, 4)
	lineHeight := titleFace.Metrics().Height.Ceil() + 8
	y := 250
	for _, line := range lines {
		write(titleFace, cardTitleInk, margin, y, line)
		y += lineHeight
	}
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// wrapText breaks s into at most max lines no wider than width; a longer text ends in "…".
func wrapText(face font.Face, s string, width fixed.Int26_6, max int) []string {
	var lines []string
	line := ""
	words := strings.Fields(s)
	for i, w := range words {
		try := w
		if line != "" {
			try = line + " " + w
		}
		if font.MeasureString(face, try) <= width {
			line = try
			continue
		}
		if line != "" {
			lines = append(lines, line)
		}
		line = fitLine(face, w, width) // a single word wider than the card is cut
		if len(lines) == max-1 && i < len(words)-1 {
			rest := strings.Join(words[i:], " ")
			return append(lines, fitLine(face, rest, width))
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	if len(lines) > max {
		lines = append(lines[:max-1], fitLine(face, strings.Join(lines[max-1:], " "), width))
	}
	return lines
}

// fitLine returns s, or its longest start that fits width followed by "…".
func fitLine(face font.Face, s string, width fixed.Int26_6) string {
	if font.MeasureString(face, s) <= width {
		return s
	}
	r := []rune(s)
	for len(r) > 0 && font.MeasureString(face, string(r)+"…") > width {
		r = r[:len(r)-1]
	}
	return strings.TrimRight(string(r), " ") + "…"
}
