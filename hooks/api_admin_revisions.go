package hooks

import (
	"database/sql"
	"errors"
	"net/http"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"
	"github.com/pocketbase/pocketbase/tools/types"

	"github.com/folio/folio/catalog"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/records"
)

// revisionEntry is one row of GET /api/admin/{blogs|projects}/{id}/revisions.
type revisionEntry struct {
	ID      string `json:"id"`
	Created string `json:"created"`
	Author  string `json:"author"`
	Title   string `json:"title"`
	Status  string `json:"status"`
}

// bindAdminRevisionsApi binds the revisions of blogs and projects (approved accounts: adminGate).
func bindAdminRevisionsApi(app core.App, rg *router.RouterGroup[*core.RequestEvent]) {
	for _, col := range []string{c.Blogs, c.Projects} {
		g := rg.Group("/admin/" + col + "/{id}/revisions").Bind(requireApproved())
		g.GET("", adminRevisionsList(col))
		g.GET("/{rid}", adminRevisionsView(col))
		g.POST("/{rid}/restore", adminRevisionsRestore(col))
	}
}

// revisionItem reads the path's item; 404 when unknown.
func revisionItem(e *core.RequestEvent, col string) (*core.Record, error) {
	rec, err := e.App.FindRecordById(col, e.Request.PathValue("id"))
	if err != nil {
		return nil, e.NotFoundError("", err)
	}
	return rec, nil
}

// findRevision reads the path's revision of item; 404 when it is not one of the item's.
func findRevision(e *core.RequestEvent, item *core.Record) (*core.Record, map[string]any, error) {
	rev := &core.Record{}
	err := e.App.RecordQuery(c.Revisions).AndWhere(dbx.HashExp{"id": e.Request.PathValue("rid"), c.FieldRevisionItem: item.Id,
		c.FieldRevisionType: c.ItemType(item.Collection().Name)}).Limit(1).One(rev)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil, e.NotFoundError("", nil)
	}
	if err != nil {
		return nil, nil, e.InternalServerError("", err)
	}
	data := map[string]any{}
	if err := rev.UnmarshalJSONField(c.FieldRevisionData, &data); err != nil {
		return nil, nil, e.InternalServerError("", err)
	}
	return rev, data, nil
}

// adminRevisionsList answers the item's revisions, newest first.
func adminRevisionsList(col string) func(e *core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		item, err := revisionItem(e, col)
		if err != nil {
			return err
		}
		revs := []*core.Record{}
		err = e.App.RecordQuery(c.Revisions).AndWhere(dbx.HashExp{c.FieldRevisionItem: item.Id, c.FieldRevisionType: c.ItemType(col)}).
			OrderBy("created DESC", "_rowid_ DESC").All(&revs)
		if err != nil {
			return e.InternalServerError("", err)
		}
		out := make([]revisionEntry, len(revs))
		for i, rev := range revs {
			data := map[string]any{}
			_ = rev.UnmarshalJSONField(c.FieldRevisionData, &data)
			title, _ := data[c.FieldTitle].(string)
			status, _ := data[c.FieldStatus].(string)
			out[i] = revisionEntry{ID: rev.Id, Created: rfc3339(rev.GetDateTime("created")), Author: rev.GetString(c.FieldRevisionBy),
				Title: title, Status: status}
		}
		return e.JSON(http.StatusOK, out)
	}
}

// revisionOf is the route's item and the fields its revision {rid} saved (404s as the
// item's and the revision's look-ups answer them).
func revisionOf(e *core.RequestEvent, col string) (*core.Record, map[string]any, error) {
	item, err := revisionItem(e, col)
	if err != nil {
		return nil, nil, err
	}
	_, data, err := findRevision(e, item)
	return item, data, err
}

// adminRevisionsView answers the fields as that revision saved them.
func adminRevisionsView(col string) func(e *core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		item, data, err := revisionOf(e, col)
		if err != nil {
			return err
		}
		out := map[string]any{}
		for _, f := range records.RevisionFields[col] {
			out[f] = data[f]
		}
		out[c.FieldDate] = c.Day(stringOf(data[c.FieldDate]))
		out[c.FieldPublishAt] = nil
		if at, err := types.ParseDateTime(data[c.FieldPublishAt]); err == nil && !at.IsZero() && data[c.FieldStatus] == c.ItemScheduled {
			out[c.FieldPublishAt] = rfc3339(at)
		}
		out[c.FieldMedia] = catalog.FileURL(item, stringOf(data[c.FieldMedia]), "")
		return adminJSON(e, http.StatusOK, out)
	}
}

// adminRevisionsRestore sets the item's fields back to the revision's, its media as it is
// now; the save is itself a new revision. A scheduled time that has passed restores as published.
func adminRevisionsRestore(col string) func(e *core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		item, data, err := revisionOf(e, col)
		if err != nil {
			return err
		}
		for _, f := range records.RevisionFields[col] {
			if f != c.FieldMedia {
				item.Set(f, data[f])
			}
		}
		if item.GetString(c.FieldStatus) == c.ItemScheduled && !item.GetDateTime(c.FieldPublishAt).Time().After(now(e.App)) {
			item.Set(c.FieldStatus, c.ItemPublished)
		}
		defer records.SavingAs(item, authAccount(e))()
		if err := e.App.Save(item); err != nil {
			return saveError(e, err)
		}
		if err := catalog.FillCounters(e.App, item); err != nil {
			return e.InternalServerError("", err)
		}
		return adminItemAnswer(e, item, http.StatusOK)
	}
}

// stringOf is v as a string ("" for anything else).
func stringOf(v any) string {
	s, _ := v.(string)
	return s
}

// rfc3339 writes a stored date as API.md's dates are written.
func rfc3339(dt types.DateTime) string {
	return dt.Time().UTC().Format(time.RFC3339)
}
