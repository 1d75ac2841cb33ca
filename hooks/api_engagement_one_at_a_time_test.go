package hooks_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/tests"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

// A batch holding every kind of write, repeats, likes taken back and unknown items among
// them, answers, counts, stores and announces what the same writes sent one at a time do:
// the batch's few multi-row statements (engagement/batch_writes.go, engagement/like_rule.go)
// change nothing a client or the dashboard sees.
func TestEngagementBatchMatchesOneAtATime(t *testing.T) {
	type write struct{ url, ua, body, account string }
	const unknown = "nosuchitem12345"
	firefox, safari := engBrowser+" Firefox/133", engBrowser+" Safari/605"
	// Before the batch: safari has viewed the project.
	before := write{"/api/view-project/" + engProjectID, safari, "", ""}
	writes := []write{
		{"/api/share/" + engBlogID, engBrowser, "", ""},
		{"/api/share/" + engBlogID, engBrowser, "", ""},
		{"/api/view/" + engBlogID, engBrowser, "", ""},
		{"/api/view/" + engBlogID, engBrowser, "", ""},        // the same visitor again
		{"/api/view-project/" + engProjectID, safari, "", ""}, // seen before the batch; nothing else moves the project's views
		{"/api/comment/" + engBlogID, engBrowser, `{"email":"r@example.com","content":"Nice <i>post</i>"}`, ""},
		{"/api/share/" + unknown, engBrowser, "", ""}, // 404
		{"/api/view/" + unknown, engBrowser, "", ""},  // 404
		{"/api/view/" + unknown, engBrowser, "", ""},  // 404, repeated
		{"/api/view-website", engBrowser, "", ""},     // 204
		{"/api/view-website", engBrowser, "", ""},     // 204, repeated
		{"/api/view/" + engBlogID, firefox, "", ""},   // a second visitor
		{"/api/share-project/" + engProjectID, engBrowser, "", ""},
		{"/api/view-project/" + engBlogID, firefox, "", ""}, // a blog id on the project route: 404
		{"/api/comment-project/" + engProjectID, firefox, `{"email":"s@example.com","content":"Hello"}`, ""},
		{"/api/view/" + engBlogID, safari, "", ""},
		{"/api/share/" + engBlogID, firefox, "", ""},
		{"/api/like/" + engBlogID, engBrowser, "", "ann"},
		{"/api/like/" + engBlogID, engBrowser, "", "bob"},
		{"/api/like/" + engBlogID, engBrowser, "", "ann"},            // taken back in the batch
		{"/api/like/" + engBlogID, engBrowser, "", "ann"},            // and made again
		{"/api/like-project/" + engProjectID, engBrowser, "", "ann"}, // liked before the batch: unliked
		{"/api/like-project/" + engProjectID, engBrowser, "", "bob"},
		{"/api/like-project/" + engProjectID, engBrowser, "", "bob"}, // made and taken back
		{"/api/like/" + unknown, engBrowser, "", "ann"},              // 404
		{"/api/like-project/" + engBlogID, engBrowser, "", "bob"},    // a blog id on the project route: 404
	}
	// Each app has ann and bob; ann liked the project before (through a record, as /_/ would).
	// It returns the app's tokens, and its account ids as their names.
	accounts := func(app *tests.TestApp) (map[string]string, *strings.Replacer) {
		ann := testutil.CreateUser(t, app, "ann@folio.test", c.StatusApproved, false)
		bob := testutil.CreateUser(t, app, "bob@folio.test", c.StatusPending, false)
		saveLike(t, app, c.TypeProject, engProjectID, ann.Id)
		return map[string]string{"ann": testutil.Token(t, ann), "bob": testutil.Token(t, bob), "": ""},
			strings.NewReplacer(ann.Id, "ann", bob.Id, "bob")
	}
	var tokens map[string]string
	request := func(w write) *http.Request {
		req := httptest.NewRequest(http.MethodPost, w.url, strings.NewReader(w.body))
		req.Header.Set("User-Agent", w.ua)
		if tok := tokens[w.account]; tok != "" {
			req.Header.Set("Authorization", tok)
		}
		if w.body != "" {
			req.Header.Set("Content-Type", "application/json")
		}
		return req
	}
	answer := func(res *httptest.ResponseRecorder) string {
		return http.StatusText(res.Code) + " " + strings.TrimSpace(res.Body.String())
	}

	// One at a time.
	one := engApp(t)
	tokens, oneNames := accounts(one)
	oneHeard := testutil.Subscribe(one, testutil.CreateUser(t, one, "admin@folio.test", c.StatusApproved, false), "events/*")
	oneHandler := testutil.Handler(t, one)
	oneHandler.ServeHTTP(httptest.NewRecorder(), request(before))
	var want []string
	for _, w := range writes {
		res := httptest.NewRecorder()
		oneHandler.ServeHTTP(res, request(w))
		want = append(want, answer(res))
	}

	// All in one batch, queued in the same order behind the earlier view.
	h := holdWriter(t, 64)
	tokens, batchNames := accounts(h.app)
	batchHeard := testutil.Subscribe(h.app, testutil.CreateUser(t, h.app, "admin@folio.test", c.StatusApproved, false), "events/*")
	first := httptest.NewRecorder()
	h.sendRequest(request(before), first)
	if n := h.batch(t); n != 1 {
		t.Fatalf("first batch holds %d writes", n)
	}
	reqs := make([]*http.Request, len(writes))
	for i, w := range writes {
		reqs[i] = request(w)
	}
	answers := h.together(t, reqs)
	for i, res := range answers {
		if got := answer(res); got != want[i] {
			t.Errorf("write %d %s: %s, one at a time %s", i, writes[i].url, got, want[i])
		}
	}
	if first.Code != http.StatusOK {
		t.Errorf("the view before the batch: %d %s", first.Code, first.Body)
	}

	for _, it := range []struct{ collection, id string }{{c.Blogs, engBlogID}, {c.Projects, engProjectID}} {
		for _, f := range c.CounterFields {
			if got, w := engCounter(t, h.app, it.collection, it.id, f), engCounter(t, one, it.collection, it.id, f); got != w {
				t.Errorf("%s %s: %d, one at a time %d", it.id, f, got, w)
			}
		}
	}
	const eventsSQL = `SELECT type || '|' || itemId || '|' || action || '|' || userId || '|' || email || '|' || content || '|' || (visitor != '') FROM events ORDER BY 1`
	var gotRows, wantRows []string
	if err := one.DB().NewQuery(eventsSQL).Column(&wantRows); err != nil {
		t.Fatal(err)
	}
	if err := h.app.DB().NewQuery(eventsSQL).Column(&gotRows); err != nil {
		t.Fatal(err)
	}
	named := func(rows []string, names *strings.Replacer) {
		for i := range rows {
			rows[i] = names.Replace(rows[i])
		}
		slices.Sort(rows)
	}
	named(wantRows, oneNames)
	named(gotRows, batchNames)
	if !slices.Equal(gotRows, wantRows) {
		t.Errorf("events rows:\n%s\none at a time:\n%s", strings.Join(gotRows, "\n"), strings.Join(wantRows, "\n"))
	}
	if n := engCount(t, h.app, `SELECT count(*) FROM events WHERE id NOT GLOB '[0-9a-z]*' OR length(id) != 15 OR created = '' OR created != updated`, nil); n != 0 {
		t.Errorf("%d events rows with a malformed id or stamp", n)
	}

	// The dashboard hears the same events (each message from its own goroutine, so as sets).
	heard := func(h func(time.Duration) []string, n int, names *strings.Replacer) []string {
		var out []string
		for deadline := time.Now().Add(5 * time.Second); len(out) < n && time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
			out = h(0)
		}
		time.Sleep(50 * time.Millisecond)
		out = h(0)
		keys := make([]string, len(out))
		for i, m := range out {
			var msg struct {
				Action string
				Record struct{ Type, ItemID, Action, UserID, Email, Content string }
			}
			_, data, _ := strings.Cut(m, " ")
			if err := json.Unmarshal([]byte(data), &msg); err != nil {
				t.Fatal(err)
			}
			r := msg.Record
			keys[i] = strings.Join([]string{msg.Action, r.Type, r.ItemID, r.Action, r.UserID, r.Email, r.Content}, "|")
		}
		named(keys, names)
		return keys
	}
	// A like made and taken back within the batch never exists after a commit, so nobody
	// hears it (one at a time it was heard before the next toggle deleted it).
	wantHeard := heard(oneHeard, len(wantRows)+2, oneNames)
	for _, gone := range []string{"create|blog|" + engBlogID + "|like|ann||", "create|project|" + engProjectID + "|like|bob||"} {
		if i := slices.Index(wantHeard, gone); i >= 0 {
			wantHeard = slices.Delete(wantHeard, i, i+1)
		} else {
			t.Errorf("one at a time, %q was not heard", gone)
		}
	}
	if got := heard(batchHeard, len(wantRows), batchNames); !slices.Equal(got, wantHeard) || len(got) != len(wantRows) {
		t.Errorf("heard:\n%s\none at a time:\n%s", strings.Join(got, "\n"), strings.Join(wantHeard, "\n"))
	}
}
