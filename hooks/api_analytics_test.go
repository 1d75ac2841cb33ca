package hooks_test

import (
	"context"
	"database/sql"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/tests"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/geo/geotest"
	"github.com/folio/folio/hooks"
	"github.com/folio/folio/testutil"
)

func TestAnalyticsAccess(t *testing.T) {
	app := engApp(t)
	tok := func(email, status string) map[string]string {
		return map[string]string{"Authorization": testutil.Token(t, testutil.CreateUser(t, app, email, status, false))}
	}
	approved := tok("approved@folio.test", c.StatusApproved)
	pending := tok("pending@folio.test", c.StatusPending)
	rejected := tok("rejected@folio.test", c.StatusRejected)
	removed := tok("removed@folio.test", c.StatusRemoved)
	superuser := map[string]string{"Authorization": testutil.SuperuserToken(t, app)}
	var scenarios []tests.ApiScenario
	for _, url := range []string{"/api/admin/analytics", "/api/admin/website-analytics"} {
		scenarios = append(scenarios,
			tests.ApiScenario{Name: url + " guest", Method: http.MethodGet, URL: url, ExpectedStatus: 401, ExpectedContent: []string{`"status":401`}},
			tests.ApiScenario{Name: url + " superuser", Method: http.MethodGet, URL: url, Headers: superuser, ExpectedStatus: 401, ExpectedContent: []string{`"status":401`}},
			tests.ApiScenario{Name: url + " pending", Method: http.MethodGet, URL: url, Headers: pending, ExpectedStatus: 403,
				ExpectedContent: []string{"Access denied. Awaiting super admin approval."}},
			tests.ApiScenario{Name: url + " rejected", Method: http.MethodGet, URL: url, Headers: rejected, ExpectedStatus: 403,
				ExpectedContent: []string{"Access denied. Your admin request was rejected."}},
			tests.ApiScenario{Name: url + " removed", Method: http.MethodGet, URL: url, Headers: removed, ExpectedStatus: 403,
				ExpectedContent: []string{"Access denied. This account has been removed."}},
			tests.ApiScenario{Name: url + " bad range", Method: http.MethodGet, URL: url + "?range=decade", Headers: approved, ExpectedStatus: 400,
				ExpectedContent: []string{`"range":{"code":"validation_invalid_range"`}},
			tests.ApiScenario{Name: url + " guest with a bad range", Method: http.MethodGet, URL: url + "?range=decade", ExpectedStatus: 401,
				ExpectedContent: []string{`"status":401`}},
		)
	}
	scenarios = append(scenarios,
		tests.ApiScenario{Name: "defaults, empty", Method: http.MethodGet, URL: "/api/admin/analytics", Headers: approved, ExpectedStatus: 200,
			ExpectedContent: []string{`"range":"week"`, `"type":"all"`, `"totals":{"views":0,"likes":0,"shares":0,"comments":0}`,
				`"topItems":[]`, `"locations":[]`, `"recentComments":[]`, `"recentLoginAttempts":`}},
		tests.ApiScenario{Name: "bad type", Method: http.MethodGet, URL: "/api/admin/analytics?type=site", Headers: approved, ExpectedStatus: 400,
			ExpectedContent: []string{`"type":{"code":"validation_invalid_type"`}},
		tests.ApiScenario{Name: "website defaults, empty", Method: http.MethodGet, URL: "/api/admin/website-analytics", Headers: approved, ExpectedStatus: 200,
			ExpectedContent: []string{`"range":"week"`, `"total":0`, `"locations":[]`}},
	)
	engShared(t, app, scenarios)
}

type analyticsAnswer struct {
	Range, Type string
	Totals      struct{ Views, Likes, Shares, Comments int }
	Series      []struct {
		Date                           string
		Views, Likes, Shares, Comments int
	}
	TopItems []struct {
		ID, Type, Title                string
		Views, Likes, Shares, Comments int
	}
	Locations []struct {
		Country, City string
		Count         int
	}
	RecentComments      []struct{ ItemID, Type, Title, Email, Content, Created string }
	RecentLoginAttempts int
}

type websiteAnswer struct {
	Range  string
	Total  int
	Series []struct {
		Date  string
		Count int
	}
	Locations []struct {
		Country, City string
		Count         int
	}
}

// TestAnalyticsNumbers places events in time with a pinned clock and checks every part
// of both answers for every range.
func TestAnalyticsNumbers(t *testing.T) {
	t.Setenv(hooks.EnvGeoIPDB, geotest.WriteCityDB(t,
		geotest.Entry{CIDR: "81.2.69.0/24", City: "London", ISOCode: "GB", Country: "United Kingdom"},
		geotest.Entry{CIDR: "89.160.20.0/24", ISOCode: "SE", Country: "Sweden"},
	))
	app := engApp(t)
	app.Settings().TrustedProxy.Headers = []string{"X-Forwarded-For"}
	admin := testutil.CreateUser(t, app, "owner@folio.test", c.StatusApproved, true)
	tok := testutil.Token(t, admin)
	now := time.Date(2026, 11, 21, 13, 25, 0, 0, time.UTC)
	clock := now
	hooks.SetClock(app, func() time.Time { return clock })
	london := []string{"X-Forwarded-For", "81.2.69.142", "User-Agent", engBrowser}
	sweden := []string{"X-Forwarded-For", "89.160.20.1", "User-Agent", engBrowser}
	at := func(ago time.Duration, url, token, body string, header []string) {
		t.Helper()
		clock = now.Add(-ago)
		if res := testutil.Do(t, app, "POST", url, token, body, header...); res.Code >= 300 {
			t.Fatalf("%s: %d %s", url, res.Code, res.Body.String())
		}
	}
	day := 24 * time.Hour
	at(2*time.Hour, "/api/view/"+engBlogID, "", "", london)
	at(2*time.Hour, "/api/share/"+engBlogID, "", "", london)
	at(2*time.Hour, "/api/comment/"+engBlogID, "", `{"email":"ann@example.com","content":"First!"}`, london)
	at(90*time.Minute, "/api/comment/"+engBlogID, "", `{"email":"bob@example.com","content":"Second"}`, sweden)
	at(3*day, "/api/view-project/"+engProjectID, "", "", sweden)
	at(3*day, "/api/like-project/"+engProjectID, tok, "", sweden)
	at(40*day, "/api/view/"+engBlogID, "", "", sweden)
	at(400*day, "/api/view/"+engBlogID, "", "", london)
	at(time.Hour, "/api/view-website", "", "", london)
	at(50*time.Minute, "/api/view-website", "", "", london) // same visitor: not counted
	at(10*day, "/api/view-website", "", "", sweden)
	for _, ago := range []time.Duration{2 * time.Minute, 10 * time.Minute} { // the accounts engineer writes these rows
		_, err := app.DB().Insert(c.LoginAttempts, dbx.Params{"id": "la" + ago.String()[:2] + "000000000000", "email": "x@y.z",
			"created": now.Add(-ago).Format("2006-01-02 15:04:05.000Z"), "updated": now.Format("2006-01-02 15:04:05.000Z")}).Execute()
		if err != nil {
			t.Fatal(err)
		}
	}
	clock = now

	get := func(url string, v any) {
		t.Helper()
		res := testutil.Do(t, app, "GET", url, tok, "")
		if res.Code != 200 {
			t.Fatalf("%s: %d %s", url, res.Code, res.Body.String())
		}
		engDecode(t, res.Result(), v)
	}
	type totals = struct{ Views, Likes, Shares, Comments int }
	cases := []struct {
		query       string
		totals      totals
		buckets     int
		first, last string
		topIDs      []string
		comments    int
	}{
		{"range=day", totals{1, 0, 1, 2}, 25, "2026-11-20T13:00:00Z", "2026-11-21T13:00:00Z", []string{engBlogID}, 2},
		{"", totals{2, 1, 1, 2}, 8, "2026-11-14", "2026-11-21", []string{engBlogID, engProjectID}, 2},
		{"range=month&type=all", totals{2, 1, 1, 2}, 31, "2026-10-22", "2026-11-21", []string{engBlogID, engProjectID}, 2},
		{"range=year", totals{3, 1, 1, 2}, 13, "2025-11", "2026-11", []string{engBlogID, engProjectID}, 2},
		{"range=all", totals{4, 1, 1, 2}, 14, "2025-10", "2026-11", []string{engBlogID, engProjectID}, 2},
		{"range=week&type=project", totals{1, 1, 0, 0}, 8, "2026-11-14", "2026-11-21", []string{engProjectID}, 0},
		{"range=week&type=blog", totals{1, 0, 1, 2}, 8, "2026-11-14", "2026-11-21", []string{engBlogID}, 2},
	}
	for _, tc := range cases {
		var a analyticsAnswer
		get("/api/admin/analytics?"+tc.query, &a)
		if a.Totals != tc.totals {
			t.Errorf("%s: totals %+v, want %+v", tc.query, a.Totals, tc.totals)
		}
		var sum totals
		for _, p := range a.Series {
			sum.Views, sum.Likes, sum.Shares, sum.Comments = sum.Views+p.Views, sum.Likes+p.Likes, sum.Shares+p.Shares, sum.Comments+p.Comments
		}
		if sum != a.Totals {
			t.Errorf("%s: series sum %+v", tc.query, sum)
		}
		if len(a.Series) != tc.buckets || a.Series[0].Date != tc.first || a.Series[len(a.Series)-1].Date != tc.last {
			t.Errorf("%s: %d buckets %s..%s", tc.query, len(a.Series), a.Series[0].Date, a.Series[len(a.Series)-1].Date)
		}
		var ids []string
		for _, it := range a.TopItems {
			ids = append(ids, it.ID)
		}
		if len(ids) != len(tc.topIDs) || (len(ids) > 0 && ids[0] != tc.topIDs[0]) {
			t.Errorf("%s: topItems %+v", tc.query, a.TopItems)
		}
		if len(a.RecentComments) != tc.comments || a.RecentLoginAttempts != 1 {
			t.Errorf("%s: %d comments, %d login attempts", tc.query, len(a.RecentComments), a.RecentLoginAttempts)
		}
	}

	var day1 analyticsAnswer
	get("/api/admin/analytics?range=day", &day1)
	for _, p := range day1.Series {
		want := 0
		if p.Date == "2026-11-21T11:00:00Z" {
			want = 1
		}
		if p.Views != want || p.Shares != want {
			t.Errorf("day bucket %+v", p)
		}
	}
	if top := day1.TopItems[0]; top.Title != "Engaging blog" || top.Type != "blog" || top.Views != 1 || top.Shares != 1 || top.Comments != 2 {
		t.Errorf("top item %+v", top)
	}
	if cm := day1.RecentComments; cm[0].Content != "Second" || cm[0].Email != "bob@example.com" || cm[0].Created != "2026-11-21T11:55:00Z" ||
		cm[1].Content != "First!" || cm[0].Title != "Engaging blog" || cm[0].ItemID != engBlogID || cm[0].Type != "blog" {
		t.Errorf("recent comments %+v", cm)
	}
	if l := day1.Locations; len(l) != 2 || l[0].City != "London" || l[0].Country != "United Kingdom" || l[0].Count != 3 ||
		l[1].Country != "Sweden" || l[1].City != "" || l[1].Count != 1 {
		t.Errorf("locations %+v", l)
	}

	var week analyticsAnswer
	get("/api/admin/analytics?range=week", &week)
	if p := week.Series[4]; p.Date != "2026-11-18" || p.Views != 1 || p.Likes != 1 {
		t.Errorf("week bucket %+v", p)
	}
	if top := week.TopItems[1]; top.ID != engProjectID || top.Likes != 1 || top.Views != 1 {
		t.Errorf("top project %+v", top)
	}

	// Site views: one visitor once per 30 minutes.
	siteCases := []struct {
		rng         string
		total, size int
	}{{"day", 1, 25}, {"week", 1, 8}, {"month", 2, 31}, {"all", 2, 1}}
	for _, tc := range siteCases {
		var w websiteAnswer
		get("/api/admin/website-analytics?range="+tc.rng, &w)
		sum := 0
		for _, p := range w.Series {
			sum += p.Count
		}
		if w.Range != tc.rng || w.Total != tc.total || sum != tc.total || len(w.Series) != tc.size {
			t.Errorf("website %s: total %d, sum %d, %d buckets", tc.rng, w.Total, sum, len(w.Series))
		}
	}
	var site websiteAnswer
	get("/api/admin/website-analytics?range=day", &site)
	if site.Series[23].Date != "2026-11-21T12:00:00Z" || site.Series[23].Count != 1 || len(site.Locations) != 1 || site.Locations[0].City != "London" {
		t.Errorf("website day %+v", site)
	}
}

// Every analytics aggregate over events searches idx_events_type_action_created by its
// time range: events has no index on the time alone (one B-tree less for every
// engagement write), so an aggregate that did not name its actions would read every
// event of its types.
func TestAnalyticsQueriesIndexed(t *testing.T) {
	app := engApp(t)
	admin := testutil.CreateUser(t, app, "owner@folio.test", c.StatusApproved, true)
	tok := testutil.Token(t, admin)
	db, ok := app.ConcurrentDB().(*dbx.DB)
	if !ok {
		t.Fatalf("the read pool is a %T", app.ConcurrentDB())
	}
	var logged, rollups []string
	before := db.QueryLogFunc
	defer func() { db.QueryLogFunc = before }()
	db.QueryLogFunc = func(_ context.Context, _ time.Duration, sql string, _ *sql.Rows, _ error) {
		switch {
		case strings.Contains(sql, `"`+c.AnalyticsRollups+`"`):
			rollups = append(rollups, sql)
		case strings.Contains(sql, "{{"+c.Events+"}}"), strings.Contains(sql, `FROM "`+c.Events+`"`):
			logged = append(logged, sql)
		}
	}
	for _, url := range []string{"/api/admin/analytics?range=day", "/api/admin/analytics?range=all&type=all",
		"/api/admin/website-analytics?range=week", "/api/admin/website-analytics?range=all"} {
		if res := testutil.Do(t, app, "GET", url, tok, ""); res.Code != http.StatusOK {
			t.Fatalf("%s: %d %s", url, res.Code, res.Body.String())
		}
	}
	db.QueryLogFunc = before
	// Since issue 28 the aggregates read the rollups; the raw events are read for the recent
	// comments and a range's part before its first whole hour.
	if len(logged) < 2 || len(rollups) < 8 {
		t.Fatalf("%d events and %d rollups queries logged, want every aggregate of four answers:\n%s", len(logged), len(rollups),
			strings.Join(append(logged, rollups...), "\n"))
	}
	const want = "idx_events_type_action_created (type=? AND action=? AND created>? AND created<?)"
	for _, q := range logged {
		if got := testutil.QueryPlan(t, app, q); !strings.Contains(got, want) {
			t.Errorf("%s\n  plan %q: want %s", q, got, want)
		}
	}
	const wantRollup = "USING PRIMARY KEY (dim=? AND period=? AND type=? AND bucket>? AND bucket<?)"
	for _, q := range rollups {
		if got := testutil.QueryPlan(t, app, q); !strings.Contains(got, wantRollup) {
			t.Errorf("%s\n  plan %q: want %s", q, got, wantRollup)
		}
	}
}
