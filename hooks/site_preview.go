package hooks

import (
	"net/http"
	"net/url"
	"path"

	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/catalog"
)

// previewBanner tops a previewed item page: visible to whoever holds the link.
const previewBanner = `<div class="preview-banner" role="status" style="margin:0 0 var(--mantine-spacing-md);padding:var(--mantine-spacing-xs) var(--mantine-spacing-md);` +
	`border-radius:var(--mantine-radius-md);background:var(--mantine-color-yellow-light);color:var(--mantine-color-text);border-left:4px solid var(--mantine-color-yellow-filled);font-weight:600">` +
	`Preview: this page is not public. Anyone holding this link can see it until it expires or is revoked.</div>`

// previewToken is the ?preview= token of an item page request ("" when none, or not an item page).
func previewToken(e *core.RequestEvent, p string) string {
	dir, id := path.Split(p)
	if (dir != "/blogs/" && dir != "/projects/") || id == "" || e.Request.URL.RawQuery == "" {
		return ""
	}
	return e.Request.URL.Query().Get("preview")
}

// previewPage answers an item page opened with a preview token: the item's real page
// whatever its status, with noindex and the Preview banner, never cached; a forged,
// expired or revoked token gets the 404 page, like an unknown id.
func (s *siteServer) previewPage(e *core.RequestEvent, p, token string) error {
	q := url.Values{"preview": {token}}
	status, doc, err := renderPage(e.App, s.siteAssets(), appURL(e.App, e), e.App.Settings().Meta.AppName, p, q)
	if err != nil {
		return err
	}
	e.Response.Header().Set("Cache-Control", "private, no-store")
	e.Response.Header().Set("X-Robots-Tag", "noindex")
	return e.Blob(status, pageType, doc)
}

// previewItem answers GET /api/{blogs|projects}/{id}?preview=TOKEN: the detail whatever the
// item's status for a valid token, 404 otherwise; never cached.
func previewItem(e *core.RequestEvent, typ, id, token string) error {
	rec, err := catalog.PreviewRecord(e.App, typ, id, token)
	if err != nil {
		return e.NotFoundError(notFoundMessage(typ), nil)
	}
	if err := catalog.FillCounters(e.App, rec); err != nil {
		return e.InternalServerError("", err)
	}
	e.Response.Header().Set("Cache-Control", "private, no-store")
	e.Response.Header().Set("X-Robots-Tag", "noindex")
	return adminJSON(e, http.StatusOK, catalog.NewItemDetail(rec, catalog.LikedBy(e.App, authAccount(e), rec.Id)))
}
