package hooks_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/tests"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

func TestEngagementComments(t *testing.T) {
	stored := func(id, email, content string) func(testing.TB, *tests.TestApp, *http.Response) {
		return func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			t.Helper()
			recs, err := app.FindAllRecords(c.Events)
			if err != nil || len(recs) != 1 {
				t.Fatalf("events: %d %v", len(recs), err)
			}
			ev := recs[0]
			if ev.GetString(c.FieldItemID) != id || ev.GetString(c.FieldEmail) != email || ev.GetString(c.FieldContent) != content ||
				ev.GetString(c.FieldAction) != c.ActionComment || ev.GetString(c.FieldUserID) != "anonymous" {
				t.Errorf("stored %v", ev.PublicExport())
			}
		}
	}
	nothing := func(t testing.TB, app *tests.TestApp, _ *http.Response) {
		if n := engCount(t, app, "SELECT count(*) FROM events", nil); n != 0 {
			t.Errorf("a refused comment left %d events", n)
		}
		if engCounter(t, app, c.Blogs, engBlogID, c.FieldCommentCount) != 0 {
			t.Error("commentCount moved")
		}
	}
	html := `<script>alert(1)</script><b>bold</b> & "quotes"`
	long := strings.Repeat("é", 5000)
	scenarios := []tests.ApiScenario{
		{Name: "blog comment", Method: http.MethodPost, URL: "/api/comment/" + engBlogID,
			Body:           strings.NewReader(`{"userId":"someone","email":"  ann@example.com ","content":"  Nice post!\n"}`),
			ExpectedStatus: 201, ExpectedContent: []string{`{"message":"Comment submitted successfully!"}`},
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				stored(engBlogID, "ann@example.com", "Nice post!")(t, app, res)
				if engCounter(t, app, c.Blogs, engBlogID, c.FieldCommentCount) != 1 {
					t.Error("commentCount not 1")
				}
			}},
		{Name: "project comment kept as plain text", Method: http.MethodPost, URL: "/api/comment-project/" + engProjectID,
			Body:           strings.NewReader(`{"email":"ann@example.com","content":` + jsonString(html) + `}`),
			ExpectedStatus: 201, ExpectedContent: []string{`Comment submitted successfully!`},
			AfterTestFunc: stored(engProjectID, "ann@example.com", html)},
		{Name: "5000 characters", Method: http.MethodPost, URL: "/api/comment/" + engBlogID,
			Body:           strings.NewReader(`{"email":"ann@example.com","content":"` + long + `"}`),
			ExpectedStatus: 201, ExpectedContent: []string{`Comment submitted successfully!`}},
		{Name: "5001 characters", Method: http.MethodPost, URL: "/api/comment/" + engBlogID,
			Body:           strings.NewReader(`{"email":"ann@example.com","content":"` + long + `x"}`),
			ExpectedStatus: 400, ExpectedContent: []string{`"content":{"code":"validation_length_too_long"`},
			NotExpectedContent: []string{`"email":{`}, AfterTestFunc: nothing},
		{Name: "blank content and email", Method: http.MethodPost, URL: "/api/comment/" + engBlogID,
			Body:           strings.NewReader(`{"email":"   ","content":" \n\t "}`),
			ExpectedStatus: 400, ExpectedContent: []string{`Please enter both a comment and an email.`,
				`"content":{"code":"validation_required"`, `"email":{"code":"validation_required"`}, AfterTestFunc: nothing},
		{Name: "missing email", Method: http.MethodPost, URL: "/api/comment/" + engBlogID,
			Body:           strings.NewReader(`{"content":"hi"}`),
			ExpectedStatus: 400, ExpectedContent: []string{`"email":{"code":"validation_required"`}, NotExpectedContent: []string{`"content":{`},
			AfterTestFunc: nothing},
		{Name: "invalid email", Method: http.MethodPost, URL: "/api/comment/" + engBlogID,
			Body:           strings.NewReader(`{"email":"not-an-email","content":"hi"}`),
			ExpectedStatus: 400, ExpectedContent: []string{`"email":{"code":"validation_is_email"`}, AfterTestFunc: nothing},
		{Name: "no body", Method: http.MethodPost, URL: "/api/comment/" + engBlogID,
			ExpectedStatus: 400, ExpectedContent: []string{`"content":{`, `"email":{`}, AfterTestFunc: nothing},
		{Name: "malformed JSON", Method: http.MethodPost, URL: "/api/comment/" + engBlogID,
			Body: strings.NewReader(`{"email":`), ExpectedStatus: 400, ExpectedContent: []string{`"status":400`}, AfterTestFunc: nothing},
		{Name: "wrong JSON types", Method: http.MethodPost, URL: "/api/comment/" + engBlogID,
			Body: strings.NewReader(`{"email":1,"content":["x"]}`), ExpectedStatus: 400, ExpectedContent: []string{`"status":400`}, AfterTestFunc: nothing},
		{Name: "unknown id", Method: http.MethodPost, URL: "/api/comment/nosuchitem12345",
			Body: strings.NewReader(`{"email":"ann@example.com","content":"hi"}`), ExpectedStatus: 404, ExpectedContent: []string{`"status":404`}},
		{Name: "blog id on the project route", Method: http.MethodPost, URL: "/api/comment-project/" + engBlogID,
			Body: strings.NewReader(`{"email":"ann@example.com","content":"hi"}`), ExpectedStatus: 404, ExpectedContent: []string{`"status":404`},
			AfterTestFunc: nothing},
	}
	for _, s := range scenarios {
		s.TestAppFactory = testutil.Factory(engSeed)
		s.Test(t)
	}
}

// jsonString quotes s as a JSON string.
func jsonString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case '\n':
			b.WriteString(`\n`)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
