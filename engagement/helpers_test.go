package engagement_test

import (
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/engagement"
	"github.com/folio/folio/testutil"
)

// Fixed ids of the items every engine test app holds; the visitor's address.
const (
	engBlogID    = "engblog00000001"
	engProjectID = "engproj00000001"
	engBrowser   = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
	engIP        = "192.0.2.1"
)

// engineApp is a test app with one blog and one project and its engagement service,
// not serving: tests start the writer when they need it (startWriter).
func engineApp(t testing.TB) (*tests.TestApp, *engagement.Service) {
	t.Helper()
	app, svc := testutil.NewEngineApp(t)
	for col, id := range map[string]string{c.Blogs: engBlogID, c.Projects: engProjectID} {
		testutil.SaveRecord(t, app, col, id, map[string]any{c.FieldTitle: "Engaging " + col, c.FieldAuthor: "Ann", c.FieldDescription: "<p>Words.</p>"})
	}
	return app, svc
}

// startWriter starts svc's writer, as the app's serve does, until the test ends.
func startWriter(t testing.TB, svc *engagement.Service) {
	svc.Start()
	t.Cleanup(svc.Stop)
}

// submit writes one op of action on the item id of typ (visitor: a view's User-Agent).
func submit(t testing.TB, svc *engagement.Service, typ, id, action, ua string) (*engagement.Op, error) {
	t.Helper()
	op := &engagement.Op{Event: engagement.Event{Type: typ, ItemID: id, Action: action, UserID: engagement.AnonymousUser}}
	if action == c.ActionView {
		op.Event.Visitor = svc.VisitorHash(engIP, ua)
	}
	return op, svc.Submit(op, nil)
}

// viewer views the blog as the visitor the User-Agent makes and checks the count after.
func viewer(t *testing.T, svc *engagement.Service) func(ua string, want int) {
	return func(ua string, want int) {
		t.Helper()
		op, err := submit(t, svc, c.TypeBlog, engBlogID, c.ActionView, ua)
		if err != nil || op.Count != want {
			t.Fatalf("view as %q: %d %v, want %d", ua, op.Count, err, want)
		}
	}
}

// engEvents counts events of an item and action.
func engEvents(t testing.TB, app core.App, itemID, action string) int {
	t.Helper()
	var n int
	err := app.DB().NewQuery("SELECT count(*) FROM events WHERE itemId = {:id} AND action = {:a}").
		Bind(dbx.Params{"id": itemID, "a": action}).Row(&n)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// accountOf is the account svc's token check vouches for (nil: left to loadAuthToken).
func accountOf(svc *engagement.Service, token string) *core.Record {
	rec, _ := svc.Account(token, false)
	return rec
}
