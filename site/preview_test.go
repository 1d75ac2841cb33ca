package site_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/folio/folio/catalog"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/pages"
	"github.com/folio/folio/site"
	"github.com/folio/folio/testutil"
)

// A preview link's page is the item's real page whatever its status, with noindex and the
// Preview banner; without an item (a forged, expired or revoked token) it is the 404 page.
func TestRenderPreview(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	draft := testutil.SaveRecord(t, app, c.Blogs, "", map[string]any{"title": "Unfinished", "author": "Ann", "status": c.ItemDraft})
	if res := getPage(t, app, "/blogs/"+draft.Id); res.Code != http.StatusNotFound {
		t.Fatalf("a draft's public page: %d", res.Code)
	}
	d := catalog.NewItemDetail(draft, false)
	status, doc, err := site.RenderPreview(app, pages.Assets{}, "http://folio.test", "Folio", "/blogs/"+draft.Id, &d)
	body := string(doc)
	if err != nil || status != http.StatusOK || !strings.Contains(body, `<h1 class="item-title">Unfinished</h1>`) ||
		!strings.Contains(body, `class="preview-banner"`) || !strings.Contains(body, `content="noindex"`) || strings.Contains(body, `data-island="engagement"`) {
		t.Fatalf("preview: %d %v\n%s", status, err, body)
	}
	status, doc, err = site.RenderPreview(app, pages.Assets{}, "http://folio.test", "Folio", "/blogs/"+draft.Id, nil)
	if err != nil || status != http.StatusNotFound || strings.Contains(string(doc), "Unfinished") || strings.Contains(string(doc), "preview-banner") {
		t.Fatalf("no item: %d %v", status, err)
	}
}
