package cache

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
)

// frontSite is a Front over a handler that answers every GET from the cache under key(r),
// built by build, with the chain's own headers set first as PocketBase's middleware would.
type frontSite struct {
	app    core.App
	h      http.Handler
	passes int // requests that reached the handler behind the front
	builds int
}

func newFrontSite(t testing.TB, key func(*http.Request) string, build func(app core.App) []byte) *frontSite {
	t.Helper()
	s := &frontSite{app: core.NewBaseApp(core.BaseAppConfig{DataDir: t.TempDir()})}
	chain := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.passes++
		w.Header().Set("X-Content-Type-Options", "nosniff")
		e := &core.RequestEvent{App: s.app}
		e.Request, e.Response = r, w
		a, err := Bytes(s.app, key(r), func() ([]byte, error) {
			s.builds++
			return build(s.app), nil
		})
		if err != nil {
			t.Fatal(err)
		}
		a.Send(e, http.StatusOK, "text/html; charset=utf-8", Public, "Accept-Encoding")
	})
	s.h = Front(s.app, chain)
	return s
}

func (s *frontSite) get(target string, header ...string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(http.MethodGet, target, nil)
	for i := 0; i+1 < len(header); i += 2 {
		r.Header.Set(header[i], header[i+1])
	}
	w := httptest.NewRecorder()
	s.h.ServeHTTP(w, r)
	return w
}

func pathKey(r *http.Request) string { return r.URL.Path }

func TestFrontReplaysTheChainsAnswer(t *testing.T) {
	body := strings.Repeat("<p>cached page</p>", 200) // big enough for a gzip copy
	s := newFrontSite(t, pathKey, func(core.App) []byte { return []byte(body) })
	first := s.get("/page")
	second := s.get("/page")
	if s.passes != 1 {
		t.Fatalf("the chain ran %d times for two requests, want 1", s.passes)
	}
	if second.Code != http.StatusOK || second.Body.String() != body {
		t.Fatalf("front answer: %d %.40q", second.Code, second.Body.String())
	}
	for k := range first.Header() {
		if got, want := second.Header().Values(k), first.Header().Values(k); strings.Join(got, ",") != strings.Join(want, ",") {
			t.Errorf("%s: front %q, chain %q", k, got, want)
		}
	}
	if second.Header().Get("X-Content-Type-Options") != "nosniff" || second.Header().Get("ETag") == "" {
		t.Errorf("front headers: %v", second.Header())
	}

	zipped := s.get("/page", "Accept-Encoding", "gzip")
	if zipped.Header().Get("Content-Encoding") != "gzip" || zipped.Body.Len() >= len(body) ||
		zipped.Header().Get("Content-Length") != strconv.Itoa(zipped.Body.Len()) {
		t.Errorf("gzip copy: %v, %d bytes", zipped.Header(), zipped.Body.Len())
	}
	notMod := s.get("/page", "If-None-Match", first.Header().Get("ETag"))
	if notMod.Code != http.StatusNotModified || notMod.Body.Len() != 0 || notMod.Header().Get("Content-Length") != "" ||
		notMod.Header().Get("ETag") != first.Header().Get("ETag") {
		t.Errorf("304: %d %v %q", notMod.Code, notMod.Header(), notMod.Body.String())
	}
	if s.passes != 1 {
		t.Errorf("gzip and 304 went through the chain (%d passes)", s.passes)
	}

	// signed-in, cross-origin and range requests always take the chain
	s.get("/page", "Authorization", "token")
	s.get("/page", "Origin", "https://elsewhere.example")
	s.get("/page", "Range", "bytes=0-10")
	if s.passes != 4 {
		t.Errorf("%d passes, want 4: a personal or cross-origin request was answered by the front", s.passes)
	}
}

func TestFrontDropsAnswersOnWrites(t *testing.T) {
	version := 1
	s := newFrontSite(t, pathKey, func(core.App) []byte { return []byte("v" + strconv.Itoa(version)) })
	s.get("/a")
	version = 2
	if got := s.get("/a").Body.String(); got != "v1" {
		t.Fatalf("before the write: %q", got)
	}
	Invalidate(s.app)
	if got := s.get("/a").Body.String(); got != "v2" {
		t.Errorf("after Invalidate the front answered %q", got)
	}
	version = 3
	InvalidateExcept(s.app, func(key string) bool { return key == "/kept" })
	if got := s.get("/a").Body.String(); got != "v3" {
		t.Errorf("after InvalidateExcept the front answered %q", got)
	}
}

// An answer the store did not keep (built across a write, or under an overlong key) is sent
// once and never replayed: the front would otherwise serve it after every later change.
func TestFrontSkipsAnswersTheStoreDidNotKeep(t *testing.T) {
	version := 0
	s := newFrontSite(t, func(r *http.Request) string { return r.URL.RawQuery }, func(app core.App) []byte {
		version++
		if version == 1 {
			Invalidate(app) // a write lands while the first answer is built
		}
		return []byte("v" + strconv.Itoa(version))
	})
	s.get("/?q=x")
	if got := s.get("/?q=x").Body.String(); got != "v2" || s.passes != 2 {
		t.Errorf("an answer built across a write was replayed: %q after %d passes", got, s.passes)
	}
	long := "/?q=" + strings.Repeat("x", cacheMaxKeyLen+1)
	s.get(long)
	s.get(long)
	if s.passes != 4 {
		t.Errorf("an answer under an overlong key was replayed (%d passes, want 4)", s.passes)
	}
}

func TestFrontForgetsStaleEntries(t *testing.T) {
	s := newFrontSite(t, pathKey, func(core.App) []byte { return []byte("x") })
	s.get("/a")
	cc := of(s.app)
	cc.mu.RLock()
	a := cc.answers["/a"]
	cc.mu.RUnlock()
	a.Born = a.Born.Add(-cacheTTL - 1) // past its TTL
	s.get("/a")
	if s.passes != 2 || s.builds != 2 {
		t.Errorf("an answer past its TTL was replayed (%d passes, %d builds)", s.passes, s.builds)
	}
}

// A front hit allocates nothing of its own: its cost is net/http's.
func TestFrontHitAllocatesNothing(t *testing.T) {
	s := newFrontSite(t, pathKey, func(core.App) []byte { return []byte(strings.Repeat("y", 3000)) })
	s.get("/a")
	r := httptest.NewRequest(http.MethodGet, "/a", nil)
	w := &discardWriter{h: http.Header{}}
	allocs := testing.AllocsPerRun(200, func() {
		clear(w.h)
		s.h.ServeHTTP(w, r)
	})
	if s.passes != 1 || w.status != http.StatusOK {
		t.Fatalf("not a front hit: %d passes, status %d", s.passes, w.status)
	}
	if allocs > 0 {
		t.Errorf("a front hit allocates %.1f times", allocs)
	}
}

type discardWriter struct {
	h      http.Header
	status int
}

func (w *discardWriter) Header() http.Header         { return w.h }
func (w *discardWriter) WriteHeader(status int)      { w.status = status }
func (w *discardWriter) Write(b []byte) (int, error) { return len(b), nil }
