package hooks

import (
	"net/http"
	"strings"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"

	"github.com/folio/folio/cache"
	"github.com/folio/folio/catalog"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/pages"
)

// shareCardPath is where an item's generated share card is served: outside /api/, so
// crawlers that obey robots.txt fetch it.
func shareCardPath(typ, id string) string { return "/share-card/" + typ + "/" + id + ".png" }

// itemShareImage is the one choice of an item page's og:image and twitter:image (absolute):
// its cover, else the owner's profile image, else the card drawn with the site's name and
// the item's title.
func (sc siteContext) itemShareImage(d *catalog.ItemDetail) string {
	switch {
	case d.Media != nil && *d.Media != "":
		return absURL(sc.base, shareThumb(*d.Media))
	case sc.profileShare != "":
		return sc.profileShare
	default:
		return sc.base + shareCardPath(d.Type, d.ID)
	}
}

// bindShareCardRoutes serves the generated share cards of public items, built once and kept in
// the content cache (dropped when content changes, so a new title draws a new card).
func bindShareCardRoutes(r *router.Router[*core.RequestEvent]) {
	r.GET("/share-card/{type}/{file}", func(e *core.RequestEvent) error {
		typ, file := e.Request.PathValue("type"), e.Request.PathValue("file")
		id, ok := strings.CutSuffix(file, ".png")
		if (typ != c.TypeBlog && typ != c.TypeProject) || !ok || id == "" {
			return e.NotFoundError("", nil)
		}
		d, err := publicItemDetail(e.App, typ, id)
		if err != nil {
			return err
		}
		if d == nil {
			return e.NotFoundError("", nil)
		}
		site := e.App.Settings().Meta.AppName
		key := counterFreePrefix + shareCardPath(typ, id) + " " + site
		a, err := cache.Bytes(e.App, key, func() ([]byte, error) { return pages.ShareCard(site, d.Title) })
		if err != nil {
			return err
		}
		return a.Send(e, http.StatusOK, "image/png", CacheFeeds, "")
	})
}
