package hooks

import (
	"errors"
	"net/http"
	"strings"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/router"

	"github.com/folio/folio/site"
)

// redirectProbeHeader marks the in-process request that checks whether a path is a page:
// it must see the site's own answer, not an existing redirect.
const redirectProbeHeader = "X-Folio-Redirect-Probe"

// siteRedirects answers a stored redirect where the site would answer 404 (API.md "Moving
// in and out"). Only a 404 looks the table up: a page that exists never costs a query.
func siteRedirects() *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id: "folioSiteRedirects",
		Func: func(e *core.RequestEvent) error {
			r := e.Request
			if (r.Method != http.MethodGet && r.Method != http.MethodHead) || strings.HasPrefix(r.URL.Path, "/api/") ||
				strings.HasPrefix(r.URL.Path, "/_/") || r.Header.Get(redirectProbeHeader) != "" {
				return e.Next()
			}
			w := &redirectWriter{ResponseWriter: e.Response, app: e.App, req: r}
			e.Response = w
			err := e.Next()
			if !w.decided && err != nil && isNotFound(err) { // an error the router answers later
				if to, code, ok := site.FindRedirect(e.App, r.URL.Path); ok {
					w.decided = true
					http.Redirect(w.ResponseWriter, r, to, code)
					return nil
				}
			}
			return err
		},
	}
}

func isNotFound(err error) bool {
	var apiErr *router.ApiError
	return errors.As(err, &apiErr) && apiErr.Status == http.StatusNotFound
}

// redirectWriter turns a 404 written by the site into the stored redirect, when there is one.
type redirectWriter struct {
	http.ResponseWriter
	app     core.App
	req     *http.Request
	decided bool // a status went out (or was replaced): nothing more to decide
	swallow bool // the 404's body is dropped: a redirect was sent instead
}

func (w *redirectWriter) WriteHeader(code int) {
	if w.decided {
		if !w.swallow {
			w.ResponseWriter.WriteHeader(code)
		}
		return
	}
	w.decided = true
	if code == http.StatusNotFound {
		if to, rc, ok := site.FindRedirect(w.app, w.req.URL.Path); ok {
			w.swallow = true
			h := w.ResponseWriter.Header()
			for _, k := range []string{"Content-Type", "Content-Length", "Content-Encoding", "Etag", "Cache-Control"} {
				h.Del(k)
			}
			http.Redirect(w.ResponseWriter, w.req, to, rc)
			return
		}
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *redirectWriter) Write(b []byte) (int, error) {
	if !w.decided {
		w.WriteHeader(http.StatusOK)
	}
	if w.swallow {
		return len(b), nil
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap lets PocketBase's router read the status and flush through the wrapper.
func (w *redirectWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
