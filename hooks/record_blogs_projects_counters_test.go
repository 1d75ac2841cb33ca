package hooks_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/hooks"
	"github.com/folio/folio/testutil"
)

// The counters live in itemCounters; PocketBase's own records API (what /_/ shows and
// edits) still carries them on every item, a counter edited there stays its events',
// and a deleted item takes its counters along.
func TestItemCountersThroughRecordsApi(t *testing.T) {
	app := engApp(t)
	superTok := testutil.SuperuserToken(t, app)
	for range 2 {
		testutil.Do(t, app, "POST", "/api/share/"+engBlogID, "", "")
	}
	testutil.Do(t, app, "POST", "/api/view-project/"+engProjectID, "", "", "User-Agent", engBrowser)
	shown := func(col, id string) map[string]any {
		t.Helper()
		res := testutil.Do(t, app, "GET", "/api/collections/"+col+"/records/"+id, superTok, "")
		out := map[string]any{}
		if err := json.Unmarshal(res.Body.Bytes(), &out); res.Code != 200 || err != nil {
			t.Fatalf("GET %s/%s: %d %s", col, id, res.Code, res.Body)
		}
		return out
	}
	if got := shown(c.Blogs, engBlogID); got["shareCount"] != 2.0 || got["viewCount"] != 0.0 {
		t.Errorf("blog through the records API: shareCount %v viewCount %v, want 2 and 0", got["shareCount"], got["viewCount"])
	}
	if got := shown(c.Projects, engProjectID); got["viewCount"] != 1.0 {
		t.Errorf("project through the records API: viewCount %v, want 1", got["viewCount"])
	}
	res := testutil.Do(t, app, "GET", "/api/collections/blogs/records?filter=id='"+engBlogID+"'", superTok, "")
	if !strings.Contains(res.Body.String(), `"shareCount":2`) {
		t.Errorf("records list: %s", res.Body)
	}

	res = testutil.Do(t, app, "PATCH", "/api/collections/blogs/records/"+engBlogID, superTok, `{"shareCount":99,"title":"Edited"}`)
	if res.Code != 200 || !strings.Contains(res.Body.String(), `"shareCount":2`) || !strings.Contains(res.Body.String(), `"title":"Edited"`) {
		t.Errorf("PATCH shareCount 99: %d %s, want the title saved and shareCount still 2", res.Code, res.Body)
	}
	if n, ev := engCounter(t, app, c.Blogs, engBlogID, c.FieldShareCount), engEvents(t, app, engBlogID, c.ActionShare); n != 2 || ev != 2 {
		t.Errorf("after the /_/ edit: shareCount %d, events %d, want 2 and 2", n, ev)
	}
	if res := testutil.Do(t, app, "POST", "/api/share/"+engBlogID, "", ""); strings.TrimSpace(res.Body.String()) != `{"shareCount":3}` {
		t.Errorf("share after the /_/ edit: %s", res.Body)
	}

	if res := testutil.Do(t, app, "DELETE", "/api/collections/blogs/records/"+engBlogID, superTok, ""); res.Code != 204 {
		t.Fatalf("delete: %d %s", res.Code, res.Body)
	}
	var rows int
	if err := app.DB().Select("count(*)").From(c.ItemCounters).Where(dbx.HashExp{c.FieldCounterItem: engBlogID}).Row(&rows); err != nil || rows != 0 {
		t.Errorf("counters of a deleted item: %d rows (%v)", rows, err)
	}
	if res := testutil.Do(t, app, "POST", "/api/share/"+engBlogID, "", ""); res.Code != 404 {
		t.Errorf("share of a deleted item: %d %s", res.Code, res.Body)
	}
}

// A blog id on a project route is 404 and writes no counter row; an item's first
// engagement creates its row.
func TestItemCountersOnlyForTheirType(t *testing.T) {
	app := engApp(t)
	for _, u := range []string{"/api/share-project/" + engBlogID, "/api/view-project/" + engBlogID, "/api/share/nosuchitem00000"} {
		if res := testutil.Do(t, app, "POST", u, "", "", "User-Agent", engBrowser); res.Code != 404 {
			t.Errorf("%s: %d %s", u, res.Code, res.Body)
		}
	}
	var rows int
	if err := app.DB().Select("count(*)").From(c.ItemCounters).Row(&rows); err != nil || rows != 0 {
		t.Errorf("counter rows after refused writes: %d (%v)", rows, err)
	}
	testutil.Do(t, app, "POST", "/api/share-project/"+engProjectID, "", "")
	if err := app.DB().Select("count(*)").From(c.ItemCounters).Where(dbx.HashExp{c.FieldType: c.TypeProject}).Row(&rows); err != nil || rows != 1 {
		t.Errorf("project counter rows after a share: %d (%v)", rows, err)
	}
}

// An item's delete cascade reads the events table once, on purpose (migration
// 1763770400: events are in no index by item).
func TestItemEventsDeleteReadsTheTable(t *testing.T) {
	app := testutil.NewApp(t)
	if got := testutil.QueryPlan(t, app, strings.NewReplacer("{:item}", "?", "{:type}", "?").Replace(hooks.DeleteItemEventsSQL)); got != "SCAN "+c.Events {
		t.Errorf("an item's events: plan %q, want one pass over the table", got)
	}
}
