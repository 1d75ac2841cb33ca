package hooks

import (
	"os"
	"sync"

	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/geo"
)

// EnvGeoIPDB names the optional MaxMind-format City (or Country) .mmdb file; without it
// locations come from the embedded country table.
const EnvGeoIPDB = "FOLIO_GEOIP_DB"

// geoLocator is the app's Locator, opened on first use from FOLIO_GEOIP_DB. A file that
// cannot be opened is logged once and the embedded table is used instead.
type geoLocator struct {
	app  core.App
	once sync.Once
	l    *geo.Locator
}

func newGeoLocator(app core.App) *geoLocator { return &geoLocator{app: app} }

func (g *geoLocator) locator() *geo.Locator {
	g.once.Do(func() {
		path := os.Getenv(EnvGeoIPDB)
		l, err := geo.Open(path)
		if err != nil {
			g.app.Logger().Warn("Cannot open the GeoIP database; using the embedded country table", "path", path, "error", err)
			l = &geo.Locator{}
		}
		g.l = l
	})
	return g.l
}

// close closes the .mmdb file, if one was opened (the app's terminate).
func (g *geoLocator) close() {
	g.once.Do(func() {}) // none opens after this
	if g.l != nil {
		_ = g.l.Close()
	}
}

// requestLocation locates the caller: trusted CDN headers (Settings → TrustedProxy.Headers)
// first, then the IP databases (geo.Locator.Request).
func (g *geoLocator) requestLocation(e *core.RequestEvent) geo.Location {
	return g.locator().Request(e.Request.Header, e.RealIP(), len(e.App.Settings().TrustedProxy.Headers) > 0)
}
