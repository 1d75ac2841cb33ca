package site

import (
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// FindRedirect looks a stored redirect (API.md "Moving in and out") of path up, with and without its trailing slash.
func FindRedirect(app core.App, path string) (to string, code int, ok bool) {
	alt := strings.TrimSuffix(path, "/")
	if alt == path {
		alt = path + "/"
	}
	var row struct {
		To   string `db:"to"`
		Code int    `db:"code"`
	}
	err := app.DB().NewQuery(`SELECT "to", "code" FROM "redirects" WHERE "from" IN ({:exact}, {:alt})
		ORDER BY ("from" = {:exact}) DESC LIMIT 1`).Bind(dbx.Params{"exact": path, "alt": alt}).One(&row)
	if err != nil {
		return "", 0, false
	}
	return row.To, row.Code, true
}
