package media_test

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"testing"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/media"
)

func picture(w, h int) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for x := 0; x < w; x += 7 {
		img.Set(x, x%h, color.RGBA{R: uint8(x), G: 90, B: 200, A: 255})
	}
	return img
}

func encodePNG(t testing.TB, w, h int) []byte {
	var buf bytes.Buffer
	if err := png.Encode(&buf, picture(w, h)); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func encodeJPEG(t testing.TB, w, h int) []byte {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, picture(w, h), nil); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// animatedGIF has frames frames of w×h.
func animatedGIF(t testing.TB, w, h, frames int) []byte {
	pal := color.Palette{color.Black, color.White}
	g := &gif.GIF{}
	for i := 0; i < frames; i++ {
		g.Image = append(g.Image, image.NewPaletted(image.Rect(0, 0, w, h), pal))
		g.Delay = append(g.Delay, 10)
	}
	var buf bytes.Buffer
	if err := gif.EncodeAll(&buf, g); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// code is the refusal code of err ("" when err is not a refusal).
func code(err error) string {
	var refused *media.Error
	if errors.As(err, &refused) {
		return refused.Code
	}
	return ""
}

func TestImageDownscalesTheLongSide(t *testing.T) {
	out, err := media.Image(encodeJPEG(t, 3000, 1000), "jpeg")
	if err != nil || out == nil {
		t.Fatalf("Image = %d bytes, %v", len(out), err)
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(out))
	if err != nil || format != "jpeg" || cfg.Width != c.MaxLongSide || cfg.Height != 640 {
		t.Fatalf("stored %dx%d %s (%v), want %dx640 jpeg", cfg.Width, cfg.Height, format, err, c.MaxLongSide)
	}
}

func TestImageKeepsSmallGIFsAndAnimations(t *testing.T) {
	for name, data := range map[string][]byte{
		"small gif":    animatedGIF(t, 20, 20, 1),
		"animated gif": animatedGIF(t, c.MaxLongSide+100, 10, 2),
	} {
		if out, err := media.Image(data, "gif"); err != nil || out != nil {
			t.Errorf("%s: Image = %d bytes, %v; want it kept as uploaded", name, len(out), err)
		}
	}
}

func TestImageRefusesBombsBeforeDecoding(t *testing.T) {
	// A PNG header declaring 20000×20000 with no pixel data: refused from the header alone.
	var buf bytes.Buffer
	buf.Write(encodePNG(t, 1, 1)[:8])
	ihdr := []byte{0, 0, 0, 13, 'I', 'H', 'D', 'R', 0, 0, 0x4e, 0x20, 0, 0, 0x4e, 0x20, 8, 2, 0, 0, 0, 0, 0, 0, 0}
	buf.Write(ihdr)
	_, err := media.Image(buf.Bytes(), "png")
	if code(err) != "validation_image_too_large" && code(err) != "validation_invalid_image" {
		t.Fatalf("bomb: %v", err)
	}
	if _, err := media.Image(encodePNG(t, 40, 40)[:30], "png"); code(err) != "validation_invalid_image" {
		t.Fatalf("truncated: %v", err)
	}
}

func TestGIFFramesCountsWithoutDecoding(t *testing.T) {
	for frames := 1; frames <= 3; frames++ {
		if got := media.GIFFrames(animatedGIF(t, 8, 8, frames), 10); got != frames {
			t.Errorf("GIFFrames = %d, want %d", got, frames)
		}
	}
	if got := media.GIFFrames(animatedGIF(t, 8, 8, 5), 2); got != 2 {
		t.Errorf("GIFFrames stops at its limit: %d", got)
	}
	if media.GIFFrames([]byte("GIF89a"), 2) != 0 {
		t.Error("a truncated header has no frames")
	}
}

func TestTooLargeMessage(t *testing.T) {
	if got := media.TooLargeMessage("media", 10<<20); got != "Media is larger than 10 MB." {
		t.Fatalf("TooLargeMessage = %q", got)
	}
}

// FuzzImage: any bytes under any format name give a result, a kept upload or a refusal
// with a code, never a panic or an unexplained error.
func FuzzImage(f *testing.F) {
	f.Add(encodePNG(f, 8, 8), "png")
	f.Add(encodeJPEG(f, 8, 8), "jpeg")
	f.Add(animatedGIF(f, 8, 8, 2), "gif")
	f.Add([]byte("RIFF\x00\x00\x00\x00WEBPVP8X"), "webp")
	f.Fuzz(func(t *testing.T, data []byte, format string) {
		if len(data) > 1<<16 {
			return
		}
		_, err := media.Image(data, format)
		if err != nil && code(err) == "" {
			t.Fatalf("unexplained error %v", err)
		}
		media.GIFFrames(data, 3)
		media.WebPAnimated(data)
	})
}
