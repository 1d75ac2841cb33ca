// Package forms holds the admin app's input forms without HTTP: each takes a submitted
// body (Data), checks it (Validate) and saves it onto its record (Submit); the record hooks
// (package records) sanitise and normalise on the save. hooks reads the request into Data
// and maps the errors to answers.
package forms

import (
	"strings"

	"github.com/pocketbase/pocketbase/tools/filesystem"
)

// Data is a submitted body as plain strings plus uploaded files (hooks reads it from
// multipart, what the admin app sends, urlencoded and JSON bodies alike).
type Data struct {
	Values map[string]string
	Files  map[string]*filesystem.File
}

// has reports whether key was sent at all (PUT keeps fields it is not sent).
func (f *Data) has(key string) bool {
	_, ok := f.Values[key]
	return ok
}

// get returns the sent value of key ("" when absent).
func (f *Data) get(key string) string { return f.Values[key] }

// flag reads a boolean switch such as removeMedia=true.
func (f *Data) flag(key string) bool {
	switch strings.ToLower(strings.TrimSpace(f.Values[key])) {
	case "true", "1", "on", "yes":
		return true
	}
	return false
}

// NewData is an empty submitted body.
func NewData() *Data {
	return &Data{Values: map[string]string{}, Files: map[string]*filesystem.File{}}
}

// TooLargeError refuses an upload over its size limit (answered 413, naming the field).
type TooLargeError struct {
	Field, Message string
}

func (e *TooLargeError) Error() string { return e.Message }
