package hooks

import (
	"net/http"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"

	"github.com/folio/folio/analytics"
	c "github.com/folio/folio/collections"
)

// bindAnalyticsApi binds the owner's numbers, for approved accounts only. Every answer sums
// the rollups of its range (analytics/rollups.go).
func bindAnalyticsApi(app core.App, rg *router.RouterGroup[*core.RequestEvent]) {
	rg.GET("/admin/analytics", analyticsItems).Bind(requireApproved())
	rg.GET("/admin/website-analytics", analyticsWebsite).Bind(requireApproved())
	rg.GET("/admin/analytics/sources", analyticsSources).Bind(requireApproved())
	rg.GET("/admin/analytics/live", analyticsLive).Bind(requireApproved())
	rg.GET("/admin/analytics.csv", analyticsCSV).Bind(requireApproved())
}

// analyticsItems answers GET /api/admin/analytics?range=&type=.
func analyticsItems(e *core.RequestEvent) error {
	win, err := analytics.ParseWindow(e.Request.URL.Query().Get("range"), now(e.App))
	if err != nil {
		return e.BadRequestError("Invalid range: use day, week, month, year or all.", validation.Errors{"range": err})
	}
	typ, types, err := analytics.ParseType(e.Request.URL.Query().Get("type"))
	if err != nil {
		return e.BadRequestError("Invalid type: use all, blog or project.", validation.Errors{"type": err})
	}
	out, err := analytics.Query{App: e.App, Win: win, Types: types}.ItemReport(typ, now(e.App))
	if err != nil {
		return e.InternalServerError("", err)
	}
	return e.JSON(http.StatusOK, out)
}

// analyticsWebsite answers GET /api/admin/website-analytics?range=.
func analyticsWebsite(e *core.RequestEvent) error {
	win, err := analytics.ParseWindow(e.Request.URL.Query().Get("range"), now(e.App))
	if err != nil {
		return e.BadRequestError("Invalid range: use day, week, month, year or all.", validation.Errors{"range": err})
	}
	out, err := analytics.Query{App: e.App, Win: win, Types: []string{c.TypeSite}}.SiteReport()
	if err != nil {
		return e.InternalServerError("", err)
	}
	return e.JSON(http.StatusOK, out)
}
