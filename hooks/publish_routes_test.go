package hooks_test

import (
	"net/http"
	"reflect"
	"testing"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"
)

// servedApp builds app's router with every OnServe route and the handler the server
// would run (cache front included), keeping the router so tests can read its routes.
func servedApp(t testing.TB, app core.App) (*router.Router[*core.RequestEvent], http.Handler) {
	t.Helper()
	r, err := apis.NewRouter(app)
	if err != nil {
		t.Fatal(err)
	}
	se := &core.ServeEvent{App: app, Router: r, Server: &http.Server{}}
	err = app.OnServe().Trigger(se, func(e *core.ServeEvent) error {
		m, err := e.Router.BuildMux()
		e.Server.Handler = m
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return r, se.Server.Handler
}

// registeredRoutes lists every route of r as "METHOD /path" (method "" for any). The
// router keeps its tree unexported; reflection reads it without changing it.
func registeredRoutes(r *router.Router[*core.RequestEvent]) []string {
	var out []string
	var walk func(v reflect.Value, prefix string)
	walk = func(v reflect.Value, prefix string) {
		for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
			v = v.Elem()
		}
		if f := v.FieldByName("Method"); f.IsValid() { // a Route
			out = append(out, f.String()+" "+prefix+v.FieldByName("Path").String())
			return
		}
		prefix += v.FieldByName("Prefix").String()
		children := v.FieldByName("children")
		for i := 0; i < children.Len(); i++ {
			walk(children.Index(i), prefix)
		}
	}
	walk(reflect.ValueOf(r.RouterGroup), "")
	return out
}
