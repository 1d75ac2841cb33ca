package hooks_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/security"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

// The engagement routes' cheaper token check refuses a token at once when its account
// changed: a new password, a status change, a tokenKey rotated by another process
// (raw SQL, no hook of this one), a deleted account; and it never accepts a token whose
// signature does not hold, whatever it remembers.
func TestEngagementAuthSeesChangesAtOnce(t *testing.T) {
	app, svc := engAppSvc(t)
	ann := testutil.CreateUser(t, app, "ann@folio.test", c.StatusApproved, false)
	like := func(token string) (int, string) {
		t.Helper()
		res := testutil.Do(t, app, "POST", "/api/like/"+engBlogID, token, "")
		return res.Code, strings.TrimSpace(res.Body.String())
	}
	tok := testutil.Token(t, ann)
	for i, want := range []string{`{"liked":true,"likeCount":1}`, `{"liked":false,"likeCount":0}`} {
		if code, body := like(tok); code != 200 || body != want {
			t.Fatalf("like %d: %d %s", i, code, body)
		}
	}

	for range 2 { // read, then remembered
		if acc := accountOf(svc, tok); acc == nil || acc.Id != ann.Id {
			t.Fatalf("the check does not vouch for a valid token: %v", acc)
		}
	}

	// A token signed with another key, and one for another collection's id, are refused.
	forged, err := security.NewJWT(map[string]any{core.TokenClaimId: ann.Id, core.TokenClaimCollectionId: ann.Collection().Id,
		core.TokenClaimType: core.TokenTypeAuth, "refreshable": true}, "not the key", 3600)
	if err != nil {
		t.Fatal(err)
	}
	if code, body := like(forged); code != 401 || accountOf(svc, forged) != nil {
		t.Errorf("forged token: %d %s", code, body)
	}

	// A new password refreshes the tokenKey: the old token is refused on the next request.
	fresh, err := app.FindRecordById(c.Users, ann.Id)
	if err != nil {
		t.Fatal(err)
	}
	fresh.SetPassword("another secret 123")
	if err := app.Save(fresh); err != nil {
		t.Fatal(err)
	}
	if code, body := like(tok); code != 401 || accountOf(svc, tok) != nil {
		t.Errorf("token from before the password change: %d %s", code, body)
	}
	tok = testutil.Token(t, fresh)
	if code, body := like(tok); code != 200 {
		t.Fatalf("new token: %d %s", code, body)
	}

	// A change by another process (no hook here): tokenKey and updated rewritten in SQL.
	if _, err := app.DB().Update(c.Users, dbx.Params{"tokenKey": "rotated-elsewhere-0123456789abcdef", "updated": "2099-01-01 00:00:00.000Z"},
		dbx.HashExp{"id": ann.Id}).Execute(); err != nil {
		t.Fatal(err)
	}
	if code, body := like(tok); code != 401 {
		t.Errorf("token after a tokenKey change in SQL: %d %s", code, body)
	}

	// An edit that keeps the tokenKey (the status) is seen by the route at once too.
	fresh, _ = app.FindRecordById(c.Users, ann.Id)
	tok = testutil.Token(t, fresh)
	if code, body := like(tok); code != 200 {
		t.Fatalf("token after the SQL change: %d %s", code, body)
	}
	fresh.Set(c.FieldStatus, c.StatusRemoved)
	if err := app.Save(fresh); err != nil {
		t.Fatal(err)
	}
	if acc := accountOf(svc, tok); acc == nil || acc.GetString(c.FieldStatus) != c.StatusRemoved {
		t.Errorf("account after the status change: %v, want status removed", acc)
	}
	if code, body := like(tok); code != 200 { // requireAccount lets any status like
		t.Errorf("like after the status change: %d %s", code, body)
	}

	// A deleted account's token is refused.
	if err := app.Delete(fresh); err != nil {
		t.Fatal(err)
	}
	if code, body := like(tok); code != 401 {
		t.Errorf("token of a deleted account: %d %s", code, body)
	}
}

// A like's token, once verified, is vouched for without reading the account's row in the
// request: the like's batch checks the tokenKey in its transaction. An account whose
// tokenKey changed (here by another process, raw SQL) or that is gone is refused there
// with requireAccount's answer and nothing is written for it, while the other likes of
// the same batch count.
func TestLikeAccountCheckedInItsBatch(t *testing.T) {
	const noAuth = `"message":"The request requires a signed-in account."`
	h := holdWriter(t, 16)
	ann := testutil.CreateUser(t, h.app, "ann@folio.test", c.StatusApproved, false)
	bob := testutil.CreateUser(t, h.app, "bob@folio.test", c.StatusApproved, false)
	annTok, bobTok := testutil.Token(t, ann), testutil.Token(t, bob)
	for _, tok := range []string{annTok, bobTok} {
		if rec, proof := h.svc.Account(tok, true); rec == nil || proof != "" {
			t.Fatalf("first sight of a token: %v, proof %q; want the account read in the request", rec, proof)
		}
	}
	if rec, proof := h.svc.Account(annTok, true); rec == nil || rec.Id != ann.Id || proof != ann.TokenKey() {
		t.Fatalf("remembered token: %v, proof %q; want ann with her tokenKey", rec, proof)
	}
	if _, err := h.app.DB().Update(c.Users, dbx.Params{"tokenKey": "rotated-elsewhere-0123456789abcdef"},
		dbx.HashExp{"id": ann.Id}).Execute(); err != nil {
		t.Fatal(err)
	}

	h.occupy(t)
	steps := []struct {
		token string
		code  int
		want  string
	}{
		{annTok, 401, noAuth},
		{bobTok, 200, `{"liked":true,"likeCount":1}`},
		{annTok, 401, noAuth},
	}
	reqs := make([]*http.Request, len(steps))
	for i, s := range steps {
		reqs[i] = httptest.NewRequest(http.MethodPost, "/api/like/"+engBlogID, nil)
		reqs[i].Header.Set("User-Agent", engBrowser)
		reqs[i].Header.Set("Authorization", s.token)
	}
	answers := h.together(t, reqs) // all three queued: the requests did not refuse ann
	for i, s := range steps {
		if got := answers[i].Body.String(); answers[i].Code != s.code || !strings.Contains(got, s.want) {
			t.Errorf("like %d: %d %s, want %d %s", i, answers[i].Code, got, s.code, s.want)
		}
	}
	engLikeState(c.Blogs, engBlogID, 1)(t, h.app, nil)

	// Bob's account deleted by another process: his remembered token is refused the same
	// way, and his like stays as it was.
	if _, err := h.app.DB().Delete(c.Users, dbx.HashExp{"id": bob.Id}).Execute(); err != nil {
		t.Fatal(err)
	}
	if _, proof := h.svc.Account(bobTok, true); proof != bob.TokenKey() {
		t.Fatalf("bob's remembered token: proof %q", proof)
	}
	res := testutil.Do(t, h.app, "POST", "/api/like/"+engBlogID, bobTok, "")
	if res.Code != 401 || !strings.Contains(res.Body.String(), noAuth) {
		t.Errorf("like of a deleted account: %d %s", res.Code, res.Body.String())
	}
	engLikeState(c.Blogs, engBlogID, 1)(t, h.app, nil)
}
