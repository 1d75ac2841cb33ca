package hooks

import (
	"database/sql"
	"errors"

	"github.com/pocketbase/pocketbase/core"

	c "github.com/folio/folio/collections"
)

// ListEnvelope is a page of a public list (API.md "List envelope").
type ListEnvelope struct {
	Page       int           `json:"page"`
	PerPage    int           `json:"perPage"`
	TotalItems int           `json:"totalItems"`
	TotalPages int           `json:"totalPages"`
	Items      []ItemSummary `json:"items"`
}

// publicList answers a list envelope of the given item types; only /api/content takes `type`.
func publicList(route string, types []string, allowType bool) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		p, err := parseListParams(e.Request.URL.Query(), types, allowType)
		if err != nil {
			return e.BadRequestError("Invalid list parameters.", err)
		}
		return cachedJSON(e, p.cacheKey(route), func() (any, error) {
			return listEnvelope(e.App, p)
		})
	}
}

func listEnvelope(app core.App, p listParams) (ListEnvelope, error) {
	total, rows, err := listPage(app, p)
	if err != nil {
		return ListEnvelope{}, err
	}
	items, err := rowSummaries(app, rows)
	if err != nil {
		return ListEnvelope{}, err
	}
	return ListEnvelope{
		Page:       p.Page,
		PerPage:    p.PerPage,
		TotalItems: total,
		TotalPages: (total + p.PerPage - 1) / p.PerPage,
		Items:      items,
	}, nil
}

// publicItem answers one item's detail. With an Authorization header `liked` is the
// caller's; the shared cached answer (liked false) is reused unless the caller likes it.
func publicItem(typ string) func(*core.RequestEvent) error {
	col := c.ItemCollection(typ)
	return func(e *core.RequestEvent) error {
		id := e.Request.PathValue("id")
		a, err := cachedAnswer(e.App, col+"/"+id, func() (any, error) {
			rec, err := e.App.FindRecordById(col, id)
			if errors.Is(err, sql.ErrNoRows) {
				return nil, e.NotFoundError(notFoundMessage(typ), nil)
			}
			if err != nil {
				return nil, err
			}
			return newItemDetail(rec, false), nil
		})
		if err != nil {
			return err
		}
		if acc := authAccount(e); acc != nil && a.detail != nil && likedBy(e.App, acc, id) {
			d := *a.detail
			d.Liked = true
			if a, err = newAnswer(d); err != nil {
				return err
			}
		}
		return writeAnswer(e, a)
	}
}

func notFoundMessage(typ string) string {
	if typ == c.TypeProject {
		return "Project not found."
	}
	return "Blog not found."
}
