package hooks_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/types"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

// pubItem describes a blog or project to seed; zero values get defaults.
type pubItem struct {
	id, typ, title, date, created, desc string
	cats, tags                          []string
}

// pubSeed saves items as a superuser would (record hooks run).
func pubSeed(t testing.TB, app core.App, items ...pubItem) []*core.Record {
	t.Helper()
	var out []*core.Record
	for _, it := range items {
		col, err := app.FindCollectionByNameOrId(c.ItemCollection(it.typ))
		if err != nil {
			t.Fatal(err)
		}
		rec := core.NewRecord(col)
		if it.id != "" {
			rec.Id = it.id
		}
		rec.Set(c.FieldTitle, it.title)
		rec.Set(c.FieldAuthor, "Ada")
		if it.date != "" {
			rec.Set(c.FieldDate, it.date+" 00:00:00.000Z")
		}
		rec.Set(c.FieldDescription, it.desc)
		if it.cats != nil {
			rec.Set(c.FieldCategories, it.cats)
		}
		if it.tags != nil {
			rec.Set(c.FieldTags, it.tags)
		}
		if it.created != "" {
			dt, err := types.ParseDateTime(it.created)
			if err != nil {
				t.Fatal(err)
			}
			rec.SetRaw("created", dt)
		}
		if err := app.Save(rec); err != nil {
			t.Fatalf("seeding %q: %v", it.title, err)
		}
		out = append(out, rec)
	}
	return out
}

// pubFactory is a test app holding items.
func pubFactory(items ...pubItem) func(t testing.TB) *tests.TestApp {
	return testutil.Factory(func(t testing.TB, app *tests.TestApp) { pubSeed(t, app, items...) })
}

// pubMux builds app's router with every OnServe route, for tests that make several requests.
func pubMux(t testing.TB, app core.App) http.Handler {
	t.Helper()
	r, err := apis.NewRouter(app)
	if err != nil {
		t.Fatal(err)
	}
	var mux http.Handler
	err = app.OnServe().Trigger(&core.ServeEvent{App: app, Router: r}, func(e *core.ServeEvent) error {
		var err error
		mux, err = e.Router.BuildMux()
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return mux
}

// pubGet makes one GET through mux.
func pubGet(mux http.Handler, url string, headers map[string]string) *http.Response {
	req := httptest.NewRequest(http.MethodGet, url, nil)
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	mux.ServeHTTP(rec, req)
	return rec.Result()
}

// pubJSON decodes a response body into v.
func pubJSON(t testing.TB, res *http.Response, v any) {
	t.Helper()
	body, _ := io.ReadAll(res.Body)
	if err := json.Unmarshal(body, v); err != nil {
		t.Fatalf("decoding %s: %v", body, err)
	}
}

// pubIDs is a response list's item ids, in order.
type pubList struct {
	Page, PerPage, TotalItems, TotalPages int
	Items                                 []struct{ ID, Type, Title string }
}

func (l pubList) ids() []string {
	out := []string{}
	for _, it := range l.Items {
		out = append(out, it.ID)
	}
	return out
}

// expectIDs is an AfterTestFunc checking the order of a list envelope's item ids.
func expectIDs(ids ...string) func(t testing.TB, app *tests.TestApp, res *http.Response) {
	return func(t testing.TB, app *tests.TestApp, res *http.Response) {
		var l pubList
		pubJSON(t, res, &l)
		if got := l.ids(); !slices.Equal(got, ids) {
			t.Errorf("ids = %v, want %v", got, ids)
		}
	}
}
