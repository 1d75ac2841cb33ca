package hooks_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

type revisionRow struct{ ID, Created, Author, Title, Status string }

// TestRevisions: every save keeps a revision (admin routes and /_/ alike) with its author,
// newest first, the 50 newest per item; show, restore (media kept, itself a revision), and
// the revisions go with their item.
func TestRevisions(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	_, h := servedApp(t, app)
	owner := testutil.CreateUser(t, app, "owner@folio.test", c.StatusApproved, false)
	admin := testutil.Token(t, owner)
	superuser := testutil.SuperuserToken(t, app)
	send := func(method, u, token, contentType string, body string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(method, u, strings.NewReader(body))
		if contentType != "" {
			req.Header.Set("Content-Type", contentType)
		}
		if token != "" {
			req.Header.Set("Authorization", token)
		}
		res := httptest.NewRecorder()
		h.ServeHTTP(res, req)
		return res
	}
	multipart := func(method, u string, fields map[string]string, files map[string]testutil.File) *httptest.ResponseRecorder {
		body, ct := testutil.Multipart(t, fields, files)
		b, err := io.ReadAll(body)
		if err != nil {
			t.Fatal(err)
		}
		return send(method, u, admin, ct, string(b))
	}
	list := func(col, id string) []revisionRow {
		t.Helper()
		res := send("GET", "/api/admin/"+col+"/"+id+"/revisions", admin, "", "")
		var out []revisionRow
		if res.Code != 200 || json.Unmarshal(res.Body.Bytes(), &out) != nil {
			t.Fatalf("revisions of %s: %d %s", id, res.Code, res.Body)
		}
		return out
	}
	for _, col := range []string{c.Blogs, c.Projects} {
		res := multipart("POST", "/api/admin/"+col, map[string]string{"title": "First", "author": "Ann", "description": "<p>one</p>", "status": "draft"},
			map[string]testutil.File{"media": {Name: "a.png", Data: acPNG(t, 20, 10)}})
		var item struct{ ID, Media string }
		if res.Code != 201 || json.Unmarshal(res.Body.Bytes(), &item) != nil {
			t.Fatalf("create: %d %s", res.Code, res.Body)
		}
		if res := multipart("PUT", "/api/admin/"+col+"/"+item.ID, map[string]string{"title": "Second", "description": "<p>two</p>"},
			map[string]testutil.File{"media": {Name: "b.png", Data: acPNG(t, 30, 10)}}); res.Code != 200 {
			t.Fatalf("update: %d %s", res.Code, res.Body)
		}
		// A save from /_/: PocketBase's records API as a superuser.
		if res := send("PATCH", "/api/collections/"+col+"/records/"+item.ID, superuser, "application/json", `{"title":"Third"}`); res.Code != 200 {
			t.Fatalf("/_/ update: %d %s", res.Code, res.Body)
		}
		revs := list(col, item.ID)
		got := []string{}
		for _, r := range revs {
			got = append(got, r.Title+"/"+r.Author+"/"+r.Status)
		}
		want := "Third/superuser/draft Second/owner@folio.test/draft First/owner@folio.test/draft"
		if strings.Join(got, " ") != want {
			t.Fatalf("revisions %q, want %q", strings.Join(got, " "), want)
		}
		// Show the first one.
		res = send("GET", "/api/admin/"+col+"/"+item.ID+"/revisions/"+revs[2].ID, admin, "", "")
		var shown map[string]any
		json.Unmarshal(res.Body.Bytes(), &shown)
		if res.Code != 200 || shown["title"] != "First" || shown["description"] != "<p>one</p>" || shown["status"] != "draft" ||
			shown["publishAt"] != nil || !strings.Contains(fmt.Sprint(shown["media"]), "/api/files/") {
			t.Fatalf("show: %d %s", res.Code, res.Body)
		}
		if _, ok := shown["date"].(string); !ok || len(shown["date"].(string)) != 10 {
			t.Errorf("show date %v", shown["date"])
		}
		// Restore it: fields back, the media as it is now, a new revision on top.
		current := acFind(t, app, col, item.ID).GetString(c.FieldMedia)
		res = send("POST", "/api/admin/"+col+"/"+item.ID+"/revisions/"+revs[2].ID+"/restore", admin, "", "")
		var restored struct{ Title, Description string }
		json.Unmarshal(res.Body.Bytes(), &restored)
		if res.Code != 200 || restored.Title != "First" || restored.Description != "<p>one</p>" {
			t.Fatalf("restore: %d %s", res.Code, res.Body)
		}
		if got := acFind(t, app, col, item.ID).GetString(c.FieldMedia); got != current {
			t.Errorf("restore changed the media %q to %q", current, got)
		}
		if revs := list(col, item.ID); len(revs) != 4 || revs[0].Title != "First" || revs[0].Author != "owner@folio.test" {
			t.Errorf("after restore: %+v", revs)
		}
		// Unknown ids, another item's revision, a guest.
		other := saveItem(t, app, col, "", "Other", c.ItemPublished, time.Time{})
		for u, want := range map[string]int{
			"/api/admin/" + col + "/nope/revisions":                           404,
			"/api/admin/" + col + "/" + item.ID + "/revisions/nope":           404,
			"/api/admin/" + col + "/" + other.Id + "/revisions/" + revs[0].ID: 404,
		} {
			if res := send("GET", u, admin, "", ""); res.Code != want {
				t.Errorf("GET %s: %d, want %d", u, res.Code, want)
			}
		}
		if res := send("GET", "/api/admin/"+col+"/"+item.ID+"/revisions", "", "", ""); res.Code != 401 {
			t.Errorf("guest revisions: %d", res.Code)
		}
		// Deleting the item deletes its revisions.
		if res := send("DELETE", "/api/admin/"+col+"/"+item.ID, admin, "", ""); res.Code != 204 {
			t.Fatalf("delete: %d", res.Code)
		}
		if n := acCount(t, app, c.Revisions, "item", item.ID); n != 0 {
			t.Errorf("%d revisions outlived their item", n)
		}
		if n := acCount(t, app, c.Revisions, "item", other.Id); n != 1 {
			t.Errorf("the other item has %d revisions", n)
		}
	}
}

// TestRevisionsCap: the 50 newest revisions are kept, newest first.
func TestRevisionsCap(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	rec := saveItem(t, app, c.Blogs, "", "v0", c.ItemPublished, time.Time{})
	for i := 1; i <= 55; i++ {
		rec.Set(c.FieldTitle, fmt.Sprintf("v%d", i))
		if err := app.Save(rec); err != nil {
			t.Fatal(err)
		}
	}
	res := testutil.Do(t, app, "GET", "/api/admin/blogs/"+rec.Id+"/revisions", testutil.Token(t, testutil.CreateUser(t, app, "o@folio.test", c.StatusApproved, false)), "")
	var revs []revisionRow
	json.Unmarshal(res.Body.Bytes(), &revs)
	if len(revs) != 50 || revs[0].Title != "v55" || revs[49].Title != "v6" {
		t.Fatalf("%d revisions, first %+v", len(revs), revs[:min(len(revs), 2)])
	}
	for i := 1; i < len(revs); i++ {
		if revs[i].Created > revs[i-1].Created {
			t.Fatalf("not newest first at %d", i)
		}
	}
}
