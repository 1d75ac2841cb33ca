// Package move brings sites in and takes them out (API.md "Moving in and out"): it reads
// Ghost JSON exports, WordPress WXR files and zips of Markdown files with front matter into
// posts, saves them as items through the same record hooks as any write (sanitiser, image
// pipeline, search index), in one transaction, with redirects from their old URLs; and it
// writes a site out as a zip of Markdown files, media and folio.json. No HTTP here.
package move

import (
	"errors"
	"fmt"
)

// Post is one item read from an export, before it is saved.
type Post struct {
	Source     string // what makes it the same item on a second run: "ghost:ID", "wp:GUID", "md:PATH", "folio:TYPE/ID"
	Label      string // how the answer's errors name it (title or path)
	Type       string // blog or project
	Title      string
	Date       string // YYYY-MM-DD or RFC 3339; empty: today
	Author     string
	HTML       string
	Tags       []string
	Categories []string
	Status     string // published, draft or scheduled
	PublishAt  string
	AttachLink string   // projects
	Links      []string // blogs' attachLinks
	Cover      *Image   // the item's media, when the export holds the file
	CoverURL   string   // or where the old site served it
	OldPath    string   // the old URL's path, redirected to the new page
	BodyImages []string // image URLs of the body the old site served (WordPress attachments)
}

// Image is a file taken from an archive.
type Image struct {
	Name string
	Data []byte
}

// Result is the import's answer (API.md "Moving in and out").
type Result struct {
	Imported  int         `json:"imported"`
	Skipped   int         `json:"skipped"`
	Redirects int         `json:"redirects"`
	Errors    []ItemError `json:"errors"`
}

// ItemError is one source item that could not come in whole.
type ItemError struct {
	Source  string `json:"source"`
	Message string `json:"message"`
}

// BadFileError is a file that cannot be read as any supported export: the route answers 400
// with its message and nothing is imported.
type BadFileError struct{ Message string }

func (e *BadFileError) Error() string { return e.Message }

func badFile(format string, args ...any) error {
	return &BadFileError{Message: fmt.Sprintf(format, args...)}
}

// IsBadFile tells a broken or unsupported file from a failure of the server.
func IsBadFile(err error) bool {
	var b *BadFileError
	return errors.As(err, &b)
}

// Post statuses (API.md "Publishing").
const (
	StatusPublished = "published"
	StatusDraft     = "draft"
	StatusScheduled = "scheduled"
)
