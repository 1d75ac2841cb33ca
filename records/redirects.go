package records

import (
	"net/http"
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

// NormalizeRedirect trims a redirect's `from` (dropping its query and fragment: lookups
// match paths) and `to`, and makes no code 301.
func NormalizeRedirect(r *core.Record) {
	r.Set(c.FieldFrom, NormalizeRedirectPath(r.GetString(c.FieldFrom)))
	r.Set(c.FieldTo, strings.TrimSpace(r.GetString(c.FieldTo)))
	if r.GetInt(c.FieldCode) == 0 {
		r.Set(c.FieldCode, http.StatusMovedPermanently)
	}
}

// RedirectErrors checks a normalised redirect: `from` a site path outside /api and /_/ that
// is no existing page (isPage asks, when `from` is new or changed), `to` a path or an
// http(s) URL other than `from`, code 301|302.
func RedirectErrors(r *core.Record, isPage func(path string) bool) validation.Errors {
	from, to := r.GetString(c.FieldFrom), r.GetString(c.FieldTo)
	errs := validation.Errors{}
	if !validRedirectFrom(from) {
		errs[c.FieldFrom] = validation.NewError("validation_invalid_from", msgRedirectFromPath)
	} else if r.IsNew() || r.Original().GetString(c.FieldFrom) != from {
		if isPage(from) {
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
	return errs
}

// NormalizeRedirectPath trims a typed path and drops its query and fragment (lookups match paths).
func NormalizeRedirectPath(s string) string {
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
