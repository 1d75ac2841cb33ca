package richtext

import (
	"encoding/base64"
	"strings"
)

// ReplaceDataImages hands every data: image of clean item HTML to store (its decoded bytes) and
// puts the URL store returns in its src, so no data: image stays in stored HTML. The same
// image twice is stored once. A data: URL that does not decode is removed; store's error stops
// the walk and is returned. HTML without data: images comes back unchanged.
func ReplaceDataImages(s string, store func(data []byte) (string, error)) (string, error) {
	if !strings.Contains(strings.ToLower(s), "data:") {
		return s, nil
	}
	root := parseFragment(s)
	stored := map[string]string{}
	changed := false
	for _, n := range elements(root) {
		if !isElem(n, "img") {
			continue
		}
		src, _ := getAttr(n, "src")
		src = strings.TrimSpace(stripControls(src))
		if urlScheme(src) != "data" {
			continue
		}
		changed = true
		if url, ok := stored[src]; ok {
			setAttr(n, "src", url)
			continue
		}
		data, ok := decodeDataURL(src)
		if !ok {
			remove(n)
			continue
		}
		url, err := store(data)
		if err != nil {
			return "", err
		}
		stored[src] = url
		setAttr(n, "src", url)
	}
	if !changed {
		return s, nil
	}
	return stableRender(root), nil
}

// decodeDataURL decodes a base64 data: URL's payload; the media type is sniffed later from the bytes.
func decodeDataURL(u string) ([]byte, bool) {
	comma := strings.IndexByte(u, ',')
	if comma < 0 || !strings.HasSuffix(strings.ToLower(u[:comma]), ";base64") {
		return nil, false
	}
	payload := strings.TrimRight(u[comma+1:], "=")
	data, err := base64.RawStdEncoding.DecodeString(payload)
	if err != nil || len(data) == 0 {
		return nil, false
	}
	return data, true
}
