package hooks

import (
	"encoding/json"
	"errors"
	"fmt"
	"mime"
	"mime/multipart"
	"net/http"
	"strings"
	"unicode/utf8"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"

	"github.com/folio/folio/forms"
	"github.com/folio/folio/records"
)

// readRequestForm parses e's body; fileKeys name the accepted upload fields.
func readRequestForm(e *core.RequestEvent, fileKeys ...string) (*forms.Data, error) {
	form := forms.NewData()
	ct, _, _ := mime.ParseMediaType(e.Request.Header.Get("Content-Type"))
	switch ct {
	case "application/json":
		raw := map[string]any{}
		if err := json.NewDecoder(e.Request.Body).Decode(&raw); err != nil {
			return nil, readError(e, err)
		}
		for k, v := range raw {
			form.Values[k] = jsonFormValue(v)
		}
	case "multipart/form-data":
		for _, key := range fileKeys {
			files, err := e.FindUploadedFiles(key)
			if err != nil && !errors.Is(err, http.ErrMissingFile) {
				return nil, readError(e, err)
			}
			if len(files) > 0 {
				form.Files[key] = files[len(files)-1]
			}
		}
		if e.Request.MultipartForm == nil {
			if err := e.Request.ParseMultipartForm(router.DefaultMaxMemory); err != nil {
				return nil, readError(e, err)
			}
		}
		for k, v := range e.Request.MultipartForm.Value {
			if len(v) > 0 {
				form.Values[k] = v[len(v)-1]
			}
		}
	default:
		if err := e.Request.ParseForm(); err != nil {
			return nil, readError(e, err)
		}
		for k, v := range e.Request.PostForm {
			if len(v) > 0 {
				form.Values[k] = v[len(v)-1]
			}
		}
	}
	for k, v := range form.Values {
		if !utf8.ValidString(v) {
			return nil, e.BadRequestError("Failed to read the submitted data.",
				validation.Errors{k: records.NewFieldError("validation_invalid_utf8", "Must be valid UTF-8 text.")})
		}
	}
	return form, nil
}

// jsonFormValue flattens a JSON body value into its form spelling: string lists
// comma-joined, other arrays and objects as JSON text.
func jsonFormValue(v any) string {
	switch t := v.(type) {
	case nil:
		return ""
	case string:
		return t
	case []any:
		parts := make([]string, 0, len(t))
		for _, item := range t {
			s, ok := item.(string)
			if !ok {
				b, _ := json.Marshal(t)
				return string(b)
			}
			parts = append(parts, s)
		}
		return strings.Join(parts, ",")
	case map[string]any:
		b, _ := json.Marshal(t)
		return string(b)
	}
	return fmt.Sprint(v)
}

// readError maps a body read failure: over the body limit is 413, anything else 400.
func readError(e *core.RequestEvent, err error) error {
	if errors.Is(err, apis.ErrRequestEntityTooLarge) || errors.Is(err, multipart.ErrMessageTooLarge) {
		return apis.ErrRequestEntityTooLarge
	}
	return e.BadRequestError("Failed to read the submitted data.", err)
}

// saveError turns a form's or a record save's failure into an answer: an upload over its
// limit 413, field errors 400, API errors as they are, anything else 500.
func saveError(e *core.RequestEvent, err error) error {
	var apiErr *router.ApiError
	if errors.As(err, &apiErr) {
		return apiErr
	}
	var tooLarge *forms.TooLargeError
	if errors.As(err, &tooLarge) {
		return uploadTooLarge(tooLarge.Field, tooLarge.Message)
	}
	var fieldErrs validation.Errors
	if errors.As(err, &fieldErrs) {
		return e.BadRequestError("Failed to save the submitted data.", fieldErrs)
	}
	return e.InternalServerError("", err)
}

// uploadTooLarge is the 413 answer for a file over its size limit, naming the field.
func uploadTooLarge(field, message string) error {
	return router.NewApiError(http.StatusRequestEntityTooLarge, message, validation.Errors{
		field: records.NewFieldError("validation_file_size_limit", message),
	})
}
