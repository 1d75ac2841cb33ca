// Folio: a self-hosted portfolio and blog with an owner dashboard, in one binary.
package main

import (
	"log"

	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/tools/osutils"

	"github.com/folio/folio/commands"
	"github.com/folio/folio/hooks"
	_ "github.com/folio/folio/pb_migrations"
)

func main() {
	app := pocketbase.NewWithConfig(pocketbase.Config{
		DBConnect:  dbConnect,
		DefaultDev: osutils.IsProbablyGoRun(), // as pocketbase.New
	})
	commands.Register(app)
	hooks.Register(app, publicFS())
	if err := app.Start(); err != nil {
		log.Fatal(err)
	}
}
