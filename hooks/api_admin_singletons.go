package hooks

import (
	"errors"
	"net/http"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"

	"github.com/folio/folio/catalog"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/forms"
)

// singleton is one of the owner's one-record collections: the profile or About.
type singleton struct {
	collection string
	fileField  string // the upload field the form reads
	bodyLimit  int64
	shape      func(*core.Record) map[string]any // the public shape, as GET /api/<name> answers
	newForm    func(app core.App, rec *core.Record, data *forms.Data) singletonForm
}

var singletons = []singleton{
	{c.Profile, c.FieldImage, profileBodyLimit, catalog.Profile,
		func(app core.App, rec *core.Record, data *forms.Data) singletonForm {
			return forms.NewProfileForm(app, rec, data)
		}},
	{c.About, c.FieldMedia, aboutBodyLimit, catalog.About,
		func(app core.App, rec *core.Record, data *forms.Data) singletonForm {
			return forms.NewAboutForm(app, rec, data)
		}},
}

// bindAdminSingletonsApi binds GET/POST/PUT /api/admin/profile and /api/admin/about.
func bindAdminSingletonsApi(app core.App, rg *router.RouterGroup[*core.RequestEvent]) {
	for _, s := range singletons {
		g := rg.Group("/admin/" + s.collection).Bind(requireApproved())
		g.GET("", s.view)
		g.POST("", s.create).Bind(apis.BodyLimit(s.bodyLimit))
		g.PUT("", s.update).Bind(apis.BodyLimit(s.bodyLimit))
	}
}

// singletonForm is the profile or About form.
type singletonForm interface {
	Validate() error
	Submit() error
}

var errSingletonExists = errors.New("singleton exists")

func (s singleton) view(e *core.RequestEvent) error {
	rec, err := catalog.Singleton(e.App, s.collection)
	if err != nil {
		return e.InternalServerError("", err)
	}
	return adminJSON(e, http.StatusOK, singletonAnswer(rec, s.shape))
}

// singletonAnswer is the public shape of the record plus its id (null before creation).
func singletonAnswer(rec *core.Record, shape func(*core.Record) map[string]any) map[string]any {
	out := shape(rec)
	out["id"] = nil
	if rec != nil {
		out["id"] = rec.Id
	}
	return out
}

// create creates the one profile or About record: 201, or 409 when it exists.
// The check and the insert share a transaction so two quick POSTs cannot both create.
func (s singleton) create(e *core.RequestEvent) error {
	data, err := readRequestForm(e, s.fileField)
	if err != nil {
		return err
	}
	var rec *core.Record
	err = e.App.RunInTransaction(func(tx core.App) error {
		existing, err := catalog.Singleton(tx, s.collection)
		if err != nil {
			return err
		}
		if existing != nil {
			return errSingletonExists
		}
		col, err := tx.FindCachedCollectionByNameOrId(s.collection)
		if err != nil {
			return err
		}
		rec = core.NewRecord(col)
		form := s.newForm(tx, rec, data)
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
	return adminJSON(e, http.StatusCreated, singletonAnswer(rec, s.shape))
}

// update updates the one profile or About record: 200, or 404 before it exists.
func (s singleton) update(e *core.RequestEvent) error {
	data, err := readRequestForm(e, s.fileField)
	if err != nil {
		return err
	}
	rec, err := catalog.Singleton(e.App, s.collection)
	if err != nil {
		return e.InternalServerError("", err)
	}
	if rec == nil {
		return e.NotFoundError("It does not exist yet; create it with POST.", nil)
	}
	form := s.newForm(e.App, rec, data)
	if err := form.Validate(); err != nil {
		return saveError(e, err)
	}
	if err := form.Submit(); err != nil {
		return saveError(e, err)
	}
	return adminJSON(e, http.StatusOK, singletonAnswer(rec, s.shape))
}
