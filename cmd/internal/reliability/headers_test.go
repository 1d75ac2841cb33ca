package reliability

import (
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
)

// TestServedHeaders: on the real server the site's pages carry Folio's policy, while /_/
// (PocketBase's admin UI, served only by `serve`) keeps its own and every file it
// references loads.
func TestServedHeaders(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the real binary")
	}
	dir := newDataDir(t, 0)
	s := serve(t, dir)
	get := func(path string) *http.Response {
		t.Helper()
		res, err := http.Get(s.Base + path)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}

	site := get("/")
	site.Body.Close()
	if csp := site.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self' 'sha256-") || !strings.Contains(csp, "frame-ancestors") {
		t.Errorf("/: CSP %q", csp)
	}

	ui := get("/_/")
	raw, err := io.ReadAll(ui.Body)
	ui.Body.Close()
	body := string(raw)
	if err != nil || ui.StatusCode != 200 || !strings.Contains(body, "<title>PocketBase</title>") {
		t.Fatalf("/_/: %d %v %.300s", ui.StatusCode, err, body)
	}
	csp := ui.Header.Get("Content-Security-Policy")
	if csp == "" || strings.Contains(csp, "form-action 'self'") { // PocketBase's own, not the site's
		t.Errorf("/_/: CSP %q, want PocketBase's admin UI policy", csp)
	}
	for _, h := range []string{"Referrer-Policy", "X-Content-Type-Options"} {
		if ui.Header.Get(h) == "" {
			t.Errorf("/_/: no %s", h)
		}
	}
	refs := regexp.MustCompile(`(?:src|href)="\./([^"]+)"`).FindAllStringSubmatch(body, -1)
	if len(refs) < 3 {
		t.Fatalf("/_/ references %d files", len(refs))
	}
	for _, r := range refs {
		res := get("/_/" + r[1])
		res.Body.Close()
		if res.StatusCode != 200 {
			t.Errorf("/_/%s: %d", r[1], res.StatusCode)
		}
	}
}
