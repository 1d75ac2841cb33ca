package site_test

import (
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/pages"
	"github.com/folio/folio/site"
)

// getPage builds the page at target (path and query) as the site serves it, without HTTP:
// its status and bytes in a recorder.
func getPage(t *testing.T, app core.App, target string) *httptest.ResponseRecorder {
	t.Helper()
	u, err := url.Parse(target)
	if err != nil {
		t.Fatal(err)
	}
	status, doc, err := site.Render(app, pages.Assets{}, "http://folio.test", app.Settings().Meta.AppName, u.Path, site.PageQuery(u.Query()))
	if err != nil {
		t.Fatalf("%s: %v", target, err)
	}
	rec := httptest.NewRecorder()
	rec.Code = status
	rec.Body.Write(doc)
	return rec
}
