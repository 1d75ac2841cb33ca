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
	head := bytes.TrimLeft(data[:min(len(data), 4096)], " \t\r\n\ufeff")
	head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	switch {
	case bytes.HasPrefix(data, []byte("PK\x03\x04")) || bytes.HasPrefix(data, []byte("PK\x05\x06")):
		return parseZip(data)
	case bytes.HasPrefix(head, []byte("{")):
		return parseGhost(data)
	case bytes.HasPrefix(head, []byte("<")):
		return parseWXR(data)
	}
	return nil, badFile("The file is not a Ghost JSON export, a WordPress WXR file or a zip of Markdown files.")
}
