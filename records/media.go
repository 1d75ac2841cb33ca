package records

import (
	"errors"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/media"
)

// mediaFields names the upload field of each collection whose uploads are processed.
var mediaFields = map[string]string{
	c.Blogs: c.FieldMedia, c.Projects: c.FieldMedia, c.Profile: c.FieldImage, c.About: c.FieldMedia,
	c.ItemImages: c.FieldMedia,
}

// ProcessMedia checks and processes the new uploads of rec's media field (every save,
// /_/ included), replacing each with its processed form. It returns field errors, nil when fine.
func ProcessMedia(rec *core.Record) validation.Errors {
	field, ok := mediaFields[rec.Collection().Name]
	if !ok {
		return nil
	}
	allowVideo := rec.Collection().Name == c.About
	for _, f := range rec.GetUnsavedFiles(field) {
		if err := media.Process(f, field, allowVideo); err != nil {
			var refused *media.Error
			if errors.As(err, &refused) {
				return validation.Errors{field: NewFieldError(refused.Code, refused.Message)}
			}
			return validation.Errors{field: err}
		}
	}
	return nil
}
