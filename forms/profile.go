package forms

import (
	"strings"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/catalog"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/media"
	"github.com/folio/folio/records"
)

// Field messages of the profile form.
const (
	msgHeadingRequired = "Heading is required"
	msgBioRequired     = "Bio is required"
)

// ProfileForm creates or updates the owner's profile: heading, bio, image and socialLinks
// (a JSON array of {title, url}). An update
// keeps what it is not sent; removeImage=true clears the image.
type ProfileForm struct {
	app    core.App
	record *core.Record
	data   *Data
	links  []catalog.AboutLink
}

func NewProfileForm(app core.App, record *core.Record, data *Data) *ProfileForm {
	return &ProfileForm{app: app, record: record, data: data}
}

// Validate checks required fields (always on create, when sent on update) and the upload size.
func (f *ProfileForm) Validate() error {
	if m := f.data.Files[c.FieldImage]; m != nil && m.Size > c.MaxImageBytes {
		return &TooLargeError{Field: c.FieldImage, Message: media.TooLargeMessage(c.FieldImage, c.MaxImageBytes)}
	}
	errs := validation.Errors{}
	for key, msg := range map[string]string{c.FieldHeading: msgHeadingRequired, c.FieldBio: msgBioRequired} {
		if (f.record.IsNew() || f.data.has(key)) && strings.TrimSpace(f.data.get(key)) == "" {
			errs[key] = records.NewFieldError("validation_required", msg)
		}
	}
	if len(errs) > 0 {
		return errs
	}
	links, err := parseTitledLinks(f.data, c.FieldSocialLinks)
	f.links = links
	return err
}

// Submit saves the profile; the record hooks trim the text and process the image.
func (f *ProfileForm) Submit() error {
	for _, key := range []string{c.FieldHeading, c.FieldBio} {
		if f.data.has(key) {
			f.record.Set(key, f.data.get(key))
		}
	}
	if f.data.has(c.FieldSocialLinks) {
		f.record.Set(c.FieldSocialLinks, records.CleanAboutLinks(f.links))
	}
	if m := f.data.Files[c.FieldImage]; m != nil {
		f.record.Set(c.FieldImage, m)
	} else if f.data.flag("removeImage") {
		f.record.Set(c.FieldImage, "")
	}
	return f.app.Save(f.record)
}
