package cache

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/clock"
)

// TestNextChange: answers built before the registered next change are served until the app
// clock reaches it, then dropped (the front's replay included), the next moment asked again
// once per generation.
func TestNextChange(t *testing.T) {
	at := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	now := at.Add(-time.Minute)
	asked := 0
	version := "before"
	s := newFrontSite(t, func(*http.Request) string { return "page" }, func(core.App) []byte { return []byte(version) })
	clock.Set(s.app, func() time.Time { return now })
	OnNextChange(s.app, func(core.App) (time.Time, error) {
		asked++
		if now.Before(at) {
			return at, nil
		}
		return time.Time{}, nil
	})
	get := func() string {
		res := httptest.NewRecorder()
		s.h.ServeHTTP(res, httptest.NewRequest("GET", "/page", nil))
		return res.Body.String()
	}
	if got := get(); got != "before" {
		t.Fatalf("first answer %q", got)
	}
	version = "after"
	for i := 0; i < 3; i++ {
		if got := get(); got != "before" {
			t.Fatalf("a cached answer before the change: %q", got)
		}
	}
	if asked != 1 {
		t.Errorf("asked for the next change %d times in one generation", asked)
	}
	now = at
	if got := get(); got != "after" {
		t.Fatalf("at the change the cache still answers %q", got)
	}
	if !NextChange(s.app).IsZero() || asked != 2 {
		t.Errorf("after the change: next %v, asked %d times", NextChange(s.app), asked)
	}
}

// BenchmarkFrontNextChange is the front's replay of a cached answer with nothing scheduled
// and with a scheduled item's publish time known (the clock read on every replay).
func BenchmarkFrontNextChange(b *testing.B) {
	for _, scheduled := range []bool{false, true} {
		name := "none"
		if scheduled {
			name = "scheduled"
		}
		b.Run(name, func(b *testing.B) {
			s := newFrontSite(b, func(*http.Request) string { return "page" }, func(core.App) []byte { return []byte("body") })
			at := time.Now().Add(time.Hour)
			OnNextChange(s.app, func(core.App) (time.Time, error) {
				if scheduled {
					return at, nil
				}
				return time.Time{}, nil
			})
			req := httptest.NewRequest("GET", "/page", nil)
			s.h.ServeHTTP(httptest.NewRecorder(), req)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				s.h.ServeHTTP(httptest.NewRecorder(), req)
			}
			if s.passes != 1 {
				b.Fatalf("%d requests passed the front", s.passes)
			}
		})
	}
}
