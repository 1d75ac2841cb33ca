package hooks

import (
	"net/http"
	"time"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"

	c "github.com/folio/folio/collections"
)

// Analytics limits (API.md "Admin routes").
const (
	analyticsTopItems       = 10
	analyticsRecentComments = 20
	analyticsLocations      = 100
	loginAttemptsWindow     = 5 * time.Minute
)

// bindAnalyticsApi binds the owner's numbers, for approved accounts only. Everything is
// computed with SQL aggregates over indexed columns.
func bindAnalyticsApi(app core.App, rg *router.RouterGroup[*core.RequestEvent]) {
	rg.GET("/admin/analytics", analyticsItems).Bind(requireApproved())
	rg.GET("/admin/website-analytics", analyticsWebsite).Bind(requireApproved())
}

type analyticsTotals struct {
	Views    int `json:"views"`
	Likes    int `json:"likes"`
	Shares   int `json:"shares"`
	Comments int `json:"comments"`
}

type analyticsPoint struct {
	Date string `json:"date"`
	analyticsTotals
}

type analyticsTopItem struct {
	ID    string `json:"id"`
	Type  string `json:"type"`
	Title string `json:"title"`
	analyticsTotals
}

type analyticsLocation struct {
	Country string `json:"country" db:"country"`
	City    string `json:"city" db:"city"`
	Count   int    `json:"count" db:"n"`
}

type analyticsComment struct {
	ItemID  string `json:"itemId"`
	Type    string `json:"type"`
	Title   string `json:"title"`
	Email   string `json:"email"`
	Content string `json:"content"`
	Created string `json:"created"`
}

type itemAnalytics struct {
	Range               string              `json:"range"`
	Type                string              `json:"type"`
	Totals              analyticsTotals     `json:"totals"`
	Series              []analyticsPoint    `json:"series"`
	TopItems            []analyticsTopItem  `json:"topItems"`
	Locations           []analyticsLocation `json:"locations"`
	RecentComments      []analyticsComment  `json:"recentComments"`
	RecentLoginAttempts int                 `json:"recentLoginAttempts"`
}

type websitePoint struct {
	Date  string `json:"date"`
	Count int    `json:"count"`
}

type websiteAnalytics struct {
	Range     string              `json:"range"`
	Total     int                 `json:"total"`
	Series    []websitePoint      `json:"series"`
	Locations []analyticsLocation `json:"locations"`
}

// analyticsItems answers GET /api/admin/analytics?range=&type=.
func analyticsItems(e *core.RequestEvent) error {
	win, err := parseAnalyticsWindow(e.Request.URL.Query().Get("range"), engagementClock())
	if err != nil {
		return e.BadRequestError("Invalid range: use day, week, month, year or all.", validation.Errors{"range": err})
	}
	typ, types, err := parseAnalyticsType(e.Request.URL.Query().Get("type"))
	if err != nil {
		return e.BadRequestError("Invalid type: use all, blog or project.", validation.Errors{"type": err})
	}
	q := analyticsQuery{app: e.App, win: win, types: types}
	out := itemAnalytics{Range: win.name, Type: typ}
	if out.Series, err = q.itemSeries(); err != nil {
		return e.InternalServerError("", err)
	}
	for _, p := range out.Series {
		out.Totals.Views += p.Views
		out.Totals.Likes += p.Likes
		out.Totals.Shares += p.Shares
		out.Totals.Comments += p.Comments
	}
	if out.TopItems, err = q.topItems(); err != nil {
		return e.InternalServerError("", err)
	}
	if out.Locations, err = q.locations(); err != nil {
		return e.InternalServerError("", err)
	}
	if out.RecentComments, err = q.recentComments(); err != nil {
		return e.InternalServerError("", err)
	}
	if out.RecentLoginAttempts, err = recentLoginAttempts(e.App); err != nil {
		return e.InternalServerError("", err)
	}
	return e.JSON(http.StatusOK, out)
}

// analyticsWebsite answers GET /api/admin/website-analytics?range=.
func analyticsWebsite(e *core.RequestEvent) error {
	win, err := parseAnalyticsWindow(e.Request.URL.Query().Get("range"), engagementClock())
	if err != nil {
		return e.BadRequestError("Invalid range: use day, week, month, year or all.", validation.Errors{"range": err})
	}
	q := analyticsQuery{app: e.App, win: win, types: []string{c.TypeSite}}
	out := websiteAnalytics{Range: win.name}
	if out.Series, err = q.siteSeries(); err != nil {
		return e.InternalServerError("", err)
	}
	for _, p := range out.Series {
		out.Total += p.Count
	}
	if out.Locations, err = q.locations(); err != nil {
		return e.InternalServerError("", err)
	}
	return e.JSON(http.StatusOK, out)
}

// parseAnalyticsType maps the type parameter to the events types it covers.
func parseAnalyticsType(raw string) (string, []string, error) {
	switch raw {
	case "", "all":
		return "all", []string{c.TypeBlog, c.TypeProject}, nil
	case c.TypeBlog, c.TypeProject:
		return raw, []string{raw}, nil
	}
	return "", nil, validation.NewError("validation_invalid_type", "Must be all, blog or project.")
}
