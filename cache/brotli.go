package cache

import (
	"bytes"
	"sync"

	"github.com/andybalholm/brotli"
	"github.com/pocketbase/pocketbase/core"
)

// pageBrotliQuality is the brotli quality of cached pages: an item page of 57 kB is 13 kB at
// quality 5 against 14.6 kB gzipped (about 2 ms, once per cache fill). That difference is what
// fits the page, headers included, into TCP's first window of 14.6 kB (ten segments): a
// phone gets the whole page in one round trip, not two.
const pageBrotliQuality = 5

// brotliWriters holds idle writers at pageBrotliQuality (a new one allocates its tables).
var brotliWriters sync.Pool

// BrotliSmaller returns body compressed with brotli at pageBrotliQuality, or nil when that
// does not make it smaller.
func BrotliSmaller(body []byte) []byte {
	return compressSmaller(body, &brotliWriters, func(buf *bytes.Buffer) resetWriter {
		return brotli.NewWriterLevel(buf, pageBrotliQuality)
	})
}

// NewPageAnswer is NewBytesAnswer with a brotli form as well, for the site's HTML pages
// (browsers send "br" in Accept-Encoding; the gzip form stays for every other client).
func NewPageAnswer(body []byte) *Answer {
	a := NewBytesAnswer(body)
	if a.Gz != nil {
		a.Br = BrotliSmaller(body)
	}
	return a
}

// Page is Bytes for a site page: its answer has a brotli form (NewPageAnswer).
func Page(app core.App, key string, build func() ([]byte, error)) (*Answer, error) {
	return buildBytes(app, key, build, NewPageAnswer)
}
