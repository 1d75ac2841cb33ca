package pages

import (
	"bytes"
	"encoding/json"
)

// SeedID is the id of the element that carries a page's Seed (frontend/src/lib/seed.ts reads it).
const SeedID = "folio-seed"

// Seed is what the app's first render of a page would fetch: the public API's answers, by the
// URL the app requests them at, byte for byte. The app puts them in its query cache before it
// renders, so it shows the page at once instead of "Loading…" and refetches nothing.
type Seed struct {
	urls   []string
	bodies [][]byte
}

// Add keeps body as the answer to url (a site-relative API URL with its query); a URL added
// twice keeps its first answer.
func (s *Seed) Add(url string, body []byte) {
	if s == nil {
		return
	}
	for _, u := range s.urls {
		if u == url {
			return
		}
	}
	s.urls = append(s.urls, url)
	s.bodies = append(s.bodies, bytes.TrimSpace(body))
}

// HTML is one <script type="application/json"> holding {url: answer, ...}; nothing when the
// seed is empty. It is data, never run, so the CSP needs no change. Each answer is written as
// encoding/json's HTMLEscape leaves it: <, > and & as \u003c, \u003e and \u0026 (and U+2028,
// U+2029 escaped), which JSON.parse reads back as the same value, so no content can close the
// element or open a comment.
func (s *Seed) HTML() string {
	if s == nil || len(s.urls) == 0 {
		return ""
	}
	var b bytes.Buffer
	b.WriteString(`<script type="application/json" id="` + SeedID + `">{`)
	for i, u := range s.urls {
		if i > 0 {
			b.WriteByte(',')
		}
		key, _ := json.Marshal(u) // a string: escapes <, > and & itself
		b.Write(key)
		b.WriteByte(':')
		json.HTMLEscape(&b, s.bodies[i])
	}
	b.WriteString(`}</script>`)
	return b.String()
}
