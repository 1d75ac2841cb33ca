package pb_migrations_test

import (
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

// Migration 1763770200 moves the counters out of the item rows into itemCounters and
// back when reverted, losing none.
func TestItemCountersMigration(t *testing.T) {
	app := testutil.NewApp(t)
	blog := testutil.SaveRecord(t, app, c.Blogs, "", map[string]any{c.FieldTitle: "B", c.FieldAuthor: "Ann"})
	project := testutil.SaveRecord(t, app, c.Projects, "", map[string]any{c.FieldTitle: "P", c.FieldAuthor: "Ann"})
	exec := func(sql string, params dbx.Params) {
		t.Helper()
		if _, err := app.DB().NewQuery(sql).Bind(params).Execute(); err != nil {
			t.Fatal(err)
		}
	}
	exec(`INSERT INTO itemCounters (item, type, likeCount, shareCount, viewCount, commentCount) VALUES ({:id}, 'blog', 1, 2, 3, 4)`, dbx.Params{"id": blog.Id})
	exec(`INSERT INTO itemCounters (item, type, viewCount) VALUES ({:id}, 'project', 7)`, dbx.Params{"id": project.Id})

	runner := core.NewMigrationsRunner(app, core.AppMigrations)
	// the migrations after it first (the newest first)
	if reverted, err := runner.Down(2); err != nil || len(reverted) != 2 || reverted[1] != "1763770200_item_counters.go" {
		t.Fatalf("down: %v %v", reverted, err)
	}
	if app.HasTable(c.ItemCounters) {
		t.Error("itemCounters still exists after down")
	}
	// four reads likeCount, shareCount, viewCount, commentCount of the row of table where.
	four := func(table, where string, params dbx.Params) [4]int {
		t.Helper()
		var row struct{ L, S, V, C int }
		if err := app.DB().NewQuery(`SELECT likeCount AS l, shareCount AS s, viewCount AS v, commentCount AS c FROM ` + table + ` WHERE ` + where).
			Bind(params).One(&row); err != nil {
			t.Fatal(err)
		}
		return [4]int{row.L, row.S, row.V, row.C}
	}
	columns := func(table, id string) [4]int { return four(table, "id = {:id}", dbx.Params{"id": id}) }
	counters := func(typ, id string) [4]int {
		return four(c.ItemCounters, "item = {:id} AND type = {:type}", dbx.Params{"id": id, "type": typ})
	}
	if got := columns(c.Blogs, blog.Id); got != [4]int{1, 2, 3, 4} {
		t.Errorf("blog columns after down: %v", got)
	}
	if got := columns(c.Projects, project.Id); got != [4]int{0, 0, 7, 0} {
		t.Errorf("project columns after down: %v", got)
	}

	exec(`UPDATE blogs SET shareCount = 5 WHERE id = {:id}`, dbx.Params{"id": blog.Id})
	if applied, err := runner.Up(); err != nil || len(applied) != 2 {
		t.Fatalf("up: %v %v", applied, err)
	}
	if got := counters(c.TypeBlog, blog.Id); got != [4]int{1, 5, 3, 4} {
		t.Errorf("blog counters after up: %v", got)
	}
	if got := counters(c.TypeProject, project.Id); got != [4]int{0, 0, 7, 0} {
		t.Errorf("project counters after up: %v", got)
	}
	if got := columns(c.Blogs, blog.Id); got != [4]int{} {
		t.Errorf("blog columns after up: %v, want zeros", got)
	}
}

// Migration 1763770300 drops the events index on created alone, and puts it back when
// reverted.
func TestEventsCreatedIndexMigration(t *testing.T) {
	app := testutil.NewApp(t)
	has := func() bool {
		t.Helper()
		var n int
		if err := app.DB().NewQuery("SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name = 'idx_events_created'").Row(&n); err != nil {
			t.Fatal(err)
		}
		return n == 1
	}
	if has() {
		t.Error("idx_events_created exists after the migrations")
	}
	runner := core.NewMigrationsRunner(app, core.AppMigrations)
	if reverted, err := runner.Down(1); err != nil || len(reverted) != 1 || reverted[0] != "1763770300_events_no_created_index.go" {
		t.Fatalf("down: %v %v", reverted, err)
	}
	if !has() {
		t.Error("idx_events_created is missing after down")
	}
}
