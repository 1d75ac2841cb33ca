package forms

import (
	"encoding/json"
	"strings"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/catalog"
	"github.com/folio/folio/records"
)

const msgAboutLinksJSON = "Links must be a JSON array of {title, url} objects"

// pageForm is what the forms of the one-record pages (the profile, About) share: text fields
// copied as sent, a JSON array of {title, url} links and one upload with its remove switch.
// An update keeps what it is not sent.
type pageForm struct {
	app    core.App
	record *core.Record
	data   *Data
	texts  []string
	// linksField holds the links, fileField the upload; removeFlag=true clears the upload.
	linksField, fileField, removeFlag string
	links                             []catalog.AboutLink
}

// parseLinks reads the links field; the record hooks drop empty entries, normalise urls and
// refuse other schemes.
func (f *pageForm) parseLinks() error {
	raw := strings.TrimSpace(f.data.get(f.linksField))
	if raw == "" {
		return nil
	}
	var items []map[string]any
	if err := json.Unmarshal([]byte(raw), &items); err != nil {
		return validation.Errors{f.linksField: records.NewFieldError("validation_invalid_json", msgAboutLinksJSON)}
	}
	f.links = make([]catalog.AboutLink, 0, len(items))
	for _, it := range items {
		title, _ := it["title"].(string)
		url, _ := it["url"].(string)
		f.links = append(f.links, catalog.AboutLink{Title: title, URL: url})
	}
	return nil
}

// Submit saves the record; its record hooks sanitise and trim the text and process the upload.
func (f *pageForm) Submit() error {
	for _, key := range f.texts {
		if f.data.has(key) {
			f.record.Set(key, f.data.get(key))
		}
	}
	if f.data.has(f.linksField) {
		f.record.Set(f.linksField, records.CleanAboutLinks(f.links))
	}
	if m := f.data.Files[f.fileField]; m != nil {
		f.record.Set(f.fileField, m)
	} else if f.data.flag(f.removeFlag) {
		f.record.Set(f.fileField, "")
	}
	return f.app.Save(f.record)
}
