package hooks_test

import (
	"encoding/json"
	"testing"

	"github.com/pocketbase/pocketbase/core"

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
