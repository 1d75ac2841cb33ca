package hooks

import (
	"os"

	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/geo"
)

// EnvGeoIPDB names the optional MaxMind-format City (or Country) .mmdb file; without it
// locations come from the embedded country table.
const EnvGeoIPDB = "FOLIO_GEOIP_DB"

const geoLocatorStore = "folio.geoLocator"

// geoLocator is the app's Locator, opened on first use from FOLIO_GEOIP_DB. A file that
// cannot be opened is logged once and the embedded table is used instead.
func geoLocator(app core.App) *geo.Locator {
	if l, ok := app.Store().Get(geoLocatorStore).(*geo.Locator); ok {
		return l
	}
	path := os.Getenv(EnvGeoIPDB)
	l, err := geo.Open(path)
	if err != nil {
		app.Logger().Warn("Cannot open the GeoIP database; using the embedded country table", "path", path, "error", err)
		l = &geo.Locator{}
	}
	got := app.Store().GetOrSet(geoLocatorStore, func() any { return l }).(*geo.Locator)
	if got != l {
		_ = l.Close() // another request opened it first
	} else if path != "" {
		app.OnTerminate().BindFunc(func(e *core.TerminateEvent) error {
			_ = l.Close()
			return e.Next()
		})
	}
	return got
}

// requestLocation locates the caller: trusted CDN headers (Settings → TrustedProxy.Headers)
// first, then the IP databases (geo.Locator.Request).
func requestLocation(e *core.RequestEvent) geo.Location {
	return geoLocator(e.App).Request(e.Request.Header, e.RealIP(), len(e.App.Settings().TrustedProxy.Headers) > 0)
}
