package hooks_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/types"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

// auEntry mirrors an admin-users entry.
type auEntry struct {
	ID            string            `json:"id"`
	Email         string            `json:"email"`
	Status        string            `json:"status"`
	IsSuperAdmin  bool              `json:"isSuperAdmin"`
	IPAddress     string            `json:"ipAddress"`
	Location      map[string]string `json:"location"`
	DeviceInfo    string            `json:"deviceInfo"`
	BrowserInfo   string            `json:"browserInfo"`
	LoginAttempts []struct {
		Timestamp string `json:"timestamp"`
		Success   bool   `json:"success"`
	} `json:"loginAttempts"`
	BlockedUntil *string `json:"blockedUntil"`
	CreatedAt    string  `json:"createdAt"`
}

const auOtherID = "otheraccount001"

// auSeedOther saves a pending account with a fixed id for the PUT scenarios.
func auSeedOther(status string, super bool) func(t testing.TB, app *tests.TestApp) {
	return func(t testing.TB, app *tests.TestApp) {
		col, _ := app.FindCollectionByNameOrId(c.Users)
		rec := core.NewRecord(col)
		rec.Id = auOtherID
		rec.SetEmail("other@folio.test")
		rec.SetPassword("password123")
		rec.Set(c.FieldStatus, status)
		rec.Set(c.FieldIsSuperAdmin, super)
		if err := app.Save(rec); err != nil {
			t.Fatal(err)
		}
	}
}

func TestAdminUsersAccess(t *testing.T) {
	t.Parallel()
	list, put := "/api/admin/admin-users", "/api/admin/admin-users/"+auOtherID
	body := `{"status":"approved"}`
	notSuper := "Only a super admin may manage admin accounts."
	var scenarios []testutil.Scenario
	for _, r := range []struct{ method, url, body string }{{"GET", list, ""}, {"PUT", put, body}} {
		scenarios = append(scenarios,
			testutil.Scenario{Name: r.method + " guest", Method: r.method, URL: r.url, JSON: r.body, As: testutil.Guest, Status: 401, Content: []string{acctMsgNoAuth}, Setup: auSeedOther(c.StatusPending, false)},
			testutil.Scenario{Name: r.method + " superuser token", Method: r.method, URL: r.url, JSON: r.body, As: testutil.Superuser, Status: 401, Content: []string{acctMsgNoAuth}, Setup: auSeedOther(c.StatusPending, false)},
			testutil.Scenario{Name: r.method + " pending super", Method: r.method, URL: r.url, JSON: r.body, As: testutil.Role{Name: "pending super admin", Status: c.StatusPending, SuperAdmin: true}, Status: 403, Content: []string{acctMsgPending}, Setup: auSeedOther(c.StatusPending, false)},
			testutil.Scenario{Name: r.method + " rejected super", Method: r.method, URL: r.url, JSON: r.body, As: testutil.Role{Name: "rejected super admin", Status: c.StatusRejected, SuperAdmin: true}, Status: 403, Content: []string{acctMsgRejected}, Setup: auSeedOther(c.StatusPending, false)},
			testutil.Scenario{Name: r.method + " approved, not super", Method: r.method, URL: r.url, JSON: r.body, As: testutil.Admin, Status: 403, Content: []string{notSuper}, Setup: auSeedOther(c.StatusPending, false)},
		)
	}
	scenarios = append(scenarios,
		testutil.Scenario{Name: "GET super admin", Method: "GET", URL: list, As: testutil.SuperAdmin, Status: 200, Content: []string{`"email":"` + testutil.CallerEmail + `"`, `"email":"other@folio.test"`, `"location":{"city":"","country":""}`,
			`"blockedUntil":null`, `"loginAttempts":[]`}, Setup: auSeedOther(c.StatusPending, false)},
		testutil.Scenario{Name: "PUT unknown id", Method: "PUT", URL: "/api/admin/admin-users/missing00000000", JSON: body, As: testutil.SuperAdmin, Status: 404, Content: []string{"Account not found."}},
		testutil.Scenario{Name: "PUT unknown status", Method: "PUT", URL: put, JSON: `{"status":"boss"}`, As: testutil.SuperAdmin, Status: 400, Content: []string{`"status":{"code":"validation_invalid_status"`}, Setup: auSeedOther(c.StatusPending, false)},
		testutil.Scenario{Name: "PUT empty status", Method: "PUT", URL: put, JSON: `{}`, As: testutil.SuperAdmin, Status: 400, Content: []string{"Invalid status.", `"validation_invalid_status"`}, Setup: auSeedOther(c.StatusPending, false)},
		testutil.Scenario{Name: "PUT malformed body", Method: "PUT", URL: put, JSON: `{"status":`, As: testutil.SuperAdmin, Status: 400, Content: []string{"Invalid request body."}, Setup: auSeedOther(c.StatusPending, false)},
		testutil.Scenario{Name: "PUT the current status", Method: "PUT", URL: put, JSON: `{"status":"pending"}`, As: testutil.SuperAdmin, Status: 400, Content: []string{`"validation_same_status"`}, Setup: auSeedOther(c.StatusPending, false)},
	)
	for _, s := range scenarios {
		s.Test(t)
	}
}

// TestAdminUsersTransitions: a super admin moves another account from every status to
// every other one; 200 answers the updated entry.
func TestAdminUsersTransitions(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	boss := testutil.Token(t, testutil.CreateUser(t, app, "boss@folio.test", c.StatusApproved, true))
	for _, super := range []bool{false, true} {
		other := testutil.CreateUser(t, app, fmt.Sprintf("other-%v@folio.test", super), c.StatusPending, super)
		url := "/api/admin/admin-users/" + other.Id
		for _, from := range c.Statuses {
			for _, to := range c.Statuses {
				if from == to {
					continue
				}
				rec := acctFindUser(t, app, other.Email())
				if rec.GetString(c.FieldStatus) != from {
					rec.Set(c.FieldStatus, from)
					if err := app.Save(rec); err != nil {
						t.Fatal(err)
					}
				}
				got := testutil.Do(t, app, "PUT", url, boss, `{"status":"`+to+`"}`)
				var entry auEntry
				acctDecode(t, got.Body.Bytes(), &entry)
				if got.Code != 200 || entry.Status != to || entry.ID != other.Id || entry.IsSuperAdmin != super {
					t.Errorf("super=%v %s -> %s: %d %s", super, from, to, got.Code, got.Body)
				}
				if now := acctFindUser(t, app, other.Email()).GetString(c.FieldStatus); now != to {
					t.Errorf("super=%v %s -> %s: stored %s", super, from, to, now)
				}
			}
		}
	}
}

// TestAdminUsersSelfAndSuperAdmins: never one's own account; another super admin may be
// demoted while the caller remains, and a demoted super admin loses access at once.
func TestAdminUsersSelfAndSuperAdmins(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	a := testutil.CreateUser(t, app, "a@folio.test", c.StatusApproved, true)
	b := testutil.CreateUser(t, app, "b@folio.test", c.StatusApproved, true)
	ta, tb := testutil.Token(t, a), testutil.Token(t, b)
	for _, status := range []string{c.StatusRemoved, c.StatusApproved, "nonsense"} {
		got := testutil.Do(t, app, "PUT", "/api/admin/admin-users/"+a.Id, ta, `{"status":"`+status+`"}`)
		if got.Code != 403 || !strings.Contains(got.Body.String(), "your own account") {
			t.Errorf("own account to %s: %d %s", status, got.Code, got.Body)
		}
	}
	if got := testutil.Do(t, app, "PUT", "/api/admin/admin-users/"+b.Id, ta, `{"status":"removed"}`); got.Code != 200 {
		t.Fatalf("remove another super admin: %d %s", got.Code, got.Body)
	}
	// b's token, issued before, is refused at once; a is now the last approved super admin.
	got := testutil.Do(t, app, "GET", "/api/admin/admin-users", tb, "")
	if got.Code != 403 || !strings.Contains(got.Body.String(), acctMsgRemoved) {
		t.Fatalf("removed super admin's token: %d %s", got.Code, got.Body)
	}
	if got := testutil.Do(t, app, "PUT", "/api/admin/admin-users/"+a.Id, ta, `{"status":"removed"}`); got.Code != 403 {
		t.Fatalf("last super admin on self: %d %s", got.Code, got.Body)
	}
	if rec := acctFindUser(t, app, "a@folio.test"); rec.GetString(c.FieldStatus) != c.StatusApproved {
		t.Fatalf("last super admin changed: %s", rec.GetString(c.FieldStatus))
	}
}

// TestAdminUsersListShape: every field of an entry, the 20 newest attempts newest first.
func TestAdminUsersListShape(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	boss := testutil.CreateUser(t, app, "boss@folio.test", c.StatusApproved, true)
	ann := testutil.CreateUser(t, app, "ann@folio.test", c.StatusPending, false)
	ann.Set(c.FieldIPAddress, "198.51.100.7")
	ann.Set(c.FieldLocation, map[string]string{"city": "Oslo", "country": "Norway"})
	ann.Set(c.FieldDeviceInfo, uaIPhoneDev)
	ann.Set(c.FieldBrowserInfo, uaIPhoneBr)
	until := time.Now().Add(5 * time.Minute).UTC().Truncate(time.Second)
	dt, _ := types.ParseDateTime(until)
	ann.Set(c.FieldBlockedUntil, dt)
	if err := app.Save(ann); err != nil {
		t.Fatal(err)
	}
	col, _ := app.FindCollectionByNameOrId(c.LoginAttempts)
	base := time.Date(2026, 1, 2, 3, 4, 0, 0, time.UTC)
	for i := 0; i < 25; i++ {
		r := core.NewRecord(col)
		r.Set(c.FieldAccount, ann.Id)
		r.Set(c.FieldEmail, ann.Email())
		r.Set(c.FieldSuccess, i%2 == 0)
		at, _ := types.ParseDateTime(base.Add(time.Duration(i) * time.Minute))
		r.SetRaw("created", at)
		if err := app.Save(r); err != nil {
			t.Fatal(err)
		}
	}
	got := testutil.Do(t, app, "GET", "/api/admin/admin-users", testutil.Token(t, boss), "")
	if got.Code != http.StatusOK {
		t.Fatalf("%d %s", got.Code, got.Body)
	}
	var list []auEntry
	acctDecode(t, got.Body.Bytes(), &list)
	if len(list) != 2 {
		t.Fatalf("%d entries, want 2", len(list))
	}
	var e auEntry
	for _, x := range list {
		if x.ID == ann.Id {
			e = x
		}
	}
	if e.Email != "ann@folio.test" || e.Status != c.StatusPending || e.IsSuperAdmin || e.IPAddress != "198.51.100.7" ||
		e.Location["city"] != "Oslo" || e.Location["country"] != "Norway" || e.DeviceInfo != uaIPhoneDev ||
		e.BrowserInfo != uaIPhoneBr || e.BlockedUntil == nil || *e.BlockedUntil != until.Format(time.RFC3339) {
		t.Errorf("entry: %+v", e)
	}
	if _, err := time.Parse(time.RFC3339, e.CreatedAt); err != nil || !strings.HasSuffix(e.CreatedAt, "Z") {
		t.Errorf("createdAt %q", e.CreatedAt)
	}
	if len(e.LoginAttempts) != 20 {
		t.Fatalf("%d attempts, want the 20 newest", len(e.LoginAttempts))
	}
	newest := base.Add(24 * time.Minute).Format(time.RFC3339)
	if e.LoginAttempts[0].Timestamp != newest || !e.LoginAttempts[0].Success ||
		e.LoginAttempts[19].Timestamp != base.Add(5*time.Minute).Format(time.RFC3339) || e.LoginAttempts[19].Success {
		t.Errorf("attempts: first %+v, last %+v", e.LoginAttempts[0], e.LoginAttempts[19])
	}
}
