package hooks

import (
	"net/http"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"

	c "github.com/folio/folio/collections"
)

// bindAdminProfileApi binds GET/POST/PUT /api/admin/profile.
func bindAdminProfileApi(app core.App, rg *router.RouterGroup[*core.RequestEvent]) {
	g := rg.Group("/admin/profile").Bind(requireApproved())
	g.GET("", adminProfileView)
	g.POST("", adminProfileCreate).Bind(apis.BodyLimit(profileBodyLimit))
	g.PUT("", adminProfileUpdate).Bind(apis.BodyLimit(profileBodyLimit))
}

func adminProfileView(e *core.RequestEvent) error {
	return adminJSON(e, http.StatusOK, singletonAnswer(findSingleton(e.App, c.Profile), profileJSON))
}

func adminProfileCreate(e *core.RequestEvent) error {
	data, err := readRequestForm(e, c.FieldImage)
	if err != nil {
		return err
	}
	return createSingleton(e, c.Profile, profileJSON, func(app core.App, rec *core.Record) singletonForm {
		return newProfileForm(app, rec, data)
	})
}

func adminProfileUpdate(e *core.RequestEvent) error {
	data, err := readRequestForm(e, c.FieldImage)
	if err != nil {
		return err
	}
	return updateSingleton(e, c.Profile, profileJSON, func(app core.App, rec *core.Record) singletonForm {
		return newProfileForm(app, rec, data)
	})
}
