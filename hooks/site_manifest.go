package hooks

import (
	"net/http"
	"strconv"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"

	"github.com/folio/folio/cache"
	"github.com/folio/folio/site"
)

// The web manifest and the profile icons (site.Manifest) are served for an hour.
const (
	manifestType  = "application/manifest+json"
	cacheManifest = "public, max-age=3600"
)

func bindManifestRoutes(r *router.Router[*core.RequestEvent]) {
	r.GET("/manifest.webmanifest", func(e *core.RequestEvent) error {
		name := e.App.Settings().Meta.AppName
		a, err := cache.Bytes(e.App, counterFreePrefix+"manifest "+name, func() ([]byte, error) {
			return site.Manifest(e.App, name)
		})
		if err != nil {
			return err
		}
		return a.Send(e, http.StatusOK, manifestType, cacheManifest, "Accept-Encoding")
	})
	for _, size := range site.IconSizes {
		r.GET(site.ProfileIconPath+strconv.Itoa(size)+".png", func(e *core.RequestEvent) error {
			a, err := cache.Bytes(e.App, counterFreePrefix+"icon "+strconv.Itoa(size), func() ([]byte, error) {
				return site.ProfileIconPNG(e.App, size)
			})
			if err != nil || len(a.Body) == 0 {
				return e.NotFoundError("", nil)
			}
			return a.Send(e, http.StatusOK, "image/png", cacheManifest, "")
		})
	}
}
