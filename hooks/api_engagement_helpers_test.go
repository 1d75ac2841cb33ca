package hooks_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"github.com/folio/folio/catalog"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/engagement"
	"github.com/folio/folio/testutil"
)

// Fixed ids of the items every engagement test app holds.
const (
	engBlogID    = "engblog00000001"
	engProjectID = "engproj00000001"
	engBrowser   = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
	engGooglebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
)

// engSeed saves one blog and one project with fixed ids.
func engSeed(t testing.TB, app *tests.TestApp) {
	engItem(t, app, c.Blogs, engBlogID, "Engaging blog")
	engItem(t, app, c.Projects, engProjectID, "Engaging project")
}

func engItem(t testing.TB, app core.App, collection, id, title string) *core.Record {
	t.Helper()
	col, err := app.FindCollectionByNameOrId(collection)
	if err != nil {
		t.Fatal(err)
	}
	rec := core.NewRecord(col)
	rec.Set("id", id)
	rec.Set(c.FieldTitle, title)
	rec.Set(c.FieldAuthor, "Ann")
	rec.Set(c.FieldDescription, "<p>Words.</p>")
	if err := app.Save(rec); err != nil {
		t.Fatal(err)
	}
	return rec
}

// engApp is a test app with the two items.
func engApp(t testing.TB) *tests.TestApp {
	app := testutil.NewApp(t)
	engSeed(t, app)
	return app
}

// engAppSvc is engApp and its engagement write service.
func engAppSvc(t testing.TB) (*tests.TestApp, *engagement.Service) {
	app, svc := testutil.NewEngineApp(t)
	engSeed(t, app)
	return app, svc
}

// engShared runs scenarios in order against one app through its one handler (an app
// cannot serve twice), so each sees the state the previous ones left.
func engShared(t *testing.T, app *tests.TestApp, scenarios []tests.ApiScenario) {
	handler := testutil.Handler(t, app)
	for _, s := range scenarios {
		t.Run(s.Name, func(t *testing.T) {
			req := httptest.NewRequest(s.Method, s.URL, s.Body)
			req.Header.Set("Content-Type", "application/json")
			for k, v := range s.Headers {
				req.Header.Set(k, v)
			}
			rec := httptest.NewRecorder()
			handler.ServeHTTP(rec, req)
			body := rec.Body.String()
			if rec.Code != s.ExpectedStatus {
				t.Errorf("status %d, want %d: %s", rec.Code, s.ExpectedStatus, body)
			}
			for _, want := range s.ExpectedContent {
				if !strings.Contains(body, want) {
					t.Errorf("missing %s in %s", want, body)
				}
			}
			for _, unwanted := range s.NotExpectedContent {
				if strings.Contains(body, unwanted) {
					t.Errorf("unexpected %s in %s", unwanted, body)
				}
			}
			if s.AfterTestFunc != nil {
				s.AfterTestFunc(t, app, rec.Result())
			}
		})
	}
}

// engCount runs a count(*) query.
func engCount(t testing.TB, app core.App, query string, params dbx.Params) int {
	t.Helper()
	var n int
	if err := app.DB().NewQuery(query).Bind(params).Row(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

// engEvents counts events of an item and action.
func engEvents(t testing.TB, app core.App, itemID, action string) int {
	return engCount(t, app, "SELECT count(*) FROM events WHERE itemId = {:id} AND action = {:a}", dbx.Params{"id": itemID, "a": action})
}

// engCounter reads one counter of an item.
func engCounter(t testing.TB, app core.App, collection, id, field string) int {
	t.Helper()
	if _, err := app.FindRecordById(collection, id); err != nil {
		t.Fatal(err)
	}
	n, err := catalog.CountersOf(app, c.ItemType(collection), []string{id})
	if err != nil {
		t.Fatal(err)
	}
	return n[id].Field(field)
}

// engUsers creates n approved accounts quickly (one bcrypt hash shared by all).
func engUsers(t testing.TB, app core.App, prefix string, n int) []*core.Record {
	t.Helper()
	first := testutil.CreateUser(t, app, prefix+"0@folio.test", c.StatusApproved, false)
	hash := first.GetRaw("password").(*core.PasswordFieldValue).Hash
	col, _ := app.FindCollectionByNameOrId(c.Users)
	out := []*core.Record{first}
	for i := 1; i < n; i++ {
		rec := core.NewRecord(col)
		rec.SetEmail(prefix + string(rune('a'+i/26)) + string(rune('a'+i%26)) + "@folio.test")
		rec.SetRaw("password", &core.PasswordFieldValue{Hash: hash})
		rec.RefreshTokenKey()
		rec.SetVerified(true)
		rec.Set(c.FieldStatus, c.StatusApproved)
		if err := app.Save(rec); err != nil {
			t.Fatal(err)
		}
		out = append(out, rec)
	}
	return out
}

// engDecode decodes a JSON response.
func engDecode(t testing.TB, res *http.Response, v any) {
	t.Helper()
	if err := json.NewDecoder(res.Body).Decode(v); err != nil {
		t.Fatal(err)
	}
}

// saveLike saves a likes record of account on the item id of typ, as /_/ would.
func saveLike(t testing.TB, app core.App, typ, id, account string) {
	t.Helper()
	likes, err := app.FindCollectionByNameOrId(c.Likes)
	if err != nil {
		t.Fatal(err)
	}
	like := core.NewRecord(likes)
	like.Set(c.FieldItem, id)
	like.Set(c.FieldType, typ)
	like.Set(c.FieldAccount, account)
	if err := app.Save(like); err != nil {
		t.Fatal(err)
	}
}

// accountOf is the account svc's token check vouches for (nil: left to loadAuthToken).
func accountOf(svc *engagement.Service, token string) *core.Record {
	rec, _ := svc.Account(token, false)
	return rec
}
