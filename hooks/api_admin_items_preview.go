package hooks

import (
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/security"

	"github.com/folio/folio/catalog"
	c "github.com/folio/folio/collections"
)

// A preview link's token and its check are catalog's (catalog/preview.go).

// previewAnswer is POST /api/admin/{blogs|projects}/{id}/preview.
type previewAnswer struct {
	URL     string `json:"url"`
	Expires string `json:"expires"`
}

// adminItemsPreview creates a preview link of the item (its secret made on the first one).
func adminItemsPreview(col string) func(e *core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		rec, err := e.App.FindRecordById(col, e.Request.PathValue("id"))
		if err != nil {
			return e.NotFoundError("", err)
		}
		if rec.GetString(c.FieldPreviewSecret) == "" {
			if err := catalog.SetPreviewSecret(e.App, rec, security.RandomString(40)); err != nil {
				return e.InternalServerError("", err)
			}
		}
		exp := now(e.App).Add(catalog.PreviewValidity).UTC().Truncate(time.Second)
		path := catalog.PagePath(c.ItemType(col), rec.Id) + "?preview=" + catalog.PreviewSign(rec, exp)
		return e.JSON(200, previewAnswer{URL: path, Expires: exp.Format(time.RFC3339)})
	}
}

// adminItemsPreviewRevoke renews the item's secret: every link made before stops working.
func adminItemsPreviewRevoke(col string) func(e *core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		rec, err := e.App.FindRecordById(col, e.Request.PathValue("id"))
		if err != nil {
			return e.NotFoundError("", err)
		}
		if err := catalog.SetPreviewSecret(e.App, rec, security.RandomString(40)); err != nil {
			return e.InternalServerError("", err)
		}
		return e.NoContent(204)
	}
}
