package benchkit

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// Starts a real nginx and a bare Go server on the same bytes and drives both with wrk.
func TestNginxBareAndWrk(t *testing.T) {
	if _, err := os.Stat(NginxBin); err != nil || !HasWrk() {
		t.Skip("nginx-light or wrk not installed")
	}
	dir := t.TempDir()
	root := filepath.Join(dir, "root")
	os.MkdirAll(root, 0o755)
	body := []byte(`{"items":[1,2,3]}`)
	os.WriteFile(filepath.Join(root, "r00.json"), body, 0o644)
	addr := os.Getenv("BENCHKIT_TEST_ADDR") // a port of the caller's range; else a free one
	if addr == "" {
		addr = freeAddr(t)
	}
	ng, err := StartNginx(filepath.Join(dir, "nginx"), root, addr)
	if err != nil {
		t.Fatal(err)
	}
	defer ng.Close()
	bare, err := StartBare("127.0.0.1:0", map[string]BareFile{"/r00.json": {ContentType: "application/json", Body: body}})
	if err != nil {
		t.Fatal(err)
	}
	defer bare.Close()
	for _, u := range []string{ng.Base + "/r00.json", bare.Base + "/r00.json"} {
		res, err := http.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if string(got) != string(body) || res.Header.Get("Content-Type") != "application/json" {
			t.Fatalf("%s: %q %q", u, got, res.Header.Get("Content-Type"))
		}
		r, err := Wrk(u, 1, 2, time.Second)
		if err != nil {
			t.Fatal(err)
		}
		if r.RPS <= 0 || r.Requests <= 0 || r.Errors != 0 || r.P99 <= 0 || r.P50 > r.P99 {
			t.Fatalf("%s: %+v", u, r)
		}
	}
}

// nginx and the bare server send a dynamic answer's own headers with its bytes.
func TestNginxAndBareSendTheAnswersHeaders(t *testing.T) {
	if _, err := os.Stat(NginxBin); err != nil {
		t.Skip("nginx-light not installed")
	}
	dir := t.TempDir()
	root := filepath.Join(dir, "root")
	os.MkdirAll(root, 0o755)
	body := []byte("<!doctype html><p>page</p>")
	os.WriteFile(filepath.Join(root, "r00.html"), body, 0o644)
	h := http.Header{
		"Content-Type":            {"text/html; charset=utf-8"},
		"Etag":                    {`"ab-c_d"`},
		"Content-Security-Policy": {`default-src 'self'; frame-ancestors 'self'`},
		"Cache-Control":           {"public, max-age=60"},
		"Content-Length":          {"999"}, // computed by each server, not copied
	}
	ng, err := StartNginxWithHeaders(filepath.Join(dir, "nginx"), root, freeAddr(t), map[string]http.Header{"r00.html": h})
	if err != nil {
		t.Fatal(err)
	}
	defer ng.Close()
	bare, err := StartBare("127.0.0.1:0", map[string]BareFile{"/r00.html": {"text/html; charset=utf-8", body, h}})
	if err != nil {
		t.Fatal(err)
	}
	defer bare.Close()
	for _, u := range []string{ng.Base + "/r00.html", bare.Base + "/r00.html"} {
		res, err := http.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if string(got) != string(body) || res.ContentLength != int64(len(body)) {
			t.Errorf("%s: %q (%d bytes announced)", u, got, res.ContentLength)
		}
		for _, k := range []string{"Content-Type", "Etag", "Content-Security-Policy", "Cache-Control"} {
			if v := res.Header.Values(k); len(v) != 1 || v[0] != h.Get(k) {
				t.Errorf("%s: %s %q, want %q", u, k, v, h.Get(k))
			}
		}
	}
	if _, err := nginxLocations(map[string]http.Header{"x": {"X": {"$host"}}}); err == nil {
		t.Error("a value nginx would expand was accepted")
	}
}
