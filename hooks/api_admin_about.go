package hooks

import (
	"net/http"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"

	c "github.com/folio/folio/collections"
)

// bindAdminAboutApi binds GET/POST/PUT /api/admin/about.
func bindAdminAboutApi(app core.App, rg *router.RouterGroup[*core.RequestEvent]) {
	g := rg.Group("/admin/about").Bind(requireApproved())
	g.GET("", adminAboutView)
	g.POST("", adminAboutCreate).Bind(apis.BodyLimit(aboutBodyLimit))
	g.PUT("", adminAboutUpdate).Bind(apis.BodyLimit(aboutBodyLimit))
}

func adminAboutView(e *core.RequestEvent) error {
	return adminJSON(e, http.StatusOK, singletonAnswer(findSingleton(e.App, c.About), aboutJSON))
}

func adminAboutCreate(e *core.RequestEvent) error {
	data, err := readRequestForm(e, c.FieldMedia)
	if err != nil {
		return err
	}
	return createSingleton(e, c.About, aboutJSON, func(app core.App, rec *core.Record) singletonForm {
		return newAboutForm(app, rec, data)
	})
}

func adminAboutUpdate(e *core.RequestEvent) error {
	data, err := readRequestForm(e, c.FieldMedia)
	if err != nil {
		return err
	}
	return updateSingleton(e, c.About, aboutJSON, func(app core.App, rec *core.Record) singletonForm {
		return newAboutForm(app, rec, data)
	})
}
