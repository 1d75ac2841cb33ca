package hooks_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/tests"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

// engLikeState checks likeCount, likes rows and like events of an item agree on n.
func engLikeState(collection, id string, n int) func(testing.TB, *tests.TestApp, *http.Response) {
	return func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		t.Helper()
		count := engCounter(t, app, collection, id, c.FieldLikeCount)
		rows := engCount(t, app, "SELECT count(*) FROM likes WHERE item = {:id}", dbx.Params{"id": id})
		events := engEvents(t, app, id, c.ActionLike)
		if count != n || rows != n || events != n {
			t.Errorf("likeCount %d, likes rows %d, like events %d; want %d", count, rows, events, n)
		}
	}
}

func TestEngagementLikes(t *testing.T) {
	app := engApp(t)
	ann := testutil.CreateUser(t, app, "ann@folio.test", c.StatusApproved, false)
	bob := testutil.CreateUser(t, app, "bob@folio.test", c.StatusPending, false)
	annTok, bobTok := testutil.Token(t, ann), testutil.Token(t, bob)
	superTok := testutil.SuperuserToken(t, app)
	auth := func(tok string) map[string]string { return map[string]string{"Authorization": tok} }

	engShared(t, app, []tests.ApiScenario{
		{Name: "guest", Method: http.MethodPost, URL: "/api/like/" + engBlogID, ExpectedStatus: 401,
			ExpectedContent: []string{`"status":401`}, AfterTestFunc: engLikeState(c.Blogs, engBlogID, 0)},
		{Name: "invalid token", Method: http.MethodPost, URL: "/api/like/" + engBlogID, Headers: auth("nope"),
			ExpectedStatus: 401, ExpectedContent: []string{`"status":401`}},
		{Name: "superuser token is not an account", Method: http.MethodPost, URL: "/api/like/" + engBlogID, Headers: auth(superTok),
			ExpectedStatus: 401, ExpectedContent: []string{`"status":401`}},
		{Name: "ann likes", Method: http.MethodPost, URL: "/api/like/" + engBlogID, Headers: auth(annTok),
			ExpectedStatus: 200, ExpectedContent: []string{`{"liked":true,"likeCount":1}`}, AfterTestFunc: engLikeState(c.Blogs, engBlogID, 1)},
		{Name: "a pending account may like, with Bearer", Method: http.MethodPost, URL: "/api/like/" + engBlogID, Headers: auth("Bearer " + bobTok),
			ExpectedStatus: 200, ExpectedContent: []string{`{"liked":true,"likeCount":2}`}, AfterTestFunc: engLikeState(c.Blogs, engBlogID, 2)},
		{Name: "ann toggles off; a body userId does not decide", Method: http.MethodPost, URL: "/api/like/" + engBlogID, Headers: auth(annTok),
			Body: strings.NewReader(`{"userId":"` + bob.Id + `"}`), ExpectedStatus: 200, ExpectedContent: []string{`{"liked":false,"likeCount":1}`},
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				engLikeState(c.Blogs, engBlogID, 1)(t, app, res)
				if n := engCount(t, app, "SELECT count(*) FROM likes WHERE account = {:a}", dbx.Params{"a": bob.Id}); n != 1 {
					t.Errorf("bob's like was touched: %d", n)
				}
			}},
		{Name: "ann likes the project", Method: http.MethodPost, URL: "/api/like-project/" + engProjectID, Headers: auth(annTok),
			ExpectedStatus: 200, ExpectedContent: []string{`{"liked":true,"likeCount":1}`}, AfterTestFunc: engLikeState(c.Projects, engProjectID, 1)},
		{Name: "project id on the blog route", Method: http.MethodPost, URL: "/api/like/" + engProjectID, Headers: auth(annTok),
			ExpectedStatus: 404, ExpectedContent: []string{`"status":404`}, AfterTestFunc: engLikeState(c.Projects, engProjectID, 1)},
		{Name: "blog id on the project route", Method: http.MethodPost, URL: "/api/like-project/" + engBlogID, Headers: auth(annTok),
			ExpectedStatus: 404, ExpectedContent: []string{`"status":404`}, AfterTestFunc: engLikeState(c.Blogs, engBlogID, 1)},
		{Name: "unknown id", Method: http.MethodPost, URL: "/api/like/nosuchitem12345", Headers: auth(annTok),
			ExpectedStatus: 404, ExpectedContent: []string{`"status":404`}},
	})

	// The item detail reports the caller's like.
	res := testutil.Do(t, app, "GET", "/api/projects/"+engProjectID, annTok, "")
	if !strings.Contains(res.Body.String(), `"liked":true`) || !strings.Contains(res.Body.String(), `"likeCount":1`) {
		t.Errorf("detail after like: %s", res.Body.String())
	}

	// Deleting an account removes its likes, and the counters follow.
	if err := app.Delete(bob); err != nil {
		t.Fatal(err)
	}
	engLikeState(c.Blogs, engBlogID, 0)(t, app, nil)
}

// A superuser's edits of likes rows in /_/ go through the same rule as the like route:
// like events mirror the rows and likeCount follows, and the route then toggles from
// the state /_/ left.
func TestEngagementLikesThroughRecordsApi(t *testing.T) {
	app := engApp(t)
	ann := testutil.CreateUser(t, app, "ann@folio.test", c.StatusApproved, false)
	superTok := testutil.SuperuserToken(t, app)
	res := testutil.Do(t, app, "POST", "/api/collections/likes/records", superTok,
		`{"item":"`+engBlogID+`","type":"blog","account":"`+ann.Id+`"}`)
	if res.Code != 200 {
		t.Fatalf("create like: %d %s", res.Code, res.Body)
	}
	engLikeState(c.Blogs, engBlogID, 1)(t, app, nil)
	if res := testutil.Do(t, app, "POST", "/api/collections/likes/records", superTok,
		`{"item":"`+engBlogID+`","type":"blog","account":"`+ann.Id+`"}`); res.Code != 400 {
		t.Errorf("a second like row for one account: %d %s", res.Code, res.Body)
	}
	engLikeState(c.Blogs, engBlogID, 1)(t, app, nil)
	if res := testutil.Do(t, app, "POST", "/api/like/"+engBlogID, testutil.Token(t, ann), ""); strings.TrimSpace(res.Body.String()) != `{"liked":false,"likeCount":0}` {
		t.Errorf("route after /_/: %d %s", res.Code, res.Body)
	}
	engLikeState(c.Blogs, engBlogID, 0)(t, app, nil)
	if res := testutil.Do(t, app, "POST", "/api/like/"+engBlogID, testutil.Token(t, ann), ""); res.Code != 200 {
		t.Fatalf("like: %d %s", res.Code, res.Body)
	}
	var likeID string
	if err := app.DB().NewQuery("SELECT id FROM likes").Row(&likeID); err != nil {
		t.Fatal(err)
	}
	if res := testutil.Do(t, app, "DELETE", "/api/collections/likes/records/"+likeID, superTok, ""); res.Code != 204 {
		t.Fatalf("delete like: %d %s", res.Code, res.Body)
	}
	engLikeState(c.Blogs, engBlogID, 0)(t, app, nil)
}

// A like's event carries its likes row's id, so the route's un-like deletes both by
// primary key; a like event saved with another id (by an older Folio, before the ids
// matched) is still found by account and removed, and likeCount moves by one each way.
func TestEngagementLikeEventCarriesTheRowID(t *testing.T) {
	app := engApp(t)
	ann := testutil.CreateUser(t, app, "ann@folio.test", c.StatusApproved, false)
	bob := testutil.CreateUser(t, app, "bob@folio.test", c.StatusApproved, false)
	annTok, bobTok := testutil.Token(t, ann), testutil.Token(t, bob)
	like := func(tok, want string) {
		t.Helper()
		res := testutil.Do(t, app, "POST", "/api/like/"+engBlogID, tok, "")
		if got := strings.TrimSpace(res.Body.String()); res.Code != 200 || got != want {
			t.Fatalf("like: %d %s, want %s", res.Code, got, want)
		}
	}
	like(annTok, `{"liked":true,"likeCount":1}`)
	like(bobTok, `{"liked":true,"likeCount":2}`)
	engLikeState(c.Blogs, engBlogID, 2)(t, app, nil)
	same := engCount(t, app, "SELECT count(*) FROM likes l JOIN events e ON e.id = l.id AND e.action = 'like' AND e.userId = l.account", nil)
	if same != 2 {
		t.Errorf("%d of 2 like events carry their likes row's id", same)
	}
	// Bob's like event as an older Folio saved it: an id of its own.
	if _, err := app.DB().NewQuery("UPDATE events SET id = 'olderfolio12345' WHERE action = 'like' AND userId = {:b}").
		Bind(dbx.Params{"b": bob.Id}).Execute(); err != nil {
		t.Fatal(err)
	}
	like(bobTok, `{"liked":false,"likeCount":1}`)
	engLikeState(c.Blogs, engBlogID, 1)(t, app, nil)
	like(annTok, `{"liked":false,"likeCount":0}`)
	engLikeState(c.Blogs, engBlogID, 0)(t, app, nil)
	like(bobTok, `{"liked":true,"likeCount":1}`)
	engLikeState(c.Blogs, engBlogID, 1)(t, app, nil)
}
