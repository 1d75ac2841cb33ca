package hooks_test

import (
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

// The roles of the authorization matrix: testutil's callers, by name.
var (
	roleGuest, rolePending, roleRejected, roleRemoved = testutil.Guest.Name, testutil.Pending.Name, testutil.Rejected.Name, testutil.Removed.Name
	roleAdmin, roleSuper, roleSuperuser               = testutil.Admin.Name, testutil.SuperAdmin.Name, testutil.Superuser.Name

	matrixCallers = []testutil.Role{testutil.Guest, testutil.Pending, testutil.Rejected, testutil.Removed, testutil.Admin, testutil.SuperAdmin, testutil.Superuser}
	matrixRoles   = []string{roleGuest, rolePending, roleRejected, roleRemoved, roleAdmin, roleSuper, roleSuperuser}
)

// matrixWorld is one app with an account of every role, another account whose email must
// not leak, and one record of every collection.
type matrixWorld struct {
	app                                         *tests.TestApp
	tokens                                      map[string]string
	accounts                                    map[string]*core.Record
	blog, project, target, other, like, attempt *core.Record
	redirect                                    *core.Record
}

func newMatrixWorld(t *testing.T) *matrixWorld {
	t.Helper()
	app := testutil.NewApp(t)
	w := &matrixWorld{app: app, tokens: map[string]string{}, accounts: map[string]*core.Record{}}
	for _, r := range matrixCallers {
		if r.Status == "" {
			continue // the guest and the superuser have no account
		}
		acc := testutil.CreateUser(t, app, strings.ReplaceAll(r.Name, " ", "-")+"@folio.test", r.Status, r.SuperAdmin)
		w.accounts[r.Name] = acc
		w.tokens[r.Name] = testutil.Token(t, acc)
	}
	w.tokens[roleSuperuser] = testutil.SuperuserToken(t, app)
	w.other = testutil.CreateUser(t, app, "other-secret@folio.test", c.StatusPending, false)
	w.target = testutil.CreateUser(t, app, "target-secret@folio.test", c.StatusPending, false)
	w.blog = testutil.SaveRecord(t, app, c.Blogs, "", map[string]any{c.FieldTitle: "B", c.FieldAuthor: "A", c.FieldDate: "2026-01-02",
		c.FieldTags: []string{"go"}, c.FieldCategories: []string{"Tech"}})
	w.project = testutil.SaveRecord(t, app, c.Projects, "", map[string]any{c.FieldTitle: "P", c.FieldAuthor: "A", c.FieldDate: "2026-01-03"})
	testutil.SaveRecord(t, app, c.Profile, "", map[string]any{c.FieldHeading: "H", c.FieldBio: "B"})
	testutil.SaveRecord(t, app, c.About, "", map[string]any{c.FieldHeading: "x"})
	w.like = testutil.SaveRecord(t, app, c.Likes, "", map[string]any{c.FieldItem: w.blog.Id, c.FieldType: c.TypeBlog, c.FieldAccount: w.other.Id})
	w.attempt = testutil.SaveRecord(t, app, c.LoginAttempts, "", map[string]any{c.FieldEmail: w.other.Email(), c.FieldAccount: w.other.Id})
	w.redirect = testutil.SaveRecord(t, app, c.Redirects, "", map[string]any{c.FieldFrom: "/old-post/", c.FieldTo: "/blogs", c.FieldCode: 301})
	if res := testutil.Do(t, app, "POST", "/api/comment/"+w.blog.Id, "", `{"email":"reader@folio.test","content":"hi"}`); res.Code != 201 {
		t.Fatalf("comment: %d", res.Code)
	}
	return w
}

// revision is the id of the newest revision of the world's blog or project.
func (w *matrixWorld) revision(typ string) string {
	item := map[string]string{c.TypeBlog: w.blog.Id, c.TypeProject: w.project.Id}[typ]
	var id string
	w.app.DB().Select("id").From(c.Revisions).Where(dbx.HashExp{c.FieldRevisionItem: item}).OrderBy("created DESC").Limit(1).Row(&id)
	return id
}

// send makes one request as role.
func (w *matrixWorld) send(t *testing.T, role, method, url, ctype, body string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(method, url, strings.NewReader(body))
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	if tok := w.tokens[role]; tok != "" {
		req.Header.Set("Authorization", tok)
	}
	res := httptest.NewRecorder()
	testutil.Handler(t, w.app).ServeHTTP(res, req)
	return res
}

// leaks lists other accounts' emails found in body: only super admins and superusers may
// see every account.
func (w *matrixWorld) leaks(role, body string) []string {
	if role == roleSuper || role == roleSuperuser {
		return nil
	}
	var out []string
	for r, acc := range w.accounts {
		if r != role && strings.Contains(body, acc.Email()) {
			out = append(out, acc.Email())
		}
	}
	for _, acc := range []*core.Record{w.other, w.target} {
		if strings.Contains(body, acc.Email()) {
			out = append(out, acc.Email())
		}
	}
	return out
}

// statuses by role, in matrixRoles order.
type statuses [7]int

func (s statuses) of(role string) int { return s[slices.Index(matrixRoles, role)] }

var (
	open        = statuses{200, 200, 200, 200, 200, 200, 200}
	anyAccount  = statuses{401, 200, 200, 200, 200, 200, 401}
	approved    = statuses{401, 403, 403, 403, 200, 200, 401}
	superAdmin  = statuses{401, 403, 403, 403, 403, 200, 401}
	superuserOn = statuses{403, 403, 403, 403, 403, 403, 200}
)

// with replaces the success status (200) of s by code.
func (s statuses) with(code int) statuses {
	for i, v := range s {
		if v == 200 {
			s[i] = code
		}
	}
	return s
}

type matrixRow struct {
	method, pattern string
	url             func(w *matrixWorld) string
	ctype, body     string
	mutates         bool // a fresh world per role: a success changes what the next role sees
	want            statuses
}

func fixed(u string) func(*matrixWorld) string { return func(*matrixWorld) string { return u } }

const (
	jsonCT = "application/json"
	formCT = "application/x-www-form-urlencoded"
)

// matrixRows is a row for every custom route of API.md.
var matrixRows = []matrixRow{
	{method: "GET", pattern: "/api/profile", url: fixed("/api/profile"), want: open},
	{method: "GET", pattern: "/api/about", url: fixed("/api/about"), want: open},
	{method: "GET", pattern: "/api/content", url: fixed("/api/content"), want: open},
	{method: "GET", pattern: "/api/blogs", url: fixed("/api/blogs"), want: open},
	{method: "GET", pattern: "/api/projects", url: fixed("/api/projects"), want: open},
	{method: "GET", pattern: "/api/blogs/{id}", url: func(w *matrixWorld) string { return "/api/blogs/" + w.blog.Id }, want: open},
	{method: "GET", pattern: "/api/projects/{id}", url: func(w *matrixWorld) string { return "/api/projects/" + w.project.Id }, want: open},
	{method: "GET", pattern: "/api/categories", url: fixed("/api/categories"), want: open},
	{method: "GET", pattern: "/api/categories/{name}", url: fixed("/api/categories/Tech"), want: open},
	{method: "GET", pattern: "/api/tags", url: fixed("/api/tags"), want: open},
	{method: "GET", pattern: "/api/tags/{tag}", url: fixed("/api/tags/go"), want: open},
	{method: "GET", pattern: "/api/archives", url: fixed("/api/archives"), want: open},
	{method: "POST", pattern: "/api/view-website", url: fixed("/api/view-website"), want: open.with(204)},
	{method: "POST", pattern: "/api/view/{id}", url: func(w *matrixWorld) string { return "/api/view/" + w.blog.Id }, want: open},
	{method: "POST", pattern: "/api/view-project/{id}", url: func(w *matrixWorld) string { return "/api/view-project/" + w.project.Id }, want: open},
	{method: "POST", pattern: "/api/share/{id}", url: func(w *matrixWorld) string { return "/api/share/" + w.blog.Id }, want: open},
	{method: "POST", pattern: "/api/share-project/{id}", url: func(w *matrixWorld) string { return "/api/share-project/" + w.project.Id }, want: open},
	{method: "POST", pattern: "/api/like/{id}", url: func(w *matrixWorld) string { return "/api/like/" + w.blog.Id }, want: anyAccount},
	{method: "POST", pattern: "/api/like-project/{id}", url: func(w *matrixWorld) string { return "/api/like-project/" + w.project.Id }, want: anyAccount},
	{method: "POST", pattern: "/api/comment/{id}", url: func(w *matrixWorld) string { return "/api/comment/" + w.blog.Id }, ctype: jsonCT,
		body: `{"email":"a@folio.test","content":"x"}`, want: open.with(201)},
	{method: "POST", pattern: "/api/comment-project/{id}", url: func(w *matrixWorld) string { return "/api/comment-project/" + w.project.Id }, ctype: jsonCT,
		body: `{"email":"a@folio.test","content":"x"}`, want: open.with(201)},
	{method: "POST", pattern: "/api/admin/check-approval", url: fixed("/api/admin/check-approval"), want: approved},
	{method: "POST", pattern: "/api/admin/login-attempt", url: fixed("/api/admin/login-attempt"), ctype: jsonCT,
		body: `{"email":"other-secret@folio.test","userAgent":"Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0"}`, want: anyAccount},
	{method: "POST", pattern: "/api/admin/register-attempt", url: fixed("/api/admin/register-attempt"), ctype: jsonCT,
		body: `{"email":"other-secret@folio.test","userAgent":"Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0"}`, want: anyAccount},
	{method: "GET", pattern: "/api/admin/admin-users", url: fixed("/api/admin/admin-users"), want: superAdmin},
	{method: "PUT", pattern: "/api/admin/admin-users/{id}", url: func(w *matrixWorld) string { return "/api/admin/admin-users/" + w.target.Id },
		ctype: jsonCT, body: `{"status":"approved"}`, mutates: true, want: superAdmin},
	{method: "GET", pattern: "/api/admin/blogs", url: fixed("/api/admin/blogs"), want: approved},
	{method: "POST", pattern: "/api/admin/blogs", url: fixed("/api/admin/blogs"), ctype: formCT, body: "title=T&author=A", mutates: true, want: approved.with(201)},
	{method: "PUT", pattern: "/api/admin/blogs/{id}", url: func(w *matrixWorld) string { return "/api/admin/blogs/" + w.blog.Id },
		ctype: formCT, body: "title=Changed", mutates: true, want: approved},
	{method: "DELETE", pattern: "/api/admin/blogs/{id}", url: func(w *matrixWorld) string { return "/api/admin/blogs/" + w.blog.Id }, mutates: true, want: approved.with(204)},
	{method: "GET", pattern: "/api/admin/projects", url: fixed("/api/admin/projects"), want: approved},
	{method: "POST", pattern: "/api/admin/projects", url: fixed("/api/admin/projects"), ctype: formCT, body: "title=T&author=A", mutates: true, want: approved.with(201)},
	{method: "PUT", pattern: "/api/admin/projects/{id}", url: func(w *matrixWorld) string { return "/api/admin/projects/" + w.project.Id },
		ctype: formCT, body: "title=Changed", mutates: true, want: approved},
	{method: "DELETE", pattern: "/api/admin/projects/{id}", url: func(w *matrixWorld) string { return "/api/admin/projects/" + w.project.Id }, mutates: true, want: approved.with(204)},
	{method: "GET", pattern: "/api/admin/profile", url: fixed("/api/admin/profile"), want: approved},
	{method: "POST", pattern: "/api/admin/profile", url: fixed("/api/admin/profile"), ctype: formCT, body: "heading=H&bio=B", want: approved.with(409)},
	{method: "PUT", pattern: "/api/admin/profile", url: fixed("/api/admin/profile"), ctype: formCT, body: "heading=New", mutates: true, want: approved},
	{method: "GET", pattern: "/api/admin/about", url: fixed("/api/admin/about"), want: approved},
	{method: "POST", pattern: "/api/admin/about", url: fixed("/api/admin/about"), ctype: formCT, body: "header=x", want: approved.with(409)},
	{method: "PUT", pattern: "/api/admin/about", url: fixed("/api/admin/about"), ctype: formCT, body: "header=New", mutates: true, want: approved},
	{method: "GET", pattern: "/api/admin/analytics", url: fixed("/api/admin/analytics?range=all"), want: approved},
	{method: "GET", pattern: "/api/admin/website-analytics", url: fixed("/api/admin/website-analytics?range=all"), want: approved},
	{method: "GET", pattern: "/api/search", url: fixed("/api/search?q=b"), want: open},
	{method: "GET", pattern: "/share-card/{type}/{file}", url: func(w *matrixWorld) string { return "/share-card/blog/" + w.blog.Id + ".png" }, want: open},
	{method: "GET", pattern: "/api/admin/analytics/sources", url: fixed("/api/admin/analytics/sources?range=all"), want: approved},
	{method: "GET", pattern: "/api/admin/analytics/live", url: fixed("/api/admin/analytics/live"), want: approved},
	{method: "GET", pattern: "/api/admin/analytics.csv", url: fixed("/api/admin/analytics.csv?range=week"), want: approved},
	{method: "GET", pattern: "/api/admin/blogs/{id}", url: func(w *matrixWorld) string { return "/api/admin/blogs/" + w.blog.Id }, want: approved},
	{method: "GET", pattern: "/api/admin/projects/{id}", url: func(w *matrixWorld) string { return "/api/admin/projects/" + w.project.Id }, want: approved},
	{method: "POST", pattern: "/api/admin/blogs/{id}/preview", url: func(w *matrixWorld) string { return "/api/admin/blogs/" + w.blog.Id + "/preview" }, mutates: true, want: approved},
	{method: "DELETE", pattern: "/api/admin/blogs/{id}/preview", url: func(w *matrixWorld) string { return "/api/admin/blogs/" + w.blog.Id + "/preview" }, mutates: true, want: approved.with(204)},
	{method: "POST", pattern: "/api/admin/projects/{id}/preview", url: func(w *matrixWorld) string { return "/api/admin/projects/" + w.project.Id + "/preview" }, mutates: true, want: approved},
	{method: "DELETE", pattern: "/api/admin/projects/{id}/preview", url: func(w *matrixWorld) string { return "/api/admin/projects/" + w.project.Id + "/preview" }, mutates: true, want: approved.with(204)},
	{method: "GET", pattern: "/api/admin/blogs/{id}/revisions", url: func(w *matrixWorld) string { return "/api/admin/blogs/" + w.blog.Id + "/revisions" }, want: approved},
	{method: "GET", pattern: "/api/admin/projects/{id}/revisions", url: func(w *matrixWorld) string { return "/api/admin/projects/" + w.project.Id + "/revisions" }, want: approved},
	{method: "GET", pattern: "/api/admin/blogs/{id}/revisions/{rid}", url: func(w *matrixWorld) string {
		return "/api/admin/blogs/" + w.blog.Id + "/revisions/" + w.revision(c.TypeBlog)
	}, want: approved},
	{method: "GET", pattern: "/api/admin/projects/{id}/revisions/{rid}", url: func(w *matrixWorld) string {
		return "/api/admin/projects/" + w.project.Id + "/revisions/" + w.revision(c.TypeProject)
	}, want: approved},
	{method: "POST", pattern: "/api/admin/blogs/{id}/revisions/{rid}/restore", url: func(w *matrixWorld) string {
		return "/api/admin/blogs/" + w.blog.Id + "/revisions/" + w.revision(c.TypeBlog) + "/restore"
	}, mutates: true, want: approved},
	{method: "POST", pattern: "/api/admin/projects/{id}/revisions/{rid}/restore", url: func(w *matrixWorld) string {
		return "/api/admin/projects/" + w.project.Id + "/revisions/" + w.revision(c.TypeProject) + "/restore"
	}, mutates: true, want: approved},
	{method: "GET", pattern: "/api/admin/redirects", url: fixed("/api/admin/redirects"), want: approved},
	{method: "POST", pattern: "/api/admin/redirects", url: fixed("/api/admin/redirects"), ctype: jsonCT,
		body: `{"from":"/matrix-old/","to":"/blogs"}`, mutates: true, want: approved.with(201)},
	{method: "DELETE", pattern: "/api/admin/redirects/{id}", url: func(w *matrixWorld) string { return "/api/admin/redirects/" + w.redirect.Id },
		mutates: true, want: approved.with(204)},
	// without a file: the gate's answer, then the route's 400 for a super admin
	{method: "POST", pattern: "/api/admin/import", url: fixed("/api/admin/import"), ctype: formCT, body: "x=1", want: superAdmin.with(400)},
	{method: "GET", pattern: "/api/admin/export", url: fixed("/api/admin/export"), want: superAdmin},
	{method: "GET", pattern: "/rss.xml", url: fixed("/rss.xml"), want: open},
	{method: "GET", pattern: "/atom.xml", url: fixed("/atom.xml"), want: open},
	{method: "GET", pattern: "/feed.json", url: fixed("/feed.json"), want: open},
	{method: "GET", pattern: "/sitemap.xml", url: fixed("/sitemap.xml"), want: open},
	{method: "GET", pattern: "/robots.txt", url: fixed("/robots.txt"), want: open},
	// the generated share card of a public item (issue 31)
	{method: "GET", pattern: "/share-card/{type}/{file}", url: func(w *matrixWorld) string { return "/share-card/project/" + w.project.Id + ".png" }, want: open},
	{method: "GET", pattern: "/manifest.webmanifest", url: fixed("/manifest.webmanifest"), want: open},
	// The world's profile has no image, so there is no profile icon for anyone.
	{method: "GET", pattern: "/icons/profile-192.png", url: fixed("/icons/profile-192.png"), want: open.with(404)},
	{method: "GET", pattern: "/icons/profile-512.png", url: fixed("/icons/profile-512.png"), want: open.with(404)},
	{method: "GET", pattern: "/{path...}", url: fixed("/admin"), want: open},
}

// routeList walks a router's groups (PocketBase keeps them unexported) into "METHOD /path".
func routeList(v reflect.Value, prefix string, out *[]string) {
	for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
		v = v.Elem()
	}
	if p := v.FieldByName("Prefix"); p.IsValid() {
		children := v.FieldByName("children")
		for i := range children.Len() {
			routeList(children.Index(i), prefix+p.String(), out)
		}
		return
	}
	*out = append(*out, v.FieldByName("Method").String()+" "+prefix+v.FieldByName("Path").String())
}

// folioRoutes are the routes Folio adds to PocketBase's router.
func folioRoutes(t *testing.T, app core.App) []string {
	t.Helper()
	bare, err := apis.NewRouter(app)
	if err != nil {
		t.Fatal(err)
	}
	var pb []string
	routeList(reflect.ValueOf(bare.RouterGroup), "", &pb)
	full, _ := apis.NewRouter(app)
	if err := app.OnServe().Trigger(&core.ServeEvent{App: app, Router: full}, func(*core.ServeEvent) error { return nil }); err != nil {
		t.Fatal(err)
	}
	var all, out []string
	routeList(reflect.ValueOf(full.RouterGroup), "", &all)
	for _, r := range all {
		if !slices.Contains(pb, r) && !strings.Contains(r, " /_/") {
			out = append(out, r)
		}
	}
	if len(out) < 40 {
		t.Fatalf("found only %d Folio routes: %v", len(out), out)
	}
	return out
}

// TestAuthorizationMatrix: every custom route for every role, with the exact status and no
// other account's email in the answer; a route without a row fails the test.
func TestAuthorizationMatrix(t *testing.T) {
	shared := newMatrixWorld(t)
	rows := map[string]bool{}
	for _, r := range matrixRows {
		rows[r.method+" "+r.pattern] = true
	}
	for _, route := range folioRoutes(t, shared.app) {
		if !rows[route] {
			t.Errorf("route %s has no row in the authorization matrix", route)
		}
		delete(rows, route)
	}
	for r := range rows {
		t.Errorf("row %s matches no route", r)
	}

	checked, dirty := 0, false
	for _, row := range matrixRows {
		for _, role := range matrixRoles {
			if dirty {
				shared, dirty = newMatrixWorld(t), false
			}
			w := shared
			url := row.url(w)
			res := w.send(t, role, row.method, url, row.ctype, row.body)
			checked++
			// A successful write changes what the next role would meet: start it afresh.
			dirty = row.mutates && res.Code/100 == 2
			if want := row.want.of(role); res.Code != want {
				t.Errorf("%s %s as %s: %d, want %d: %.200s", row.method, url, role, res.Code, want, res.Body)
			}
			if leaked := w.leaks(role, res.Body.String()); leaked != nil {
				t.Errorf("%s %s as %s leaks %v", row.method, url, role, leaked)
			}
		}
	}
	t.Logf("%d custom routes x %d roles = %d requests", len(matrixRows), len(matrixRoles), checked)
}

// TestCollectionMatrix: every collection's raw API (list, view, create, update, delete) for
// every role, exact statuses, no other account's email in any answer.
func TestCollectionMatrix(t *testing.T) {
	shared := newMatrixWorld(t)
	type op struct {
		name, method string
		url          func(w *matrixWorld, col string) string
		body         string
		mutates      bool
	}
	ids := func(w *matrixWorld, col string) string {
		switch col {
		case c.Blogs:
			return w.blog.Id
		case c.Projects:
			return w.project.Id
		case c.Likes:
			return w.like.Id
		case c.LoginAttempts:
			return w.attempt.Id
		case c.Users:
			return w.other.Id
		case c.Redirects:
			return w.redirect.Id
		}
		var id string
		w.app.DB().Select("id").From(col).Limit(1).Row(&id)
		return id
	}
	base := func(col string) string { return "/api/collections/" + col + "/records" }
	ops := []op{
		{"list", "GET", func(_ *matrixWorld, col string) string { return base(col) }, "", false},
		{"view", "GET", func(w *matrixWorld, col string) string { return base(col) + "/" + ids(w, col) }, "", false},
		{"create", "POST", func(_ *matrixWorld, col string) string { return base(col) }, "", true},
		{"update", "PATCH", func(w *matrixWorld, col string) string { return base(col) + "/" + ids(w, col) }, `{"title":"x","heading":"x","status":"approved","isSuperAdmin":true}`, true},
		{"delete", "DELETE", func(w *matrixWorld, col string) string { return base(col) + "/" + ids(w, col) }, "", true},
	}
	createBody := map[string]string{
		c.Users:         `{"email":"new-ROLE@folio.test","password":"password123","passwordConfirm":"password123","status":"approved","isSuperAdmin":true}`,
		c.Blogs:         `{"title":"x","author":"y"}`,
		c.Projects:      `{"title":"x","author":"y"}`,
		c.Profile:       `{"heading":"x","bio":"y"}`,
		c.About:         `{"header":"x"}`,
		c.Events:        `{"type":"blog","action":"view","itemId":"x"}`,
		c.Likes:         `{"item":"x","type":"blog","account":"ACCOUNT"}`,
		c.LoginAttempts: `{"email":"e@folio.test"}`,
		c.Redirects:     `{"from":"/gone-ROLE/","to":"/blogs","code":301}`,
	}
	// Expected statuses by collection and operation (the migrations' rules): items and events
	// are readable by approved accounts, everything else by superusers only; every write is
	// a superuser's, except a users registration. Lists of an unreadable collection answer
	// 200 with nothing in them when the rule is a filter, 403 when it is superuser-only.
	approvedRead := statuses{200, 200, 200, 200, 200, 200, 200}
	approvedView := statuses{404, 404, 404, 404, 200, 200, 200}
	suOnly := statuses{403, 403, 403, 403, 403, 403, 200}
	want := map[string]map[string]statuses{
		c.Users: {"list": open, "view": statuses{404, 404, 404, 404, 404, 200, 200}, "create": open,
			"update": suOnly, "delete": suOnly.with(204)},
	}
	// redirects: approved accounts read them (the dashboard lists them); writes are a superuser's
	want[c.Redirects] = map[string]statuses{"list": approvedRead, "view": approvedView, "create": suOnly, "update": suOnly, "delete": suOnly.with(204)}
	// items: anyone reads a public item (the world's are published); hidden ones are
	// TestPublicLeaks's; an item's update body carries no account status
	for _, col := range []string{c.Blogs, c.Projects} {
		want[col] = map[string]statuses{"list": approvedRead, "view": open, "create": suOnly, "update": suOnly, "delete": suOnly.with(204)}
	}
	want[c.Events] = map[string]statuses{"list": approvedRead, "view": approvedView, "create": suOnly, "update": suOnly, "delete": suOnly.with(204)}
	for _, col := range []string{c.Profile, c.About, c.Likes, c.LoginAttempts} {
		want[col] = map[string]statuses{"list": suOnly, "view": suOnly, "create": suOnly, "update": suOnly, "delete": suOnly.with(204)}
	}
	checked, dirty := 0, false
	for col, byOp := range want {
		for _, o := range ops {
			for _, role := range matrixRoles {
				if dirty {
					shared, dirty = newMatrixWorld(t), false
				}
				w := shared
				body := o.body
				if o.name == "update" && (col == c.Blogs || col == c.Projects) {
					body = `{"title":"x"}`
				}
				if o.name == "create" {
					body = strings.NewReplacer("ROLE", role, "ACCOUNT", w.other.Id).Replace(createBody[col])
				}
				url := o.url(w, col)
				res := w.send(t, role, o.method, url, jsonCT, body)
				checked++
				// A successful write changes what the next role would meet: start it afresh.
				dirty = o.mutates && res.Code/100 == 2 && !(col == c.Users && o.name == "create")
				if exp := byOp[o.name].of(role); res.Code != exp {
					t.Errorf("%s %s as %s: %d, want %d: %.200s", col, o.name, role, res.Code, exp, res.Body)
				}
				if leaked := w.leaks(role, res.Body.String()); leaked != nil {
					t.Errorf("%s %s as %s leaks %v", col, o.name, role, leaked)
				}
				if col == c.Users && o.name == "create" && res.Code == 200 && role != roleSuperuser &&
					(!strings.Contains(res.Body.String(), `"status":"pending"`) || !strings.Contains(res.Body.String(), `"isSuperAdmin":false`)) {
					t.Errorf("registration as %s set its own status: %s", role, res.Body)
				}
			}
		}
	}
	t.Logf("%d collections x %d operations x %d roles = %d requests", len(want), len(ops), len(matrixRoles), checked)
}

// TestRealtimeMatrix: a realtime subscriber of every role on every collection hears exactly
// the changes the collection's rules let it read.
func TestRealtimeMatrix(t *testing.T) {
	w := newMatrixWorld(t)
	hears := map[string]statuses{ // 1: hears the change, 0: hears nothing
		// a published item is public: every role hears it (hidden ones: TestPublicLeaksRealtime)
		c.Blogs: {1, 1, 1, 1, 1, 1, 1}, c.Projects: {1, 1, 1, 1, 1, 1, 1}, c.Events: {0, 0, 0, 0, 1, 1, 1},
		c.Profile: {0, 0, 0, 0, 0, 0, 1}, c.About: {0, 0, 0, 0, 0, 0, 1}, c.Likes: {0, 0, 0, 0, 0, 0, 1},
		c.LoginAttempts: {0, 0, 0, 0, 0, 0, 1}, c.Users: {0, 0, 0, 0, 0, 1, 1},
	}
	su, err := w.app.FindAuthRecordByEmail(core.CollectionNameSuperusers, "root@folio.test")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for col, exp := range hears {
		got := map[string]func(time.Duration) []string{}
		for _, role := range matrixRoles {
			var acc *core.Record
			switch role {
			case roleGuest:
			case roleSuperuser:
				acc = su
			default:
				acc = w.accounts[role]
			}
			got[role] = testutil.Subscribe(w.app, acc, col+"/*")
		}
		// A change the subscribers of col may or may not read: another account's record for users.
		switch col {
		case c.Users:
			w.other.Set(c.FieldDeviceInfo, "changed")
			if err := w.app.Save(w.other); err != nil {
				t.Fatal(err)
			}
		case c.Events:
			testutil.SaveRecord(t, w.app, col, "", map[string]any{c.FieldType: c.TypeBlog, c.FieldAction: c.ActionView, c.FieldItemID: w.blog.Id})
		case c.Likes:
			testutil.SaveRecord(t, w.app, col, "", map[string]any{c.FieldItem: w.project.Id, c.FieldType: c.TypeProject, c.FieldAccount: w.other.Id})
		case c.LoginAttempts:
			testutil.SaveRecord(t, w.app, col, "", map[string]any{c.FieldEmail: w.other.Email(), c.FieldAccount: w.other.Id})
		case c.Profile, c.About:
			rec, err := w.app.FindFirstRecordByFilter(col, "")
			if err != nil {
				t.Fatal(err)
			}
			rec.Set(map[string]string{c.Profile: c.FieldBio, c.About: c.FieldHeading}[col], "changed")
			if err := w.app.Save(rec); err != nil {
				t.Fatal(err)
			}
		default:
			testutil.SaveRecord(t, w.app, col, "", map[string]any{c.FieldTitle: "new", c.FieldAuthor: "A"})
		}
		// Wait for every expected delivery first; the others have had the same time by then.
		for i, role := range matrixRoles {
			if exp[i] == 1 {
				if msgs := got[role](5 * time.Second); len(msgs) == 0 {
					t.Errorf("%s: %s heard nothing", col, role)
				}
			}
		}
		for i, role := range matrixRoles {
			checked++
			if exp[i] == 0 {
				if msgs := got[role](20 * time.Millisecond); len(msgs) != 0 {
					t.Errorf("%s: %s heard %v", col, role, msgs)
				}
			}
		}
	}
	t.Logf("%d collections x %d roles = %d realtime subscriptions", len(hears), len(matrixRoles), checked)
}
