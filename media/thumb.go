package media

import (
	"bytes"
	"errors"
	"image"
	"image/png"
	"strconv"

	"github.com/disintegration/imaging"
	"github.com/pocketbase/pocketbase/tools/filesystem"
)

// ErrNoThumb is a thumb this package leaves to PocketBase: a size it cannot parse, or an
// image that is not a JPEG or PNG (GIF and WebP thumbs keep PocketBase's own encoder).
var ErrNoThumb = errors.New("media: no thumb for this size or format")

// Thumb is the thumb of a stored JPEG or PNG at a size of PocketBase's thumb syntax (Wx0, 0xH,
// WxH, WxHt, WxHb, WxHf), made as filesystem.CreateThumb makes it (same crops and resampling),
// but encoded as uploads are: JPEG at jpegQuality, where PocketBase writes quality 95 (an
// 800-pixel cover weighs about twice as much there), and PNG at its best compression.
func Thumb(original []byte, size string) ([]byte, error) {
	m := filesystem.ThumbSizeRegex.FindStringSubmatch(size)
	if len(m) != 4 {
		return nil, ErrNoThumb
	}
	w, _ := strconv.Atoi(m[1])
	h, _ := strconv.Atoi(m[2])
	if w == 0 && h == 0 {
		return nil, ErrNoThumb
	}
	_, format, err := image.DecodeConfig(bytes.NewReader(original))
	if err != nil {
		return nil, err
	}
	if format != "jpeg" && format != "png" {
		return nil, ErrNoThumb
	}
	imageSlots <- struct{}{}
	defer func() { <-imageSlots }()
	img, err := imaging.Decode(bytes.NewReader(original), imaging.AutoOrientation(true))
	if err != nil {
		return nil, err
	}
	var thumb *image.NRGBA
	switch {
	case w == 0 || h == 0:
		thumb = imaging.Resize(img, w, h, imaging.Linear)
	case m[3] == "f":
		thumb = imaging.Fit(img, w, h, imaging.Linear)
	case m[3] == "t":
		thumb = imaging.Fill(img, w, h, imaging.Top, imaging.Linear)
	case m[3] == "b":
		thumb = imaging.Fill(img, w, h, imaging.Bottom, imaging.Linear)
	default:
		thumb = imaging.Fill(img, w, h, imaging.Center, imaging.Linear)
	}
	var buf bytes.Buffer
	if format == "jpeg" {
		err = imaging.Encode(&buf, thumb, imaging.JPEG, imaging.JPEGQuality(jpegQuality))
	} else {
		err = imaging.Encode(&buf, thumb, imaging.PNG, imaging.PNGCompressionLevel(png.BestCompression))
	}
	return buf.Bytes(), err
}
