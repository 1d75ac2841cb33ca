package engagement_test

import (
	"sync"
	"testing"
	"time"

	"github.com/folio/folio/clock"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/engagement"
	"github.com/folio/folio/testutil"
)

// TestRecentViewsLoadedAfterARestart: the writer's memory of counted views starts from
// the events table, so a visitor counted before a restart is still counted once.
func TestRecentViewsLoadedAfterARestart(t *testing.T) {
	app, svc := engineApp(t)
	startWriter(t, svc)
	view := viewer(t, svc)
	view(engBrowser, 1)
	view(engBrowser, 1) // remembered
	engagement.RestartRecentViews(svc)
	view(engBrowser, 1) // loaded again from events
	view(engBrowser+" Firefox", 2)
	if n := engEvents(t, app, engBlogID, c.ActionView); n != 2 {
		t.Errorf("%d view events, want 2", n)
	}
}

// TestRecentViewsForgetOtherWrites: a view event deleted through the records API (as in
// /_/) no longer makes its visitor's next view a repeat: the memory gave up its claim.
func TestRecentViewsForgetOtherWrites(t *testing.T) {
	app, svc := engineApp(t)
	startWriter(t, svc)
	view := viewer(t, svc)
	view(engBrowser, 1)
	recs, err := app.FindRecordsByFilter(c.Events, "action = 'view'", "", 0, 0)
	if err != nil || len(recs) != 1 {
		t.Fatalf("view events: %v %v", recs, err)
	}
	if err := app.Delete(recs[0]); err != nil {
		t.Fatal(err)
	}
	view(engBrowser, 2) // counted again: its earlier event is gone
	if n := engEvents(t, app, engBlogID, c.ActionView); n != 1 {
		t.Errorf("%d view events, want 1", n)
	}
	view(engBrowser, 2) // and remembered again (or probed): a repeat
}

// TestRecentViewsLoadedAgainAfterOtherWrites: a view event saved through the records API
// (as in /_/) drops the writer's memory, and the next batch loads it again from the
// events, the new one included: the visitor it names is a repeat on that item, and the
// memory answers again rather than leaving every view to the database for a window.
func TestRecentViewsLoadedAgainAfterOtherWrites(t *testing.T) {
	app, svc := engineApp(t)
	startWriter(t, svc)
	view := viewer(t, svc)
	view(engBrowser, 1)
	if loaded, n := engagement.RecentViewsHeld(svc); !loaded || n != 1 {
		t.Fatalf("memory after one view: loaded %v, %d views", loaded, n)
	}
	var visitor string
	if err := app.DB().NewQuery("SELECT visitor FROM events WHERE action = 'view'").Row(&visitor); err != nil {
		t.Fatal(err)
	}
	testutil.SaveRecord(t, app, c.Events, "", map[string]any{
		c.FieldType: c.TypeProject, c.FieldItemID: engProjectID, c.FieldAction: c.ActionView, c.FieldVisitor: visitor,
	})
	if loaded, _ := engagement.RecentViewsHeld(svc); loaded {
		t.Fatal("the memory outlived a view event saved outside the writer")
	}
	if _, err := submit(t, svc, c.TypeProject, engProjectID, c.ActionView, engBrowser); err != nil {
		t.Fatalf("project view: %v", err)
	}
	if n := engEvents(t, app, engProjectID, c.ActionView); n != 1 {
		t.Errorf("%d project view events, want 1: the visitor of the saved event is a repeat", n)
	}
	if loaded, n := engagement.RecentViewsHeld(svc); !loaded || n != 2 {
		t.Errorf("memory after the next batch: loaded %v, %d views, want loaded with 2", loaded, n)
	}
	view(engBrowser, 1) // still a repeat, from the loaded memory
}

// TestRecentViewsClockBack: when the app's clock goes back, the memory is loaded again
// from the events, so views it had expired that are inside the window again still count
// once.
func TestRecentViewsClockBack(t *testing.T) {
	app, svc := engineApp(t)
	startWriter(t, svc)
	base := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	now := base
	clock.Set(app, func() time.Time { return now })
	view := viewer(t, svc)
	view(engBrowser, 1)
	now = base.Add(40 * time.Minute) // the first view leaves the window and the memory
	view(engBrowser+" B", 2)
	if _, n := engagement.RecentViewsHeld(svc); n != 1 {
		t.Fatalf("memory holds %d views after the window passed, want 1", n)
	}
	now = base.Add(10 * time.Minute) // back: the first view is inside the window again
	view(engBrowser, 2)
	if loaded, n := engagement.RecentViewsHeld(svc); !loaded || n != 2 {
		t.Errorf("memory after the clock went back: loaded %v, %d views, want loaded with 2", loaded, n)
	}
}

// TestRecentViewsFullMemoryProbes: once the memory has pushed out a counted view, a
// visitor it does not hold is asked of the database, so the pushed-out one is still a repeat.
func TestRecentViewsFullMemoryProbes(t *testing.T) {
	app, svc := engineApp(t)
	startWriter(t, svc)
	engagement.SetRecentViewsMax(svc, 2)
	view := viewer(t, svc)
	view(engBrowser+" A", 1)
	view(engBrowser+" B", 2)
	view(engBrowser+" C", 3) // pushes A out
	view(engBrowser+" A", 3) // a repeat, found by the probe
	view(engBrowser+" D", 4)
	if n := engEvents(t, app, engBlogID, c.ActionView); n != 4 {
		t.Errorf("%d view events, want 4", n)
	}
}

// TestRecentViewsNotLoadedOverOwnRows: when the memory is dropped while a batch is being
// written, a later round of that batch does not load it (the load would read the batch's
// own uncommitted views, and keep them if the batch rolled back); it asks the database,
// and the next batch loads the memory with every committed view.
func TestRecentViewsNotLoadedOverOwnRows(t *testing.T) {
	app, svc := engineApp(t)
	entered, joined, free1, free2 := testutil.HoldRounds(t, svc)
	startWriter(t, svc)
	var wg sync.WaitGroup
	ops := make([]*engagement.Op, 2)
	errs := make([]error, 2)
	send := func(i int, typ, id, ua string) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ops[i], errs[i] = submit(t, svc, typ, id, c.ActionView, ua)
		}()
	}
	send(0, c.TypeBlog, engBlogID, engBrowser)
	if n := <-entered; n != 1 {
		t.Fatalf("first batch holds %d writes", n)
	}
	send(1, c.TypeProject, engProjectID, engBrowser+" B")
	for deadline := time.Now().Add(5 * time.Second); svc.Queued() < 1; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the project view never queued")
		}
	}
	free1() // round 1 loads the memory and counts the blog view; the project view joins
	if n := <-joined; n != 1 {
		t.Fatalf("%d writes joined, want the project view", n)
	}
	svc.ForgetViews() // a write to events outside the writer has just committed
	free2()           // round 2 counts the project view
	wg.Wait()
	for i, name := range []string{"blog", "project"} {
		if errs[i] != nil || ops[i].Count != 1 {
			t.Errorf("%s view: %d %v", name, ops[i].Count, errs[i])
		}
	}
	if loaded, n := engagement.RecentViewsHeld(svc); loaded {
		t.Errorf("memory loaded in the batch's second round (%d views), over its own uncommitted rows", n)
	}
	viewer(t, svc)(engBrowser, 1) // the next batch loads both views: a repeat
	if loaded, n := engagement.RecentViewsHeld(svc); !loaded || n != 2 {
		t.Errorf("memory after the next batch: loaded %v, %d views, want loaded with 2", loaded, n)
	}
	_ = app
}
