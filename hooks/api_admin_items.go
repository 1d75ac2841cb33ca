package hooks

import (
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"

	"github.com/folio/folio/catalog"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/forms"
	"github.com/folio/folio/records"
)

// adminMaxPerPage: admin lists page like public ones but may ask for 500 items at once.
const adminMaxPerPage = 500

// bindAdminItemsApi binds list/create/update/delete of blogs and projects.
func bindAdminItemsApi(app core.App, rg *router.RouterGroup[*core.RequestEvent]) {
	for _, col := range []string{c.Blogs, c.Projects} {
		g := rg.Group("/admin/" + col).Bind(requireApproved())
		g.GET("", adminItemsList(col))
		g.GET("/{id}", adminItemsView(col))
		g.POST("", adminItemsCreate(col)).Bind(apis.BodyLimit(itemBodyLimit))
		g.PUT("/{id}", adminItemsUpdate(col)).Bind(apis.BodyLimit(itemBodyLimit))
		g.DELETE("/{id}", adminItemsDelete(col))
		g.POST("/{id}/preview", adminItemsPreview(col))
		g.DELETE("/{id}/preview", adminItemsPreviewRevoke(col))
	}
}

// adminListParams reads the public list query (page, q, tag, category, sub) with the
// admin's larger perPage ceiling.
func adminListParams(e *core.RequestEvent) (catalog.ListParams, error) {
	query := e.Request.URL.Query()
	p, err := catalog.ParseListParams(query, nil, false)
	if err != nil {
		return p, e.BadRequestError("Invalid list parameters.", err)
	}
	if n, convErr := strconv.Atoi(strings.TrimSpace(query.Get("perPage"))); convErr == nil && n > 0 {
		p.PerPage = min(n, adminMaxPerPage)
	} else if convErr != nil && query.Get("perPage") != "" {
		p.PerPage = adminMaxPerPage // a well-formed number too large for int
	}
	return p, nil
}

// adminItemsList answers a List envelope of catalog.AdminItem, newest first, whatever
// their status; ?status= keeps one status.
func adminItemsList(col string) func(e *core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		p, err := adminListParams(e)
		if err != nil {
			return err
		}
		page, perPage := p.Page, p.PerPage
		where, params := p.Where()
		if status := strings.TrimSpace(e.Request.URL.Query().Get(c.FieldStatus)); status != "" {
			if !slices.Contains(c.ItemStatuses, status) {
				return e.BadRequestError("Invalid list parameters.", map[string]any{
					c.FieldStatus: records.NewFieldError("validation_invalid_status", records.MsgStatusUnknown)})
			}
			if status == c.ItemPublished { // rows written around the hooks have no status
				where += " AND [[status]] IN ('published', '')"
			} else {
				where += " AND [[status]] = {:status}"
				params["status"] = status
			}
		}
		var total int
		if err := e.App.RecordQuery(col).Select("count(*)").AndWhere(dbx.NewExp(where, params)).Row(&total); err != nil {
			return e.InternalServerError("", err)
		}
		records := []*core.Record{}
		query := e.App.RecordQuery(col).AndWhere(dbx.NewExp(where, params)).
			OrderBy(c.FieldDate+" DESC", "created DESC", "id DESC").
			Limit(int64(perPage)).Offset(int64(page-1) * int64(perPage))
		if err := query.All(&records); err != nil {
			return e.InternalServerError("", err)
		}
		if err := catalog.FillCounters(e.App, records...); err != nil {
			return e.InternalServerError("", err)
		}
		liked := catalog.LikedAmong(e.App, authAccount(e), records)
		items := make([]catalog.AdminItem, len(records))
		for i, rec := range records {
			items[i] = catalog.NewAdminItem(rec, liked[rec.Id])
		}
		return adminJSON(e, http.StatusOK, catalog.NewList(p, total, items))
	}
}

// adminItemsCreate answers 201 with the new catalog.ItemDetail.
func adminItemsCreate(col string) func(e *core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		collection, err := e.App.FindCachedCollectionByNameOrId(col)
		if err != nil {
			return e.InternalServerError("", err)
		}
		return submitItem(e, core.NewRecord(collection), http.StatusCreated)
	}
}

// adminItemsUpdate answers 200 with the updated catalog.ItemDetail; 404 for an unknown id.
func adminItemsUpdate(col string) func(e *core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		rec, err := e.App.FindRecordById(col, e.Request.PathValue("id"))
		if err != nil {
			return e.NotFoundError("", err)
		}
		return submitItem(e, rec, http.StatusOK)
	}
}

func submitItem(e *core.RequestEvent, rec *core.Record, status int) error {
	data, err := readRequestForm(e, c.FieldMedia)
	if err != nil {
		return err
	}
	defer records.SavingAs(rec, authAccount(e))()
	form := forms.NewItemForm(e.App, rec, data)
	if err := form.Validate(); err != nil {
		return saveError(e, err)
	}
	if err := form.Submit(); err != nil {
		return saveError(e, err)
	}
	if err := catalog.FillCounters(e.App, rec); err != nil {
		return e.InternalServerError("", err)
	}
	return adminItemAnswer(e, rec, status)
}

// adminItemsView answers one catalog.AdminItem whatever its status; 404 for an unknown id.
func adminItemsView(col string) func(e *core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		rec, err := e.App.FindRecordById(col, e.Request.PathValue("id"))
		if err != nil {
			return e.NotFoundError("", err)
		}
		if err := catalog.FillCounters(e.App, rec); err != nil {
			return e.InternalServerError("", err)
		}
		return adminItemAnswer(e, rec, http.StatusOK)
	}
}

// adminItemAnswer writes rec as a catalog.AdminItem with the caller's like.
func adminItemAnswer(e *core.RequestEvent, rec *core.Record, status int) error {
	return adminJSON(e, status, catalog.NewAdminItem(rec, catalog.LikedBy(e.App, authAccount(e), rec.Id)))
}

// adminItemsDelete answers 204; the delete hook removes the item's likes and events.
func adminItemsDelete(col string) func(e *core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		rec, err := e.App.FindRecordById(col, e.Request.PathValue("id"))
		if err != nil {
			return e.NotFoundError("", err)
		}
		if err := e.App.Delete(rec); err != nil {
			return e.InternalServerError("", err)
		}
		return e.NoContent(http.StatusNoContent)
	}
}
