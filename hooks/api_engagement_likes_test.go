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
