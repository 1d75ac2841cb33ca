package hooks_test

import (
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/subscriptions"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

// collect subscribes a realtime client authenticated as account (nil for a guest).
func collect(app core.App, account *core.Record, topics ...string) func() []string {
	var mu sync.Mutex
	var got []string
	client := subscriptions.NewDefaultClient()
	client.Subscribe(topics...)
	if account != nil {
		client.Set(apis.RealtimeClientAuthKey, account)
	}
	app.SubscriptionsBroker().Register(client)
	go func() {
		for m := range client.Channel() {
			mu.Lock()
			got = append(got, m.Name+" "+string(m.Data))
			mu.Unlock()
		}
	}()
	return func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), got...)
	}
}

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
	adminGot := collect(app, admin, "events/*")
	pendingGot := collect(app, pending, "events/*")
	guestGot := collect(app, nil, "events/*")

	res := testutil.Do(t, app, "POST", "/api/share/"+blog.Id, "", "")
	if res.Code != 200 {
		t.Fatalf("share: %d %s", res.Code, res.Body)
	}
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline) && len(adminGot()) == 0; {
		time.Sleep(10 * time.Millisecond)
	}
	got := adminGot()
	if len(got) != 1 || !strings.Contains(got[0], `"action":"create"`) || !strings.Contains(got[0], `"action":"share"`) {
		t.Fatalf("admin realtime messages = %v", got)
	}
	time.Sleep(50 * time.Millisecond)
	if p, g := pendingGot(), guestGot(); len(p) != 0 || len(g) != 0 {
		t.Errorf("pending got %v, guest got %v", p, g)
	}
}
