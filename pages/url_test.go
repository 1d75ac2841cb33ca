package pages

import (
	"crypto/tls"
	"net/http/httptest"
	"testing"
)

func TestBaseURL(t *testing.T) {
	cases := []struct {
		name, appURL, host string
		tls                bool
		headers            map[string]string
		proxy              Proxy
		want               string
	}{
		{name: "owner's app URL wins", appURL: "https://blog.example.com/", host: "10.0.0.1:8090", want: "https://blog.example.com"},
		{name: "PocketBase's default counts as unset", appURL: "http://localhost:8090", host: "me.example:8443", want: "http://me.example:8443"},
		{name: "empty app URL", appURL: "", host: "127.0.0.1:8150", want: "http://127.0.0.1:8150"},
		{name: "TLS connection", host: "me.example", tls: true, want: "https://me.example"},
		{name: "forwarded headers ignored without a trusted proxy", appURL: DefaultAppURL, host: "10.0.0.1",
			headers: map[string]string{"X-Forwarded-Proto": "https", "X-Forwarded-Host": "evil.example"}, want: "http://10.0.0.1"},
		{name: "forwarded headers behind a trusted proxy", appURL: DefaultAppURL, host: "10.0.0.1",
			headers: map[string]string{"X-Forwarded-Proto": "https", "X-Forwarded-Host": "me.example"}, proxy: Proxy{Trusted: true}, want: "https://me.example"},
		{name: "rightmost forwarded entry by default", host: "10.0.0.1",
			headers: map[string]string{"X-Forwarded-Proto": "http, https", "X-Forwarded-Host": "a.example, me.example"}, proxy: Proxy{Trusted: true}, want: "https://me.example"},
		{name: "leftmost when PocketBase is told so", host: "10.0.0.1",
			headers: map[string]string{"X-Forwarded-Proto": "https, http", "X-Forwarded-Host": "me.example, b.example"}, proxy: Proxy{Trusted: true, UseLeftmost: true}, want: "https://me.example"},
		{name: "odd forwarded scheme ignored", host: "me.example",
			headers: map[string]string{"X-Forwarded-Proto": "javascript"}, proxy: Proxy{Trusted: true}, want: "http://me.example"},
		{name: "a host that is not one falls back", host: "10.0.0.1",
			headers: map[string]string{"X-Forwarded-Host": `x"><script>`}, proxy: Proxy{Trusted: true}, want: "http://localhost"},
		{name: "IPv6 host", host: "[::1]:8150", want: "http://[::1]:8150"},
		{name: "IPv6 host without port", host: "[::1]", want: "http://[::1]"},
		{name: "a bad port falls back", host: "me.example:80a", want: "http://localhost"},
		{name: "a path in the host falls back", host: "me.example/x", want: "http://localhost"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest("GET", "/blogs/x", nil)
			r.Host = tc.host
			if tc.tls {
				r.TLS = &tls.ConnectionState{}
			}
			for k, v := range tc.headers {
				r.Header.Set(k, v)
			}
			if got := BaseURL(tc.appURL, r, tc.proxy); got != tc.want {
				t.Fatalf("BaseURL = %q, want %q", got, tc.want)
			}
		})
	}
}
