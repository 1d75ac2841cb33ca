package move

import (
	"bytes"
)

// MaxUploadBytes is the largest file an import takes (API.md: 200 MB).
const MaxUploadBytes = 200 << 20

// Parsed is what a file holds: its posts and, from a Folio export, the site's singletons.
type Parsed struct {
	Format     string
	Posts      []Post
	Skipped    int // source items that are not posts (Ghost pages, WordPress pages)
	Site       *SiteData
	fileErrors []ItemError // items of the file that could not be read
}

// Parse detects the file's format from its content and reads it.
func Parse(data []byte) (*Parsed, error) {
	if len(data) > MaxUploadBytes {
		return nil, badFile("The file is over 200 MB.")
	}
	switch format(data) {
	case "zip":
		return parseZip(data)
	case "ghost":
		return parseGhost(data)
	case "wxr":
		return parseWXR(data)
	}
	return nil, errUnknownFormat()
}

// SniffHeadBytes is how much of a file Sniff needs.
const SniffHeadBytes = 4096

// Sniff tells from a file's first SniffHeadBytes whether it may be an export Parse reads, so
// an upload of another kind is refused before it is read whole.
func Sniff(head []byte) error {
	if format(head) == "" {
		return errUnknownFormat()
	}
	return nil
}

// format is the kind of export data begins as: zip, ghost (JSON), wxr (XML) or "".
func format(data []byte) string {
	head := bytes.TrimLeft(data[:min(len(data), SniffHeadBytes)], " \t\r\n\ufeff")
	head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	switch {
	case bytes.HasPrefix(data, []byte("PK\x03\x04")) || bytes.HasPrefix(data, []byte("PK\x05\x06")):
		return "zip"
	case bytes.HasPrefix(head, []byte("{")):
		return "ghost"
	case bytes.HasPrefix(head, []byte("<")):
		return "wxr"
	}
	return ""
}

func errUnknownFormat() error {
	return badFile("The file is not a Ghost JSON export, a WordPress WXR file or a zip of Markdown files.")
}
