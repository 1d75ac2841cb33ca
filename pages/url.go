// Package pages renders what the server puts into the React app's index.html for a site
// page: one head (title, description, canonical, Open Graph, Twitter card, JSON-LD, feed
// links) and the article or list itself inside the root element, for readers and crawlers
// without JavaScript. Pure: it knows neither PocketBase records nor HTTP handlers.
package pages

import (
	"net/http"
	"regexp"
	"strings"
)

// DefaultAppURL is PocketBase's default app URL; it counts as unset (API.md "Site pages").
const DefaultAppURL = "http://localhost:8090"

// Proxy says which forwarded headers to believe: PocketBase's trusted-proxy settings.
type Proxy struct {
	Trusted     bool // the owner configured trusted-proxy headers
	UseLeftmost bool // settings.TrustedProxy.UseLeftmostIP
}

var validHost = regexp.MustCompile(`^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?$`)

// BaseURL is the site's absolute base URL without a trailing slash: appURL when the owner
// set one, else the request's scheme and host. Forwarded scheme and host headers count
// only behind a trusted proxy, as PocketBase treats forwarded client IPs.
func BaseURL(appURL string, r *http.Request, proxy Proxy) string {
	if u := strings.TrimRight(strings.TrimSpace(appURL), "/"); u != "" && u != DefaultAppURL {
		return u
	}
	scheme, host := "http", r.Host
	if r.TLS != nil {
		scheme = "https"
	}
	if proxy.Trusted {
		if p := strings.ToLower(forwarded(r, "X-Forwarded-Proto", proxy.UseLeftmost)); p == "http" || p == "https" {
			scheme = p
		}
		if h := forwarded(r, "X-Forwarded-Host", proxy.UseLeftmost); h != "" {
			host = h
		}
	}
	if !validHost.MatchString(host) {
		host = "localhost"
	}
	return scheme + "://" + host
}

// forwarded reads a proxy header as PocketBase reads X-Forwarded-For: the last header line
// (the one the proxy controls), its rightmost entry unless leftmost is asked for.
func forwarded(r *http.Request, name string, leftmost bool) string {
	values := r.Header.Values(name)
	if len(values) == 0 {
		return ""
	}
	parts := strings.Split(values[len(values)-1], ",")
	if leftmost {
		return strings.TrimSpace(parts[0])
	}
	return strings.TrimSpace(parts[len(parts)-1])
}
