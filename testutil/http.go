package testutil

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"
)

var (
	handlersMu sync.Mutex
	handlers   = map[core.App]http.Handler{}
)

// Served builds app's router with every OnServe route, and the handler the server would run
// (OnServe hooks may wrap the router's mux, as apis.Serve lets them); tests that read the
// registered routes keep the router.
func Served(t testing.TB, app core.App) (*router.Router[*core.RequestEvent], http.Handler) {
	t.Helper()
	r, err := apis.NewRouter(app)
	if err != nil {
		t.Fatal(err)
	}
	se := &core.ServeEvent{App: app, Router: r, Server: &http.Server{}}
	err = app.OnServe().Trigger(se, func(e *core.ServeEvent) error {
		m, err := e.Router.BuildMux()
		e.Server.Handler = m
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return r, se.Server.Handler
}

// Handler returns app's full HTTP handler (PocketBase routes plus Folio's), built once per app.
func Handler(t testing.TB, app core.App) http.Handler {
	t.Helper()
	handlersMu.Lock()
	defer handlersMu.Unlock()
	if h, ok := handlers[app]; ok {
		return h
	}
	_, mux := Served(t, app)
	handlers[app] = mux
	t.Cleanup(func() {
		handlersMu.Lock()
		delete(handlers, app)
		handlersMu.Unlock()
	})
	return mux
}

// Do sends one request through app's handler; token ("" for none) goes in Authorization,
// a non-empty body is sent as JSON.
func Do(t testing.TB, app core.App, method, url, token, body string, header ...string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(method, url, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", token)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	Handler(t, app).ServeHTTP(rec, req)
	return rec
}
