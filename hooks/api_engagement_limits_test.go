package hooks_test

import (
	"net/http"
	"strings"
	"testing"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/geo/geotest"
	"github.com/folio/folio/hooks"
	"github.com/folio/folio/testutil"
)

func TestEngagementRateLimits(t *testing.T) {
	app := engApp(t)
	app.Settings().RateLimits.Enabled = true // the migration's rules, as in production
	share := func() (int, string) {
		res := testutil.Do(t, app, "POST", "/api/share/"+engBlogID, "", "")
		return res.Code, res.Body.String()
	}
	for i := range 60 {
		if code, body := share(); code != 200 {
			t.Fatalf("share %d: %d %s", i+1, code, body)
		}
	}
	code, body := share()
	if code != http.StatusTooManyRequests || !strings.Contains(body, "at most 60 a minute") {
		t.Errorf("share 61: %d %s", code, body)
	}
	// Other routes have their own budget; a refused share was not counted.
	if got := engCounter(t, app, c.Blogs, engBlogID, c.FieldShareCount); got != 60 {
		t.Errorf("shareCount %d, want 60", got)
	}
	if res := testutil.Do(t, app, "POST", "/api/view/"+engBlogID, "", "", "User-Agent", engBrowser); res.Code != 200 {
		t.Errorf("view after the share limit: %d", res.Code)
	}

	comment := `{"email":"ann@example.com","content":"hello"}`
	for i := range 5 {
		if res := testutil.Do(t, app, "POST", "/api/comment-project/"+engProjectID, "", comment); res.Code != 201 {
			t.Fatalf("comment %d: %d %s", i+1, res.Code, res.Body.String())
		}
	}
	res := testutil.Do(t, app, "POST", "/api/comment-project/"+engProjectID, "", comment)
	if res.Code != http.StatusTooManyRequests || !strings.Contains(res.Body.String(), "at most 5 a minute") {
		t.Errorf("comment 6: %d %s", res.Code, res.Body.String())
	}

	// An excluded address (tests, benchmarks) is never limited.
	app.Settings().RateLimits.ExcludedIPs = []string{"192.0.2.1"}
	if code, body := share(); code != 200 {
		t.Errorf("excluded IP: %d %s", code, body)
	}
}

func TestEngagementLocations(t *testing.T) {
	path := geotest.WriteCityDB(t,
		geotest.Entry{CIDR: "81.2.69.0/24", City: "London", ISOCode: "GB", Country: "United Kingdom"},
		geotest.Entry{CIDR: "89.160.20.0/24", ISOCode: "SE", Country: "Sweden"},
	)
	t.Setenv(hooks.EnvGeoIPDB, path)
	app := engApp(t)
	// last reads the one event the previous request wrote, and clears it.
	last := func() (string, string) {
		t.Helper()
		recs, err := app.FindAllRecords(c.Events)
		if err != nil || len(recs) != 1 {
			t.Fatalf("events: %d %v", len(recs), err)
		}
		if _, err := app.DB().Delete(c.Events, nil).Execute(); err != nil {
			t.Fatal(err)
		}
		return recs[0].GetString(c.FieldCity), recs[0].GetString(c.FieldCountry)
	}
	share := func(header ...string) (string, string) {
		t.Helper()
		if res := testutil.Do(t, app, "POST", "/api/share/"+engBlogID, "", "", header...); res.Code != 200 {
			t.Fatalf("share: %d %s", res.Code, res.Body.String())
		}
		return last()
	}

	// Without a trusted proxy the connection's address decides; forwarded and CDN
	// headers are ignored.
	if city, country := share("X-Forwarded-For", "81.2.69.142", "CF-IPCountry", "DE", "CF-IPCity", "Berlin"); city != "" || country == "Germany" || country == "United Kingdom" {
		t.Errorf("untrusted headers were used: %q %q", city, country)
	}

	app.Settings().TrustedProxy.Headers = []string{"X-Forwarded-For"}
	cases := []struct {
		header        []string
		city, country string
	}{
		{[]string{"X-Forwarded-For", "81.2.69.142"}, "London", "United Kingdom"},
		{[]string{"X-Forwarded-For", "89.160.20.7"}, "", "Sweden"},
		{[]string{"X-Forwarded-For", "8.8.8.8"}, "", "United States"},                 // not in the file: embedded table
		{[]string{"X-Forwarded-For", "10.0.0.1"}, "", ""},                             // private: unknown, and no failure
		{[]string{"X-Forwarded-For", "8.8.8.8", "CF-IPCountry", "DE"}, "", "Germany"}, // the CDN knows better
		{[]string{"X-Forwarded-For", "8.8.8.8", "CF-IPCountry", "de", "CF-IPCity", "Berlin"}, "Berlin", "Germany"},
		{[]string{"X-Forwarded-For", "81.2.69.1", "CF-IPCountry", "GB"}, "London", "United Kingdom"}, // city from the file
		{[]string{"X-Forwarded-For", "8.8.8.8", "X-Vercel-IP-Country", "FR", "X-Vercel-IP-City", "S%C3%A3o%20Paulo"}, "São Paulo", "France"},
		{[]string{"X-Forwarded-For", "10.0.0.1", "CF-IPCountry", "XX"}, "", ""}, // unknown stays empty
	}
	for _, tc := range cases {
		if city, country := share(tc.header...); city != tc.city || country != tc.country {
			t.Errorf("%v: got %q %q, want %q %q", tc.header, city, country, tc.city, tc.country)
		}
	}

	// Every action records the place: views, comments, likes and site views.
	xff := []string{"X-Forwarded-For", "81.2.69.142", "User-Agent", engBrowser}
	user := testutil.CreateUser(t, app, "geo@folio.test", c.StatusApproved, false)
	for _, req := range []struct{ url, token, body string }{
		{"/api/view/" + engBlogID, "", ""},
		{"/api/view-website", "", ""},
		{"/api/comment/" + engBlogID, "", `{"email":"a@example.com","content":"hi"}`},
		{"/api/like/" + engBlogID, testutil.Token(t, user), ""},
	} {
		res := testutil.Do(t, app, "POST", req.url, req.token, req.body, xff...)
		if res.Code >= 300 {
			t.Fatalf("%s: %d %s", req.url, res.Code, res.Body.String())
		}
		if city, country := last(); city != "London" || country != "United Kingdom" {
			t.Errorf("%s: %q %q", req.url, city, country)
		}
	}
}
