package hooks

import (
	"net/http"
	"strings"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"

	"github.com/folio/folio/cache"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/pages"
	"github.com/folio/folio/site"
)

// bindShareCardRoutes serves the generated share cards of public items, built once and kept in
// the content cache (dropped when content changes, so a new title draws a new card).
func bindShareCardRoutes(r *router.Router[*core.RequestEvent]) {
	r.GET("/share-card/{type}/{file}", func(e *core.RequestEvent) error {
		typ, file := e.Request.PathValue("type"), e.Request.PathValue("file")
		id, ok := strings.CutSuffix(file, ".png")
		if (typ != c.TypeBlog && typ != c.TypeProject) || !ok || id == "" {
			return e.NotFoundError("", nil)
		}
		d, err := site.PublicItemDetail(e.App, typ, id)
		if err != nil {
			return err
		}
		if d == nil {
			return e.NotFoundError("", nil)
		}
		name := e.App.Settings().Meta.AppName
		key := counterFreePrefix + site.ShareCardPath(typ, id) + " " + name
		a, err := cache.Bytes(e.App, key, func() ([]byte, error) { return pages.ShareCard(name, d.Title) })
		if err != nil {
			return err
		}
		return a.Send(e, http.StatusOK, "image/png", CacheFeeds, "")
	})
}
