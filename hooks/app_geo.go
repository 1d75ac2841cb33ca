package hooks

import (
	"net/http"
	"net/url"
	"os"
	"sync"

	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/geo"
)

// EnvGeoIPDB names the optional MaxMind-format City (or Country) .mmdb file; without it
// locations come from the embedded country table.
const EnvGeoIPDB = "FOLIO_GEOIP_DB"

// CDN headers carrying the visitor's country (ISO code) and city. They are honoured only
// when the owner declared a trusted proxy (Settings → TrustedProxy.Headers); otherwise any
// client could forge them. Kept in canonical form: firstHeader reads the header map
// directly (Header.Get canonicalised and copied each of these names on every view, 2 %
// of a view's CPU).
var (
	cdnCountryHeaders = canonicalHeaders("CF-IPCountry", "CloudFront-Viewer-Country", "X-Vercel-IP-Country", "Fastly-Geo-Country", "X-Country-Code", "X-Country")
	cdnCityHeaders    = canonicalHeaders("CF-IPCity", "CloudFront-Viewer-City", "X-Vercel-IP-City", "Fastly-Geo-City", "X-City")
)

func canonicalHeaders(names ...string) []string {
	for i, n := range names {
		names[i] = http.CanonicalHeaderKey(n)
	}
	return names
}

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

// requestLocation locates the caller: trusted CDN headers first, then the IP databases.
// Unknown parts stay empty; it never fails.
func (g *geoLocator) requestLocation(e *core.RequestEvent) geo.Location {
	var loc geo.Location
	if len(e.App.Settings().TrustedProxy.Headers) > 0 {
		loc.Country = geo.CountryName(firstHeader(e, cdnCountryHeaders))
		if loc.Country != "" {
			city := firstHeader(e, cdnCityHeaders)
			if dec, err := url.QueryUnescape(city); err == nil {
				city = dec // Vercel URL-encodes the city
			}
			loc.City = geo.Clean(city)
		}
	}
	if loc.Country != "" && loc.City != "" {
		return loc
	}
	found := g.locator().Lookup(e.RealIP())
	if loc.Country == "" {
		return found
	}
	if found.Country == loc.Country {
		loc.City = found.City // the CDN sent a country only: the .mmdb may know the city
	}
	return loc
}

// firstHeader is the first non-empty value among the canonical header names (what
// Header.Get would return for each, without canonicalising the name again).
func firstHeader(e *core.RequestEvent, names []string) string {
	for _, h := range names {
		if v := e.Request.Header[h]; len(v) > 0 && v[0] != "" {
			return v[0]
		}
	}
	return ""
}
