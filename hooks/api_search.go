package hooks

import (
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"

	"github.com/folio/folio/cache"
	"github.com/folio/folio/catalog"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/search"
)

// bindSearchApi adds GET /api/search (API.md "Search").
func bindSearchApi(app core.App, rg *router.RouterGroup[*core.RequestEvent]) {
	rg.GET("/search", searchList)
}

// searchList answers the full-text search's list envelope: ItemSummary plus snippet.
func searchList(e *core.RequestEvent) error {
	p, err := searchParams(e)
	if err != nil {
		return e.BadRequestError("Invalid list parameters.", err)
	}
	// cached like every public list: an item write drops every answer (record_cache.go)
	return cache.JSON(e, search.CacheKey(p), func() (any, error) { return search.Search(e.App, p) })
}

// searchParams reads q, page, perPage and type of a search request (the /search page's too).
func searchParams(e *core.RequestEvent) (search.Params, error) {
	lp, err := catalog.ParseListParams(e.Request.URL.Query(), []string{c.TypeBlog, c.TypeProject}, true)
	return search.Params{Q: e.Request.URL.Query().Get("q"), List: lp}, err
}
