package forms

import (
	"strings"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

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
// (a JSON array of {title, url}). An update keeps what it is not sent; removeImage=true
// clears the image.
type ProfileForm struct{ pageForm }

func NewProfileForm(app core.App, record *core.Record, data *Data) *ProfileForm {
	return &ProfileForm{pageForm{app: app, record: record, data: data, texts: []string{c.FieldHeading, c.FieldBio},
		linksField: c.FieldSocialLinks, fileField: c.FieldImage, removeFlag: "removeImage"}}
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
	return f.parseLinks()
}
