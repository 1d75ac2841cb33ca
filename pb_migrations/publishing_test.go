package pb_migrations_test

import (
	"testing"

	"github.com/pocketbase/dbx"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

// Migration 1763770500 marks every existing item published, gives the items their public
// read rule, and goes back cleanly.
func TestPublishingMigration(t *testing.T) {
	app := testutil.NewApp(t)
	runner, n := downThrough(t, app, "1763770500_publishing.go")
	if app.HasTable(c.Revisions) {
		t.Error("revisions still exists after down")
	}
	for _, table := range []string{c.Blogs, c.Projects} {
		if _, err := app.DB().NewQuery(`INSERT INTO ` + table + ` (id, title, author) VALUES ({:id}, 'Old', 'Ann')`).
			Bind(dbx.Params{"id": "old" + table[:4] + "00000000"}).Execute(); err != nil {
			t.Fatal(err)
		}
	}
	if applied, err := runner.Up(); err != nil || len(applied) != n {
		t.Fatalf("up: %v %v", applied, err)
	}
	for _, table := range []string{c.Blogs, c.Projects} {
		var status string
		if err := app.DB().NewQuery(`SELECT status FROM ` + table + ` WHERE id = {:id}`).Bind(dbx.Params{"id": "old" + table[:4] + "00000000"}).Row(&status); err != nil {
			t.Fatal(err)
		}
		if status != c.ItemPublished {
			t.Errorf("%s: an existing item is %q after the migration", table, status)
		}
		col, err := app.FindCollectionByNameOrId(table)
		if err != nil || col.ListRule == nil || col.Fields.GetByName(c.FieldPublishAt) == nil {
			t.Fatalf("%s after up: %v", table, err)
		}
	}
	if !app.HasTable(c.Revisions) {
		t.Error("no revisions after up")
	}
}
