package catalog_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/dbx"

	"github.com/folio/folio/catalog"
	"github.com/folio/folio/clock"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

// API.md "Publishing": a draft, or a scheduled item before its publishAt, is absent from the
// list and the taxonomy; a scheduled item shows up at publishAt by itself, with no edit.
func TestListAndTaxonomyHoldPublicItemsOnly(t *testing.T) {
	t.Parallel()
	app := catalogApp(t)
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	at := now
	clock.Set(app, func() time.Time { return at })
	const draft, scheduled = "catblogdraft001", "catblogsched001"
	testutil.SaveRecord(t, app, c.Blogs, draft, map[string]any{c.FieldTitle: "Draft", c.FieldAuthor: "Ann", c.FieldDate: "2026-11-22",
		c.FieldStatus: c.ItemDraft, c.FieldCategories: []string{"Secret"}, c.FieldTags: []string{"hidden"}})
	testutil.SaveRecord(t, app, c.Blogs, scheduled, map[string]any{c.FieldTitle: "Later", c.FieldAuthor: "Ann", c.FieldDate: "2026-11-22",
		c.FieldStatus: c.ItemScheduled, c.FieldPublishAt: now.Add(time.Hour).Format(time.RFC3339), c.FieldCategories: []string{"Soon"}, c.FieldTags: []string{"soon"}})

	check := func(when string, want []string, soon bool) {
		t.Helper()
		list, err := catalog.SummaryList(app, catalog.ListParams{Page: 1, PerPage: 10, Types: bothTypes})
		if err != nil {
			t.Fatal(err)
		}
		if got := ids(list.Items); list.TotalItems != len(want) || !slices.Equal(got, want) {
			t.Errorf("%s: list %v of %d, want %v", when, got, list.TotalItems, want)
		}
		tax, err := catalog.LoadTaxonomy(app)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := tax.ByCategory["Secret"]; ok || len(tax.ByTag["hidden"]) != 0 {
			t.Errorf("%s: the draft is in the taxonomy", when)
		}
		if got := len(tax.ByCategory["Soon"]) == 1 && len(tax.ByTag["soon"]) == 1; got != soon {
			t.Errorf("%s: the scheduled item in the taxonomy: %v, want %v", when, got, soon)
		}
		archived := 0
		for _, y := range tax.Archives {
			archived += len(y.Items)
		}
		if archived != len(want) {
			t.Errorf("%s: %d archived items, want %d", when, archived, len(want))
		}
		for id, hidden := range map[string]bool{draft: true, scheduled: !soon, b1: false} {
			if got, err := catalog.Hidden(app, c.TypeBlog, id); err != nil || got != hidden {
				t.Errorf("%s: Hidden(%s) = %v (%v), want %v", when, id, got, err, hidden)
			}
		}
	}
	check("before publishAt", publicOrder, false)
	at = now.Add(time.Hour)
	check("at publishAt", append([]string{scheduled}, publicOrder...), true)
}

// The cache asks for the next publish time after every content write: each table answers
// from its partial index of scheduled items, never by a scan.
func TestNextPublishAtUsesTheScheduledIndex(t *testing.T) {
	t.Parallel()
	app := catalogApp(t)
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	clock.Set(app, func() time.Time { return now })
	if at, err := catalog.NextPublishAt(app); err != nil || !at.IsZero() {
		t.Fatalf("nothing scheduled: %v, %v", at, err)
	}
	for i, d := range []time.Duration{3 * time.Hour, time.Hour} {
		col := []string{c.Blogs, c.Projects}[i]
		testutil.SaveRecord(t, app, col, "", map[string]any{c.FieldTitle: "Later", c.FieldAuthor: "Ann",
			c.FieldStatus: c.ItemScheduled, c.FieldPublishAt: now.Add(d).Format(time.RFC3339)})
	}
	if at, err := catalog.NextPublishAt(app); err != nil || !at.Equal(now.Add(time.Hour)) {
		t.Fatalf("next publish at %v (%v), want %v", at, err, now.Add(time.Hour))
	}
	var plan []struct {
		Detail string `db:"detail"`
	}
	if err := app.DB().NewQuery("EXPLAIN QUERY PLAN " + catalog.NextPublishSQL).Bind(dbx.Params{"now": "x"}).All(&plan); err != nil {
		t.Fatal(err)
	}
	uses := 0
	for _, p := range plan {
		if strings.Contains(p.Detail, "SCAN") && !strings.Contains(p.Detail, "_scheduled") {
			t.Errorf("the query scans: %s", p.Detail)
		}
		if strings.Contains(p.Detail, "_scheduled") {
			uses++
		}
	}
	if uses != 2 {
		t.Errorf("plan %+v: want each table's scheduled index", plan)
	}
}
