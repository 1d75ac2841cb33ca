package hooks

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	c "github.com/folio/folio/collections"
)

// Redirect messages (API.md "Moving in and out").
const (
	msgRedirectFromPath = "From must be a site path starting with /."
	msgRedirectFromPage = "From is an existing page's path."
	msgRedirectTo       = "To must be a site path or an http(s) URL."
	msgRedirectCode     = "Code must be 301 or 302."
	msgRedirectLoop     = "To must differ from From."
)

// siteHandlerKey holds the server's handler once it serves, so a redirect's `from` can be
// tried against the real routes.
const siteHandlerKey = "folio.siteHandler"

// bindRedirectHooks keeps every redirect valid, /_/ writes included: `from` a site path
// outside /api and /_/ that is no existing page, `to` a path or an http(s) URL, code 301|302.
func bindRedirectHooks(app core.App) {
	app.OnRecordValidate(c.Redirects).BindFunc(func(e *core.RecordEvent) error {
		r := e.Record
		from, to := normalizeRedirectPath(r.GetString(c.FieldFrom)), strings.TrimSpace(r.GetString(c.FieldTo))
		r.Set(c.FieldFrom, from)
		r.Set(c.FieldTo, to)
		if r.GetInt(c.FieldCode) == 0 {
			r.Set(c.FieldCode, http.StatusMovedPermanently)
		}
		errs := validation.Errors{}
		if !validRedirectFrom(from) {
			errs[c.FieldFrom] = validation.NewError("validation_invalid_from", msgRedirectFromPath)
		} else if r.IsNew() || r.Original().GetString(c.FieldFrom) != from {
			if isExistingPage(e.App, from) {
				errs[c.FieldFrom] = validation.NewError("validation_existing_page", msgRedirectFromPage)
			}
		}
		if !validRedirectTo(to) {
			errs[c.FieldTo] = validation.NewError("validation_invalid_to", msgRedirectTo)
		} else if to == from {
			errs[c.FieldTo] = validation.NewError("validation_redirect_loop", msgRedirectLoop)
		}
		if code := r.GetInt(c.FieldCode); code != http.StatusMovedPermanently && code != http.StatusFound {
			errs[c.FieldCode] = validation.NewError("validation_invalid_code", msgRedirectCode)
		}
		if len(errs) > 0 {
			return errs
		}
		return e.Next()
	})
}

// normalizeRedirectPath trims a typed path and drops its query and fragment (lookups match paths).
func normalizeRedirectPath(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexAny(s, "?#"); i >= 0 {
		s = s[:i]
	}
	return s
}

func validRedirectFrom(from string) bool {
	if !strings.HasPrefix(from, "/") || strings.HasPrefix(from, "//") || from == "/" {
		return false
	}
	u, err := url.Parse(from)
	if err != nil || u.Host != "" {
		return false
	}
	p := strings.TrimRight(from, "/")
	return p != "/api" && !strings.HasPrefix(from, "/api/") && p != "/_" && !strings.HasPrefix(from, "/_/")
}

func validRedirectTo(to string) bool {
	if strings.HasPrefix(to, "/") && !strings.HasPrefix(to, "//") {
		return true
	}
	u, err := url.Parse(to)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}

// isExistingPage asks the site itself: a GET of from that does not answer 404 is a page.
// Before the server runs (commands) nothing is asked; imports add old platforms' paths.
func isExistingPage(app core.App, from string) bool {
	h, ok := app.Store().Get(siteHandlerKey).(http.Handler)
	if !ok {
		return false
	}
	req := httptest.NewRequest(http.MethodGet, from, nil)
	req.Header.Set(redirectProbeHeader, "1")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Code != http.StatusNotFound
}
