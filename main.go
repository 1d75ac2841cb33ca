// Folio: a self-hosted portfolio and blog with an owner dashboard, in one binary.
package main

import (
	"log"

	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/osutils"

	"github.com/folio/folio/commands"
	"github.com/folio/folio/hooks"
	_ "github.com/folio/folio/pb_migrations"
)

// dataMaxIdleConns keeps more of the data DB's read connections open between bursts
// than PocketBase's 15: under 32 concurrent signed-in writers database/sql otherwise
// closes and reopens SQLite connections for the per-request auth lookup.
const dataMaxIdleConns = 64

func main() {
	app := pocketbase.NewWithConfig(pocketbase.Config{
		DataMaxOpenConns: core.DefaultDataMaxOpenConns,
		DataMaxIdleConns: dataMaxIdleConns,
		DefaultDev:       osutils.IsProbablyGoRun(), // as pocketbase.New
	})
	commands.Register(app)
	hooks.Register(app, publicFS())
	if err := app.Start(); err != nil {
		log.Fatal(err)
	}
}
