package forms

import (
	"encoding/json"
	"strings"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/catalog"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/media"
	"github.com/folio/folio/records"
)

const msgAboutLinksJSON = "Links must be a JSON array of {title, url} objects"

// AboutForm creates or updates the About page: its rich-text sections, one media file
// (image, gif or video) and attachLinks as a JSON array. An update keeps what it is not
// sent; removeMedia=true clears the media.
type AboutForm struct {
	app    core.App
	record *core.Record
	data   *Data
	links  []catalog.AboutLink
}

func NewAboutForm(app core.App, record *core.Record, data *Data) *AboutForm {
	return &AboutForm{app: app, record: record, data: data}
}

// Validate checks the upload size and parses attachLinks; the record hooks drop empty
// entries, normalise urls and refuse other schemes.
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
	links, err := parseTitledLinks(f.data, c.FieldAttachLinks)
	f.links = links
	return err
}

// parseTitledLinks reads a form field holding a JSON array of {title, url} (About's
// attachLinks, the profile's socialLinks); the record hooks drop empty entries.
func parseTitledLinks(data *Data, field string) ([]catalog.AboutLink, error) {
	raw := strings.TrimSpace(data.get(field))
	if raw == "" {
		return nil, nil
	}
	var items []map[string]any
	if err := json.Unmarshal([]byte(raw), &items); err != nil {
		return nil, validation.Errors{field: records.NewFieldError("validation_invalid_json", msgAboutLinksJSON)}
	}
	links := make([]catalog.AboutLink, 0, len(items))
	for _, it := range items {
		title, _ := it["title"].(string)
		url, _ := it["url"].(string)
		links = append(links, catalog.AboutLink{Title: title, URL: url})
	}
	return links, nil
}

// Submit saves the About record; the record hooks sanitise every section.
func (f *AboutForm) Submit() error {
	for _, key := range c.AboutRichFields {
		if f.data.has(key) {
			f.record.Set(key, f.data.get(key))
		}
	}
	if f.data.has(c.FieldAttachLinks) {
		f.record.Set(c.FieldAttachLinks, records.CleanAboutLinks(f.links))
	}
	if m := f.data.Files[c.FieldMedia]; m != nil {
		f.record.Set(c.FieldMedia, m)
	} else if f.data.flag("removeMedia") {
		f.record.Set(c.FieldMedia, "")
	}
	return f.app.Save(f.record)
}
