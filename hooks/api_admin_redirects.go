package hooks

import (
	"database/sql"
	"errors"
	"net/http"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/records"
)

// bindAdminRedirectsApi binds the redirects' list, add and delete (API.md "Moving in and out").
func bindAdminRedirectsApi(app core.App, rg *router.RouterGroup[*core.RequestEvent]) {
	g := rg.Group("/admin/redirects")
	g.GET("", adminRedirectsList)
	g.POST("", adminRedirectsCreate)
	g.DELETE("/{id}", adminRedirectsDelete)
}

// Redirect is the shape of a redirect in the admin routes.
type Redirect struct {
	ID   string `json:"id"`
	From string `json:"from"`
	To   string `json:"to"`
	Code int    `json:"code"`
}

func newRedirect(r *core.Record) Redirect {
	return Redirect{ID: r.Id, From: r.GetString(c.FieldFrom), To: r.GetString(c.FieldTo), Code: r.GetInt(c.FieldCode)}
}

func adminRedirectsList(e *core.RequestEvent) error {
	recs, err := e.App.FindRecordsByFilter(c.Redirects, "", c.FieldFrom, 0, 0)
	if err != nil {
		return err
	}
	out := make([]Redirect, len(recs))
	for i, r := range recs {
		out[i] = newRedirect(r)
	}
	return e.JSON(http.StatusOK, out)
}

func adminRedirectsCreate(e *core.RequestEvent) error {
	var body struct {
		From string `json:"from" form:"from"`
		To   string `json:"to" form:"to"`
		Code int    `json:"code" form:"code"`
	}
	if err := e.BindBody(&body); err != nil {
		return e.BadRequestError("Invalid redirect.", err)
	}
	col, err := e.App.FindCachedCollectionByNameOrId(c.Redirects)
	if err != nil {
		return err
	}
	rec := core.NewRecord(col)
	rec.Set(c.FieldFrom, body.From)
	rec.Set(c.FieldTo, body.To)
	rec.Set(c.FieldCode, body.Code)
	if existing, _ := e.App.FindFirstRecordByData(c.Redirects, c.FieldFrom, records.NormalizeRedirectPath(body.From)); existing != nil {
		return e.BadRequestError("A redirect from this path exists.", nil)
	}
	if err := e.App.Save(rec); err != nil {
		return e.BadRequestError("Invalid redirect.", err)
	}
	return e.JSON(http.StatusCreated, newRedirect(rec))
}

func adminRedirectsDelete(e *core.RequestEvent) error {
	rec, err := e.App.FindRecordById(c.Redirects, e.Request.PathValue("id"))
	if errors.Is(err, sql.ErrNoRows) {
		return e.NotFoundError("Redirect not found.", nil)
	}
	if err != nil {
		return err
	}
	if err := e.App.Delete(rec); err != nil {
		return err
	}
	return e.NoContent(http.StatusNoContent)
}
