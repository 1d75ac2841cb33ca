package geo

import (
	"net/http"
	"testing"
)

// TestRequest: CDN headers count only when trusted; a header's city is URL-decoded; a
// country without a city keeps the country and asks the databases for nothing else.
func TestRequest(t *testing.T) {
	var l *Locator // the embedded country table only
	h := http.Header{}
	h.Set("cf-ipcountry", "DE")
	h.Set("X-Vercel-IP-City", "S%C3%A3o%20Paulo")
	if got := l.Request(h, "8.8.8.8", false); got.Country != "United States" {
		t.Errorf("untrusted headers: %+v, want the IP's country", got)
	}
	if got := l.Request(h, "8.8.8.8", true); got != (Location{Country: "Germany", City: "São Paulo"}) {
		t.Errorf("trusted headers: %+v", got)
	}
	h.Del("X-Vercel-IP-City")
	if got := l.Request(h, "8.8.8.8", true); got != (Location{Country: "Germany"}) {
		t.Errorf("country header only: %+v", got)
	}
	if got := l.Request(http.Header{}, "", true); got != (Location{}) {
		t.Errorf("nothing known: %+v", got)
	}
}
