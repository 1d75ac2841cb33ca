package hooks_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/tests"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/engagement"
	"github.com/folio/folio/hooks"
	"github.com/folio/folio/testutil"
)

var engBrowserHeaders = map[string]string{"User-Agent": engBrowser}

func TestEngagementViews(t *testing.T) {
	counted := func(col, id string, n int) func(testing.TB, *tests.TestApp, *http.Response) {
		return func(t testing.TB, app *tests.TestApp, _ *http.Response) {
			if got := engCounter(t, app, col, id, c.FieldViewCount); got != n {
				t.Errorf("viewCount = %d, want %d", got, n)
			}
			if got := engEvents(t, app, id, c.ActionView); got != n {
				t.Errorf("view events = %d, want %d", got, n)
			}
		}
	}
	scenarios := []tests.ApiScenario{
		{Name: "blog view counts", Method: http.MethodPost, URL: "/api/view/" + engBlogID, Headers: engBrowserHeaders,
			Body: strings.NewReader(`{"userId":"anonymous"}`), ExpectedStatus: 200, ExpectedContent: []string{`{"viewCount":1}`},
			AfterTestFunc: counted(c.Blogs, engBlogID, 1)},
		{Name: "project view counts", Method: http.MethodPost, URL: "/api/view-project/" + engProjectID, Headers: engBrowserHeaders,
			ExpectedStatus: 200, ExpectedContent: []string{`{"viewCount":1}`}, AfterTestFunc: counted(c.Projects, engProjectID, 1)},
		{Name: "unknown id", Method: http.MethodPost, URL: "/api/view/nosuchitem12345", Headers: engBrowserHeaders,
			ExpectedStatus: 404, ExpectedContent: []string{`"status":404`}},
		{Name: "project id on the blog route", Method: http.MethodPost, URL: "/api/view/" + engProjectID, Headers: engBrowserHeaders,
			ExpectedStatus: 404, ExpectedContent: []string{`Blog not found.`}, AfterTestFunc: counted(c.Projects, engProjectID, 0)},
		{Name: "blog id on the project route", Method: http.MethodPost, URL: "/api/view-project/" + engBlogID, Headers: engBrowserHeaders,
			ExpectedStatus: 404, ExpectedContent: []string{`Project not found.`}, AfterTestFunc: counted(c.Blogs, engBlogID, 0)},
		{Name: "a crawler is answered but not counted", Method: http.MethodPost, URL: "/api/view/" + engBlogID,
			Headers: map[string]string{"User-Agent": engGooglebot}, ExpectedStatus: 200, ExpectedContent: []string{`{"viewCount":0}`},
			AfterTestFunc: counted(c.Blogs, engBlogID, 0)},
		{Name: "no user agent is not counted", Method: http.MethodPost, URL: "/api/view/" + engBlogID,
			ExpectedStatus: 200, ExpectedContent: []string{`{"viewCount":0}`}, AfterTestFunc: counted(c.Blogs, engBlogID, 0)},
		{Name: "a bot on an unknown id is still 404", Method: http.MethodPost, URL: "/api/view/nosuchitem12345",
			Headers: map[string]string{"User-Agent": engGooglebot}, ExpectedStatus: 404, ExpectedContent: []string{`"status":404`}},
		{Name: "a malformed JSON body is refused and not counted", Method: http.MethodPost, URL: "/api/view/" + engBlogID, Headers: engBrowserHeaders,
			Body: strings.NewReader(`{nope`), ExpectedStatus: 400, ExpectedContent: []string{`"status":400`}, AfterTestFunc: counted(c.Blogs, engBlogID, 0)},
		{Name: "site view", Method: http.MethodPost, URL: "/api/view-website", Headers: engBrowserHeaders,
			Body: strings.NewReader(`{"userId":"x","ip":"1.2.3.4"}`), ExpectedStatus: 204,
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				n := engCount(t, app, "SELECT count(*) FROM events WHERE type = 'site' AND action = 'view' AND itemId = ''", nil)
				if n != 1 {
					t.Errorf("site view events = %d, want 1", n)
				}
			}},
		{Name: "site view by a bot", Method: http.MethodPost, URL: "/api/view-website", Headers: map[string]string{"User-Agent": "curl/8.5.0"},
			ExpectedStatus: 204, AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				if n := engCount(t, app, "SELECT count(*) FROM events", nil); n != 0 {
					t.Errorf("events = %d, want 0", n)
				}
			}},
	}
	for _, s := range scenarios {
		s.TestAppFactory = testutil.Factory(engSeed)
		s.Test(t)
	}
}

func TestEngagementRepeatViews(t *testing.T) {
	app := engApp(t)
	base := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	now := base
	hooks.SetClock(app, func() time.Time { return now })
	view := func(url, ua string) string {
		res := testutil.Do(t, app, "POST", url, "", "", "User-Agent", ua)
		return strings.TrimSpace(res.Body.String())
	}
	steps := []struct {
		after time.Duration
		url   string
		ua    string
		want  string
	}{
		{0, "/api/view/" + engBlogID, engBrowser, `{"viewCount":1}`},
		{time.Minute, "/api/view/" + engBlogID, engBrowser, `{"viewCount":1}`},                   // same visitor: once
		{29 * time.Minute, "/api/view/" + engBlogID, engBrowser, `{"viewCount":1}`},              // still inside 30 minutes
		{29 * time.Minute, "/api/view/" + engBlogID, engBrowser + " Edg/131", `{"viewCount":2}`}, // another visitor
		{29 * time.Minute, "/api/view-project/" + engProjectID, engBrowser, `{"viewCount":1}`},   // another item
		{31 * time.Minute, "/api/view/" + engBlogID, engBrowser, `{"viewCount":3}`},              // window passed
		{32 * time.Minute, "/api/view/" + engBlogID, engBrowser, `{"viewCount":3}`},
		{32 * time.Minute, "/api/view/" + engBlogID, engGooglebot, `{"viewCount":3}`},
	}
	for i, s := range steps {
		now = base.Add(s.after)
		if got := view(s.url, s.ua); got != s.want {
			t.Errorf("step %d: %s", i, got)
		}
	}
	if n := engEvents(t, app, engBlogID, c.ActionView); n != 3 {
		t.Errorf("blog view events = %d, want 3", n)
	}

	// Site views follow the same rule.
	for i, ua := range []string{engBrowser, engBrowser, engGooglebot, "", engBrowser + " Firefox"} {
		if res := testutil.Do(t, app, "POST", "/api/view-website", "", "", "User-Agent", ua); res.Code != 204 {
			t.Errorf("site view %d: %d", i, res.Code)
		}
	}
	if n := engEvents(t, app, "", c.ActionView); n != 2 {
		t.Errorf("site view events = %d, want 2", n)
	}

	// Visitors are salted hashes that change with the day; the IP is stored nowhere.
	if n := engCount(t, app, "SELECT count(*) FROM events WHERE visitor LIKE '%192.0.2%' OR userId LIKE '%192.0.2%' OR city LIKE '%192.0.2%' OR country LIKE '%192.0.2%'", nil); n != 0 {
		t.Errorf("%d events hold the IP", n)
	}
	var visitors []string
	if err := app.DB().Select("visitor").From(c.Events).Column(&visitors); err != nil {
		t.Fatal(err)
	}
	for _, v := range visitors {
		if len(v) != 40 || strings.Contains(v, "192.0.2.1") {
			t.Errorf("visitor %q", v)
		}
	}
	now = base.Add(24 * time.Hour)
	view("/api/view/"+engBlogID, engBrowser)
	var latest string
	_ = app.DB().NewQuery("SELECT visitor FROM events WHERE itemId = {:id} ORDER BY created DESC LIMIT 1").Bind(dbx.Params{"id": engBlogID}).Row(&latest)
	for _, v := range visitors {
		if v == latest {
			t.Errorf("the same visitor hashes alike on two days: %q", v)
		}
	}
}

func TestEngagementBots(t *testing.T) {
	bots := []string{engGooglebot, "", "curl/8.5.0", "python-requests/2.32", "Go-http-client/1.1",
		"Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
		"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36"}
	for _, ua := range bots {
		if !engagement.IsBot(ua) {
			t.Errorf("IsBot(%q) = false", ua)
		}
	}
	people := []string{engBrowser,
		"Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0"}
	for _, ua := range people {
		if engagement.IsBot(ua) {
			t.Errorf("IsBot(%q) = true", ua)
		}
	}
}

func TestEngagementShares(t *testing.T) {
	scenarios := []tests.ApiScenario{
		{Name: "blog share", Method: http.MethodPost, URL: "/api/share/" + engBlogID, ExpectedStatus: 200,
			ExpectedContent: []string{`{"shareCount":1}`},
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				if engEvents(t, app, engBlogID, c.ActionShare) != 1 || engCounter(t, app, c.Blogs, engBlogID, c.FieldShareCount) != 1 {
					t.Error("share not recorded")
				}
			}},
		{Name: "project share by a bot still counts", Method: http.MethodPost, URL: "/api/share-project/" + engProjectID,
			Headers: map[string]string{"User-Agent": "curl/8"}, ExpectedStatus: 200, ExpectedContent: []string{`{"shareCount":1}`}},
		{Name: "unknown id", Method: http.MethodPost, URL: "/api/share/nosuchitem12345", ExpectedStatus: 404, ExpectedContent: []string{`"status":404`}},
		{Name: "blog id on the project route", Method: http.MethodPost, URL: "/api/share-project/" + engBlogID, ExpectedStatus: 404,
			ExpectedContent: []string{`"status":404`},
			AfterTestFunc: func(t testing.TB, app *tests.TestApp, _ *http.Response) {
				if n := engCount(t, app, "SELECT count(*) FROM events", nil); n != 0 {
					t.Errorf("a refused share left %d events", n)
				}
			}},
		{Name: "GET is not a share", Method: http.MethodGet, URL: "/api/share/" + engBlogID, ExpectedStatus: 404,
			NotExpectedContent: []string{`shareCount`}},
	}
	for _, s := range scenarios {
		s.TestAppFactory = testutil.Factory(engSeed)
		s.Test(t)
	}
}
