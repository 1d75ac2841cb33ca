// Package media checks and processes uploads: the type sniffed from the bytes, size
// limits, a decompression-bomb guard, then downscaling, EXIF orientation and metadata
// stripping by re-encoding. Pure and fuzzable: bytes in, bytes or a refusal out.
package media

import (
	"bytes"
	"fmt"
	"image"
	"io"
	"path/filepath"
	"strings"

	"github.com/HugoSmits86/nativewebp"
	"github.com/disintegration/imaging"
	"github.com/gabriel-vasile/mimetype"
	"github.com/pocketbase/pocketbase/tools/filesystem"
	_ "golang.org/x/image/webp" // WebP decoding for resizing

	c "github.com/folio/folio/collections"
)

// jpegQuality is the quality of re-encoded JPEG uploads.
const jpegQuality = 85

var imageFormats = map[string]string{
	"image/jpeg": "jpeg", "image/png": "png", "image/gif": "gif", "image/webp": "webp",
}

// imageSlots bounds concurrent decodes: a 40-megapixel image takes ~160 MB while resized.
var imageSlots = make(chan struct{}, 2)

var videoMimeTypes = []string{"video/mp4", "video/webm", "video/ogg", "video/quicktime"}

// Error is a refused upload: a stable code and a sentence for the person who sent it.
type Error struct {
	Code, Message string
}

func (e *Error) Error() string { return e.Message }

func newFieldError(code, message string) error { return &Error{Code: code, Message: message} }

// mediaLabel is the field name as the start of a sentence.
func mediaLabel(field string) string {
	return strings.ToUpper(field[:1]) + field[1:]
}

// Process validates one upload and replaces its content in place with the processed image.
func Process(f *filesystem.File, field string, allowVideo bool) error {
	kinds := "an image (JPEG, PNG, GIF or WebP)"
	if allowVideo {
		kinds += " or a video (MP4, WebM, Ogg or QuickTime)"
	}
	badType := newFieldError("validation_invalid_mime_type", mediaLabel(field)+" must be "+kinds+".")
	mt, err := sniffFile(f)
	if err != nil {
		return badType
	}
	if allowVideo {
		for _, v := range videoMimeTypes {
			if mt.Is(v) {
				if f.Size > c.MaxVideoBytes {
					return newFieldError("validation_file_size_limit", TooLargeMessage(field, c.MaxVideoBytes))
				}
				return nil // videos are stored as they are
			}
		}
	}
	format := ""
	for m, fmtName := range imageFormats {
		if mt.Is(m) {
			format = fmtName
		}
	}
	if format == "" {
		return badType
	}
	if f.Size > c.MaxImageBytes {
		return newFieldError("validation_file_size_limit", TooLargeMessage(field, c.MaxImageBytes))
	}
	data, err := readFile(f)
	if err != nil {
		return badType
	}
	out, err := Image(data, format)
	if err != nil {
		return err
	}
	if out == nil {
		return nil // kept as uploaded (animated, or small GIF/WebP)
	}
	processed, err := filesystem.NewFileFromBytes(out, f.OriginalName)
	if err != nil {
		return badType
	}
	processed.Name = strings.TrimSuffix(f.Name, filepath.Ext(f.Name)) + "." + extFor(format)
	*f = *processed
	return nil
}

// TooLargeMessage names the field and its limit.
func TooLargeMessage(field string, limit int64) string {
	return fmt.Sprintf("%s is larger than %d MB.", mediaLabel(field), limit>>20)
}

func extFor(format string) string {
	if format == "jpeg" {
		return "jpg"
	}
	return format
}

func sniffFile(f *filesystem.File) (*mimetype.MIME, error) {
	r, err := f.Reader.Open()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return mimetype.DetectReader(r)
}

func readFile(f *filesystem.File) ([]byte, error) {
	r, err := f.Reader.Open()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return io.ReadAll(io.LimitReader(r, c.MaxImageBytes+1))
}

// Image returns the re-encoded image, or nil to keep data as it is. The header
// is checked before decoding so a small file declaring a huge canvas is never decoded.
func Image(data []byte, format string) ([]byte, error) {
	unreadable := newFieldError("validation_invalid_image",
		"The image could not be read; upload a valid JPEG, PNG, GIF or WebP file.")
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil || cfg.Width <= 0 || cfg.Height <= 0 {
		return nil, unreadable
	}
	if mp := float64(cfg.Width) * float64(cfg.Height) / 1e6; mp > c.MaxMegapixels {
		return nil, newFieldError("validation_image_too_large", fmt.Sprintf(
			"The image is %d×%d px (%.0f megapixels); at most %d megapixels are accepted.",
			cfg.Width, cfg.Height, mp, c.MaxMegapixels))
	}
	oversized := max(cfg.Width, cfg.Height) > c.MaxLongSide
	switch format {
	case "gif":
		if GIFFrames(data, 2) > 1 || !oversized {
			return nil, nil // animations stay untouched; small GIFs carry no photo metadata
		}
	case "webp":
		if WebPAnimated(data) || !oversized {
			return nil, nil
		}
	}
	imageSlots <- struct{}{}
	defer func() { <-imageSlots }()
	img, err := imaging.Decode(bytes.NewReader(data), imaging.AutoOrientation(true))
	if err != nil {
		return nil, unreadable
	}
	if b := img.Bounds(); max(b.Dx(), b.Dy()) > c.MaxLongSide {
		img = imaging.Fit(img, c.MaxLongSide, c.MaxLongSide, imaging.Lanczos)
	}
	var buf bytes.Buffer
	switch format {
	case "jpeg":
		err = imaging.Encode(&buf, img, imaging.JPEG, imaging.JPEGQuality(jpegQuality))
	case "png":
		err = imaging.Encode(&buf, img, imaging.PNG)
	case "gif":
		err = imaging.Encode(&buf, img, imaging.GIF)
	case "webp":
		err = nativewebp.Encode(&buf, img, nil)
	}
	if err != nil {
		return nil, unreadable
	}
	return buf.Bytes(), nil
}

// GIFFrames counts a GIF's image descriptors, stopping at limit, without decoding pixels
// (decoding every frame of a long animation would cost far more memory).
func GIFFrames(b []byte, limit int) int {
	if len(b) < 13 {
		return 0
	}
	pos := 13
	if b[10]&0x80 != 0 {
		pos += 3 << ((b[10] & 7) + 1)
	}
	skipSubBlocks := func() bool {
		for pos < len(b) {
			n := int(b[pos])
			pos++
			if n == 0 {
				return true
			}
			pos += n
		}
		return false
	}
	frames := 0
	for pos < len(b) && frames < limit {
		switch b[pos] {
		case 0x21: // extension: label, then sub-blocks
			pos += 2
			if !skipSubBlocks() {
				return frames
			}
		case 0x2C: // image descriptor, optional local colour table, LZW size, data
			if pos+10 > len(b) {
				return frames
			}
			packed := b[pos+9]
			pos += 10
			if packed&0x80 != 0 {
				pos += 3 << ((packed & 7) + 1)
			}
			pos++ // LZW minimum code size
			frames++
			if !skipSubBlocks() {
				return frames
			}
		default: // trailer or garbage
			return frames
		}
	}
	return frames
}

// WebPAnimated reports the animation flag of an extended (VP8X) WebP.
func WebPAnimated(b []byte) bool {
	return len(b) > 20 && string(b[12:16]) == "VP8X" && b[20]&0x02 != 0
}

// IsVideo reports whether an upload's bytes are one of About's video types.
func IsVideo(f *filesystem.File) bool {
	mt, err := sniffFile(f)
	if err != nil {
		return false
	}
	for _, v := range videoMimeTypes {
		if mt.Is(v) {
			return true
		}
	}
	return false
}
