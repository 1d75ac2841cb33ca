package media_test

import (
	"bytes"
	"image"
	_ "image/gif"
	_ "image/jpeg"
	_ "image/png"
	"strings"
	"testing"

	_ "golang.org/x/image/webp"

	"github.com/folio/folio/media"
	"github.com/folio/folio/testutil"
)

// TestStripMetadata: every format, still and animated, loses its GPS EXIF, XMP and comments
// and stays a valid image of the same size (animations keep their frames).
func TestStripMetadata(t *testing.T) {
	for name, data := range testutil.MetadataImages(t) {
		format := strings.TrimSuffix(name, "-animated")
		found := 0
		for _, m := range testutil.MetadataMarkers {
			if bytes.Contains(data, []byte(m)) {
				found++
			}
		}
		if found < 2 {
			t.Fatalf("%s: the fixture carries %d markers", name, found)
		}
		before, _, err := image.DecodeConfig(bytes.NewReader(data))
		if err != nil && format != "webp" {
			t.Fatalf("%s fixture: %v", name, err)
		}
		out, err := media.StripMetadata(format, data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, m := range testutil.MetadataMarkers {
			if bytes.Contains(out, []byte(m)) {
				t.Errorf("%s: %q survived", name, m)
			}
		}
		after, _, err := image.DecodeConfig(bytes.NewReader(out))
		if err != nil || (before.Width != 0 && (after.Width != before.Width || after.Height != before.Height)) {
			t.Errorf("%s: stripped image %+v %v, was %+v", name, after, err, before)
		}
		if strings.HasSuffix(name, "-animated") && bytes.Count(out, []byte("ANMF"))+bytes.Count(out, []byte{0x00, 0x2C, 0x00}) < 2 {
			t.Errorf("%s: frames lost", name)
		}
		again, err := media.StripMetadata(format, out)
		if err != nil || !bytes.Equal(again, out) {
			t.Errorf("%s: a second strip changed the file (%v)", name, err)
		}
	}
}

func TestStripMetadataRefusesBrokenContainers(t *testing.T) {
	for _, c := range []struct{ format, data string }{
		{"jpeg", "\xff\xd8\xff\xe1\xff\xff"}, {"png", "\x89PNG\r\n\x1a\n\x00\x00\xff\xffIHDR"}, {"gif", "GIF89a\x01\x00\x01\x00\x00\x00\x00\x21\xfe\x05ab"},
		{"webp", "RIFF\xff\xff\xff\x7fWEBPVP8X"}, {"webp", "RIFF\x10\x00\x00\x00WEBPEXIF\xff\xff\xff\x7f"},
	} {
		if _, err := media.StripMetadata(c.format, []byte(c.data)); err == nil {
			t.Errorf("%s %q: no error", c.format, c.data)
		}
	}
}

func FuzzStripMetadata(f *testing.F) {
	for name, data := range testutil.MetadataImages(f) {
		f.Add(strings.TrimSuffix(name, "-animated"), data)
	}
	f.Fuzz(func(t *testing.T, format string, data []byte) {
		out, err := media.StripMetadata(format, data)
		if err == nil && len(out) > len(data)+16 {
			t.Fatalf("grew from %d to %d bytes", len(data), len(out))
		}
	})
}
