package testutil

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"testing"

	"github.com/HugoSmits86/nativewebp"
)

// MetadataMarkers are byte strings of the metadata MetadataImages carry; none may survive
// a strip.
var MetadataMarkers = []string{"FOLIO-GPS-MARKER", "FOLIO-XMP-MARKER", "FOLIO-COMMENT-MARKER", "Exif\x00\x00", "GPSLatitude", "xmpmeta"}

// gpsTIFF is an EXIF (TIFF) block with an ImageDescription and a GPS IFD (latitude 52°31'N).
func gpsTIFF() []byte {
	var b bytes.Buffer
	le := binary.LittleEndian
	desc := "FOLIO-GPS-MARKER\x00"
	b.WriteString("II*\x00")
	binary.Write(&b, le, uint32(8))
	// IFD0 at 8: 2 entries (12 bytes each) + next-IFD offset = 2+24+4 = 30 -> ends at 38
	binary.Write(&b, le, uint16(2))
	binary.Write(&b, le, []uint16{0x010E, 2})
	binary.Write(&b, le, []uint32{uint32(len(desc)), 38})
	binary.Write(&b, le, []uint16{0x8825, 4})
	binary.Write(&b, le, []uint32{1, uint32(38 + len(desc))})
	binary.Write(&b, le, uint32(0))
	b.WriteString(desc)
	// GPS IFD: LatitudeRef "N", Latitude 3 rationals
	gps := b.Len()
	binary.Write(&b, le, uint16(2))
	binary.Write(&b, le, []uint16{1, 2})
	binary.Write(&b, le, uint32(2))
	b.WriteString("N\x00\x00\x00")
	binary.Write(&b, le, []uint16{2, 5})
	binary.Write(&b, le, []uint32{3, uint32(gps + 2 + 24 + 4)})
	binary.Write(&b, le, uint32(0))
	binary.Write(&b, le, []uint32{52, 1, 31, 1, 12, 1})
	return b.Bytes()
}

const gpsXMP = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
	`<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="52,31.2N" exif:GPSLongitude="13,24.6E" ` +
	`exif:UserComment="FOLIO-XMP-MARKER"/></rdf:RDF></x:xmpmeta>`

func testPicture(w, h int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.NRGBA{uint8(x * 7), uint8(y * 5), 90, 255})
		}
	}
	return img
}

// MetadataImages are small images of every accepted format, still and animated, each
// carrying GPS EXIF and/or XMP and a comment where the format has a place for them.
func MetadataImages(t testing.TB) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	pic := testPicture(24, 16)

	var j bytes.Buffer
	if err := jpeg.Encode(&j, pic, nil); err != nil {
		t.Fatal(err)
	}
	app := func(marker byte, payload []byte) []byte {
		seg := []byte{0xFF, marker, 0, 0}
		binary.BigEndian.PutUint16(seg[2:], uint16(len(payload)+2))
		return append(seg, payload...)
	}
	jp := append([]byte{0xFF, 0xD8}, app(0xE1, append([]byte("Exif\x00\x00"), gpsTIFF()...))...)
	jp = append(jp, app(0xE1, append([]byte("http://ns.adobe.com/xap/1.0/\x00"), gpsXMP...))...)
	jp = append(jp, app(0xFE, []byte("FOLIO-COMMENT-MARKER"))...)
	out["jpeg"] = append(jp, j.Bytes()[2:]...)

	var p bytes.Buffer
	if err := png.Encode(&p, pic); err != nil {
		t.Fatal(err)
	}
	ihdrEnd := 8 + 12 + 13
	pn := append([]byte{}, p.Bytes()[:ihdrEnd]...)
	pn = append(pn, pngChunk("eXIf", gpsTIFF())...)
	pn = append(pn, pngChunk("iTXt", append([]byte("XML:com.adobe.xmp\x00\x00\x00\x00\x00"), gpsXMP...))...)
	pn = append(pn, pngChunk("tEXt", []byte("Comment\x00FOLIO-COMMENT-MARKER"))...)
	out["png"] = append(pn, p.Bytes()[ihdrEnd:]...)

	pal := color.Palette{color.Black, color.White, color.RGBA{200, 30, 30, 255}}
	still := &gif.GIF{Image: []*image.Paletted{image.NewPaletted(image.Rect(0, 0, 24, 16), pal)}, Delay: []int{0}}
	anim := &gif.GIF{LoopCount: 0}
	for i := range 2 {
		f := image.NewPaletted(image.Rect(0, 0, 24, 16), pal)
		f.SetColorIndex(i, i, 2)
		anim.Image, anim.Delay = append(anim.Image, f), append(anim.Delay, 10)
	}
	for name, g := range map[string]*gif.GIF{"gif": still, "gif-animated": anim} {
		var b bytes.Buffer
		if err := gif.EncodeAll(&b, g); err != nil {
			t.Fatal(err)
		}
		out[name] = gifWithMetadata(b.Bytes())
	}

	frame := func(img image.Image) []byte { // the VP8L chunk of a still WebP
		var b bytes.Buffer
		if err := nativewebp.Encode(&b, img, nil); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()[12:]
	}
	meta := append(riffChunk("EXIF", gpsTIFF()), riffChunk("XMP ", []byte(gpsXMP))...)
	out["webp"] = riff(append(append(vp8x(0x08|0x04, 24, 16), frame(pic)...), meta...))
	body := append(vp8x(0x02|0x08|0x04, 24, 16), riffChunk("ANIM", []byte{0, 0, 0, 0, 0, 0})...)
	for i := range 2 {
		hdr := make([]byte, 16)
		put24(hdr[6:], 23)
		put24(hdr[9:], 15)
		put24(hdr[12:], 100)
		f := testPicture(24, 16)
		f.Set(i, i, color.NRGBA{255, 255, 255, 255})
		body = append(body, riffChunk("ANMF", append(hdr, frame(f)...))...)
	}
	out["webp-animated"] = riff(append(body, meta...))
	return out
}

func gifWithMetadata(g []byte) []byte {
	pos := 13
	if g[10]&0x80 != 0 {
		pos += 3 << ((g[10] & 7) + 1)
	}
	sub := func(data []byte) []byte {
		var b []byte
		for len(data) > 0 {
			n := min(255, len(data))
			b = append(append(b, byte(n)), data[:n]...)
			data = data[n:]
		}
		return append(b, 0)
	}
	ext := append([]byte{0x21, 0xFE}, sub([]byte("FOLIO-COMMENT-MARKER"))...)
	ext = append(ext, append([]byte{0x21, 0xFF, 0x0B}, "XMP DataXMP"...)...)
	ext = append(ext, sub([]byte(gpsXMP))...)
	ext = append(ext, append([]byte{0x21, 0xFF, 0x0B}, "FOLIOEXIF1."...)...)
	ext = append(ext, sub(append([]byte("Exif\x00\x00"), gpsTIFF()...))...)
	out := append([]byte{}, g[:pos]...)
	out = append(out, ext...)
	return append(out, g[pos:]...)
}

func put24(b []byte, v int) { b[0], b[1], b[2] = byte(v), byte(v>>8), byte(v>>16) }

func vp8x(flags byte, w, h int) []byte {
	d := make([]byte, 10)
	d[0] = flags
	put24(d[4:], w-1)
	put24(d[7:], h-1)
	return riffChunk("VP8X", d)
}

func riffChunk(typ string, data []byte) []byte {
	b := append([]byte(typ), 0, 0, 0, 0)
	binary.LittleEndian.PutUint32(b[4:], uint32(len(data)))
	b = append(b, data...)
	if len(data)%2 == 1 {
		b = append(b, 0)
	}
	return b
}

func riff(body []byte) []byte {
	b := append([]byte("RIFF"), 0, 0, 0, 0)
	binary.LittleEndian.PutUint32(b[4:], uint32(len(body)+4))
	return append(append(b, "WEBP"...), body...)
}

func pngChunk(typ string, data []byte) []byte {
	var buf bytes.Buffer
	binary.Write(&buf, binary.BigEndian, uint32(len(data)))
	buf.WriteString(typ)
	buf.Write(data)
	binary.Write(&buf, binary.BigEndian, crc32.ChecksumIEEE(append([]byte(typ), data...)))
	return buf.Bytes()
}
