package engagement_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/engagement"
	"github.com/folio/folio/testutil"
)

// Every statement of the engagement writes on events finds its rows through an index:
// by id, or through the type, action and time index (the window's views, a type's like
// events). (An item's delete cascade alone reads the table, on purpose: migration
// 1763770400, events are in no index by item; hooks' TestItemEventsDeleteReadsTheTable.)
func TestEngagementQueriesIndexed(t *testing.T) {
	app := testutil.NewApp(t)
	for _, q := range engagement.EventsSQL {
		got := testutil.QueryPlan(t, app, q)
		if !strings.Contains(got, "USING") || strings.Contains(got, "SCAN "+c.Events) {
			t.Errorf("%s\n  plan %q: want an index search", q, got)
		}
		want := "idx_events_type_action_created (type=? AND action=? AND created>?)" // the window's views
		switch {
		case slices.Contains(engagement.LikeEventsDeleteSQL, q):
			want = "sqlite_autoindex_events_1 (id=?)"
		case q == engagement.DeleteLikeEventsSQL:
			want = "idx_events_type_action_created (type=? AND action=?)"
		}
		if !strings.Contains(got, want) {
			t.Errorf("%s\n  plan %q: want %s", q, got, want)
		}
	}
}

// Every statement on itemCounters finds its row by primary key, and its item by id. The
// only scan allowed is of a batch's own rows (a VALUES list, "batch").
func TestItemCounterQueriesIndexed(t *testing.T) {
	app := testutil.NewApp(t)
	batchRows := regexp.MustCompile(`SCAN (batch\b|\d+-ROW VALUES CLAUSE|CONSTANT ROW)`)
	for _, q := range engagement.ItemCounterSQL {
		got := testutil.QueryPlan(t, app, q)
		if strings.Contains(batchRows.ReplaceAllString(got, ""), "SCAN ") {
			t.Errorf("%s\n  plan %q: a table scan", q, got)
		}
		if strings.Contains(q, c.ItemCounters) && !strings.Contains(q, "LEFT JOIN") && strings.HasPrefix(q, "UPDATE") &&
			!strings.Contains(got, "PRIMARY KEY") {
			t.Errorf("%s\n  plan %q: want the primary key", q, got)
		}
	}
}
