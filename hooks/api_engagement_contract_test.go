package hooks_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

// TestEngagementContract pins every engagement route's answers and the realtime events
// the dashboard hears, request by request, so the write path can change underneath
// (group commit) without a client noticing: same status, same body, same messages.
func TestEngagementContract(t *testing.T) {
	app := engApp(t)
	ann := testutil.CreateUser(t, app, "ann@folio.test", c.StatusApproved, false)
	bob := testutil.CreateUser(t, app, "bob@folio.test", c.StatusPending, false)
	annTok, bobTok := testutil.Token(t, ann), testutil.Token(t, bob)
	heard := testutil.Subscribe(app, ann, "events/*")

	// event is a realtime message's record without what changes per run.
	type event struct{ Type, ItemID, Action, UserID, Email, Content string }
	browser := []string{"User-Agent", engBrowser}
	steps := []struct {
		name, url, token, body string
		header                 []string
		status                 int
		answer                 string
		hears                  *event // the one events create broadcast, nil for none
	}{
		{"blog view", "/api/view/" + engBlogID, "", "", browser, 200, `{"viewCount":1}`,
			&event{c.TypeBlog, engBlogID, c.ActionView, "anonymous", "", ""}},
		{"the same visitor again", "/api/view/" + engBlogID, "", `{"userId":"x"}`, browser, 200, `{"viewCount":1}`, nil},
		{"a signed-in visitor", "/api/view/" + engBlogID, annTok, "", []string{"User-Agent", engBrowser + " Edg/131"}, 200, `{"viewCount":2}`,
			&event{c.TypeBlog, engBlogID, c.ActionView, ann.Id, "", ""}},
		{"a crawler", "/api/view/" + engBlogID, "", "", []string{"User-Agent", engGooglebot}, 200, `{"viewCount":2}`, nil},
		{"project view", "/api/view-project/" + engProjectID, "", "", browser, 200, `{"viewCount":1}`,
			&event{c.TypeProject, engProjectID, c.ActionView, "anonymous", "", ""}},
		{"blog id on the project view route", "/api/view-project/" + engBlogID, "", "", browser, 404,
			`{"data":{},"message":"Project not found.","status":404}`, nil},
		{"unknown view", "/api/view/nosuchitem12345", "", "", browser, 404, `{"data":{},"message":"Blog not found.","status":404}`, nil},
		{"site view", "/api/view-website", "", `{"userId":"u","ip":"1.2.3.4"}`, browser, 204, ``,
			&event{c.TypeSite, "", c.ActionView, "anonymous", "", ""}},
		{"site view again", "/api/view-website", "", "", browser, 204, ``, nil},
		{"site view by a bot", "/api/view-website", "", "", []string{"User-Agent", "curl/8.5.0"}, 204, ``, nil},
		{"share", "/api/share/" + engBlogID, "", "", nil, 200, `{"shareCount":1}`,
			&event{c.TypeBlog, engBlogID, c.ActionShare, "anonymous", "", ""}},
		{"share again", "/api/share/" + engBlogID, annTok, "", nil, 200, `{"shareCount":2}`,
			&event{c.TypeBlog, engBlogID, c.ActionShare, ann.Id, "", ""}},
		{"project share", "/api/share-project/" + engProjectID, "", "", nil, 200, `{"shareCount":1}`,
			&event{c.TypeProject, engProjectID, c.ActionShare, "anonymous", "", ""}},
		{"unknown share", "/api/share/nosuchitem12345", "", "", nil, 404, `{"data":{},"message":"Blog not found.","status":404}`, nil},
		{"comment", "/api/comment/" + engBlogID, "", `{"userId":"spoof","email":" reader@example.com ","content":" <b>Hi</b> "}`, nil, 201,
			`{"message":"Comment submitted successfully!"}`, &event{c.TypeBlog, engBlogID, c.ActionComment, "anonymous", "reader@example.com", "<b>Hi</b>"}},
		{"blank comment", "/api/comment/" + engBlogID, "", `{"email":"","content":" "}`, nil, 400,
			`{"data":{"content":{"code":"validation_required","message":"Please enter a comment."},"email":{"code":"validation_required","message":"Please enter an email."}},"message":"Please enter both a comment and an email.","status":400}`, nil},
		{"comment on an unknown item", "/api/comment-project/" + engBlogID, "", `{"email":"a@example.com","content":"x"}`, nil, 404,
			`{"data":{},"message":"Project not found.","status":404}`, nil},
		{"a blank comment on an unknown item", "/api/comment/nosuchitem12345", "", `{"email":"","content":""}`, nil, 404,
			`{"data":{},"message":"Blog not found.","status":404}`, nil},
		// Malformed JSON never reaches a route: the strict-JSON guard (request_guard.go)
		// answers it first, whatever the item.
		{"a malformed comment on an unknown item", "/api/comment/nosuchitem12345", "", `{nope`, nil, 400,
			`{"data":{},"message":"Invalid request body.","status":400}`, nil},
		{"a malformed comment", "/api/comment/" + engBlogID, "", `{nope`, nil, 400,
			`{"data":{},"message":"Invalid request body.","status":400}`, nil},
		{"like", "/api/like/" + engBlogID, annTok, `{"userId":"` + bob.Id + `"}`, nil, 200, `{"liked":true,"likeCount":1}`,
			&event{c.TypeBlog, engBlogID, c.ActionLike, ann.Id, "", ""}},
		{"another account likes", "/api/like/" + engBlogID, bobTok, "", nil, 200, `{"liked":true,"likeCount":2}`,
			&event{c.TypeBlog, engBlogID, c.ActionLike, bob.Id, "", ""}},
		{"unlike", "/api/like/" + engBlogID, annTok, "", nil, 200, `{"liked":false,"likeCount":1}`, nil},
		{"guest like", "/api/like/" + engBlogID, "", "", nil, 401, `{"data":{},"message":"The request requires a signed-in account.","status":401}`, nil},
		{"like of an unknown item", "/api/like-project/" + engBlogID, annTok, "", nil, 404, `{"data":{},"message":"Project not found.","status":404}`, nil},
	}
	var want []event
	for _, s := range steps {
		res := testutil.Do(t, app, "POST", s.url, s.token, s.body, s.header...)
		if got := strings.TrimSpace(res.Body.String()); res.Code != s.status || got != s.answer {
			t.Errorf("%s: %d %s, want %d %s", s.name, res.Code, got, s.status, s.answer)
		}
		if s.hears != nil {
			want = append(want, *s.hears)
		}
	}

	// Broadcasts follow the commits; wait for the expected ones, then a moment for extras.
	for deadline := time.Now().Add(5 * time.Second); len(heard(0)) < len(want) && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond)
	}
	time.Sleep(50 * time.Millisecond)
	var got []event
	for _, m := range heard(0) {
		topic, data, _ := strings.Cut(m, " ")
		var msg struct {
			Action string
			Record event
		}
		if err := json.Unmarshal([]byte(data), &msg); err != nil || topic != "events/*" || msg.Action != "create" {
			t.Fatalf("message %q: %v", m, err)
		}
		got = append(got, msg.Record)
	}
	// PocketBase sends each message from its own goroutine, so only the set is certain.
	key := func(e event) string {
		return strings.Join([]string{e.Type, e.ItemID, e.Action, e.UserID, e.Email, e.Content}, "|")
	}
	slices.SortFunc(got, func(a, b event) int { return strings.Compare(key(a), key(b)) })
	slices.SortFunc(want, func(a, b event) int { return strings.Compare(key(a), key(b)) })
	if len(got) != len(want) {
		t.Fatalf("heard %d events, want %d:\n%+v\n%+v", len(got), len(want), got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("event %d: %+v, want %+v", i, got[i], want[i])
		}
	}
}
