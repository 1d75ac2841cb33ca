package analytics_test

import (
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/analytics"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

// steps lists n bucket keys of layout, from first, each step later than the one before.
func steps(first time.Time, n int, step func(time.Time) time.Time, layout string) []string {
	out := make([]string, n)
	for i, t := 0, first; i < n; i, t = i+1, step(t) {
		out[i] = t.Format(layout)
	}
	return out
}

func hourly(t time.Time) time.Time  { return t.Add(time.Hour) }
func daily(t time.Time) time.Time   { return t.AddDate(0, 0, 1) }
func monthly(t time.Time) time.Time { return t.AddDate(0, 1, 0) }

const (
	hourKey  = "2006-01-02T15:00:00Z"
	dayKey   = time.DateOnly
	monthKey = "2006-01"
)

// seriesKeys answers a range at now through both series, checking they share their buckets.
func seriesKeys(t *testing.T, app core.App, rng string, now time.Time) []string {
	t.Helper()
	win, err := analytics.ParseWindow(rng, now)
	if err != nil {
		t.Fatalf("range %q: %v", rng, err)
	}
	items, err := analytics.Query{App: app, Win: win, Types: []string{c.TypeBlog, c.TypeProject}}.ItemSeries()
	if err != nil {
		t.Fatal(err)
	}
	site, err := analytics.Query{App: app, Win: win, Types: []string{c.TypeSite}}.SiteSeries()
	if err != nil {
		t.Fatal(err)
	}
	keys := make([]string, len(items))
	for i, p := range items {
		keys[i] = p.Date
		if p.Totals != (analytics.Totals{}) {
			t.Errorf("range %q: bucket %+v of an empty site is not zero", rng, p)
		}
	}
	if len(site) != len(items) {
		t.Fatalf("range %q: %d site buckets, %d item buckets", rng, len(site), len(items))
	}
	for i, p := range site {
		if p.Date != keys[i] || p.Count != 0 {
			t.Errorf("range %q: site bucket %d is %+v, item bucket %q", rng, i, p, keys[i])
		}
	}
	return keys
}

// API.md: day 24 h in hours (RFC 3339 at the hour), week 7 d and month 30 d in days
// (YYYY-MM-DD), year 365 d and all in months (YYYY-MM), all in UTC. The series runs, with no
// gap, from the bucket holding the range's start to the bucket holding now.
func TestRangeBucketsOnAFixedClock(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	utc := func(s string) time.Time {
		at, err := time.Parse(time.RFC3339, s)
		if err != nil {
			t.Fatal(err)
		}
		return at
	}
	for _, clock := range []struct {
		name string
		now  time.Time
		want map[string][]string
	}{
		{"mid-hour", utc("2026-11-21T13:25:41Z"), map[string][]string{
			"day":   steps(utc("2026-11-20T13:00:00Z"), 25, hourly, hourKey),
			"week":  steps(utc("2026-11-14T00:00:00Z"), 8, daily, dayKey),
			"":      steps(utc("2026-11-14T00:00:00Z"), 8, daily, dayKey), // week is the default
			"month": steps(utc("2026-10-22T00:00:00Z"), 31, daily, dayKey),
			"year":  steps(utc("2025-11-01T00:00:00Z"), 13, monthly, monthKey),
			"all":   {"2026-11"}, // no events: only the month holding now
		}},
		// on a bucket's first instant, after a short February, across a year end
		{"month start", utc("2026-03-01T00:00:00Z"), map[string][]string{
			"day":   steps(utc("2026-02-28T00:00:00Z"), 25, hourly, hourKey),
			"week":  steps(utc("2026-02-22T00:00:00Z"), 8, daily, dayKey),
			"month": steps(utc("2026-01-30T00:00:00Z"), 31, daily, dayKey),
			"year":  steps(utc("2025-03-01T00:00:00Z"), 13, monthly, monthKey),
			"all":   {"2026-03"},
		}},
		{"new year's eve", utc("2026-12-31T23:59:59Z"), map[string][]string{
			"day":   steps(utc("2026-12-30T23:00:00Z"), 25, hourly, hourKey),
			"week":  steps(utc("2026-12-24T00:00:00Z"), 8, daily, dayKey),
			"month": steps(utc("2026-12-01T00:00:00Z"), 31, daily, dayKey),
			"year":  steps(utc("2025-12-01T00:00:00Z"), 13, monthly, monthKey), // 365 days back: 2025-12-31
			"all":   {"2026-12"},
		}},
		// a clock in another zone buckets in UTC all the same
		{"UTC+5:30", utc("2026-11-21T13:25:41Z").In(time.FixedZone("IST", 5*3600+1800)), map[string][]string{
			"day":  steps(utc("2026-11-20T13:00:00Z"), 25, hourly, hourKey),
			"week": steps(utc("2026-11-14T00:00:00Z"), 8, daily, dayKey),
			"year": steps(utc("2025-11-01T00:00:00Z"), 13, monthly, monthKey),
		}},
	} {
		for rng, want := range clock.want {
			got := seriesKeys(t, app, rng, clock.now)
			if len(got) != len(want) || got[0] != want[0] || got[len(got)-1] != want[len(want)-1] {
				t.Errorf("%s, range %q: %d buckets %q..%q, want %d %q..%q", clock.name, rng,
					len(got), got[0], got[len(got)-1], len(want), want[0], want[len(want)-1])
				continue
			}
			for i := range want {
				if got[i] != want[i] {
					t.Errorf("%s, range %q: bucket %d is %q, want %q (no gaps, no repeats)", clock.name, rng, i, got[i], want[i])
					break
				}
			}
		}
	}
}

func TestRangeAndTypeNames(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 21, 13, 25, 0, 0, time.UTC)
	for raw, name := range map[string]string{"": "week", "day": "day", "week": "week", "month": "month", "year": "year", "all": "all"} {
		w, err := analytics.ParseWindow(raw, now)
		if err != nil || w.Name != name {
			t.Errorf("range %q: %q, %v; want %q", raw, w.Name, err, name)
		}
	}
	for _, raw := range []string{"decade", "Day", " week", "24h", "hour"} {
		if _, err := analytics.ParseWindow(raw, now); err == nil {
			t.Errorf("range %q accepted", raw)
		}
	}
	for raw, want := range map[string][2]string{"": {"all", "blog project"}, "all": {"all", "blog project"},
		"blog": {"blog", "blog"}, "project": {"project", "project"}} {
		name, types, err := analytics.ParseType(raw)
		if err != nil || name != want[0] || strings.Join(types, " ") != want[1] {
			t.Errorf("type %q: %q %q %v, want %q %q", raw, name, types, err, want[0], want[1])
		}
	}
	for _, raw := range []string{"site", "blogs", "Blog"} {
		if _, _, err := analytics.ParseType(raw); err == nil {
			t.Errorf("type %q accepted", raw)
		}
	}
}
