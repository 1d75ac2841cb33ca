package hooks

import (
	"net/http"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"

	"github.com/folio/folio/analytics"
	c "github.com/folio/folio/collections"
)

// bindAnalyticsApi binds the owner's numbers, for approved accounts only. Everything is
// computed with SQL aggregates over indexed columns.
func bindAnalyticsApi(app core.App, rg *router.RouterGroup[*core.RequestEvent]) {
	rg.GET("/admin/analytics", analyticsItems).Bind(requireApproved())
	rg.GET("/admin/website-analytics", analyticsWebsite).Bind(requireApproved())
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
	q := analytics.Query{App: e.App, Win: win, Types: types}
	out := analytics.ItemReport{Range: win.Name, Type: typ}
	if out.Series, err = q.ItemSeries(); err != nil {
		return e.InternalServerError("", err)
	}
	for _, p := range out.Series {
		out.Totals.Views += p.Views
		out.Totals.Likes += p.Likes
		out.Totals.Shares += p.Shares
		out.Totals.Comments += p.Comments
	}
	if out.TopItems, err = q.TopItems(); err != nil {
		return e.InternalServerError("", err)
	}
	if out.Locations, err = q.Locations(); err != nil {
		return e.InternalServerError("", err)
	}
	if out.RecentComments, err = q.RecentComments(); err != nil {
		return e.InternalServerError("", err)
	}
	if out.RecentLoginAttempts, err = analytics.RecentLoginAttempts(e.App, now(e.App)); err != nil {
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
	q := analytics.Query{App: e.App, Win: win, Types: []string{c.TypeSite}}
	out := analytics.SiteReport{Range: win.Name}
	if out.Series, err = q.SiteSeries(); err != nil {
		return e.InternalServerError("", err)
	}
	for _, p := range out.Series {
		out.Total += p.Count
	}
	if out.Locations, err = q.Locations(); err != nil {
		return e.InternalServerError("", err)
	}
	return e.JSON(http.StatusOK, out)
}
