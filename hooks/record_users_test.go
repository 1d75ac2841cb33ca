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

// registerBody tries to set every field the server owns.
const registerBody = `{"email":"new@folio.test","password":"password123","passwordConfirm":"password123",
	"status":"approved","isSuperAdmin":true,"ipAddress":"203.0.113.9","location":{"city":"Oslo","country":"Norway"},
	"deviceInfo":"forged","browserInfo":"forged","blockedUntil":"2030-01-01 00:00:00.000Z"}`

func TestRegistrationFieldProtection(t *testing.T) {
	t.Parallel()
	url := "/api/collections/users/records"
	checkForced := func(t testing.TB, app *tests.TestApp, res *http.Response) {
		rec := acctFindUser(t, app, "new@folio.test")
		got := map[string]any{
			"status": rec.GetString(c.FieldStatus), "super": rec.GetBool(c.FieldIsSuperAdmin),
			"ip": rec.GetString(c.FieldIPAddress), "device": rec.GetString(c.FieldDeviceInfo),
			"browser": rec.GetString(c.FieldBrowserInfo), "blocked": rec.GetDateTime(c.FieldBlockedUntil).IsZero(),
			"location": rec.GetString(c.FieldLocation),
		}
		want := map[string]any{
			"status": c.StatusPending, "super": false, "ip": acctIP, "device": uaIPhoneDev,
			"browser": uaIPhoneBr, "blocked": true, "location": `{"city":"","country":""}`,
		}
		for k, v := range want {
			if got[k] != v {
				t.Errorf("%s = %v, want %v", k, got[k], v)
			}
		}
	}
	scenarios := []testutil.Scenario{
		testutil.Scenario{Name: "guest registration is pending whatever the body says", Method: "POST", URL: url, JSON: registerBody, As: testutil.Guest, Status: 200, Content: []string{`"status":"pending"`, `"isSuperAdmin":false`}},
		testutil.Scenario{Name: "an approved super admin's registration of another is pending too", Method: "POST", URL: url, JSON: registerBody, As: testutil.SuperAdmin, Status: 200, Content: []string{`"status":"pending"`, `"isSuperAdmin":false`}},
	}
	for i := range scenarios {
		scenarios[i].Headers = map[string]string{"User-Agent": uaIPhone}
		scenarios[i].After = func(t testing.TB, app *tests.TestApp, res *http.Response) { checkForced(t, app, res) }
	}
	on := testutil.Scenario{Name: "a superuser sets the fields on purpose", Method: "POST", URL: url, JSON: registerBody, As: testutil.Superuser, Status: 200, Content: []string{`"status":"approved"`, `"isSuperAdmin":true`}}
	on.After = func(t testing.TB, app *tests.TestApp, res *http.Response) {
		rec := acctFindUser(t, app, "new@folio.test")
		if rec.GetString(c.FieldIPAddress) != "203.0.113.9" || rec.GetString(c.FieldDeviceInfo) != "forged" {
			t.Errorf("superuser's fields not kept: %v", rec.PublicExport())
		}
	}
	scenarios = append(scenarios, on)
	for _, s := range scenarios {
		s.Test(t)
	}
}

// TestUserDefaults: any create (commands, /_/, code) without a status is pending, located nowhere.
func TestUserDefaults(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	col, err := app.FindCollectionByNameOrId(c.Users)
	if err != nil {
		t.Fatal(err)
	}
	rec := core.NewRecord(col)
	rec.SetEmail("plain@folio.test")
	rec.SetPassword("password123")
	if err := app.Save(rec); err != nil {
		t.Fatal(err)
	}
	rec = acctFindUser(t, app, "plain@folio.test")
	if rec.GetString(c.FieldStatus) != c.StatusPending || rec.GetBool(c.FieldIsSuperAdmin) ||
		rec.GetString(c.FieldLocation) != `{"city":"","country":""}` {
		t.Fatalf("defaults: %v", rec.PublicExport())
	}
}

// TestUserPatchProtection: an account never changes its own (or anyone's) status through
// the records API; a superuser may.
func TestUserPatchProtection(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	me := testutil.CreateUser(t, app, "me@folio.test", c.StatusPending, false)
	boss := testutil.CreateUser(t, app, "boss@folio.test", c.StatusApproved, true)
	body := `{"status":"approved","isSuperAdmin":true,"blockedUntil":""}`
	for _, tok := range []string{testutil.Token(t, me), testutil.Token(t, boss)} {
		if got := testutil.Do(t, app, "PATCH", "/api/collections/users/records/"+me.Id, tok, body); got.Code != 403 {
			t.Errorf("PATCH by an account: %d %s", got.Code, got.Body)
		}
	}
	if got := testutil.Do(t, app, "PATCH", "/api/collections/users/records/"+me.Id, "", body); got.Code != 403 && got.Code != 401 {
		t.Errorf("PATCH by a guest: %d", got.Code)
	}
	if rec := acctFindUser(t, app, "me@folio.test"); rec.GetString(c.FieldStatus) != c.StatusPending || rec.GetBool(c.FieldIsSuperAdmin) {
		t.Fatalf("status changed: %v", rec.PublicExport())
	}
	su := testutil.SuperuserToken(t, app)
	if got := testutil.Do(t, app, "PATCH", "/api/collections/users/records/"+me.Id, su, body); got.Code != 200 {
		t.Fatalf("PATCH by a superuser: %d %s", got.Code, got.Body)
	}
	if rec := acctFindUser(t, app, "me@folio.test"); rec.GetString(c.FieldStatus) != c.StatusApproved || !rec.GetBool(c.FieldIsSuperAdmin) {
		t.Fatalf("superuser change lost: %v", rec.PublicExport())
	}
}

// TestLastSuperAdminModelGuard: no save, /_/ and superusers included, leaves no approved
// super admin behind once there was one.
func TestLastSuperAdminModelGuard(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	boss := testutil.CreateUser(t, app, "boss@folio.test", c.StatusApproved, true)
	su := testutil.SuperuserToken(t, app)
	url := "/api/collections/users/records/" + boss.Id
	for _, body := range []string{`{"status":"removed"}`, `{"status":"rejected"}`, `{"status":"pending"}`, `{"isSuperAdmin":false}`} {
		got := testutil.Do(t, app, "PATCH", url, su, body)
		if got.Code != 400 || !strings.Contains(got.Body.String(), "validation_last_super_admin") {
			t.Errorf("PATCH %s: %d %s", body, got.Code, got.Body)
		}
	}
	if got := testutil.Do(t, app, "DELETE", url, su, ""); got.Code != 400 {
		t.Errorf("DELETE the last super admin: %d %s", got.Code, got.Body)
	}
	boss.Set(c.FieldStatus, c.StatusRemoved)
	if err := app.Save(boss); err == nil || !strings.Contains(err.Error(), "last approved super admin") {
		t.Errorf("app.Save: %v", err)
	}
	if rec := acctFindUser(t, app, "boss@folio.test"); rec.GetString(c.FieldStatus) != c.StatusApproved || !rec.GetBool(c.FieldIsSuperAdmin) {
		t.Fatalf("guard let the change through: %v", rec.PublicExport())
	}
	// With a second approved super admin the first may go.
	testutil.CreateUser(t, app, "boss2@folio.test", c.StatusApproved, true)
	if got := testutil.Do(t, app, "PATCH", url, su, `{"status":"removed"}`); got.Code != 200 {
		t.Fatalf("with another super admin: %d %s", got.Code, got.Body)
	}
}

// TestRemovedCannotSignIn: a removed account gets 403 with a clear message on every auth
// route; pending and rejected accounts do sign in (check-approval tells them the rest).
func TestRemovedCannotSignIn(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	removed := testutil.CreateUser(t, app, "gone@folio.test", c.StatusRemoved, false)
	testutil.CreateUser(t, app, "wait@folio.test", c.StatusPending, false)
	testutil.CreateUser(t, app, "no@folio.test", c.StatusRejected, false)

	code, body := acctSignIn(t, app, "gone@folio.test", "password123")
	if code != 403 || !strings.Contains(body, acctMsgRemoved) || strings.Contains(body, `"token"`) {
		t.Fatalf("removed sign-in: %d %s", code, body)
	}
	got := testutil.Do(t, app, "POST", "/api/collections/users/auth-refresh", testutil.Token(t, removed), "")
	if got.Code != 403 || !strings.Contains(got.Body.String(), acctMsgRemoved) {
		t.Fatalf("removed auth-refresh: %d %s", got.Code, got.Body)
	}
	for _, email := range []string{"wait@folio.test", "no@folio.test"} {
		if code, body := acctSignIn(t, app, email, "password123"); code != 200 || !strings.Contains(body, `"token"`) {
			t.Errorf("%s sign-in: %d %s", email, code, body)
		}
	}
}
