package hooks_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/tools/types"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

const (
	acctMsgPending  = "Access denied. Awaiting super admin approval."
	acctMsgRejected = "Access denied. Your admin request was rejected."
	acctMsgRemoved  = "Access denied. This account has been removed."
	acctMsgNoAuth   = "The request requires a signed-in account."
)

func TestCheckApproval(t *testing.T) {
	t.Parallel()
	url := "/api/admin/check-approval"
	denied := func(msg, status string) []string {
		return []string{`"approved":false`, `"message":"` + msg + `"`, `"isSuperAdmin":false`, `"status":"` + status + `"`}
	}
	scenarios := []testutil.Scenario{
		testutil.Scenario{Name: "guest", Method: "POST", URL: url, As: testutil.Guest, Status: 401, Content: []string{acctMsgNoAuth}},
		testutil.Scenario{Name: "superuser token (not an account)", Method: "POST", URL: url, As: testutil.Superuser, Status: 401, Content: []string{acctMsgNoAuth}},
		testutil.Scenario{Name: "pending", Method: "POST", URL: url, As: testutil.Pending, Status: 403, Content: denied(acctMsgPending, c.StatusPending)},
		testutil.Scenario{Name: "pending with the super flag", Method: "POST", URL: url, As: testutil.Role{Name: "pending super admin", Status: c.StatusPending, SuperAdmin: true}, Status: 403, Content: denied(acctMsgPending, c.StatusPending)},
		testutil.Scenario{Name: "rejected", Method: "POST", URL: url, As: testutil.Rejected, Status: 403, Content: denied(acctMsgRejected, c.StatusRejected)},
		testutil.Scenario{Name: "removed", Method: "POST", URL: url, As: testutil.Removed, Status: 403, Content: denied(acctMsgRemoved, c.StatusRemoved)},
		testutil.Scenario{Name: "removed super admin", Method: "POST", URL: url, As: testutil.Role{Name: "removed super admin", Status: c.StatusRemoved, SuperAdmin: true}, Status: 403, Content: denied(acctMsgRemoved, c.StatusRemoved)},
		testutil.Scenario{Name: "approved", Method: "POST", URL: url, As: testutil.Admin, Status: 200, Content: []string{`"approved":true`, `"isSuperAdmin":false`, `"status":"approved"`, `"message":"Access granted."`}},
		testutil.Scenario{Name: "approved super admin", Method: "POST", URL: url, As: testutil.SuperAdmin, Status: 200, Content: []string{`"approved":true`, `"isSuperAdmin":true`, `"status":"approved"`}},
	}
	invalid := testutil.Scenario{Name: "invalid token", Method: "POST", URL: url, As: testutil.Guest, Status: 401, Content: []string{acctMsgNoAuth}}
	invalid.Headers = map[string]string{"Authorization": "Bearer not-a-token"}
	scenarios = append(scenarios, invalid)
	for _, s := range scenarios {
		s.Test(t)
	}
}

// TestCheckApprovalBearerAndFreshStatus: the Bearer prefix works, and a status change
// applies to a token issued before it at once.
func TestCheckApprovalBearerAndFreshStatus(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	rec := testutil.CreateUser(t, app, "ann@folio.test", c.StatusApproved, false)
	token := "Bearer " + testutil.Token(t, rec)
	if got := testutil.Do(t, app, "POST", "/api/admin/check-approval", token, ""); got.Code != 200 {
		t.Fatalf("approved: %d %s", got.Code, got.Body)
	}
	rec.Set(c.FieldStatus, c.StatusRejected)
	if err := app.Save(rec); err != nil {
		t.Fatal(err)
	}
	got := testutil.Do(t, app, "POST", "/api/admin/check-approval", token, "")
	var body map[string]any
	acctDecode(t, got.Body.Bytes(), &body)
	if got.Code != 403 || body["message"] != acctMsgRejected || body["approved"] != false {
		t.Fatalf("rejected after approval: %d %s", got.Code, got.Body)
	}
}

// TestAdminGate: every /api/admin/* route but the three open ones needs an approved account
// (one app, many requests: a scenario per request would cost an app each).
func TestAdminGate(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	tokens := map[string]string{"guest": ""}
	for _, who := range []testutil.Role{testutil.Pending, testutil.Rejected, testutil.Removed, testutil.Admin, {Status: c.StatusRemoved, SuperAdmin: true}} {
		name := who.Status
		if who.SuperAdmin {
			name += "-super"
		}
		tokens[name] = testutil.Token(t, testutil.CreateUser(t, app, name+"@folio.test", who.Status, who.SuperAdmin))
	}
	want := map[string]struct {
		code int
		msg  string
	}{
		"guest": {401, acctMsgNoAuth}, c.StatusPending: {403, acctMsgPending}, c.StatusRejected: {403, acctMsgRejected},
		c.StatusRemoved: {403, acctMsgRemoved}, c.StatusRemoved + "-super": {403, acctMsgRemoved},
	}
	guarded := []struct{ method, url string }{
		{"GET", "/api/admin/admin-users"},
		{"PUT", "/api/admin/admin-users/someid000000001"},
		{"GET", "/api/admin/blogs"},
		{"POST", "/api/admin/blogs"},
		{"GET", "/api/admin/projects"},
		{"GET", "/api/admin/profile"},
		{"GET", "/api/admin/about"},
		{"GET", "/api/admin/analytics"},
		{"GET", "/api/admin/website-analytics"},
	}
	for _, r := range guarded {
		for who, w := range want {
			got := testutil.Do(t, app, r.method, r.url, tokens[who], "")
			if got.Code != w.code || !strings.Contains(got.Body.String(), w.msg) {
				t.Errorf("%s %s as %s: %d %s, want %d %q", r.method, r.url, who, got.Code, got.Body, w.code, w.msg)
			}
		}
	}
	for _, path := range []string{"/api/admin/login-attempt", "/api/admin/register-attempt"} {
		for who, token := range tokens {
			code := 200
			if who == "guest" {
				code = 401
			}
			if got := testutil.Do(t, app, "POST", path, token, `{"userAgent":"x"}`); got.Code != code {
				t.Errorf("POST %s as %s: %d %s, want %d", path, who, got.Code, got.Body, code)
			}
		}
	}
}

// TestAttemptRoutesRecordCallerOnly: device, browser and the connection's IP go on the
// caller's own account; the body's email and ip change nothing else.
func TestAttemptRoutesRecordCallerOnly(t *testing.T) {
	t.Parallel()
	for _, path := range []string{"/api/admin/login-attempt", "/api/admin/register-attempt"} {
		t.Run(path, func(t *testing.T) {
			app := testutil.NewApp(t)
			me := testutil.CreateUser(t, app, "me@folio.test", c.StatusPending, false)
			other := testutil.CreateUser(t, app, "other@folio.test", c.StatusApproved, false)
			body := `{"email":"other@folio.test","ip":"203.0.113.9","userAgent":"` + uaIPhone + `"}`
			got := testutil.Do(t, app, "POST", path, testutil.Token(t, me), body, "User-Agent", uaWindows)
			if got.Code != 200 || got.Body.String() != `{"blockedUntil":null}` {
				t.Fatalf("%d %s", got.Code, got.Body)
			}
			me = acctFindUser(t, app, "me@folio.test")
			if me.GetString(c.FieldDeviceInfo) != uaIPhoneDev || me.GetString(c.FieldBrowserInfo) != uaIPhoneBr ||
				me.GetString(c.FieldIPAddress) != acctIP {
				t.Errorf("caller: device %q browser %q ip %q", me.GetString(c.FieldDeviceInfo),
					me.GetString(c.FieldBrowserInfo), me.GetString(c.FieldIPAddress))
			}
			other = acctFindUser(t, app, "other@folio.test")
			if other.GetString(c.FieldDeviceInfo) != "" || other.GetString(c.FieldIPAddress) != "" {
				t.Errorf("other account changed: %v", other.PublicExport())
			}

			// Without a body userAgent, the request's own User-Agent is used.
			got = testutil.Do(t, app, "POST", path, testutil.Token(t, me), `{}`, "User-Agent", uaWindows)
			me = acctFindUser(t, app, "me@folio.test")
			if got.Code != 200 || me.GetString(c.FieldDeviceInfo) != uaWindowsDev || me.GetString(c.FieldBrowserInfo) != uaWindowsBr {
				t.Errorf("header UA: %d device %q browser %q", got.Code, me.GetString(c.FieldDeviceInfo), me.GetString(c.FieldBrowserInfo))
			}

			if got := testutil.Do(t, app, "POST", path, testutil.Token(t, me), `{"userAgent":`); got.Code != 400 {
				t.Errorf("malformed body: %d %s", got.Code, got.Body)
			}
		})
	}
}

// TestAttemptRouteReportsLock: a locked account's attempt route answers its blockedUntil.
func TestAttemptRouteReportsLock(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	me := testutil.CreateUser(t, app, "me@folio.test", c.StatusApproved, false)
	until := time.Now().Add(10 * time.Minute).UTC().Truncate(time.Second)
	dt, _ := types.ParseDateTime(until)
	me.Set(c.FieldBlockedUntil, dt)
	if err := app.Save(me); err != nil {
		t.Fatal(err)
	}
	got := testutil.Do(t, app, "POST", "/api/admin/login-attempt", testutil.Token(t, me), `{"userAgent":"x"}`)
	want := `{"blockedUntil":"` + until.Format(time.RFC3339) + `"}`
	if got.Code != http.StatusOK || got.Body.String() != want {
		t.Fatalf("got %d %s, want %s", got.Code, got.Body, want)
	}
	// A lock that is over reads as null.
	dt, _ = types.ParseDateTime(time.Now().Add(-time.Minute))
	me.Set(c.FieldBlockedUntil, dt)
	if err := app.Save(me); err != nil {
		t.Fatal(err)
	}
	got = testutil.Do(t, app, "POST", "/api/admin/login-attempt", testutil.Token(t, me), `{}`)
	if got.Body.String() != `{"blockedUntil":null}` {
		t.Fatalf("expired lock: %s", got.Body)
	}
}
