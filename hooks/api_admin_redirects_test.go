package hooks_test

import (
	"encoding/json"
	"strings"
	"testing"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

func TestAdminRedirectsAccess(t *testing.T) {
	t.Parallel()
	for _, s := range []testutil.Scenario{
		{Name: "guest list", Method: "GET", URL: "/api/admin/redirects", As: testutil.Guest, Status: 401, StatusOnly: "guard"},
		{Name: "pending list", Method: "GET", URL: "/api/admin/redirects", As: testutil.Pending, Status: 403, StatusOnly: "guard"},
		{Name: "admin list", Method: "GET", URL: "/api/admin/redirects", As: testutil.Admin, Status: 200, Content: []string{`[]`}},
		{Name: "guest add", Method: "POST", URL: "/api/admin/redirects", JSON: `{"from":"/old/","to":"/blogs"}`, As: testutil.Guest, Status: 401, StatusOnly: "guard"},
		{Name: "rejected delete", Method: "DELETE", URL: "/api/admin/redirects/x", As: testutil.Rejected, Status: 403, StatusOnly: "guard"},
		{Name: "unknown id", Method: "DELETE", URL: "/api/admin/redirects/nope", As: testutil.Admin, Status: 404, Content: []string{"Redirect not found."}},
	} {
		s.Test(t)
	}
}

func TestAdminRedirectsAddServeDelete(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	tok := testutil.Token(t, testutil.CreateUser(t, app, "a@folio.test", c.StatusApproved, false))
	item := testutil.SaveRecord(t, app, c.Blogs, "", map[string]any{c.FieldTitle: "New home", c.FieldAuthor: "Ada", c.FieldDate: "2026-01-01"})

	res := testutil.Do(t, app, "POST", "/api/admin/redirects", tok, `{"from":" /2019/05/old-post/?utm=x ","to":"/blogs/`+item.Id+`"}`)
	if res.Code != 201 || !strings.Contains(res.Body.String(), `"from":"/2019/05/old-post/"`) || !strings.Contains(res.Body.String(), `"code":301`) {
		t.Fatalf("add: %d %s", res.Code, res.Body.String())
	}
	var added struct{ ID string }
	_ = json.Unmarshal(res.Body.Bytes(), &added)

	// the old path (with or without its trailing slash) answers the redirect
	for _, p := range []string{"/2019/05/old-post/", "/2019/05/old-post"} {
		res = testutil.Do(t, app, "GET", p, "", "")
		if res.Code != 301 || res.Header().Get("Location") != "/blogs/"+item.Id {
			t.Errorf("GET %s: %d %q", p, res.Code, res.Header().Get("Location"))
		}
	}
	// 302 and an absolute URL
	res = testutil.Do(t, app, "POST", "/api/admin/redirects", tok, `{"from":"/feed.xml.old","to":"https://example.com/x","code":302}`)
	if res.Code != 201 {
		t.Fatalf("302: %d %s", res.Code, res.Body.String())
	}
	if res = testutil.Do(t, app, "GET", "/feed.xml.old", "", ""); res.Code != 302 || res.Header().Get("Location") != "https://example.com/x" {
		t.Errorf("302 answer: %d %q", res.Code, res.Header().Get("Location"))
	}

	for _, tc := range []struct{ body, field, msg string }{
		{`{"from":"/blogs/` + item.Id + `","to":"/x"}`, "from", "From is an existing page's path."},
		{`{"from":"/about","to":"/x"}`, "from", "From is an existing page's path."},
		{`{"from":"/","to":"/x"}`, "from", "From must be a site path starting with /."},
		{`{"from":"/api/blogs","to":"/x"}`, "from", "From must be a site path starting with /."},
		{`{"from":"old","to":"/x"}`, "from", "From must be a site path starting with /."},
		{`{"from":"/gone","to":"javascript:alert(1)"}`, "to", "To must be a site path or an http(s) URL."},
		{`{"from":"/gone","to":"/gone"}`, "to", "To must differ from From."},
		{`{"from":"/gone","to":"/x","code":307}`, "code", "Code must be 301 or 302."},
	} {
		res = testutil.Do(t, app, "POST", "/api/admin/redirects", tok, tc.body)
		if res.Code != 400 || !strings.Contains(res.Body.String(), `"`+tc.field+`":{"code"`) || !strings.Contains(res.Body.String(), tc.msg) {
			t.Errorf("%s: %d %s", tc.body, res.Code, res.Body.String())
		}
	}
	if res = testutil.Do(t, app, "POST", "/api/admin/redirects", tok, `{"from":"/2019/05/old-post/","to":"/y"}`); res.Code != 400 {
		t.Errorf("duplicate from: %d", res.Code)
	}

	// an existing page is never redirected, whatever the table holds
	if res = testutil.Do(t, app, "GET", "/blogs/"+item.Id, "", ""); res.Code != 200 {
		t.Errorf("page: %d", res.Code)
	}
	res = testutil.Do(t, app, "GET", "/api/admin/redirects", tok, "")
	if res.Code != 200 || strings.Count(res.Body.String(), `"id"`) != 2 {
		t.Fatalf("list: %s", res.Body.String())
	}
	if res = testutil.Do(t, app, "DELETE", "/api/admin/redirects/"+added.ID, tok, ""); res.Code != 204 {
		t.Fatalf("delete: %d", res.Code)
	}
	if res = testutil.Do(t, app, "GET", "/2019/05/old-post/", "", ""); res.Code != 404 {
		t.Errorf("after delete: %d", res.Code)
	}
}
