package subcommands

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"github.com/folio/folio/analytics"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

func seedTestItems(t *testing.T, app core.App, n int) {
	t.Helper()
	for i := range n {
		col := c.Blogs
		if i%2 == 1 {
			col = c.Projects
		}
		testutil.SaveRecord(t, app, col, fmt.Sprintf("seeditem%07d", i), map[string]any{
			c.FieldTitle: fmt.Sprintf("Item %d", i), c.FieldAuthor: "Ann", c.FieldDescription: "<p>Words.</p>"})
	}
}

// reports are every range and type of both answers, from the rollups and counted directly.
func reports(t *testing.T, app core.App, now time.Time) (rolled, direct []any) {
	t.Helper()
	for _, rng := range []string{"day", "week", "month", "year", "all"} {
		win, _ := analytics.ParseWindow(rng, now)
		for _, typ := range []string{"all", "blog", "project"} {
			name, types, _ := analytics.ParseType(typ)
			q := analytics.Query{App: app, Win: win, Types: types}
			a, err := q.ItemReport(name, now)
			if err != nil {
				t.Fatal(err)
			}
			b, err := q.DirectItemReport(name, now)
			if err != nil {
				t.Fatal(err)
			}
			rolled, direct = append(rolled, a), append(direct, b)
		}
		q := analytics.Query{App: app, Win: win, Types: []string{c.TypeSite}}
		a, err := q.SiteReport()
		if err != nil {
			t.Fatal(err)
		}
		b, err := q.DirectSiteReport()
		if err != nil {
			t.Fatal(err)
		}
		rolled, direct = append(rolled, a), append(direct, b)
	}
	return rolled, direct
}

func count(t *testing.T, app core.App, q string) int {
	t.Helper()
	var n int
	if err := app.DB().NewQuery(q).Row(&n); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return n
}

// TestSeedEvents: `seed --events` writes every kind of event in plausible proportions,
// with sources, from many visitors; the items' counters equal their events; every answer
// from the rollups equals the direct count; `analytics rebuild` on a copy of the database
// gives the same rollups and answers.
func TestSeedEvents(t *testing.T) {
	app := testutil.NewApp(t)
	seedTestItems(t, app, 6)
	out, err := execute(newSeedCommand(app), "--events", "4000", "--days", "90")
	if err != nil || !strings.Contains(out, "Events: 4000 over 90 days") {
		t.Fatalf("seed --events: %v %s", err, out)
	}
	if n := count(t, app, `SELECT count(*) FROM "events"`); n != 4000 {
		t.Fatalf("%d events, want 4000", n)
	}
	for action, least := range map[string]int{c.ActionView: 3000, c.ActionShare: 100, c.ActionLike: 50, c.ActionComment: 50} {
		if n := count(t, app, `SELECT count(*) FROM "events" WHERE "action" = '`+action+`'`); n < least {
			t.Errorf("%d %s events, want at least %d", n, action, least)
		}
	}
	if n := count(t, app, `SELECT count(*) FROM "events" WHERE "type" = 'site'`); n < 1400 || n > 2200 {
		t.Errorf("%d site views of 4000 events", n)
	}
	for q, least := range map[string]int{
		`SELECT count(DISTINCT "visitor") FROM "events"`:                              200,
		`SELECT count(DISTINCT "country") FROM "events"`:                              15,
		`SELECT count(DISTINCT "source") FROM "events" WHERE "action" = 'view'`:       8,
		`SELECT count(DISTINCT "device") FROM "events" WHERE "action" = 'view'`:       3,
		`SELECT count(*) FROM "events" WHERE "campaign" != ''`:                        20,
		`SELECT count(*) FROM "events" WHERE "created" < datetime('now', '-80 days')`: 100,
	} {
		if n := count(t, app, q); n < least {
			t.Errorf("%s = %d, want at least %d", q, n, least)
		}
	}
	if n := count(t, app, `SELECT count(*) FROM "events" WHERE "created" < datetime('now', '-91 days')`); n != 0 {
		t.Errorf("%d events before the 90 days", n)
	}
	for _, f := range []struct{ field, action string }{{c.FieldViewCount, c.ActionView}, {c.FieldShareCount, c.ActionShare},
		{c.FieldCommentCount, c.ActionComment}, {c.FieldLikeCount, c.ActionLike}} {
		if n := count(t, app, `SELECT count(*) FROM "`+c.ItemCounters+`" k WHERE k."`+f.field+`" != (SELECT count(*) FROM "events" e WHERE e."itemId" = k."item" AND e."action" = '`+f.action+`')`); n != 0 {
			t.Errorf("%d items whose %s differs from their %s events", n, f.field, f.action)
		}
	}
	if n := count(t, app, `SELECT count(*) FROM "likes" l WHERE NOT EXISTS (SELECT 1 FROM "events" e WHERE e."id" = l."id" AND e."action" = 'like')`); n != 0 {
		t.Errorf("%d likes without their event", n)
	}
	// A second seed on the same dir (the demo's own history, then --events) reuses the
	// seeded readers instead of creating reader0000 again.
	readers := count(t, app, `SELECT count(*) FROM "users" WHERE "email" LIKE '%@seed.folio.invalid'`)
	if out, err := execute(newSeedCommand(app), "--events", "1000", "--days", "90"); err != nil {
		t.Fatalf("a second seed --events: %v %s", err, out)
	}
	if n := count(t, app, `SELECT count(*) FROM "events"`); n != 5000 {
		t.Fatalf("%d events after the second seed, want 5000", n)
	}
	if n := count(t, app, `SELECT count(*) FROM "users" WHERE "email" LIKE '%@seed.folio.invalid'`); n != readers {
		t.Errorf("%d seeded readers after the second seed, were %d", n, readers)
	}
	now := time.Now()
	rolled, direct := reports(t, app, now)
	if !reflect.DeepEqual(rolled, direct) {
		t.Errorf("answers from the rollups differ from the direct counts")
	}

	// Rebuild on a copy: same rollups, same answers.
	before := rollupSnapshot(t, app)
	copied, err := tests.NewTestApp(app.DataDir())
	if err != nil {
		t.Fatal(err)
	}
	defer copied.Cleanup()
	if _, err := copied.DB().NewQuery(`DELETE FROM "` + c.AnalyticsRollups + `" WHERE "dim" = 'place'`).Execute(); err != nil {
		t.Fatal(err)
	}
	if out, err := execute(newAnalyticsCommand(copied), "rebuild"); err != nil || !strings.Contains(out, "Rebuilt the analytics rollups") {
		t.Fatalf("analytics rebuild: %v %s", err, out)
	}
	if after := rollupSnapshot(t, copied); !reflect.DeepEqual(before, after) {
		t.Errorf("rebuilt rollups: %d rows, live ones %d", len(after), len(before))
	}
	again, _ := reports(t, copied, now)
	if !reflect.DeepEqual(again, rolled) {
		t.Errorf("answers after a rebuild differ")
	}
}

func rollupSnapshot(t *testing.T, app core.App) []string {
	t.Helper()
	var rows []string
	if err := app.DB().NewQuery(`SELECT "dim" || '|' || "period" || '|' || "type" || '|' || "bucket" || '|' || "action" || '|' || "k1" || '|' || "k2" || '|' || "k3" || '|' || "n" FROM "` +
		c.AnalyticsRollups + `" WHERE "n" != 0 ORDER BY 1`).Column(&rows); err != nil {
		t.Fatal(err)
	}
	return rows
}

// TestSeedEventsRestoresItsConnection: the seed's bulk settings (a big page cache, no
// fsync) stay on its own connection for its run; the pool's writer connection goes back
// with the settings it had.
func TestSeedEventsRestoresItsConnection(t *testing.T) {
	app := testutil.NewApp(t)
	seedTestItems(t, app, 2)
	pragmas := func() string {
		var cache, sync int
		if err := app.NonconcurrentDB().NewQuery("PRAGMA cache_size").Row(&cache); err != nil {
			t.Fatal(err)
		}
		if err := app.NonconcurrentDB().NewQuery("PRAGMA synchronous").Row(&sync); err != nil {
			t.Fatal(err)
		}
		return fmt.Sprintf("cache_size %d, synchronous %d", cache, sync)
	}
	before := pragmas()
	if err := SeedEvents(app, 300, 10, time.Now(), nil); err != nil {
		t.Fatal(err)
	}
	if after := pragmas(); after != before {
		t.Fatalf("after the seed the writer connection has %s, before %s", after, before)
	}
}
