// Package pages renders what the server puts into the React app's index.html for a site
// page: one head (title, description, canonical, Open Graph, Twitter card, JSON-LD, feed
// links) and the article or list itself inside the root element, for readers and crawlers
// without JavaScript. Pure: it knows neither PocketBase records nor HTTP handlers.
package pages

import (
	"net/http"
	"strings"
)

// DefaultAppURL is PocketBase's default app URL; it counts as unset (API.md "Site pages").
const DefaultAppURL = "http://localhost:8090"

// Proxy says which forwarded headers to believe: PocketBase's trusted-proxy settings.
type Proxy struct {
	Trusted     bool // the owner configured trusted-proxy headers
	UseLeftmost bool // settings.TrustedProxy.UseLeftmostIP
}

// validHost accepts a DNS name or IP literal with an optional port, nothing that would need
// escaping; it runs on every page request, so no regexp.
func validHost(h string) bool {
	if h == "" || len(h) > 261 {
		return false
	}
	name, port := h, ""
	if i := strings.LastIndexByte(h, ':'); i >= 0 && !strings.HasSuffix(h, "]") {
		name, port = h[:i], h[i+1:]
		if port == "" || len(port) > 5 || strings.Trim(port, "0123456789") != "" {
			return false
		}
	}
	if strings.HasPrefix(name, "[") {
		return len(name) > 2 && strings.HasSuffix(name, "]") && strings.Trim(name[1:len(name)-1], "0123456789abcdefABCDEF:.") == ""
	}
	for i := 0; i < len(name); i++ {
		ch := name[i]
		if !(ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= '0' && ch <= '9' || ch == '.' || ch == '-') {
			return false
		}
	}
	return name != "" && name[0] != '-' && name[0] != '.'
}

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
	if !validHost(host) {
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
