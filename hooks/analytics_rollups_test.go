package hooks_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/analytics"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/geo/geotest"
	"github.com/folio/folio/hooks"
	"github.com/folio/folio/testutil"
)

var (
	rollupRanges = []string{"day", "week", "month", "year", "all"}
	rollupTypes  = []string{"all", "blog", "project"}
)

// rollupsMatchDirect checks every range and type of both answers, read from the rollups,
// against the same answers counted over the raw events and likes, at now.
func rollupsMatchDirect(t *testing.T, app core.App, now time.Time) {
	t.Helper()
	for _, rng := range rollupRanges {
		win, err := analytics.ParseWindow(rng, now)
		if err != nil {
			t.Fatal(err)
		}
		for _, typ := range rollupTypes {
			name, types, _ := analytics.ParseType(typ)
			q := analytics.Query{App: app, Win: win, Types: types}
			got, err := q.ItemReport(name, now)
			if err != nil {
				t.Fatal(err)
			}
			want, err := q.DirectItemReport(name, now)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("at %s, %s %s:\n rollups %s\n direct  %s", now.Format(time.RFC3339), rng, typ, asJSON(got), asJSON(want))
			}
		}
		q := analytics.Query{App: app, Win: win, Types: []string{c.TypeSite}}
		got, err := q.SiteReport()
		if err != nil {
			t.Fatal(err)
		}
		want, err := q.DirectSiteReport()
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("at %s, site %s:\n rollups %s\n direct  %s", now.Format(time.RFC3339), rng, asJSON(got), asJSON(want))
		}
	}
}

func asJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// rollupsMatchRebuild checks that the rollups the writes left are what a rebuild from the
// events computes.
func rollupsMatchRebuild(t *testing.T, app core.App) {
	t.Helper()
	live := testutil.RollupRows(t, app)
	if err := analytics.Rebuild(app); err != nil {
		t.Fatal(err)
	}
	rebuilt := testutil.RollupRows(t, app)
	if !reflect.DeepEqual(live, rebuilt) {
		t.Errorf("live rollups (%d rows) differ from rebuilt ones (%d rows)", len(live), len(rebuilt))
		for i := 0; i < min(len(live), len(rebuilt)); i++ {
			if live[i] != rebuilt[i] {
				t.Errorf("first difference: live %s, rebuilt %s", live[i], rebuilt[i])
				break
			}
		}
	}
}

// TestAnalyticsRollupsMatchEvents writes a random history through the public routes (views
// of items and of the site with sources, shares, comments, likes given and taken back in
// later hours) with the clock moved back and forth, then checks every range and type of
// both answers against a direct count over the events, at several moments (so a range's
// edges fall at different places within hours, days and months), and the rollups against
// a rebuild.
func TestAnalyticsRollupsMatchEvents(t *testing.T) {
	t.Setenv(hooks.EnvGeoIPDB, geotest.WriteCityDB(t,
		geotest.Entry{CIDR: "81.2.69.0/24", City: "London", ISOCode: "GB", Country: "United Kingdom"},
		geotest.Entry{CIDR: "89.160.20.0/24", ISOCode: "SE", Country: "Sweden"},
	))
	app := engApp(t)
	app.Settings().TrustedProxy.Headers = []string{"X-Forwarded-For"}
	engItem(t, app, c.Blogs, "engblog00000002", "Second blog")
	engItem(t, app, c.Projects, "engproj00000002", "Second project")
	readers := make([]string, 4)
	for i := range readers {
		readers[i] = testutil.Token(t, testutil.CreateUser(t, app, fmt.Sprintf("reader%d@folio.test", i), c.StatusApproved, false))
	}
	now := time.Date(2026, 11, 21, 13, 25, 17, 0, time.UTC)
	clock := now
	hooks.SetClock(app, func() time.Time { return clock })
	rnd := rand.New(rand.NewPCG(28, 1))
	ips := []string{"81.2.69.142", "81.2.69.7", "89.160.20.1", "89.160.20.9", "10.0.0.1"}
	uas := []string{engBrowser,
		"Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
		"Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1"}
	bodies := []string{"", `{"referrer":"https://news.ycombinator.com/item?id=1","path":"/blog/x"}`,
		`{"referrer":"http://example.com/","path":"/?utm_source=newsletter&utm_medium=email&utm_campaign=launch"}`,
		`{"referrer":"javascript:alert(1)","path":"/projects"}`, `{"referrer":42,"path":["x"]}`}
	items := []struct{ typ, id string }{{c.TypeBlog, engBlogID}, {c.TypeBlog, "engblog00000002"}, {c.TypeProject, engProjectID}, {c.TypeProject, "engproj00000002"}}
	suffix := map[string]string{c.TypeBlog: "", c.TypeProject: "-project"}
	for i := 0; i < 260; i++ {
		// Mostly the last days, some of the last 15 months.
		ago := time.Duration(rnd.Int64N(int64(3 * 24 * time.Hour)))
		if rnd.IntN(3) == 0 {
			ago = time.Duration(rnd.Int64N(int64(450 * 24 * time.Hour)))
		}
		clock = now.Add(-ago)
		it := items[rnd.IntN(len(items))]
		header := []string{"X-Forwarded-For", ips[rnd.IntN(len(ips))], "User-Agent", uas[rnd.IntN(len(uas))]}
		var url, token, body string
		switch k := rnd.IntN(10); {
		case k < 5:
			url, body = "/api/view"+suffix[it.typ]+"/"+it.id, bodies[rnd.IntN(len(bodies))]
		case k < 7:
			url, body = "/api/view-website", bodies[rnd.IntN(len(bodies))]
		case k == 7:
			url = "/api/share" + suffix[it.typ] + "/" + it.id
		case k == 8:
			url, body = "/api/comment"+suffix[it.typ]+"/"+it.id, `{"email":"ann@example.com","content":"Nice"}`
		default: // a like, or a like taken back, often hours after it was given
			url, token = "/api/like"+suffix[it.typ]+"/"+it.id, readers[rnd.IntN(len(readers))]
		}
		if res := testutil.Do(t, app, "POST", url, token, body, header...); res.Code >= 300 {
			t.Fatalf("%s: %d %s", url, res.Code, res.Body.String())
		}
	}
	var likes, events int
	_ = app.DB().NewQuery(`SELECT count(*) FROM "likes"`).Row(&likes)
	_ = app.DB().NewQuery(`SELECT count(*) FROM "events"`).Row(&events)
	if likes < 5 || events < 150 {
		t.Fatalf("%d likes, %d events: the history is too thin to test", likes, events)
	}
	for _, at := range []time.Duration{0, 17 * time.Minute, 11 * time.Hour, 5 * 24 * time.Hour, 12 * 24 * time.Hour} {
		clock = now.Add(at)
		rollupsMatchDirect(t, app, clock)
	}
	rollupsMatchRebuild(t, app)

	// The HTTP answer is the rollups' answer.
	clock = now
	tok := testutil.Token(t, testutil.CreateUser(t, app, "owner@folio.test", c.StatusApproved, true))
	res := testutil.Do(t, app, "GET", "/api/admin/analytics?range=year", tok, "")
	var a analytics.ItemReport
	if err := json.Unmarshal(res.Body.Bytes(), &a); err != nil || res.Code != http.StatusOK {
		t.Fatalf("%d %s", res.Code, res.Body.String())
	}
	win, _ := analytics.ParseWindow("year", now)
	want, _ := analytics.Query{App: app, Win: win, Types: []string{c.TypeBlog, c.TypeProject}}.DirectItemReport("all", now)
	if a.Totals != want.Totals || len(a.Series) != len(want.Series) || a.Totals.Views == 0 {
		t.Errorf("HTTP year totals %+v, direct %+v", a.Totals, want.Totals)
	}
}

// TestAnalyticsRollupsEditsAndDeletes: events and likes changed outside the writer (an
// event saved, edited and deleted as a record, a like deleted in /_/, an item deleted
// with its events) leave rollups equal to a direct count and to a rebuild.
func TestAnalyticsRollupsEditsAndDeletes(t *testing.T) {
	app := engApp(t)
	now := time.Date(2026, 11, 21, 13, 25, 17, 0, time.UTC)
	clock := now.Add(-30 * time.Hour)
	hooks.SetClock(app, func() time.Time { return clock })
	reader := testutil.Token(t, testutil.CreateUser(t, app, "reader@folio.test", c.StatusApproved, false))
	gone := engItem(t, app, c.Blogs, "engblog00000003", "Deleted soon")
	for _, url := range []string{"/api/view/" + engBlogID, "/api/view/engblog00000003", "/api/like/" + engBlogID,
		"/api/like/engblog00000003", "/api/comment/engblog00000003", "/api/like-project/" + engProjectID} {
		body := ""
		if url == "/api/comment/engblog00000003" {
			body = `{"email":"a@b.co","content":"Hi"}`
		}
		if res := testutil.Do(t, app, "POST", url, reader, body, "User-Agent", engBrowser); res.Code >= 300 {
			t.Fatalf("%s: %d %s", url, res.Code, res.Body.String())
		}
	}
	clock = now
	// An event saved as a record (as in /_/), then edited to another day, another saved and deleted.
	rec := testutil.SaveRecord(t, app, c.Events, "", map[string]any{c.FieldType: c.TypeProject, c.FieldItemID: engProjectID,
		c.FieldAction: c.ActionShare, c.FieldCountry: "France", c.FieldCity: "Paris"})
	rec.Set("created", now.Add(-50*24*time.Hour).Format("2006-01-02 15:04:05.000Z"))
	rec.Set(c.FieldCountry, "Spain")
	if err := app.Save(rec); err != nil {
		t.Fatal(err)
	}
	other := testutil.SaveRecord(t, app, c.Events, "", map[string]any{c.FieldType: c.TypeSite, c.FieldAction: c.ActionView, c.FieldSource: "example.org"})
	if err := app.Delete(other); err != nil {
		t.Fatal(err)
	}
	// The project's like deleted in /_/.
	like, err := app.FindFirstRecordByData(c.Likes, c.FieldItem, engProjectID)
	if err != nil {
		t.Fatal(err)
	}
	if err := app.Delete(like); err != nil {
		t.Fatal(err)
	}
	// An item deleted with its events and likes.
	if err := app.Delete(gone); err != nil {
		t.Fatal(err)
	}
	for _, at := range []time.Duration{0, 3 * time.Hour} {
		rollupsMatchDirect(t, app, now.Add(at))
	}
	rollupsMatchRebuild(t, app)
	win, _ := analytics.ParseWindow("year", now)
	r, _ := analytics.Query{App: app, Win: win, Types: []string{c.TypeBlog, c.TypeProject}}.ItemReport("all", now)
	if r.Totals != (analytics.Totals{Views: 1, Likes: 1, Shares: 1}) {
		t.Errorf("year totals %+v", r.Totals)
	}
}

// TestAnalyticsRollupsRolledBackBatch: a batch that fails after writing its events and
// rollups leaves no rollup change; the writer's retry of its ops one by one counts the
// good ones.
func TestAnalyticsRollupsRolledBackBatch(t *testing.T) {
	app := engApp(t)
	// A view of the path /boom fails its batch when its rollups are written: after its
	// event and counters, inside the transaction.
	boom(t, app)
	before := testutil.RollupRows(t, app)
	var events int
	count := func() int {
		var n int
		_ = app.DB().NewQuery(`SELECT count(*) FROM "events"`).Row(&n)
		return n
	}
	events = count()
	res := testutil.Do(t, app, "POST", "/api/view/"+engBlogID, "", `{"path":"/boom"}`, "User-Agent", engBrowser)
	if res.Code < 500 {
		t.Fatalf("the failing view answered %d %s", res.Code, res.Body.String())
	}
	if got := testutil.RollupRows(t, app); !reflect.DeepEqual(got, before) || count() != events {
		t.Fatalf("a rolled-back batch changed the rollups (%d rows, were %d) or the events (%d, were %d)", len(got), len(before), count(), events)
	}
	// In the writer: the failing view and two good ones queued into one batch.
	h := holdWriter(t, 16)
	boom(t, h.app)
	h.occupy(t)
	var reqs []*http.Request
	for i, body := range []string{`{"path":"/fine"}`, `{"path":"/boom"}`, ""} {
		req := httptest.NewRequest(http.MethodPost, "/api/view-website", strings.NewReader(body))
		req.Header.Set("User-Agent", engBrowser+fmt.Sprint(i))
		reqs = append(reqs, req)
	}
	codes := map[int]int{}
	for _, a := range h.together(t, reqs) {
		codes[a.Code]++
	}
	if codes[http.StatusNoContent] != 2 {
		t.Errorf("answers %v, want two 204s", codes)
	}
	for _, a := range []core.App{app, h.app} {
		if _, err := a.DB().NewQuery(`DROP TRIGGER test_boom`).Execute(); err != nil {
			t.Fatal(err)
		}
		rollupsMatchDirect(t, a, time.Now())
		rollupsMatchRebuild(t, a)
	}
	var n int
	_ = h.app.DB().NewQuery(`SELECT count(*) FROM "events" WHERE "path" = '/fine' OR "path" = '/boom'`).Row(&n)
	if n != 1 {
		t.Errorf("%d events of the batch's views, want the good one", n)
	}
}

func boom(t *testing.T, app core.App) {
	t.Helper()
	if _, err := app.DB().NewQuery(`CREATE TRIGGER test_boom BEFORE INSERT ON "` + c.AnalyticsRollups +
		`" WHEN NEW."k1" = '/boom' BEGIN SELECT RAISE(ABORT, 'boom'); END`).Execute(); err != nil {
		t.Fatal(err)
	}
}
