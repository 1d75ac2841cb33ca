package analytics_test

import (
	"fmt"
	"maps"
	"slices"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/analytics"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

const (
	blogID    = "anablog00000001"
	projectID = "anaproject00001"
)

// now is the fixed clock of the numbers below.
var now = time.Date(2026, 11, 21, 13, 25, 0, 0, time.UTC)

func stamp(ago time.Duration) string { return now.Add(-ago).Format("2006-01-02 15:04:05.000Z") }

// event is one engagement event at a time before now.
type event struct {
	ago                  time.Duration
	typ, action, item    string
	country, city, email string
}

// seedNumbers builds a site with a blog and a project and their history. Events and likes
// are saved as records (as /_/ or an import would save them) with their time set; this is
// the one place that knows how engagement reaches the tables analytics reads.
func seedNumbers(t *testing.T) core.App {
	t.Helper()
	app := testutil.NewApp(t)
	testutil.SaveRecord(t, app, c.Blogs, blogID, map[string]any{"title": `Blog "one" & more`, "author": "Ann", "date": "2026-01-01"})
	testutil.SaveRecord(t, app, c.Projects, projectID, map[string]any{"title": "Project", "author": "Ann", "date": "2026-01-01"})
	h, d := time.Hour, 24*time.Hour
	for _, e := range []event{
		{2 * h, c.TypeBlog, c.ActionView, blogID, "United Kingdom", "London", ""},
		{110 * time.Minute, c.TypeBlog, c.ActionView, blogID, "United Kingdom", "London", ""},
		{2 * h, c.TypeBlog, c.ActionShare, blogID, "United Kingdom", "London", ""},
		{90 * time.Minute, c.TypeBlog, c.ActionComment, blogID, "Sweden", "", "ann@example.com"},
		{26 * h, c.TypeBlog, c.ActionView, blogID, "United Kingdom", "London", ""}, // two buckets before day's first
		{3 * d, c.TypeProject, c.ActionView, projectID, "", "", ""},
		{3 * d, c.TypeProject, c.ActionShare, projectID, "Sweden", "", ""},
		{40 * d, c.TypeBlog, c.ActionView, blogID, "", "", ""},  // in year, not month
		{400 * d, c.TypeBlog, c.ActionView, blogID, "", "", ""}, // in all only
		{time.Hour, c.TypeSite, c.ActionView, "", "United Kingdom", "London", ""},
		{10 * d, c.TypeSite, c.ActionView, "", "", "", ""},
	} {
		fields := map[string]any{c.FieldType: e.typ, c.FieldAction: e.action, c.FieldItemID: e.item,
			c.FieldCountry: e.country, c.FieldCity: e.city, "created": stamp(e.ago)}
		if e.action == c.ActionComment {
			fields[c.FieldEmail], fields[c.FieldContent] = e.email, "Nice <b>post</b>"
		}
		testutil.SaveRecord(t, app, c.Events, "", fields)
	}
	owner := testutil.CreateUser(t, app, "owner@folio.test", c.StatusApproved, true)
	reader := testutil.CreateUser(t, app, "reader@folio.test", c.StatusPending, false)
	like := func(account *core.Record, typ, item string, ago time.Duration) *core.Record {
		return testutil.SaveRecord(t, app, c.Likes, "", map[string]any{c.FieldItem: item, c.FieldType: typ,
			c.FieldAccount: account.Id, "created": stamp(ago)})
	}
	like(owner, c.TypeProject, projectID, 3*d)
	like(owner, c.TypeBlog, blogID, 40*d)
	// a like taken back counts nowhere
	if err := app.Delete(like(reader, c.TypeProject, projectID, 2*h)); err != nil {
		t.Fatal(err)
	}
	return app
}

func report(t *testing.T, app core.App, rng, typ string) (analytics.Window, analytics.Query) {
	t.Helper()
	win, err := analytics.ParseWindow(rng, now)
	if err != nil {
		t.Fatal(err)
	}
	_, types, err := analytics.ParseType(typ)
	if err != nil {
		t.Fatal(err)
	}
	return win, analytics.Query{App: app, Win: win, Types: types}
}

type T = analytics.Totals

// Each event lands in the bucket holding its time, in the ranges that cover it, for the types
// asked; likes count when given in the range and still standing.
func TestSeriesPutsEachEventInItsBucket(t *testing.T) {
	t.Parallel()
	app := seedNumbers(t)
	week := map[string]T{
		"2026-11-21": {Views: 2, Shares: 1, Comments: 1},
		"2026-11-20": {Views: 1},
		"2026-11-18": {Views: 1, Shares: 1, Likes: 1},
	}
	cases := []struct {
		rng, typ string
		first    string
		buckets  int
		nonZero  map[string]T
	}{
		{"day", "all", "2026-11-20T13:00:00Z", 25, map[string]T{"2026-11-21T11:00:00Z": {Views: 2, Shares: 1, Comments: 1}}},
		{"week", "all", "2026-11-14", 8, week},
		{"month", "all", "2026-10-22", 31, week},
		{"week", "project", "2026-11-14", 8, map[string]T{"2026-11-18": {Views: 1, Shares: 1, Likes: 1}}},
		{"week", "blog", "2026-11-14", 8, map[string]T{"2026-11-21": {Views: 2, Shares: 1, Comments: 1}, "2026-11-20": {Views: 1}}},
		{"year", "all", "2025-11", 13, map[string]T{"2026-11": {Views: 4, Shares: 2, Comments: 1, Likes: 1}, "2026-10": {Views: 1, Likes: 1}}},
		{"all", "all", "2025-10", 14, map[string]T{"2026-11": {Views: 4, Shares: 2, Comments: 1, Likes: 1}, "2026-10": {Views: 1, Likes: 1},
			"2025-10": {Views: 1}}},
		{"all", "project", "2026-11", 1, map[string]T{"2026-11": {Views: 1, Shares: 1, Likes: 1}}},
	}
	for _, tc := range cases {
		_, q := report(t, app, tc.rng, tc.typ)
		series, err := q.ItemSeries()
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]T{}
		for _, p := range series {
			if p.Totals != (T{}) {
				got[p.Date] = p.Totals
			}
		}
		name := tc.rng + "/" + tc.typ
		if len(series) != tc.buckets || series[0].Date != tc.first {
			t.Errorf("%s: %d buckets from %q, want %d from %q", name, len(series), series[0].Date, tc.buckets, tc.first)
		}
		if !maps.Equal(got, tc.nonZero) {
			t.Errorf("%s: buckets with numbers\n%s\nwant\n%s", name, show(got), show(tc.nonZero))
		}
	}
}

func show(m map[string]T) string {
	out := ""
	for _, k := range slices.Sorted(maps.Keys(m)) {
		out += fmt.Sprintf("  %s %+v\n", k, m[k])
	}
	return out
}

func TestSiteSeriesCountsSiteViewsOnly(t *testing.T) {
	t.Parallel()
	app := seedNumbers(t)
	for rng, want := range map[string]map[string]int{
		"day":   {"2026-11-21T12:00:00Z": 1},
		"week":  {"2026-11-21": 1},
		"month": {"2026-11-21": 1, "2026-11-11": 1},
		"all":   {"2026-11": 2},
	} {
		win, err := analytics.ParseWindow(rng, now)
		if err != nil {
			t.Fatal(err)
		}
		series, err := analytics.Query{App: app, Win: win, Types: []string{c.TypeSite}}.SiteSeries()
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]int{}
		for _, p := range series {
			if p.Count != 0 {
				got[p.Date] = p.Count
			}
		}
		if !maps.Equal(got, want) {
			t.Errorf("site %s: %v, want %v", rng, got, want)
		}
	}
}

func TestTopItemsLocationsAndComments(t *testing.T) {
	t.Parallel()
	app := seedNumbers(t)
	_, week := report(t, app, "week", "all")
	top, err := week.TopItems()
	if err != nil {
		t.Fatal(err)
	}
	want := []analytics.TopItem{
		{ID: blogID, Type: c.TypeBlog, Title: `Blog "one" & more`, Totals: T{Views: 3, Shares: 1, Comments: 1}},
		{ID: projectID, Type: c.TypeProject, Title: "Project", Totals: T{Views: 1, Shares: 1, Likes: 1}},
	}
	if !slices.Equal(top, want) {
		t.Errorf("week's top items %+v, want %+v (most viewed first)", top, want)
	}

	places, err := week.Locations()
	if err != nil {
		t.Fatal(err)
	}
	wantPlaces := []analytics.Location{{Country: "United Kingdom", City: "London", Count: 4}, {Country: "Sweden", Count: 2}, {Count: 1}}
	if !slices.Equal(places, wantPlaces) {
		t.Errorf("week's locations %+v, want %+v (most frequent first)", places, wantPlaces)
	}

	_, day := report(t, app, "day", "all")
	comments, err := day.RecentComments()
	if err != nil {
		t.Fatal(err)
	}
	wantComment := analytics.Comment{ItemID: blogID, Type: c.TypeBlog, Title: `Blog "one" & more`, Email: "ann@example.com",
		Content: "Nice <b>post</b>", Created: "2026-11-21T11:55:00Z"}
	if len(comments) != 1 || shown(comments[0]) != wantComment {
		t.Errorf("day's comments %+v, want [%+v]", comments, wantComment)
	}
	_, projects := report(t, app, "day", "project")
	if comments, err := projects.RecentComments(); err != nil || len(comments) != 0 {
		t.Errorf("project comments %+v (%v), want none", comments, err)
	}
}

// shown is what a comment's JSON holds.
func shown(cm analytics.Comment) analytics.Comment {
	return analytics.Comment{ItemID: cm.ItemID, Type: cm.Type, Title: cm.Title, Email: cm.Email, Content: cm.Content, Created: cm.Created}
}

// Sign-in attempts count over the last five minutes, whatever the range.
func TestRecentLoginAttemptsAreTheLastFiveMinutes(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	for _, ago := range []time.Duration{0, 4*time.Minute + 59*time.Second, 5*time.Minute + time.Second, time.Hour} {
		testutil.SaveRecord(t, app, c.LoginAttempts, "", map[string]any{c.FieldEmail: "x@folio.test", "created": stamp(ago)})
	}
	if n, err := analytics.RecentLoginAttempts(app, now); err != nil || n != 2 {
		t.Errorf("recent sign-in attempts %d (%v), want 2", n, err)
	}
}
