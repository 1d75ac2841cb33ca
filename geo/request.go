package geo

import (
	"net/http"
	"net/url"
)

// CDN headers carrying the visitor's country (ISO code) and city. They are honoured only
// when the owner declared a trusted proxy; otherwise any client could forge them. Kept in
// canonical form: firstHeader reads the header map directly (Header.Get canonicalised and
// copied each of these names on every view, 2 % of a view's CPU).
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

// Request locates a request from ip: the CDN's headers first when trustCDN (the owner
// declared a trusted proxy), then l's databases. Unknown parts stay empty; it never fails.
func (l *Locator) Request(h http.Header, ip string, trustCDN bool) Location {
	var loc Location
	if trustCDN {
		loc.Country = CountryName(firstHeader(h, cdnCountryHeaders))
		if loc.Country != "" {
			city := firstHeader(h, cdnCityHeaders)
			if dec, err := url.QueryUnescape(city); err == nil {
				city = dec // Vercel URL-encodes the city
			}
			loc.City = Clean(city)
		}
	}
	if loc.Country != "" && loc.City != "" {
		return loc
	}
	found := l.Lookup(ip)
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
func firstHeader(h http.Header, names []string) string {
	for _, n := range names {
		if v := h[n]; len(v) > 0 && v[0] != "" {
			return v[0]
		}
	}
	return ""
}
