package hooks_test

import (
	"slices"
	"strings"
	"testing"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/hooks"
	"github.com/folio/folio/testutil"
)

// Every statement of the engagement writes on events finds its rows through an index:
// by id, or through the type, action and time index (the window's views, a type's like
// events). An item's delete cascade alone reads the table, on purpose (migration
// 1763770400: events are in no index by item).
func TestEngagementQueriesIndexed(t *testing.T) {
	app := testutil.NewApp(t)
	for _, q := range hooks.EngagementEventsSQL {
		got := queryPlan(t, app, q)
		if !strings.Contains(got, "USING") || strings.Contains(got, "SCAN "+c.Events) {
			t.Errorf("%s\n  plan %q: want an index search", q, got)
		}
		want := "idx_events_type_action_created (type=? AND action=? AND created>?)" // the window's views
		switch {
		case slices.Contains(hooks.LikeEventsDeleteSQL, q):
			want = "sqlite_autoindex_events_1 (id=?)"
		case q == hooks.DeleteLikeEventsSQL:
			want = "idx_events_type_action_created (type=? AND action=?)"
		}
		if !strings.Contains(got, want) {
			t.Errorf("%s\n  plan %q: want %s", q, got, want)
		}
	}
	if got := queryPlan(t, app, strings.NewReplacer("{:item}", "?", "{:type}", "?").Replace(hooks.DeleteItemEventsSQL)); got != "SCAN "+c.Events {
		t.Errorf("an item's events: plan %q, want one pass over the table", got)
	}
}
