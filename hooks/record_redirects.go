package hooks

import (
	"net/http"
	"net/http/httptest"
	"sync/atomic"

	"github.com/pocketbase/pocketbase/core"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/records"
)

// bindRedirectHooks keeps every redirect valid, /_/ writes included (records.RedirectErrors):
// its `from` must be no existing page, which site asks the served site.
func bindRedirectHooks(app core.App, site *siteProbe) {
	app.OnRecordValidate(c.Redirects).BindFunc(func(e *core.RecordEvent) error {
		records.NormalizeRedirect(e.Record)
		if errs := records.RedirectErrors(e.Record, site.isPage); len(errs) > 0 {
			return errs
		}
		return e.Next()
	})
}

// siteProbe holds the server's handler once it serves, so a redirect's `from` can be tried
// against the real routes.
type siteProbe struct {
	handler atomic.Value // http.Handler
}

// isPage asks the site itself: a GET of path that does not answer 404 is a page. Before
// the server runs (commands) nothing is asked; imports add old platforms' paths.
func (p *siteProbe) isPage(path string) bool {
	h, ok := p.handler.Load().(http.Handler)
	if !ok {
		return false
	}
	req := httptest.NewRequest(http.MethodGet, path, nil)
	req.Header.Set(redirectProbeHeader, "1")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Code != http.StatusNotFound
}
