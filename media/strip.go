package media

import (
	"bytes"
	"encoding/binary"
	"errors"
)

// ErrMalformed is returned for a file whose container structure cannot be walked.
var ErrMalformed = errors.New("media: malformed image container")

// StripMetadata removes metadata that can identify a person or place (EXIF, GPS included,
// XMP, IPTC, comments and text chunks) from an image of format "jpeg", "png", "gif" or
// "webp", at the container level: pixels, colour profiles and animation are untouched,
// nothing is re-encoded. Unknown formats come back as they are.
func StripMetadata(format string, data []byte) ([]byte, error) {
	switch format {
	case "jpeg":
		return stripJPEG(data)
	case "png":
		return stripPNG(data)
	case "gif":
		return stripGIF(data)
	case "webp":
		return stripWebP(data)
	}
	return data, nil
}

// stripJPEG drops APP1 (EXIF, XMP), APP13 (IPTC) and every other APPn but APP0 (JFIF),
// APP2 (ICC profile) and APP14 (Adobe colour transform), and comments (COM).
func stripJPEG(b []byte) ([]byte, error) {
	if len(b) < 4 || b[0] != 0xFF || b[1] != 0xD8 {
		return nil, ErrMalformed
	}
	out := make([]byte, 0, len(b))
	out = append(out, 0xFF, 0xD8)
	pos := 2
	for pos+4 <= len(b) {
		if b[pos] != 0xFF {
			return nil, ErrMalformed
		}
		marker := b[pos+1]
		if marker == 0xFF { // fill byte
			pos++
			continue
		}
		if marker == 0xDA || marker == 0xD9 { // start of scan: the rest is image data
			return append(out, b[pos:]...), nil
		}
		if marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7) { // markers without a length
			out = append(out, b[pos:pos+2]...)
			pos += 2
			continue
		}
		n := int(binary.BigEndian.Uint16(b[pos+2:]))
		end := pos + 2 + n
		if n < 2 || end > len(b) {
			return nil, ErrMalformed
		}
		drop := marker == 0xFE || (marker >= 0xE1 && marker <= 0xEF && marker != 0xE2 && marker != 0xEE)
		if !drop {
			out = append(out, b[pos:end]...)
		}
		pos = end
	}
	return nil, ErrMalformed
}

// pngDropped are the PNG chunks that carry metadata.
var pngDropped = map[string]bool{"eXIf": true, "tEXt": true, "zTXt": true, "iTXt": true, "tIME": true}

func stripPNG(b []byte) ([]byte, error) {
	const sig = "\x89PNG\r\n\x1a\n"
	if len(b) < len(sig) || string(b[:len(sig)]) != sig {
		return nil, ErrMalformed
	}
	out := make([]byte, 0, len(b))
	out = append(out, sig...)
	pos := len(sig)
	for pos+12 <= len(b) {
		n := int(binary.BigEndian.Uint32(b[pos:]))
		end := pos + 12 + n
		if n < 0 || end > len(b) || end < pos {
			return nil, ErrMalformed
		}
		typ := string(b[pos+4 : pos+8])
		if !pngDropped[typ] {
			out = append(out, b[pos:end]...)
		}
		pos = end
		if typ == "IEND" {
			return out, nil
		}
	}
	return nil, ErrMalformed
}

// stripGIF drops comment extensions and application extensions other than the loop
// count (NETSCAPE2.0, ANIMEXTS1.0): XMP lives in one ("XMP DataXMP").
func stripGIF(b []byte) ([]byte, error) {
	if len(b) < 13 || (string(b[:6]) != "GIF87a" && string(b[:6]) != "GIF89a") {
		return nil, ErrMalformed
	}
	pos := 13
	if b[10]&0x80 != 0 {
		pos += 3 << ((b[10] & 7) + 1)
	}
	if pos > len(b) {
		return nil, ErrMalformed
	}
	out := make([]byte, 0, len(b))
	out = append(out, b[:pos]...)
	subBlocks := func(p int) (int, bool) {
		for p < len(b) {
			n := int(b[p])
			p++
			if n == 0 {
				return p, true
			}
			p += n
		}
		return p, false
	}
	for pos < len(b) {
		switch b[pos] {
		case 0x21: // extension
			if pos+2 > len(b) {
				return nil, ErrMalformed
			}
			label := b[pos+1]
			end, ok := subBlocks(pos + 2)
			if !ok {
				return nil, ErrMalformed
			}
			keep := label != 0xFE
			if label == 0xFF {
				app := b[pos+2 : min(end, pos+14)]
				keep = bytes.HasPrefix(app, []byte("\x0bNETSCAPE2.0")) || bytes.HasPrefix(app, []byte("\x0bANIMEXTS1.0"))
			}
			if keep {
				out = append(out, b[pos:end]...)
			}
			pos = end
		case 0x2C: // image descriptor, local colour table, LZW code size, data
			start := pos
			if pos+10 > len(b) {
				return nil, ErrMalformed
			}
			packed := b[pos+9]
			pos += 10
			if packed&0x80 != 0 {
				pos += 3 << ((packed & 7) + 1)
			}
			end, ok := subBlocks(pos + 1)
			if !ok {
				return nil, ErrMalformed
			}
			out = append(out, b[start:end]...)
			pos = end
		case 0x3B: // trailer
			return append(out, 0x3B), nil
		default:
			return nil, ErrMalformed
		}
	}
	return nil, ErrMalformed
}

// stripWebP drops the EXIF and XMP chunks of a RIFF WebP (still or animated) and clears
// their flags in the VP8X header.
func stripWebP(b []byte) ([]byte, error) {
	if len(b) < 12 || string(b[:4]) != "RIFF" || string(b[8:12]) != "WEBP" {
		return nil, ErrMalformed
	}
	riffEnd := 8 + int(binary.LittleEndian.Uint32(b[4:]))
	if riffEnd > len(b) || riffEnd < 12 {
		return nil, ErrMalformed
	}
	out := make([]byte, 12, len(b))
	copy(out, b[:12])
	pos := 12
	for pos < riffEnd {
		if pos+8 > riffEnd {
			return nil, ErrMalformed
		}
		typ := string(b[pos : pos+4])
		n := int(binary.LittleEndian.Uint32(b[pos+4:]))
		end := pos + 8 + n + n&1
		if n < 0 || end > riffEnd || end < pos {
			if pos+8+n == riffEnd { // an odd last chunk without its pad byte
				end = riffEnd
			} else {
				return nil, ErrMalformed
			}
		}
		switch typ {
		case "EXIF", "XMP ":
		case "VP8X":
			chunk := append([]byte(nil), b[pos:end]...)
			if len(chunk) > 8 {
				chunk[8] &^= 0x08 | 0x04 // EXIF and XMP flags
			}
			out = append(out, chunk...)
		default:
			out = append(out, b[pos:end]...)
		}
		pos = end
	}
	binary.LittleEndian.PutUint32(out[4:], uint32(len(out)-8))
	return out, nil
}
