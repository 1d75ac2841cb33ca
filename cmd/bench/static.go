package main

import (
	"log"
	"os"
	"testing/fstest"

	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/hooks"
	_ "github.com/folio/folio/pb_migrations"
)

// staticDirEnv, when set, makes this program the static baseline server instead of the
// benchmark: Folio's own app (same PocketBase, hooks and middleware chain, as `folio serve`)
// plus GET /api/bench-static/{name} answering the files of that folder. The production
// binary carries no benchmark code.
const staticDirEnv = "FOLIO_BENCH_STATIC_DIR"

// serveStaticBaseline runs `serve` (its flags come from os.Args) with the static route.
func serveStaticBaseline(dir string) {
	app := pocketbase.New()
	hooks.Register(app, fstest.MapFS{})
	files := os.DirFS(dir)
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		se.Router.GET("/api/bench-static/{name}", func(e *core.RequestEvent) error {
			return e.FileFS(files, e.Request.PathValue("name"))
		})
		return se.Next()
	})
	if err := app.Start(); err != nil {
		log.Fatal(err)
	}
}
