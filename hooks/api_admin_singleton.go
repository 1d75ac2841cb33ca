package hooks

import (
	"errors"
	"net/http"

	"github.com/pocketbase/pocketbase/core"
)

// singletonForm is the profile or About form.
type singletonForm interface {
	Validate() error
	Submit() error
}

var errSingletonExists = errors.New("singleton exists")

// singletonAnswer is the public shape of the record plus its id (null before creation).
func singletonAnswer(rec *core.Record, shape func(*core.Record) map[string]any) map[string]any {
	out := shape(rec)
	out["id"] = nil
	if rec != nil {
		out["id"] = rec.Id
	}
	return out
}

// createSingleton creates the one profile or About record: 201, or 409 when it exists.
// The check and the insert share a transaction so two quick POSTs cannot both create.
func createSingleton(e *core.RequestEvent, collection string, shape func(*core.Record) map[string]any,
	newForm func(app core.App, rec *core.Record) singletonForm) error {
	var rec *core.Record
	err := e.App.RunInTransaction(func(tx core.App) error {
		if findSingleton(tx, collection) != nil {
			return errSingletonExists
		}
		col, err := tx.FindCachedCollectionByNameOrId(collection)
		if err != nil {
			return err
		}
		rec = core.NewRecord(col)
		form := newForm(tx, rec)
		if err := form.Validate(); err != nil {
			return err
		}
		return form.Submit()
	})
	if errors.Is(err, errSingletonExists) {
		return e.Error(http.StatusConflict, "It already exists; update it with PUT.", nil)
	}
	if err != nil {
		return saveError(e, err)
	}
	return adminJSON(e, http.StatusCreated, singletonAnswer(rec, shape))
}

// updateSingleton updates the one profile or About record: 200, or 404 before it exists.
func updateSingleton(e *core.RequestEvent, collection string, shape func(*core.Record) map[string]any,
	newForm func(app core.App, rec *core.Record) singletonForm) error {
	rec := findSingleton(e.App, collection)
	if rec == nil {
		return e.NotFoundError("It does not exist yet; create it with POST.", nil)
	}
	form := newForm(e.App, rec)
	if err := form.Validate(); err != nil {
		return saveError(e, err)
	}
	if err := form.Submit(); err != nil {
		return saveError(e, err)
	}
	return adminJSON(e, http.StatusOK, singletonAnswer(rec, shape))
}
