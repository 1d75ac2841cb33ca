package hooks

import (
	"bytes"
	"encoding/csv"
	"net/http"
	"strconv"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/analytics"
)

// analyticsSources answers GET /api/admin/analytics/sources?range=&type=.
func analyticsSources(e *core.RequestEvent) error {
	win, err := analytics.ParseWindow(e.Request.URL.Query().Get("range"), now(e.App))
	if err != nil {
		return e.BadRequestError("Invalid range: use day, week, month, year or all.", validation.Errors{"range": err})
	}
	types, err := analytics.ParseSourcesType(e.Request.URL.Query().Get("type"))
	if err != nil {
		return e.BadRequestError("Invalid type: use all, blog, project or site.", validation.Errors{"type": err})
	}
	out, err := analytics.Query{App: e.App, Win: win, Types: types}.SourcesReport()
	if err != nil {
		return e.InternalServerError("", err)
	}
	return e.JSON(http.StatusOK, out)
}

// analyticsLive answers GET /api/admin/analytics/live.
func analyticsLive(e *core.RequestEvent) error {
	n, err := analytics.LiveVisitors(e.App, now(e.App))
	if err != nil {
		return e.InternalServerError("", err)
	}
	return e.JSON(http.StatusOK, map[string]int{"visitors": n})
}

// analyticsCSV answers GET /api/admin/analytics.csv?range=&type=: the series of
// /api/admin/analytics as a download.
func analyticsCSV(e *core.RequestEvent) error {
	win, err := analytics.ParseWindow(e.Request.URL.Query().Get("range"), now(e.App))
	if err != nil {
		return e.BadRequestError("Invalid range: use day, week, month, year or all.", validation.Errors{"range": err})
	}
	typ, types, err := analytics.ParseType(e.Request.URL.Query().Get("type"))
	if err != nil {
		return e.BadRequestError("Invalid type: use all, blog or project.", validation.Errors{"type": err})
	}
	series, err := analytics.Query{App: e.App, Win: win, Types: types}.ItemSeries()
	if err != nil {
		return e.InternalServerError("", err)
	}
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	_ = w.Write([]string{"date", "views", "likes", "shares", "comments"})
	for _, p := range series {
		_ = w.Write([]string{p.Date, strconv.Itoa(p.Views), strconv.Itoa(p.Likes), strconv.Itoa(p.Shares), strconv.Itoa(p.Comments)})
	}
	w.Flush()
	e.Response.Header().Set("Content-Disposition", `attachment; filename="folio-analytics-`+win.Name+`-`+typ+`.csv"`)
	e.Response.Header().Set("Cache-Control", "no-store")
	return e.Blob(http.StatusOK, "text/csv; charset=utf-8", buf.Bytes())
}
