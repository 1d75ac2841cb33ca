package hooks

import (
	"database/sql"
	"errors"

	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/cache"
	"github.com/folio/folio/catalog"
	c "github.com/folio/folio/collections"
)

// publicList answers a list envelope of the given item types; only /api/content takes `type`.
func publicList(route string, types []string, allowType bool) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		p, err := catalog.ParseListParams(e.Request.URL.Query(), types, allowType)
		if err != nil {
			return e.BadRequestError("Invalid list parameters.", err)
		}
		return cache.JSON(e, p.CacheKey(route), func() (any, error) {
			return catalog.SummaryList(e.App, p)
		})
	}
}

// publicItem answers one item's detail. With an Authorization header `liked` is the
// caller's; the shared cached answer (liked false) is reused unless the caller likes it.
func publicItem(typ string) func(*core.RequestEvent) error {
	col := c.ItemCollection(typ) // the cache key's prefix
	return func(e *core.RequestEvent) error {
		id := e.Request.PathValue("id")
		if e.Request.URL.RawQuery != "" {
			if token := e.Request.URL.Query().Get("preview"); token != "" {
				return previewItem(e, typ, id, token)
			}
		}
		a, err := cache.Build(e.App, col+"/"+id, func() (*cache.Answer, error) {
			rec, err := catalog.FindPublic(e.App, typ, id)
			if errors.Is(err, sql.ErrNoRows) {
				return nil, e.NotFoundError(notFoundMessage(typ), nil)
			}
			if err != nil {
				return nil, err
			}
			if err := catalog.FillCounters(e.App, rec); err != nil {
				return nil, err
			}
			d := catalog.NewItemDetail(rec, false)
			a, err := cache.NewAnswer(d)
			if err == nil {
				a.Value = d // to render a personal `liked` variant
			}
			return a, err
		})
		if err != nil {
			return err
		}
		if d, ok := a.Value.(catalog.ItemDetail); ok && authAccount(e) != nil && catalog.LikedBy(e.App, authAccount(e), id) {
			d.Liked = true
			if a, err = cache.NewAnswer(d); err != nil {
				return err
			}
		}
		return cache.WriteJSON(e, a)
	}
}

func notFoundMessage(typ string) string {
	if typ == c.TypeProject {
		return "Project not found."
	}
	return "Blog not found."
}
