package move

import (
	"archive/zip"
	"bytes"
	"io"
	"path"
	"strings"
)

// Zip limits: a zip bomb (a small file that inflates to gigabytes) is refused, as are paths
// that climb out of the archive.
const (
	maxZipEntries    = 20000
	maxZipTotalBytes = 1 << 30   // all entries inflated
	maxZipEntryBytes = 200 << 20 // one entry inflated
	maxZipRatio      = 200       // inflated / compressed, for entries over 1 MB
)

// archive is a zip's files read into memory by clean path, within the limits.
type archive map[string][]byte

func readZip(data []byte) (archive, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, badFile("The zip file cannot be read: %v.", err)
	}
	if len(zr.File) > maxZipEntries {
		return nil, badFile("The zip holds more than %d files.", maxZipEntries)
	}
	files := archive{}
	var total int64
	for _, f := range zr.File {
		name := strings.ReplaceAll(f.Name, `\`, "/")
		if unsafePath(name) {
			return nil, badFile("The zip holds an unsafe path: %q.", f.Name)
		}
		if f.FileInfo().IsDir() {
			continue
		}
		if f.UncompressedSize64 > maxZipEntryBytes || (f.UncompressedSize64 > 1<<20 && f.CompressedSize64 > 0 && f.UncompressedSize64/f.CompressedSize64 > maxZipRatio) {
			return nil, badFile("The zip looks like a zip bomb: %q inflates too far.", f.Name)
		}
		rc, err := f.Open()
		if err != nil {
			return nil, badFile("The zip file cannot be read: %v.", err)
		}
		// the header's sizes may lie: count what really comes out
		b, err := io.ReadAll(io.LimitReader(rc, min(maxZipEntryBytes, maxZipTotalBytes-total)+1))
		rc.Close()
		if err != nil {
			return nil, badFile("The zip file cannot be read: %q: %v.", f.Name, err)
		}
		total += int64(len(b))
		if int64(len(b)) > maxZipEntryBytes || total > maxZipTotalBytes {
			return nil, badFile("The zip looks like a zip bomb: it inflates over %d MB.", maxZipTotalBytes>>20)
		}
		files[path.Clean(strings.TrimPrefix(name, "./"))] = b
	}
	return files, nil
}

// unsafePath is an absolute path or one with a ".." segment.
func unsafePath(name string) bool {
	if strings.HasPrefix(name, "/") || (len(name) > 1 && name[1] == ':') {
		return true
	}
	for _, seg := range strings.Split(name, "/") {
		if seg == ".." {
			return true
		}
	}
	return false
}

// find resolves a reference from the file at from: relative to its folder, else to the
// archive's root and the usual static folders (Hugo static/, Astro public/).
func (a archive) find(from, ref string) (string, []byte, bool) {
	ref, _, _ = strings.Cut(ref, "?")
	ref, _, _ = strings.Cut(ref, "#")
	if ref == "" || strings.Contains(ref, "://") || strings.HasPrefix(ref, "data:") || strings.HasPrefix(ref, "//") {
		return "", nil, false
	}
	var candidates []string
	if strings.HasPrefix(ref, "/") {
		r := strings.TrimPrefix(ref, "/")
		candidates = []string{r, "static/" + r, "public/" + r, "assets/" + r}
	} else {
		candidates = []string{path.Join(path.Dir(from), ref), ref, "static/" + ref, "public/" + ref}
	}
	for _, cand := range candidates {
		cand = path.Clean(cand)
		if strings.HasPrefix(cand, "../") || cand == ".." {
			continue
		}
		if b, ok := a[cand]; ok {
			return cand, b, true
		}
	}
	return "", nil, false
}
