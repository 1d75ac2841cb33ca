package hooks_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"testing"

	"github.com/andybalholm/brotli"

	"github.com/folio/folio/testutil"
)

// A page goes brotli-compressed to a browser (it sends "br"), gzip to a client that takes only
// gzip, plain to one that takes neither; each decodes to the same page, the first pass and the
// front's replay alike, and brotli is the smaller.
func TestPagesAreBrotliForBrowsers(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	plain := getPage(t, app, "/about").Body.Bytes()
	if len(plain) < 2000 {
		t.Fatalf("page of %d bytes", len(plain))
	}
	var sizes = map[string]int{}
	for range 2 { // the second round comes from the front
		for _, tc := range []struct{ accept, coding string }{
			{"gzip, deflate, br, zstd", "br"}, {"br;q=0, gzip", "gzip"}, {"gzip", "gzip"}, {"identity", ""}, {"", ""},
		} {
			res := getPage(t, app, "/about", "Accept-Encoding", tc.accept)
			if got := res.Header().Get("Content-Encoding"); got != tc.coding || res.Code != 200 {
				t.Fatalf("%q: %d Content-Encoding %q, want %q", tc.accept, res.Code, got, tc.coding)
			}
			body := res.Body.Bytes()
			sizes[tc.coding] = len(body)
			var r io.Reader = bytes.NewReader(body)
			switch tc.coding {
			case "br":
				r = brotli.NewReader(r)
			case "gzip":
				zr, err := gzip.NewReader(r)
				if err != nil {
					t.Fatal(err)
				}
				r = zr
			}
			if got, err := io.ReadAll(r); err != nil || !bytes.Equal(got, plain) {
				t.Fatalf("%q: decodes to another page (%v)", tc.accept, err)
			}
		}
	}
	if sizes["br"] >= sizes["gzip"] {
		t.Errorf("brotli %d bytes, gzip %d", sizes["br"], sizes["gzip"])
	}
}
