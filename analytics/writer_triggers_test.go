package analytics_test

import (
	"slices"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/analytics"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

// The writer's hour rows write the same rollups as the tally's every row: a batch whose
// events fall in two hours of one day, and in two months, adds each day and month once per
// hour, and a key it takes back (n -1) comes out.
func TestUpsertHoursWritesEveryPeriod(t *testing.T) {
	tally := analytics.Tally{}
	for _, created := range []string{"2026-11-30 22:59:59.000Z", "2026-11-30 23:00:01.000Z", "2026-11-30 23:10:00.000Z", "2026-12-01 00:00:00.000Z"} {
		tally.AddEvent(&analytics.Event{Type: c.TypeBlog, ItemID: "b1", Action: c.ActionView, Created: created, Country: "France", Source: "example.org", Device: "desktop", Browser: "Firefox", OS: "Linux", Path: "/blogs/b1"}, 1)
		tally.AddLike(c.TypeBlog, "b1", created, 1)
	}
	tally.AddLike(c.TypeBlog, "b1", "2026-11-30 23:10:00.000Z", -1)

	hours, all := testutil.NewBareApp(t), testutil.NewBareApp(t)
	for _, app := range []core.App{hours, all} {
		if _, err := app.DB().NewQuery(`DELETE FROM "` + c.AnalyticsRollups + `"`).Execute(); err != nil {
			t.Fatal(err)
		}
	}
	rows := tally.HourRows()
	args := make([]any, 0, 10*len(rows))
	for _, r := range rows {
		args = append(args, r[:]...)
	}
	if _, err := hours.NonconcurrentDB().(*dbx.DB).DB().Exec(analytics.UpsertHoursSQL(len(rows)), args...); err != nil {
		t.Fatal(err)
	}
	if err := analytics.WriteTally(all.NonconcurrentDB(), tally); err != nil {
		t.Fatal(err)
	}
	got, want := testutil.RollupRows(t, hours), testutil.RollupRows(t, all)
	if len(want) == 0 || !slices.Equal(got, want) {
		t.Errorf("from the hour rows:\n%v\nfrom every row:\n%v", got, want)
	}
}
