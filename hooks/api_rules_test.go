package hooks_test

import (
	"strconv"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

// Fixed record ids seeded in every app of the matrix.
const (
	ruleBlogID     = "ruleblog0000001"
	ruleProjectID  = "ruleproject0001"
	ruleProfileID  = "ruleprofile0001"
	ruleAboutID    = "ruleabout000001"
	ruleEventID    = "ruleevent000001"
	ruleLikeID     = "rulelike0000001"
	ruleAttemptID  = "ruleattempt0001"
	ruleOtherID    = "ruleotheruser01" // another (pending) account whose email must not leak
	ruleRevisionID = "rulerevision001"
)

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
	save(c.Revisions, ruleRevisionID, map[string]any{"item": ruleBlogID, "type": c.TypeBlog, "author": "superuser", "data": map[string]any{"title": "Rule blog"}})
}

// ruleRoles are the callers of the matrix, in the order its rows list them.
var ruleRoles = []testutil.Role{testutil.Guest, testutil.Pending, testutil.Admin, testutil.SuperAdmin, testutil.Superuser}

// ruleTable is the API-rule matrix: per collection and role, the status of List, View,
// Create, Update and Delete on /api/collections/<collection>/records. A role whose View
// answers 200 sees the seeded record in the list; otherwise the list hides it. Reads of
// events are for approved accounts; a public blog or project is for anyone (a draft is
// not: TestPublicLeaks); everything else, and every write, is for superusers only.
var ruleTable = []struct {
	collection string
	want       map[string][5]int // role name -> list, view, create, update, delete
}{
	{c.Blogs, publicReads},
	{c.Projects, publicReads},
	{c.Events, approvedReads},
	{c.Profile, superuserOnly},
	{c.About, superuserOnly},
	{c.Likes, superuserOnly},
	{c.LoginAttempts, superuserOnly},
	{c.Revisions, superuserOnly}, // never public; the admin routes read them
}

// approvedReads: approved accounts read, only superusers write.
var approvedReads = map[string][5]int{
	//             list view create update delete
	"guest":      {200, 404, 403, 403, 403},
	"pending":    {200, 404, 403, 403, 403},
	"admin":      {200, 200, 403, 403, 403},
	"superadmin": {200, 200, 403, 403, 403},
	"superuser":  {200, 200, 200, 200, 204},
}

// publicReads: anyone reads a public item, only superusers write.
var publicReads = map[string][5]int{
	//             list view create update delete
	"guest":      {200, 200, 403, 403, 403},
	"pending":    {200, 200, 403, 403, 403},
	"admin":      {200, 200, 403, 403, 403},
	"superadmin": {200, 200, 403, 403, 403},
	"superuser":  {200, 200, 200, 200, 204},
}

// superuserOnly: only superusers read or write.
var superuserOnly = map[string][5]int{
	//             list view create update delete
	"guest":      {403, 403, 403, 403, 403},
	"pending":    {403, 403, 403, 403, 403},
	"admin":      {403, 403, 403, 403, 403},
	"superadmin": {403, 403, 403, 403, 403},
	"superuser":  {200, 200, 200, 200, 204},
}

// ruleIDs are the seeded record of each collection.
var ruleIDs = map[string]string{
	c.Blogs: ruleBlogID, c.Projects: ruleProjectID, c.Events: ruleEventID,
	c.Profile: ruleProfileID, c.About: ruleAboutID, c.Likes: ruleLikeID, c.LoginAttempts: ruleAttemptID,
	c.Revisions: ruleRevisionID,
}

// readBody is what a read answer must and must not hold: the record when it is seen, an
// empty list or the error's status otherwise, and never the record's id.
func readBody(status int, sees bool, id string, list bool) (content, not []string) {
	switch {
	case status == 200 && sees:
		return []string{id}, nil
	case status == 200 && list:
		return []string{`"totalItems":0`}, []string{id}
	}
	return []string{`"status":` + strconv.Itoa(status)}, []string{id}
}

// TestCollectionRules runs ruleTable: List/View/Create/Update/Delete of every collection
// for guest, reader (pending), approved admin, super admin and superuser.
func TestCollectionRules(t *testing.T) {
	t.Parallel()
	createBody := `{"title":"x","author":"y","heading":"x","bio":"y","item":"a","type":"blog","action":"view","email":"e@x.io","account":"` + ruleOtherID + `"}`
	seed := func(t testing.TB, app *tests.TestApp) { ruleSeed(t, app) }
	for _, row := range ruleTable {
		for _, role := range ruleRoles {
			want, ok := row.want[role.Name]
			if !ok {
				t.Fatalf("%s: no row for %s", row.collection, role.Name)
			}
			list, view, create, update, del := want[0], want[1], want[2], want[3], want[4]
			id := ruleIDs[row.collection]
			base := "/api/collections/" + row.collection + "/records"
			sees := view == 200
			listContent, listNot := readBody(list, sees, id, true)
			viewContent, viewNot := readBody(view, sees, id, false)
			write := func(status int, ok string) []string {
				if status == 403 {
					return []string{`"status":403`}
				}
				return []string{ok}
			}
			deleteContent := []string{`"status":403`}
			if del == 204 {
				deleteContent = nil // a 204 has an empty body, which the scenario checks
			}
			for _, s := range []testutil.Scenario{
				{Name: row.collection + " list", Method: "GET", URL: base, Status: list, Content: listContent, NotContent: listNot},
				{Name: row.collection + " view", Method: "GET", URL: base + "/" + id, Status: view, Content: viewContent, NotContent: viewNot},
				{Name: row.collection + " create", Method: "POST", URL: base, JSON: createBody, Status: create,
					Content: write(create, `"collectionName":"`+row.collection+`"`)},
				{Name: row.collection + " update", Method: "PATCH", URL: base + "/" + id, JSON: `{"title":"changed","heading":"z"}`, Status: update,
					Content: write(update, id)},
				{Name: row.collection + " delete", Method: "DELETE", URL: base + "/" + id, Status: del, Content: deleteContent},
			} {
				s.As, s.Setup = role, seed
				s.Test(t)
			}
		}
	}
}

// usersRow is what one role gets from the users collection: every account sees itself,
// super admins and superusers see every account (the seeded other one included).
type usersRow struct {
	role      testutil.Role
	listTotal int // accounts the list shows
	viewOther int // status of viewing the other account
}

var usersTable = []usersRow{
	{testutil.Guest, 0, 404},
	{testutil.Pending, 1, 404},
	{testutil.Admin, 1, 404},
	{testutil.SuperAdmin, 2, 200},
	{testutil.Superuser, 1, 200}, // a superuser is no users account: only the other one exists
}

// TestUsersRules: users list and view per role, and registration, always pending.
func TestUsersRules(t *testing.T) {
	t.Parallel()
	base := "/api/collections/users/records"
	seed := func(t testing.TB, app *tests.TestApp) { ruleSeed(t, app) }
	for _, r := range usersTable {
		list := testutil.Scenario{Name: "users list", Method: "GET", URL: base, As: r.role, Setup: seed, Status: 200,
			Content: []string{`"totalItems":` + strconv.Itoa(r.listTotal)}}
		view := testutil.Scenario{Name: "users view other", Method: "GET", URL: base + "/" + ruleOtherID, As: r.role, Setup: seed, Status: r.viewOther}
		if r.viewOther == 200 {
			list.Content = append(list.Content, ruleOtherID)
			view.Content = []string{ruleOtherID}
		} else {
			list.NotContent = []string{"other@folio.test", ruleOtherID}
			view.Content, view.NotContent = []string{`"status":404`}, []string{"other@folio.test"}
		}
		if r.role.Status != "" && r.listTotal == 1 {
			list.Content = append(list.Content, testutil.CallerEmail)
		}
		list.Test(t)
		view.Test(t)
		if !r.role.Superuser {
			testutil.Scenario{Name: "users register", Method: "POST", URL: base, As: r.role, Setup: seed, Status: 200,
				JSON:    `{"email":"new-` + r.role.Name + `@folio.test","password":"password123","passwordConfirm":"password123"}`,
				Content: []string{`"status":"pending"`, `"isSuperAdmin":false`}}.Test(t)
		}
	}
}

// TestUsersOtherAccountHidden checks that no account other than a super admin can read
// another account's record, and that updates and deletes of users need a superuser.
func TestUsersOtherAccountHidden(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	other := testutil.CreateUser(t, app, "other@folio.test", c.StatusPending, false)
	for _, a := range []testutil.Role{testutil.Pending, testutil.Admin, testutil.SuperAdmin} {
		rec := testutil.CreateUser(t, app, a.Name+"@folio.test", a.Status, a.SuperAdmin)
		token := testutil.Token(t, rec)
		status := 404
		if a.SuperAdmin {
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
				t.Errorf("%s %s %s: status %d, want %d: %s", a.Name, r.method, r.url, got.Code, r.want, got.Body)
			}
		}
	}
}
