package hooks_test

import (
	"reflect"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"

	"github.com/folio/folio/testutil"
)

// servedApp is testutil.Served: the router (its routes are read) and the server's handler.
var servedApp = testutil.Served

// registeredRoutes lists every route of r as "METHOD /path" (method "" for any).
func registeredRoutes(r *router.Router[*core.RequestEvent]) []string {
	var out []string
	routeList(reflect.ValueOf(r.RouterGroup), "", &out)
	return out
}
