package hooks_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

// Test User-Agents and what deviceInfo / browserInfo make of them.
const (
	uaIPhone     = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1"
	uaIPhoneDev  = "Mobile · iPhone · iPhone OS 17.0"
	uaIPhoneBr   = "Safari 17.0"
	uaWindows    = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36"
	uaWindowsDev = "Desktop · Windows 10"
	uaWindowsBr  = "Chrome 120.0.0.0"
	acctIP       = "192.0.2.1" // httptest's RemoteAddr
)

// acct describes the caller of a scenario: "" guest, "superuser", or an account status.
type acct struct {
	status string
	super  bool
}

var (
	asGuest     = acct{}
	asSuperuser = acct{status: "superuser"}
	asPending   = acct{status: c.StatusPending}
	asRejected  = acct{status: c.StatusRejected}
	asRemoved   = acct{status: c.StatusRemoved}
	asApproved  = acct{status: c.StatusApproved}
	asSuper     = acct{status: c.StatusApproved, super: true}
)

// callerEmail is the email of the account a scenario signs in as.
const callerEmail = "caller@folio.test"

// acctScenario builds a scenario whose Authorization header is made for who inside the
// fresh app, after setup ran.
func acctScenario(name, method, url, body string, who acct, status int, content []string,
	setup ...func(t testing.TB, app *tests.TestApp)) tests.ApiScenario {
	headers := map[string]string{}
	s := tests.ApiScenario{
		Name:            name,
		Method:          method,
		URL:             url,
		Headers:         headers,
		ExpectedStatus:  status,
		ExpectedContent: content,
		TestAppFactory: testutil.Factory(func(t testing.TB, app *tests.TestApp) {
			switch who.status {
			case "":
			case "superuser":
				headers["Authorization"] = testutil.Superuser(t, app)
			default:
				rec := testutil.CreateUser(t, app, callerEmail, who.status, who.super)
				headers["Authorization"] = testutil.Token(t, rec)
			}
			for _, f := range setup {
				f(t, app)
			}
		}),
	}
	if body != "" {
		s.Body = strings.NewReader(body)
		headers["Content-Type"] = "application/json"
	}
	if len(content) == 0 {
		s.NotExpectedContent = []string{"\x00never"}
	}
	return s
}

// acctFindUser reloads an account by email.
func acctFindUser(t testing.TB, app core.App, email string) *core.Record {
	t.Helper()
	rec, err := app.FindAuthRecordByEmail(c.Users, email)
	if err != nil {
		t.Fatalf("find %s: %v", email, err)
	}
	return rec
}

// acctDecode unmarshals a JSON answer.
func acctDecode(t testing.TB, body []byte, v any) {
	t.Helper()
	if err := json.Unmarshal(body, v); err != nil {
		t.Fatalf("decode %s: %v", body, err)
	}
}

// acctSignIn posts a password sign-in for email.
func acctSignIn(t testing.TB, app core.App, email, password string) (int, string) {
	t.Helper()
	body, _ := json.Marshal(map[string]string{"identity": email, "password": password})
	rec := testutil.Do(t, app, "POST", "/api/collections/users/auth-with-password", "", string(body), "User-Agent", uaWindows)
	return rec.Code, rec.Body.String()
}
