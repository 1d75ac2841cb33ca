package hooks_test

import (
	"strings"
	"testing"

	"github.com/pocketbase/dbx"

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
		var plan []struct {
			Detail string `db:"detail"`
		}
		args := dbx.Params{}
		sql := q
		for i := 0; strings.Contains(sql, "?"); i++ {
			name := "p" + string(rune('a'+i))
			sql = strings.Replace(sql, "?", "{:"+name+"}", 1)
			args[name] = "x"
		}
		if err := app.DB().NewQuery("EXPLAIN QUERY PLAN " + sql).Bind(args).All(&plan); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		var details []string
		for _, p := range plan {
			details = append(details, p.Detail)
		}
		got := strings.Join(details, "; ")
		if !strings.Contains(got, "USING") || strings.Contains(got, "SCAN "+c.Events) {
			t.Errorf("%s\n  plan %q: want an index search", q, got)
		}
		if !strings.Contains(got, "idx_events_item_action_visitor") {
			t.Errorf("%s\n  plan %q: want idx_events_item_action_visitor", q, got)
		}
	}
}
