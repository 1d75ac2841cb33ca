// Package testutil builds real Folio test apps: a PocketBase TestApp on a temp SQLite
// data dir with every migration applied and every Folio hook registered.
package testutil

import (
	"os"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/types"
	"golang.org/x/crypto/bcrypt"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/engagement"
	"github.com/folio/folio/hooks"
	_ "github.com/folio/folio/pb_migrations"
)

// IndexHTML is the stand-in index.html test apps serve for site routes.
const IndexHTML = `<!doctype html><html><head><title>Folio</title></head><body><div id="root"></div></body></html>`

// PublicFS is the stand-in for the embedded React app.
var PublicFS = fstest.MapFS{
	"index.html":          {Data: []byte(IndexHTML)},
	"assets/index-abc.js": {Data: []byte(`console.log("folio")` + string(make([]byte, 600)))},
	"favicon.svg":         {Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg"></svg>`)},
}

var (
	templateOnce sync.Once
	templateDir  string
	templateErr  error
)

// template migrates a data dir once per test binary; every app starts from a copy of it.
func template() (string, error) {
	templateOnce.Do(func() {
		templateDir, templateErr = os.MkdirTemp("", "folio_template_*")
		if templateErr != nil {
			return
		}
		app, err := tests.NewTestAppWithConfig(core.BaseAppConfig{DataDir: templateDir})
		if err != nil {
			templateErr = err
			return
		}
		// bcrypt's default cost takes ~100 ms a hash here; tests create many accounts.
		for _, name := range []string{c.Users, core.CollectionNameSuperusers} {
			col, err := app.FindCollectionByNameOrId(name)
			if err != nil {
				templateErr = err
				return
			}
			if pw, ok := col.Fields.GetByName(core.FieldNamePassword).(*core.PasswordField); ok {
				pw.Cost = bcrypt.MinCost
			}
			if templateErr = app.Save(col); templateErr != nil {
				return
			}
		}
		// NewTestAppWithConfig migrated a clone: copy it back as the template.
		os.RemoveAll(templateDir)
		templateErr = os.CopyFS(templateDir, os.DirFS(app.DataDir()))
		app.Cleanup()
	})
	return templateDir, templateErr
}

// NewApp returns a migrated test app with Folio's hooks registered and rate limits off.
// It is cleaned up when t ends.
func NewApp(t testing.TB) *tests.TestApp {
	t.Helper()
	app := newApp(t)
	t.Cleanup(app.Cleanup)
	hooks.Register(app, PublicFS)
	return app
}

// NewEngineApp is NewApp and the engagement write service its hooks were built with.
func NewEngineApp(t testing.TB) (*tests.TestApp, *engagement.Service) {
	t.Helper()
	app := newApp(t)
	t.Cleanup(app.Cleanup)
	return app, hooks.Register(app, PublicFS)
}

// NewBareApp is NewApp without Folio's hooks (for tests of the data model itself).
func NewBareApp(t testing.TB) *tests.TestApp {
	t.Helper()
	app := newApp(t)
	t.Cleanup(app.Cleanup)
	return app
}

func newApp(t testing.TB) *tests.TestApp {
	t.Helper()
	engagement.CountConnections() // as main does, before the app opens its databases
	dir, err := template()
	if err != nil {
		t.Fatal(err)
	}
	app, err := tests.NewTestAppWithConfig(core.BaseAppConfig{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	app.Settings().RateLimits.Enabled = false
	return app
}

// Factory adapts NewApp to tests.ApiScenario.TestAppFactory (the scenario cleans the app up).
func Factory(setup ...func(t testing.TB, app *tests.TestApp)) func(t testing.TB) *tests.TestApp {
	return func(t testing.TB) *tests.TestApp {
		app := newApp(t)
		hooks.Register(app, PublicFS)
		for _, s := range setup {
			s(t, app)
		}
		return app
	}
}

// CreateUser saves a users account with the given status and super-admin flag
// (as a superuser would), with password "password123".
func CreateUser(t testing.TB, app core.App, email, status string, super bool) *core.Record {
	t.Helper()
	col, err := app.FindCollectionByNameOrId(c.Users)
	if err != nil {
		t.Fatal(err)
	}
	rec := core.NewRecord(col)
	rec.SetEmail(email)
	rec.SetPassword("password123")
	rec.SetVerified(true)
	rec.Set(c.FieldStatus, status)
	rec.Set(c.FieldIsSuperAdmin, super)
	if err := app.Save(rec); err != nil {
		t.Fatal(err)
	}
	return rec
}

// Token returns an auth token for rec, as the Authorization header value.
func Token(t testing.TB, rec *core.Record) string {
	t.Helper()
	tok, err := rec.NewAuthToken()
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// SuperuserToken creates a _superusers record and returns its token.
func SuperuserToken(t testing.TB, app core.App) string {
	t.Helper()
	col, err := app.FindCollectionByNameOrId(core.CollectionNameSuperusers)
	if err != nil {
		t.Fatal(err)
	}
	rec := core.NewRecord(col)
	rec.SetEmail("root@folio.test")
	rec.SetPassword("password123")
	if err := app.Save(rec); err != nil {
		t.Fatal(err)
	}
	return Token(t, rec)
}

// NewRecord is a new, unsaved record of col.
func NewRecord(t testing.TB, app core.App, col string) *core.Record {
	t.Helper()
	collection, err := app.FindCollectionByNameOrId(col)
	if err != nil {
		t.Fatal(err)
	}
	return core.NewRecord(collection)
}

// SaveRecord saves a record of col with fields, as a superuser would; an empty id
// lets PocketBase pick one. "created" and "updated" may be set to place the row in time.
func SaveRecord(t testing.TB, app core.App, col, id string, fields map[string]any) *core.Record {
	t.Helper()
	rec := NewRecord(t, app, col)
	if id != "" {
		rec.Id = id
	}
	for k, v := range fields {
		if k == "created" || k == "updated" {
			// autodate fields take raw values only; a set stamp orders rows without waiting
			dt, err := types.ParseDateTime(v)
			if err != nil {
				t.Fatal(err)
			}
			rec.SetRaw(k, dt)
			continue
		}
		rec.Set(k, v)
	}
	if err := app.Save(rec); err != nil {
		t.Fatalf("save %s: %v", col, err)
	}
	return rec
}
