package media

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"testing"
)

func thumbPicture(w, h int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.NRGBA{uint8(x), uint8(y), uint8(x ^ y), 255})
		}
	}
	return img
}

// Thumb follows PocketBase's size syntax: width-only resizes, f fits without upscaling, WxH
// crops; JPEG stays JPEG and PNG stays PNG; GIF and bad sizes are left to PocketBase.
func TestThumbSizesAndFormats(t *testing.T) {
	var jp, pn, gf bytes.Buffer
	if err := jpeg.Encode(&jp, thumbPicture(1000, 500), &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	if err := png.Encode(&pn, thumbPicture(300, 300)); err != nil {
		t.Fatal(err)
	}
	if err := gif.Encode(&gf, thumbPicture(20, 20), nil); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		src          []byte
		size, format string
		w, h         int
	}{
		{jp.Bytes(), "480x0", "jpeg", 480, 240},
		{jp.Bytes(), "0x100", "jpeg", 200, 100},
		{jp.Bytes(), "800x1600f", "jpeg", 800, 400},
		{jp.Bytes(), "1200x2400f", "jpeg", 1000, 500}, // fit never upscales
		{jp.Bytes(), "300x300", "jpeg", 300, 300},
		{jp.Bytes(), "300x100t", "jpeg", 300, 100},
		{pn.Bytes(), "256x256", "png", 256, 256},
	} {
		out, err := Thumb(tc.src, tc.size)
		if err != nil {
			t.Fatalf("%s: %v", tc.size, err)
		}
		cfg, format, err := image.DecodeConfig(bytes.NewReader(out))
		if err != nil || format != tc.format || cfg.Width != tc.w || cfg.Height != tc.h {
			t.Errorf("%s: %s %dx%d (%v), want %s %dx%d", tc.size, format, cfg.Width, cfg.Height, err, tc.format, tc.w, tc.h)
		}
	}
	for _, tc := range []struct {
		src  []byte
		size string
	}{{gf.Bytes(), "480x0"}, {jp.Bytes(), "0x0"}, {jp.Bytes(), "big"}, {jp.Bytes(), "480x0z"}} {
		if _, err := Thumb(tc.src, tc.size); !errors.Is(err, ErrNoThumb) {
			t.Errorf("%s: %v, want ErrNoThumb", tc.size, err)
		}
	}
	if _, err := Thumb([]byte("not an image"), "480x0"); err == nil {
		t.Error("garbage made a thumb")
	}
}
