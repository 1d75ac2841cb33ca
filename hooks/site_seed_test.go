package hooks_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/pages"
	"github.com/folio/folio/testutil"
)

// pageSeed returns the text of the page's one seed element (script#folio-seed), failing
// when there is none or more than one, or when it is not a JSON data block.
func pageSeed(t *testing.T, page []byte) string {
	t.Helper()
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	var found []*html.Node
	for n := range doc.Descendants() {
		if n.Type != html.ElementNode || n.Data != "script" {
			continue
		}
		for _, a := range n.Attr {
			if a.Key == "id" && a.Val == pages.SeedID {
				found = append(found, n)
			}
		}
	}
	if len(found) != 1 {
		t.Fatalf("%d seed elements", len(found))
	}
	n := found[0]
	typ := ""
	for _, a := range n.Attr {
		if a.Key == "type" {
			typ = a.Val
		}
	}
	if typ != "application/json" || n.FirstChild == nil || n.FirstChild.NextSibling != nil {
		t.Fatalf("seed element: type %q", typ)
	}
	// It follows the root element, outside what the app replaces.
	if p := n.Parent; p == nil || p.Data != "body" {
		t.Fatalf("seed element inside <%s>", p.Data)
	}
	return n.FirstChild.Data
}

// Every server page carries, after #root, the exact answers its first React render asks the
// API for (the anonymous ones), escaped so no content can end the element.
func TestSitePageSeed(t *testing.T) {
	t.Parallel()
	app, blogID, projectID := pageSite(t)
	hostile := `</script><script>alert(3)</script><!--`
	evil := testutil.SaveRecord(t, app, c.Blogs, "", map[string]any{"title": hostile, "author": "</SCRIPT >", "date": "2026-11-21",
		"description": "<h2>" + "&lt;/script&gt;" + "</h2><pre><code>&lt;/script&gt;&lt;script&gt;alert(4)&lt;/script&gt;</code></pre><p>\u2028 &amp; &lt;!--</p>",
		"tags":        []string{hostile}, "categories": []string{hostile}})
	// A reader who likes the post: the page must still seed the anonymous answer.
	reader := testutil.CreateUser(t, app, "ann@folio.test", c.StatusApproved, false)
	token := testutil.Token(t, reader)
	if res := testutil.Do(t, app, http.MethodPost, "/api/like/"+evil.Id, token, "{}"); res.Code != http.StatusOK {
		t.Fatalf("like: %d %s", res.Code, res.Body)
	}

	frame := []string{"/api/profile", "/api/content?perPage=6", "/api/tags"}
	cases := []struct {
		path string
		want []string // besides the frame's
	}{
		{"/", []string{"/api/content?page=1&perPage=10"}},
		{"/?page=2&utm_source=x", []string{"/api/content?page=2&perPage=10"}},
		{"/blogs", []string{"/api/blogs?page=1&perPage=10"}},
		{"/projects", []string{"/api/projects?page=1&perPage=10"}},
		{"/blogs/" + blogID, []string{"/api/blogs/" + blogID, "/api/blogs?perPage=4"}},
		{"/blogs/" + evil.Id, []string{"/api/blogs/" + evil.Id, "/api/blogs?perPage=4"}},
		{"/projects/" + projectID, []string{"/api/projects/" + projectID, "/api/projects?perPage=4"}},
		{"/categories", []string{"/api/categories"}},
		{"/categories?category=" + url.QueryEscape(hostile), []string{"/api/categories/" + url.PathEscape(hostile), "/api/categories"}},
		{"/tags", nil},
		{"/tags?tag=" + url.QueryEscape(hostile), []string{"/api/tags/" + url.PathEscape(hostile)}},
		{"/archives", []string{"/api/archives"}},
		{"/about", []string{"/api/about"}},
	}
	for _, tc := range cases {
		for _, auth := range []string{"", token} {
			page := getPage(t, app, tc.path, "Authorization", auth)
			if page.Code != http.StatusOK {
				t.Fatalf("GET %s: %d", tc.path, page.Code)
			}
			raw := pageSeed(t, page.Body.Bytes())
			if strings.ContainsAny(raw, "<>&\u2028\u2029") {
				t.Errorf("%s: the seed has a character left unescaped", tc.path)
			}
			var seed map[string]json.RawMessage
			if err := json.Unmarshal([]byte(raw), &seed); err != nil {
				t.Fatalf("%s: seed is not JSON: %v", tc.path, err)
			}
			var got []string
			for u := range seed {
				got = append(got, u)
			}
			want := append(slices.Clone(frame), tc.want...)
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("%s: seeded %q, want %q", tc.path, got, want)
			}
			for u, body := range seed {
				// The public API's anonymous answer to the same URL, byte for byte once escaped.
				res := getPage(t, app, u)
				if res.Code != http.StatusOK {
					t.Fatalf("GET %s: %d", u, res.Code)
				}
				var esc bytes.Buffer
				json.HTMLEscape(&esc, bytes.TrimSpace(res.Body.Bytes()))
				if !bytes.Equal(body, esc.Bytes()) {
					t.Errorf("%s: seed of %s differs from the API's answer:\n%s\n%s", tc.path, u, body, esc.Bytes())
				}
			}
			if d, ok := seed["/api/blogs/"+evil.Id]; ok {
				var detail struct {
					Title string
					Liked bool
				}
				if err := json.Unmarshal(d, &detail); err != nil || detail.Title != hostile || detail.Liked {
					t.Errorf("seeded detail: %+v %v", detail, err)
				}
			}
		}
	}

	// The signed-in answer differs (liked): the seed is not it.
	signed := testutil.Do(t, app, http.MethodGet, "/api/blogs/"+evil.Id, token, "")
	if !strings.Contains(signed.Body.String(), `"liked":true`) {
		t.Fatalf("the reader's own answer: %s", signed.Body)
	}

	// Pages outside the site's shell (sign-in, the dashboard) carry no seed.
	if res := getPage(t, app, "/login"); strings.Contains(res.Body.String(), pages.SeedID) {
		t.Error("/login carries a seed")
	}
}

// The seed changes with the content, so the page's ETag does: an edit drops the page.
func TestSitePageSeedFollowsEdits(t *testing.T) {
	t.Parallel()
	app, _, _ := pageSite(t)
	first := getPage(t, app, "/about")
	rec, err := app.FindFirstRecordByFilter(c.About, "id != ''")
	if err != nil {
		t.Fatal(err)
	}
	rec.Set("skills", "<ul><li>Rust</li></ul>")
	if err := app.Save(rec); err != nil {
		t.Fatal(err)
	}
	second := getPage(t, app, "/about", "If-None-Match", first.Header().Get("ETag"))
	if second.Code != http.StatusOK || !strings.Contains(pageSeed(t, second.Body.Bytes()), "Rust") {
		t.Fatalf("after an edit: %d", second.Code)
	}
}

// A counter write keeps the cached page (its HTML shows no counter): the next reader gets a
// 304 for the same ETag, while the API's answer moves at once.
func TestSitePageSurvivesCounterWrites(t *testing.T) {
	t.Parallel()
	app, blogID, _ := pageSite(t)
	page := getPage(t, app, "/blogs/"+blogID)
	if res := testutil.Do(t, app, http.MethodPost, "/api/share/"+blogID, "", ""); res.Code != http.StatusOK {
		t.Fatalf("share: %d %s", res.Code, res.Body)
	}
	if again := getPage(t, app, "/blogs/"+blogID, "If-None-Match", page.Header().Get("ETag")); again.Code != http.StatusNotModified {
		t.Fatalf("after a share the page answered %d, want 304 (kept)", again.Code)
	}
	if api := getPage(t, app, "/api/blogs/"+blogID); !strings.Contains(api.Body.String(), `"shareCount":1`) {
		t.Fatalf("the API's answer did not move: %s", api.Body)
	}
}
