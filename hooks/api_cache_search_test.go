package hooks_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

// Search answers are cached like every public list: a repeated anonymous search is answered
// before the router, and a content change drops it, so a new match shows at once.
func TestSearchAnswersAreCachedAndDroppedOnWrites(t *testing.T) {
	t.Parallel()
	app, _, _ := pageSite(t)
	const path = "/api/content?q=engine"
	chainRuns := 0
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		se.Router.BindFunc(func(e *core.RequestEvent) error {
			if e.Request.URL.RequestURI() == path {
				chainRuns++
			}
			return e.Next()
		})
		return se.Next()
	})
	first := getPage(t, app, path)
	second := getPage(t, app, path)
	if first.Code != http.StatusOK || !strings.Contains(first.Body.String(), `"totalItems":1`) {
		t.Fatalf("search: %d %s", first.Code, first.Body.String())
	}
	if chainRuns != 1 || second.Body.String() != first.Body.String() || second.Header().Get("ETag") != first.Header().Get("ETag") {
		t.Errorf("a repeated search ran the chain %d times (want 1) or changed", chainRuns)
	}
	if res := getPage(t, app, path, "Authorization", "x"); res.Header().Get("Cache-Control") == second.Header().Get("Cache-Control") {
		t.Errorf("a signed-in search got the shared public answer: %v", res.Header())
	}

	testutil.SaveRecord(t, app, c.Projects, "", map[string]any{"title": "Second engine", "author": "Ann", "date": "2026-11-21", "description": "<p>x</p>"})
	if body := getPage(t, app, path).Body.String(); !strings.Contains(body, `"totalItems":2`) || !strings.Contains(body, "Second engine") {
		t.Errorf("the cached search outlived a new match: %s", body)
	}
	rec, err := app.FindFirstRecordByData(c.Projects, "title", "Second engine")
	if err != nil {
		t.Fatal(err)
	}
	if err := app.Delete(rec); err != nil {
		t.Fatal(err)
	}
	if body := getPage(t, app, path).Body.String(); !strings.Contains(body, `"totalItems":1`) {
		t.Errorf("the cached search outlived a deletion: %s", body)
	}
}
