package hooks_test

import (
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

// TestPreviewLinks: a preview link shows a draft's real page to anyone holding it, with
// noindex and the Preview banner, for 7 days; a forged, expired or revoked token is a 404.
func TestPreviewLinks(t *testing.T) {
	t.Parallel()
	app, clockAt, h := clockedApp(t)
	admin := testutil.Token(t, testutil.CreateUser(t, app, "owner@folio.test", c.StatusApproved, false))
	do := func(method, u, token string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(method, u, nil)
		if token != "" {
			req.Header.Set("Authorization", token)
		}
		res := httptest.NewRecorder()
		h.ServeHTTP(res, req)
		return res
	}
	for _, col := range []string{c.Blogs, c.Projects} {
		rec := saveItem(t, app, col, "", "Unfinished "+col, c.ItemDraft, time.Time{})
		base := "/api/admin/" + col + "/" + rec.Id + "/preview"
		if res := do("POST", base, ""); res.Code != 401 {
			t.Errorf("guest preview: %d", res.Code)
		}
		if res := do("POST", "/api/admin/"+col+"/nope/preview", admin); res.Code != 404 {
			t.Errorf("unknown item preview: %d", res.Code)
		}
		res := do("POST", base, admin)
		var link struct{ URL, Expires string }
		if res.Code != 200 || json.Unmarshal(res.Body.Bytes(), &link) != nil {
			t.Fatalf("preview: %d %s", res.Code, res.Body)
		}
		if !strings.HasPrefix(link.URL, "/"+col+"/"+rec.Id+"?preview=") || link.Expires != publishNow.Add(7*24*time.Hour).Format(time.RFC3339) {
			t.Fatalf("preview link %+v", link)
		}
		page := do("GET", link.URL, "")
		body := page.Body.String()
		if page.Code != 200 || !strings.Contains(body, "Unfinished "+col) || !strings.Contains(body, `<meta name="robots" content="noindex">`) ||
			!strings.Contains(body, `class="preview-banner"`) || !strings.Contains(body, "Preview") {
			t.Fatalf("preview page %d: %.300s", page.Code, body)
		}
		if strings.Contains(body, `data-island="engagement"`) {
			t.Error("a preview page offers likes, shares, comments and a view count of an item that is not public")
		}
		if cc := page.Header().Get("Cache-Control"); cc != "private, no-store" {
			t.Errorf("preview page Cache-Control %q", cc)
		}
		token := link.URL[strings.Index(link.URL, "=")+1:]
		if res := do("GET", "/api/"+col+"/"+rec.Id+"?preview="+token, ""); res.Code != 200 || !strings.Contains(res.Body.String(), "Unfinished") {
			t.Errorf("API preview: %d", res.Code)
		}
		// The plain page and API still hide the draft.
		for _, u := range []string{"/" + col + "/" + rec.Id, "/api/" + col + "/" + rec.Id} {
			if res := do("GET", u, ""); res.Code != 404 {
				t.Errorf("GET %s without a token: %d", u, res.Code)
			}
		}
		expiry, sig, _ := strings.Cut(token, ".")
		forged := []string{
			expiry + "." + strings.Repeat("A", len(sig)), // wrong signature
			"9999999999." + sig,                          // expiry moved
			"garbage",                                    // not a token
		}
		for _, f := range forged {
			for _, u := range []string{"/" + col + "/" + rec.Id + "?preview=" + f, "/api/" + col + "/" + rec.Id + "?preview=" + f} {
				if res := do("GET", u, ""); res.Code != 404 {
					t.Errorf("forged token %q on %s: %d", f, u, res.Code)
				}
			}
		}
		// Valid for 7 days on the app clock.
		clockAt.Store(publishNow.Add(7*24*time.Hour - time.Second).UnixNano())
		if res := do("GET", link.URL, ""); res.Code != 200 {
			t.Errorf("a link on its last day: %d", res.Code)
		}
		clockAt.Store(publishNow.Add(7 * 24 * time.Hour).UnixNano())
		if res := do("GET", link.URL, ""); res.Code != 404 {
			t.Errorf("an expired link: %d", res.Code)
		}
		clockAt.Store(publishNow.UnixNano())
		// DELETE revokes every link of the item; a new one works.
		second := do("POST", base, admin)
		if res := do("DELETE", base, admin); res.Code != 204 {
			t.Fatalf("revoke: %d %s", res.Code, res.Body)
		}
		var link2 struct{ URL string }
		json.Unmarshal(second.Body.Bytes(), &link2)
		for _, u := range []string{link.URL, link2.URL} {
			if res := do("GET", u, ""); res.Code != 404 {
				t.Errorf("revoked link %s: %d", u, res.Code)
			}
		}
		res = do("POST", base, admin)
		json.Unmarshal(res.Body.Bytes(), &link)
		if res := do("GET", link.URL, ""); res.Code != 200 {
			t.Errorf("a link made after the revocation: %d", res.Code)
		}
		// Once published, the page itself offers the engagement the preview left out.
		rec.Set(c.FieldStatus, c.ItemPublished)
		if err := app.Save(rec); err != nil {
			t.Fatal(err)
		}
		if res := do("GET", "/"+col+"/"+rec.Id, ""); res.Code != 200 || !strings.Contains(res.Body.String(), `data-island="engagement"`) {
			t.Errorf("published page %d without engagement", res.Code)
		}
	}
}
