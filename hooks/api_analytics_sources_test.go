package hooks_test

import (
	"encoding/csv"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/tests"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/hooks"
	"github.com/folio/folio/testutil"
)

const (
	iPhoneUA = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1"
	iPadUA   = "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1"
)

func TestAnalyticsSourcesAccess(t *testing.T) {
	app := engApp(t)
	pending := map[string]string{"Authorization": testutil.Token(t, testutil.CreateUser(t, app, "pending@folio.test", c.StatusPending, false))}
	approved := map[string]string{"Authorization": testutil.Token(t, testutil.CreateUser(t, app, "ok@folio.test", c.StatusApproved, false))}
	var scenarios []tests.ApiScenario
	for _, url := range []string{"/api/admin/analytics/sources", "/api/admin/analytics/live", "/api/admin/analytics.csv"} {
		scenarios = append(scenarios,
			tests.ApiScenario{Name: url + " guest", Method: http.MethodGet, URL: url, ExpectedStatus: 401, ExpectedContent: []string{`"status":401`}},
			tests.ApiScenario{Name: url + " pending", Method: http.MethodGet, URL: url, Headers: pending, ExpectedStatus: 403,
				ExpectedContent: []string{"Access denied. Awaiting super admin approval."}},
		)
	}
	scenarios = append(scenarios,
		tests.ApiScenario{Name: "sources, empty", Method: http.MethodGet, URL: "/api/admin/analytics/sources", Headers: approved, ExpectedStatus: 200,
			ExpectedContent: []string{`{"range":"week","sources":[],"campaigns":[],"devices":[],"browsers":[],"systems":[],"pages":[]}`}},
		tests.ApiScenario{Name: "sources, bad range", Method: http.MethodGet, URL: "/api/admin/analytics/sources?range=decade", Headers: approved,
			ExpectedStatus: 400, ExpectedContent: []string{`"range":{"code":"validation_invalid_range"`}},
		tests.ApiScenario{Name: "sources, bad type", Method: http.MethodGet, URL: "/api/admin/analytics/sources?type=page", Headers: approved,
			ExpectedStatus: 400, ExpectedContent: []string{`"type":{"code":"validation_invalid_type"`}},
		tests.ApiScenario{Name: "csv, bad type", Method: http.MethodGet, URL: "/api/admin/analytics.csv?type=site", Headers: approved,
			ExpectedStatus: 400, ExpectedContent: []string{`"type":{"code":"validation_invalid_type"`}},
		tests.ApiScenario{Name: "live, empty", Method: http.MethodGet, URL: "/api/admin/analytics/live", Headers: approved, ExpectedStatus: 200,
			ExpectedContent: []string{`{"visitors":0}`}},
	)
	engShared(t, app, scenarios)
}

type sourcesAnswer struct {
	Range   string
	Sources []struct {
		Source string
		Views  int
	}
	Campaigns []struct {
		Campaign, Source, Medium string
		Views                    int
	}
	Devices []struct {
		Device string
		Views  int
	}
	Browsers []struct {
		Name  string
		Views int
	}
	Systems []struct {
		Name  string
		Views int
	}
	Pages []struct {
		Path  string
		Views int
	}
}

// TestAnalyticsSourcesFromBeacons sends view beacons with known bodies and headers and
// reads sources, campaigns, devices, browsers, systems, pages and live visitors back; the
// site's own host is no source; hostile referrers are stored as clipped plain text.
func TestAnalyticsSourcesFromBeacons(t *testing.T) {
	app := engApp(t)
	app.Settings().Meta.AppURL = "https://folio.example.org"
	app.Settings().TrustedProxy.Headers = []string{"X-Forwarded-For"}
	tok := testutil.Token(t, testutil.CreateUser(t, app, "owner@folio.test", c.StatusApproved, true))
	now := time.Date(2026, 11, 21, 13, 25, 0, 0, time.UTC)
	clock := now
	hooks.SetClock(app, func() time.Time { return clock })
	long := "https://spam.example/" + strings.Repeat("a", 5000)
	beacons := []struct {
		ago         time.Duration
		url, ua, ip string
		body        string
	}{
		{time.Minute, "/api/view-website", iPhoneUA, "1", `{"referrer":"https://news.ycombinator.com/item?id=1","path":"/"}`},
		{2 * time.Minute, "/api/view/" + engBlogID, iPhoneUA, "1", `{"referrer":"https://www.news.ycombinator.com/","path":"/blogs/` + engBlogID + `"}`},
		{3 * time.Minute, "/api/view-website", engBrowser, "2", `{"referrer":"https://example.com/x","path":"/about?utm_source=newsletter&utm_medium=email&utm_campaign=launch"}`},
		{10 * time.Minute, "/api/view-website", iPadUA, "3", `{"referrer":"https://folio.example.org/blogs","path":"/blogs"}`},          // own host (AppURL)
		{11 * time.Minute, "/api/view-project/" + engProjectID, iPadUA, "3", `{"referrer":"http://example.com/","path":"/projects/x"}`}, // own host (the request's)
		{time.Hour, "/api/view-website", engBrowser, "4", `{"referrer":"javascript:alert(document.cookie)","path":"javascript:alert(1)"}`},
		{2 * time.Hour, "/api/view-website", engBrowser, "5", `{"referrer":"` + long + `","path":"/"}`},
		{3 * time.Hour, "/api/view-website", engBrowser, "6", `{"referrer":"http://[::1","path":"/\u0000x\nmore"}`},
		{4 * time.Hour, "/api/view-website", engBrowser, "7", ``},
	}
	for i := range beacons {
		b := beacons[len(beacons)-1-i] // oldest first
		clock = now.Add(-b.ago)
		res := testutil.Do(t, app, "POST", b.url, "", b.body, "User-Agent", b.ua, "X-Forwarded-For", "203.0.113."+b.ip)
		if res.Code >= 300 {
			t.Fatalf("%s: %d %s", b.url, res.Code, res.Body)
		}
		if res.Header().Get("Set-Cookie") != "" {
			t.Errorf("%s set a cookie", b.url)
		}
	}
	clock = now
	get := func(url string) *http.Response {
		t.Helper()
		res := testutil.Do(t, app, "GET", url, tok, "")
		if res.Code != 200 {
			t.Fatalf("%s: %d %s", url, res.Code, res.Body)
		}
		return res.Result()
	}
	var s sourcesAnswer
	engDecode(t, get("/api/admin/analytics/sources?range=day"), &s)
	got, _ := json.Marshal(s)
	for _, want := range []string{
		`{"Source":"Direct","Views":5}`, `{"Source":"spam.example","Views":1}`, `{"Source":"news.ycombinator.com","Views":2}`, `{"Source":"newsletter","Views":1}`,
		`"Campaigns":[{"Campaign":"launch","Source":"newsletter","Medium":"email","Views":1}]`,
		`{"Device":"desktop","Views":5}`, `{"Device":"tablet","Views":2}`, `{"Device":"mobile","Views":2}`,
		`{"Name":"Safari","Views":4}`, `{"Name":"Chrome","Views":5}`, `{"Name":"iOS","Views":2}`, `{"Name":"iPadOS","Views":2}`,
		`{"Path":"/","Views":2}`, `{"Path":"/about","Views":1}`, `{"Path":"/blogs/` + engBlogID + `","Views":1}`,
	} {
		if !strings.Contains(string(got), want) {
			t.Errorf("sources lack %s: %s", want, got)
		}
	}
	if strings.Contains(string(got), "javascript") || strings.Contains(string(got), "folio.example.org") || strings.Contains(string(got), `"example.com"`) {
		t.Errorf("a hostile referrer or the site's own host became a source or a page: %s", got)
	}
	var blogOnly sourcesAnswer
	engDecode(t, get("/api/admin/analytics/sources?range=day&type=blog"), &blogOnly)
	if len(blogOnly.Sources) != 1 || blogOnly.Sources[0].Source != "news.ycombinator.com" || blogOnly.Sources[0].Views != 1 {
		t.Errorf("blog sources %+v", blogOnly.Sources)
	}

	// Stored: the referrer as clipped plain text, nothing that names a person.
	var refs []string
	if err := app.DB().NewQuery(`SELECT "referrer" FROM "events" ORDER BY "created"`).Column(&refs); err != nil {
		t.Fatal(err)
	}
	joined := strings.Join(refs, "|")
	if !strings.Contains(joined, "javascript:alert(document.cookie)") || !strings.Contains(joined, "http://[::1") {
		t.Errorf("referrers %q", refs)
	}
	for _, r := range refs {
		if len(r) > 512 || strings.ContainsAny(r, "\x00\n") {
			t.Errorf("referrer of %d bytes: %.40q", len(r), r)
		}
	}
	var ipLike int
	_ = app.DB().NewQuery(`SELECT count(*) FROM "events" WHERE "visitor" LIKE '%203.0.113%' OR "referrer" LIKE '%203.0.113%'`).Row(&ipLike)
	if ipLike != 0 {
		t.Errorf("an IP address was stored")
	}

	// Live: the distinct visitors with a view in the last 5 minutes.
	var live struct{ Visitors int }
	engDecode(t, get("/api/admin/analytics/live"), &live)
	if live.Visitors != 2 {
		t.Errorf("live visitors %d, want 2 (one viewed twice)", live.Visitors)
	}

	// CSV: the series of /api/admin/analytics.
	res := get("/api/admin/analytics.csv?range=week&type=all")
	if cd := res.Header.Get("Content-Disposition"); !strings.HasPrefix(cd, "attachment;") || !strings.Contains(res.Header.Get("Content-Type"), "text/csv") {
		t.Errorf("csv headers %v", res.Header)
	}
	records, err := csv.NewReader(res.Body).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var a analyticsAnswer
	engDecode(t, get("/api/admin/analytics?range=week&type=all"), &a)
	if len(records) != len(a.Series)+1 || strings.Join(records[0], ",") != "date,views,likes,shares,comments" {
		t.Fatalf("csv %v", records)
	}
	last := records[len(records)-1]
	if p := a.Series[len(a.Series)-1]; last[0] != p.Date || last[1] != "2" {
		t.Errorf("csv last row %v, series %+v", last, p)
	}
}
