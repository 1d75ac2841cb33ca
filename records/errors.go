// Package records holds the save rules of Folio's records (blogs, projects, the profile,
// About, itemImages, redirects) without HTTP: normalising a save, the field errors it can
// give, revisions, body images and search titles. hooks/record_<collection>.go binds them
// to PocketBase's record hooks, so they hold for /_/ and commands too.
package records

import (
	"errors"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
)

// FieldError is a field error whose message reaches the client exactly as written
// (PocketBase would otherwise append a period to "Title is required").
type FieldError struct {
	code, message string
}

// NewFieldError is a field error with its code and verbatim message.
func NewFieldError(code, message string) FieldError { return FieldError{code, message} }

func (f FieldError) Error() string { return f.message }
func (f FieldError) Code() string  { return f.code }

// Message is the error's text as written.
func (f FieldError) Message() string { return f.message }

// Resolve implements router.SafeErrorResolver: keep the message verbatim.
func (f FieldError) Resolve(data map[string]any) any {
	data["message"] = f.message
	return data
}

// MergeFieldErrors adds PocketBase's own field errors (from e.Next()) to ours; ours win.
func MergeFieldErrors(next error, more ...validation.Errors) error {
	errs := validation.Errors{}
	for _, m := range more {
		for k, v := range m {
			if _, ok := errs[k]; !ok {
				errs[k] = v
			}
		}
	}
	if len(errs) == 0 {
		return next
	}
	if next != nil {
		var pbErrs validation.Errors
		if !errors.As(next, &pbErrs) {
			return next
		}
		for k, v := range pbErrs {
			if _, ok := errs[k]; !ok {
				errs[k] = v
			}
		}
	}
	return errs
}

// Changed reports whether field differs from the last saved value (always true when new),
// so counter updates do not re-sanitise an untouched description.
func Changed(rec *core.Record, field string) bool {
	return rec.IsNew() || rec.GetString(field) != rec.Original().GetString(field)
}
