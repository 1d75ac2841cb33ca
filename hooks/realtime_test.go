package hooks_test

import (
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

// The dashboard watches analytics live: approved admins subscribed to events hear each
// engagement action; pending accounts and guests hear nothing (the events ListRule).
func TestEventsRealtime(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	col, _ := app.FindCollectionByNameOrId(c.Blogs)
	blog := core.NewRecord(col)
	blog.Set("title", "Live")
	blog.Set("author", "Ann")
	if err := app.Save(blog); err != nil {
		t.Fatal(err)
	}
	admin := testutil.CreateUser(t, app, "admin@folio.test", c.StatusApproved, false)
	pending := testutil.CreateUser(t, app, "pending@folio.test", c.StatusPending, false)
	adminGot := testutil.Subscribe(app, admin, "events/*")
	pendingGot := testutil.Subscribe(app, pending, "events/*")
	guestGot := testutil.Subscribe(app, nil, "events/*")

	res := testutil.Do(t, app, "POST", "/api/share/"+blog.Id, "", "")
	if res.Code != 200 {
		t.Fatalf("share: %d %s", res.Code, res.Body)
	}
	got := adminGot(5 * time.Second)
	if len(got) != 1 || !strings.Contains(got[0], `"action":"create"`) || !strings.Contains(got[0], `"action":"share"`) {
		t.Fatalf("admin realtime messages = %v", got)
	}
	if p, g := pendingGot(50*time.Millisecond), guestGot(0); len(p) != 0 || len(g) != 0 {
		t.Errorf("pending got %v, guest got %v", p, g)
	}
}
