package catalog_test

import (
	"bytes"
	"image"
	imgpng "image/png"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/filesystem"

	"github.com/folio/folio/catalog"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

// The fixture's items, in the public order (date, then created, then id, all descending):
// p2 and b1 tie on date and created, so the id decides.
const (
	p1 = "catproj00000001" // 2026-11-21, Hardware, with a cover
	p2 = "catproj00000002" // 2026-11-20 10:00, Dev
	b1 = "catblog00000001" // 2026-11-20 10:00, Dev > Go
	b2 = "catblog00000002" // 2026-11-20 09:00, Dev > SQL
	b3 = "catblog00000003" // 2025-05-01, no category
)

var publicOrder = []string{p1, p2, b1, b2, b3}

// catalogApp is a test app with two projects and three blogs (saved as /_/ would save them,
// through the record hooks) and no engagement yet.
func catalogApp(t *testing.T) core.App {
	t.Helper()
	app := testutil.NewApp(t)
	item := func(col, id, title, date, created string, fields map[string]any) {
		f := map[string]any{c.FieldTitle: title, c.FieldAuthor: "Ann", c.FieldDate: date, "created": created}
		for k, v := range fields {
			f[k] = v
		}
		testutil.SaveRecord(t, app, col, id, f)
	}
	item(c.Projects, p1, "Engine", "2026-11-21", "2026-11-21 08:00:00.000Z", map[string]any{
		c.FieldCategories: []string{"Hardware"}, c.FieldTags: []string{"rust"}, c.FieldAttachLink: "https://example.com/engine",
		c.FieldDescription: "<p>A machine.</p>", c.FieldMedia: png(t)})
	item(c.Projects, p2, "Tie breaker", "2026-11-20", "2026-11-20 10:00:00.000Z", map[string]any{
		c.FieldCategories: []string{"Dev"}})
	item(c.Blogs, b1, "Café Racer", "2026-11-20", "2026-11-20 10:00:00.000Z", map[string]any{
		c.FieldCategories: []string{"Dev", "Go"}, c.FieldTags: []string{"go", "Go"},
		c.FieldDescription: "<h2>Fish</h2><p>Fish &amp; chips, <b>Vec&lt;T&gt;</b> and more.</p>",
		c.FieldAttachLinks: []string{"https://example.com/a"}})
	item(c.Blogs, b2, "Second post", "2026-11-20", "2026-11-20 09:00:00.000Z", map[string]any{
		c.FieldCategories: []string{"Dev", "SQL", "SQL"}, c.FieldTags: []string{"sql", "go", "sql"}})
	item(c.Blogs, b3, "Old news", "2025-05-01", "2025-05-01 09:00:00.000Z", map[string]any{
		c.FieldTags: []string{"go"}})
	return app
}

// png is a small PNG upload.
func png(t *testing.T) *filesystem.File {
	t.Helper()
	var buf bytes.Buffer
	if err := imgpng.Encode(&buf, image.NewGray(image.Rect(0, 0, 8, 8))); err != nil {
		t.Fatal(err)
	}
	f, err := filesystem.NewFileFromBytes(buf.Bytes(), "cover.png")
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// setCounters writes an item's row of the counters table, as the engagement writer does.
func setCounters(t *testing.T, app core.App, typ, id string, n catalog.Counters) {
	t.Helper()
	_, err := app.DB().NewQuery("INSERT OR REPLACE INTO {{" + c.ItemCounters + "}} ([[item]], [[type]], [[likeCount]], [[shareCount]], [[viewCount]], [[commentCount]]) " +
		"VALUES ({:item}, {:type}, {:likes}, {:shares}, {:views}, {:comments})").Bind(dbx.Params{
		"item": id, "type": typ, "likes": n.Likes, "shares": n.Shares, "views": n.Views, "comments": n.Comments,
	}).Execute()
	if err != nil {
		t.Fatal(err)
	}
}

func ids(items []catalog.ItemSummary) []string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = it.ID
	}
	return out
}

// record reads an item's stored record with its counters, as the detail routes do.
func record(t *testing.T, app core.App, typ, id string) *core.Record {
	t.Helper()
	rec, err := app.FindRecordById(c.ItemCollection(typ), id)
	if err != nil {
		t.Fatal(err)
	}
	if err := catalog.FillCounters(app, rec); err != nil {
		t.Fatal(err)
	}
	return rec
}
