package forms

import (
	"github.com/pocketbase/pocketbase/core"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/media"
)

// AboutForm creates or updates the About page: its rich-text sections, one media file
// (image, gif or video) and attachLinks as a JSON array. An update keeps what it is not
// sent; removeMedia=true clears the media.
type AboutForm struct{ pageForm }

func NewAboutForm(app core.App, record *core.Record, data *Data) *AboutForm {
	return &AboutForm{pageForm{app: app, record: record, data: data, texts: c.AboutRichFields,
		linksField: c.FieldAttachLinks, fileField: c.FieldMedia, removeFlag: "removeMedia"}}
}

// Validate checks the upload size and parses attachLinks.
func (f *AboutForm) Validate() error {
	if m := f.data.Files[c.FieldMedia]; m != nil {
		limit := int64(c.MaxVideoBytes)
		if !media.IsVideo(m) {
			limit = c.MaxImageBytes
		}
		if m.Size > limit {
			return &TooLargeError{Field: c.FieldMedia, Message: media.TooLargeMessage(c.FieldMedia, limit)}
		}
	}
	return f.parseLinks()
}
