package hooks_test

import (
	"slices"
	"strings"
	"testing"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/hooks"
	"github.com/folio/folio/testutil"
)

// Every statement of the engagement writes on events, and the item delete's cascade,
// finds its rows through an index: none scans the table (issue 14 dropped the indexes
// no query used).
func TestEngagementQueriesIndexed(t *testing.T) {
	app := testutil.NewApp(t)
	queries := append([]string{}, hooks.EngagementEventsSQL...)
	queries = append(queries, `DELETE FROM "`+c.Events+`" WHERE "itemId" = ? AND "type" = ?`)
	for _, q := range queries {
		got := queryPlan(t, app, q)
		if !strings.Contains(got, "USING") || strings.Contains(got, "SCAN "+c.Events) {
			t.Errorf("%s\n  plan %q: want an index search", q, got)
		}
		if slices.Contains(hooks.RecentViewsSQL, q) { // the window's views, by type, action and time
			if !strings.Contains(got, "idx_events_type_action_created") {
				t.Errorf("%s\n  plan %q: want idx_events_type_action_created", q, got)
			}
			continue
		}
		if slices.Contains(hooks.LikeEventsDeleteSQL, q) {
			if !strings.Contains(got, "sqlite_autoindex_events_1 (id=?)") {
				t.Errorf("%s\n  plan %q: want the id index", q, got)
			}
			continue
		}
		if !strings.Contains(got, "idx_events_item_action_visitor") {
			t.Errorf("%s\n  plan %q: want idx_events_item_action_visitor", q, got)
		}
	}
}
