package hooks_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

// Fixed record ids seeded in every app of the matrix.
const (
	ruleBlogID    = "ruleblog0000001"
	ruleProjectID = "ruleproject0001"
	ruleProfileID = "ruleprofile0001"
	ruleAboutID   = "ruleabout000001"
	ruleEventID   = "ruleevent000001"
	ruleLikeID    = "rulelike0000001"
	ruleAttemptID = "ruleattempt0001"
	ruleOtherID   = "ruleotheruser01" // another (pending) account whose email must not leak
)

type ruleActor struct {
	name   string
	status string // "" for guest / superuser
	super  bool
}

var ruleActors = []ruleActor{
	{name: "guest"},
	{name: "reader", status: c.StatusPending},
	{name: "admin", status: c.StatusApproved},
	{name: "superadmin", status: c.StatusApproved, super: true},
	{name: "superuser"},
}

// ruleSeed saves one record of every collection, as a superuser would.
func ruleSeed(t testing.TB, app core.App) {
	save := func(col, id string, fields map[string]any) {
		testutil.SaveRecord(t, app, col, id, fields)
	}
	other := testutil.SaveRecord(t, app, c.Users, ruleOtherID, map[string]any{"email": "other@folio.test", "password": "password123"})
	save(c.Blogs, ruleBlogID, map[string]any{"title": "Rule blog", "author": "Ann", "description": "<p>x</p>"})
	save(c.Projects, ruleProjectID, map[string]any{"title": "Rule project", "author": "Ann"})
	save(c.Profile, ruleProfileID, map[string]any{"heading": "Ann", "bio": "Hi"})
	save(c.About, ruleAboutID, map[string]any{"header": "<p>About</p>"})
	save(c.Events, ruleEventID, map[string]any{"type": c.TypeBlog, "itemId": ruleBlogID, "action": c.ActionView})
	save(c.Likes, ruleLikeID, map[string]any{"item": ruleBlogID, "type": c.TypeBlog, "account": other.Id})
	save(c.LoginAttempts, ruleAttemptID, map[string]any{"email": "other@folio.test", "success": false})
}

// ruleScenario builds a scenario whose Authorization header is made for actor inside the fresh app.
func ruleScenario(actor ruleActor, name, method, url, body string, status int, content, notContent []string) tests.ApiScenario {
	headers := map[string]string{}
	s := tests.ApiScenario{
		Name:               actor.name + " " + name,
		Method:             method,
		URL:                url,
		Headers:            headers,
		ExpectedStatus:     status,
		ExpectedContent:    content,
		NotExpectedContent: notContent,
		TestAppFactory: testutil.Factory(func(t testing.TB, app *tests.TestApp) {
			ruleSeed(t, app)
			switch {
			case actor.name == "superuser":
				headers["Authorization"] = testutil.SuperuserToken(t, app)
			case actor.status != "":
				rec := testutil.CreateUser(t, app, actor.name+"@folio.test", actor.status, actor.super)
				headers["Authorization"] = testutil.Token(t, rec)
			}
		}),
	}
	if body != "" {
		s.Body = strings.NewReader(body)
		headers["Content-Type"] = "application/json"
	}
	if len(content) == 0 && len(notContent) == 0 && status != http.StatusNoContent {
		s.NotExpectedContent = []string{"\x00never"}
	}
	return s
}

// TestCollectionRules is the API-rule matrix: List/View/Create/Update/Delete of every
// collection for guest, reader (pending), approved admin, super admin and superuser.
// Only superusers write through /api/collections/*/records, except users registration.
func TestCollectionRules(t *testing.T) {
	t.Parallel()
	items := map[string]string{c.Blogs: ruleBlogID, c.Projects: ruleProjectID, c.Events: ruleEventID}
	private := map[string]string{c.Profile: ruleProfileID, c.About: ruleAboutID, c.Likes: ruleLikeID, c.LoginAttempts: ruleAttemptID}
	var scenarios []tests.ApiScenario
	for _, a := range ruleActors {
		su := a.name == "superuser"
		approved := a.status == c.StatusApproved
		writeStatus := map[bool]int{true: 200, false: 403}[su]
		for col, id := range items {
			base := "/api/collections/" + col + "/records"
			if approved || su {
				scenarios = append(scenarios,
					ruleScenario(a, col+" list", "GET", base, "", 200, []string{id}, nil),
					ruleScenario(a, col+" view", "GET", base+"/"+id, "", 200, []string{id}, nil))
			} else {
				scenarios = append(scenarios,
					ruleScenario(a, col+" list", "GET", base, "", 200, []string{`"totalItems":0`}, []string{id}),
					ruleScenario(a, col+" view", "GET", base+"/"+id, "", 404, nil, []string{id}))
			}
			createBody := `{"title":"x","author":"y","type":"blog","action":"view"}`
			scenarios = append(scenarios,
				ruleScenario(a, col+" create", "POST", base, createBody, writeStatus, nil, nil),
				ruleScenario(a, col+" update", "PATCH", base+"/"+id, `{"title":"changed"}`, writeStatus, nil, nil),
				ruleScenario(a, col+" delete", "DELETE", base+"/"+id, "", map[bool]int{true: 204, false: 403}[su], nil, nil))
		}
		for col, id := range private {
			base := "/api/collections/" + col + "/records"
			readStatus := writeStatus
			var readContent, readNot []string
			if su {
				readContent = []string{id}
			} else {
				readNot = []string{id}
			}
			createBody := `{"heading":"x","bio":"y","item":"a","type":"blog","email":"e@x.io","account":"` + ruleOtherID + `"}`
			scenarios = append(scenarios,
				ruleScenario(a, col+" list", "GET", base, "", readStatus, readContent, readNot),
				ruleScenario(a, col+" view", "GET", base+"/"+id, "", readStatus, readContent, readNot),
				ruleScenario(a, col+" create", "POST", base, createBody, writeStatus, nil, nil),
				ruleScenario(a, col+" update", "PATCH", base+"/"+id, `{"heading":"z"}`, writeStatus, nil, nil),
				ruleScenario(a, col+" delete", "DELETE", base+"/"+id, "", map[bool]int{true: 204, false: 403}[su], nil, nil))
		}
		// users: everyone sees themself only, super admins and superusers see every account.
		base := "/api/collections/users/records"
		seesAll := su || a.super
		switch {
		case seesAll:
			scenarios = append(scenarios,
				ruleScenario(a, "users list", "GET", base, "", 200, []string{map[bool]string{true: `"totalItems":1`, false: `"totalItems":2`}[su], ruleOtherID}, nil),
				ruleScenario(a, "users view other", "GET", base+"/"+ruleOtherID, "", 200, []string{ruleOtherID}, nil))
		case a.status != "":
			scenarios = append(scenarios,
				ruleScenario(a, "users list", "GET", base, "", 200, []string{`"totalItems":1`, a.name + "@folio.test"}, []string{"other@folio.test", ruleOtherID}),
				ruleScenario(a, "users view other", "GET", base+"/"+ruleOtherID, "", 404, nil, []string{"other@folio.test"}))
		default:
			scenarios = append(scenarios,
				ruleScenario(a, "users list", "GET", base, "", 200, []string{`"totalItems":0`}, []string{"other@folio.test"}),
				ruleScenario(a, "users view other", "GET", base+"/"+ruleOtherID, "", 404, nil, []string{"other@folio.test"}))
		}
		if !su {
			scenarios = append(scenarios,
				ruleScenario(a, "users register", "POST", base,
					`{"email":"new-`+a.name+`@folio.test","password":"password123","passwordConfirm":"password123"}`,
					200, []string{`"status":"pending"`, `"isSuperAdmin":false`}, nil))
		}
	}
	for _, s := range scenarios {
		s.Test(t)
	}
}

// TestUsersOtherAccountHidden checks that no account other than a super admin can read
// another account's record, and that updates and deletes of users need a superuser.
func TestUsersOtherAccountHidden(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	other := testutil.CreateUser(t, app, "other@folio.test", c.StatusPending, false)
	for _, a := range ruleActors[1:4] {
		rec := testutil.CreateUser(t, app, a.name+"@folio.test", a.status, a.super)
		token := testutil.Token(t, rec)
		status := 404
		if a.super {
			status = 200
		}
		for _, r := range []struct {
			method, url string
			want        int
		}{
			{"GET", "/api/collections/users/records/" + other.Id, status},
			{"PATCH", "/api/collections/users/records/" + rec.Id, 403},
			{"DELETE", "/api/collections/users/records/" + rec.Id, 403},
			{"PATCH", "/api/collections/users/records/" + other.Id, 403},
		} {
			got := testutil.Do(t, app, r.method, r.url, token, `{"status":"approved"}`)
			if got.Code != r.want {
				t.Errorf("%s %s %s: status %d, want %d: %s", a.name, r.method, r.url, got.Code, r.want, got.Body)
			}
		}
	}
}
