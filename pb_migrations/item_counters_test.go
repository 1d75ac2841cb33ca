package pb_migrations_test

import (
	dbsql "database/sql"
	"errors"
	"slices"
	"strings"
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

	runner, n := downThrough(t, app, "1763770200_item_counters.go")
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
	if applied, err := runner.Up(); err != nil || len(applied) != n {
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
	if indexSQL(t, app, "idx_events_created") != "" {
		t.Error("idx_events_created exists after the migrations")
	}
	downThrough(t, app, "1763770300_events_no_created_index.go")
	if indexSQL(t, app, "idx_events_created") == "" {
		t.Error("idx_events_created is missing after down")
	}
}

// Migration 1763770400 drops the events index by item and the likes index by account,
// and puts both back when reverted.
func TestScatteredIndexesMigration(t *testing.T) {
	app := testutil.NewApp(t)
	const items, accounts = "idx_events_item_action_visitor", "idx_likes_account"
	if indexSQL(t, app, items) != "" || indexSQL(t, app, accounts) != "" {
		t.Errorf("after the migrations: %q, %q; want neither", indexSQL(t, app, items), indexSQL(t, app, accounts))
	}
	runner, _ := downThrough(t, app, "1763770400_scattered_indexes.go")
	if got, want := indexSQL(t, app, items), squeeze("CREATE INDEX idx_events_item_action_visitor ON events (itemId, action, visitor, created)"); got != want {
		t.Errorf("after down, %s = %q, want %q", items, got, want)
	}
	if got, want := indexSQL(t, app, accounts), squeeze("CREATE INDEX idx_likes_account ON likes (account)"); got != want {
		t.Errorf("after down, %s = %q, want %q", accounts, got, want)
	}
	if _, err := runner.Up(); err != nil {
		t.Fatal(err)
	}
	if indexSQL(t, app, items) != "" || indexSQL(t, app, accounts) != "" {
		t.Error("up again: want neither index")
	}
}

// indexSQL is the CREATE statement of the index name, squeezed ("" when there is none).
func indexSQL(t *testing.T, app core.App, name string) string {
	t.Helper()
	var sql string
	err := app.DB().NewQuery("SELECT COALESCE(sql, '') FROM sqlite_master WHERE type = 'index' AND name = {:name}").
		Bind(dbx.Params{"name": name}).Row(&sql)
	if err != nil && !errors.Is(err, dbsql.ErrNoRows) {
		t.Fatal(err)
	}
	return squeeze(sql)
}

// squeeze drops the spaces and quotes PocketBase's index formatting adds.
func squeeze(sql string) string {
	return strings.NewReplacer(" ", "", "\n", "", "`", "").Replace(sql)
}

// downThrough reverts Folio's migrations from the newest down to file, and returns the
// runner and how many it reverted.
func downThrough(t *testing.T, app core.App, file string) (*core.MigrationsRunner, int) {
	t.Helper()
	items := core.AppMigrations.Items()
	i := slices.IndexFunc(items, func(m *core.Migration) bool { return m.File == file })
	if i < 0 {
		t.Fatalf("no migration %s", file)
	}
	n := len(items) - i
	runner := core.NewMigrationsRunner(app, core.AppMigrations)
	if reverted, err := runner.Down(n); err != nil || len(reverted) != n || reverted[n-1] != file {
		t.Fatalf("down through %s: %v %v", file, reverted, err)
	}
	return runner, n
}
