package engagement_test

import (
	"slices"
	"testing"

	"github.com/folio/folio/analytics"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/engagement"
	"github.com/folio/folio/testutil"
)

// The writer's likes (given, and taken back in a later batch) reach the rollups through its
// batch's Tally while the triggers skip them, and a likes row saved or deleted elsewhere
// (as in /_/) still reaches them through the triggers: the rollups equal a rebuild from
// the events and likes, and the writer leaves analytics.WriterTable empty.
func TestWriterLikesRollUpWithoutTriggers(t *testing.T) {
	app, svc := engineApp(t)
	startWriter(t, svc)
	ann := testutil.CreateUser(t, app, "ann@folio.test", c.StatusApproved, false)
	bob := testutil.CreateUser(t, app, "bob@folio.test", c.StatusApproved, false)
	like := func(acc, typ, id string, liked bool) {
		t.Helper()
		op := &engagement.Op{Event: engagement.Event{Type: typ, ItemID: id, Action: c.ActionLike, UserID: acc}}
		if err := svc.Submit(op, nil); err != nil || op.Liked != liked {
			t.Fatalf("like of %s by %s: liked %v (%v), want %v", id, acc, op.Liked, err, liked)
		}
	}
	like(ann.Id, c.TypeBlog, engBlogID, true)
	like(bob.Id, c.TypeBlog, engBlogID, true)
	like(ann.Id, c.TypeProject, engProjectID, true)
	like(ann.Id, c.TypeBlog, engBlogID, false) // taken back: its row and event come out
	testutil.SaveRecord(t, app, c.Likes, "", map[string]any{c.FieldItem: engProjectID, c.FieldType: c.TypeProject, c.FieldAccount: bob.Id})
	rec, err := app.FindFirstRecordByFilter(c.Likes, "account = {:a} && item = {:i}", map[string]any{"a": ann.Id, "i": engProjectID})
	if err != nil {
		t.Fatal(err)
	}
	if err := app.Delete(rec); err != nil { // a like deleted as in /_/
		t.Fatal(err)
	}
	var held int
	if err := app.DB().NewQuery(`SELECT count(*) FROM "` + analytics.WriterTable + `"`).Row(&held); err != nil || held != 0 {
		t.Fatalf("%s holds %d rows after the batches (%v)", analytics.WriterTable, held, err)
	}
	got := testutil.RollupRows(t, app)
	if len(got) == 0 {
		t.Fatal("no rollups")
	}
	if err := analytics.Rebuild(app); err != nil {
		t.Fatal(err)
	}
	if want := testutil.RollupRows(t, app); !slices.Equal(got, want) {
		t.Errorf("rollups:\n%v\nrebuilt from the events and likes:\n%v", got, want)
	}
}
