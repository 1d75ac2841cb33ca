package hooks

import (
	"net/http"
	"path"

	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/catalog"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/site"
)

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
	dir, id := path.Split(p)
	typ := c.TypeBlog
	if dir == "/projects/" {
		typ = c.TypeProject
	}
	d, err := previewItemDetail(e.App, typ, id, token)
	if err != nil {
		return err
	}
	status, doc, err := site.RenderPreview(e.App, s.siteAssets(), appURL(e.App, e), e.App.Settings().Meta.AppName, p, d)
	if err != nil {
		return err
	}
	e.Response.Header().Set("Cache-Control", "private, no-store")
	e.Response.Header().Set("X-Robots-Tag", "noindex")
	return e.Blob(status, pageType, doc)
}

// previewItemDetail is the item's detail whatever its status for a valid preview token, nil
// for a forged, expired or revoked one.
func previewItemDetail(app core.App, typ, id, token string) (*catalog.ItemDetail, error) {
	rec, err := catalog.PreviewRecord(app, typ, id, token)
	if err != nil {
		return nil, nil
	}
	if err := catalog.FillCounters(app, rec); err != nil {
		return nil, err
	}
	d := catalog.NewItemDetail(rec, false)
	return &d, nil
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
