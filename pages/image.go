package pages

import (
	"strconv"
	"strings"

	c "github.com/folio/folio/collections"
)

// ColumnSizes is how wide the main column shows a full-width image (site.css: .site-container is
// at most 860px; below 53.125em the page has 16px of padding each side). The srcset's sizes.
const ColumnSizes = "(min-width: 53.125em) 860px, calc(100vw - 32px)"

// Srcset lists the widths a stored image is served at, for srcset: the card thumb, the two
// cover thumbs and the original (uploads are at most collections.MaxLongSide wide). "" for a
// file PocketBase makes no thumbs of, or one whose thumbs would lose something (a GIF's
// animation): the page then shows the original alone.
func Srcset(fileURL string) string {
	dot := strings.LastIndexByte(fileURL, '.')
	if dot < 0 || strings.ContainsAny(fileURL, "?#") {
		return ""
	}
	switch strings.ToLower(fileURL[dot+1:]) {
	case "jpg", "jpeg", "png":
	default:
		return ""
	}
	var b strings.Builder
	for _, t := range []struct {
		thumb string
		width int
	}{{c.ThumbCard, 480}, {c.ThumbCoverM, 800}, {c.ThumbCoverL, 1200}} {
		b.WriteString(fileURL + "?thumb=" + t.thumb + " " + strconv.Itoa(t.width) + "w, ")
	}
	b.WriteString(fileURL + " " + strconv.Itoa(c.MaxLongSide) + "w")
	return b.String()
}

// CardThumb is the small thumb a list card shows (132×96, site.css .card-thumb; the template's
// sizes), from the card thumb's URL (the API's
// thumbnail, ...?thumb=480x0), and its srcset: the small one, then the card thumb for screens
// of three device pixels a CSS pixel. The URL itself and "" for anything else.
func CardThumb(thumbnail string) (src, srcset string) {
	base, ok := strings.CutSuffix(thumbnail, "?thumb="+c.ThumbCard)
	if !ok {
		return thumbnail, ""
	}
	small := base + "?thumb=" + c.ThumbCardS
	return small, small + " 264w, " + thumbnail + " 480w"
}
