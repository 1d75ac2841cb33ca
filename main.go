// Folio: a self-hosted portfolio and blog with an owner dashboard, in one binary.
package main

import (
	"log"
	"os"

	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/osutils"

	"github.com/folio/folio/engagement"
	"github.com/folio/folio/hooks"
	_ "github.com/folio/folio/pb_migrations"
	"github.com/folio/folio/subcommands"
)

// onApp is set by profiling builds (main_pprof.go).
var onApp func(core.App)

func main() {
	if sqliteConfigErr != nil {
		log.Printf("warning: %v", sqliteConfigErr) // slower engagement writes, nothing else
	}
	engagement.CountConnections() // before the app opens its databases: the writer's pragmas follow new connections
	app := pocketbase.NewWithConfig(appConfig())
	subcommands.Register(app)
	if serves(app.RootCmd, os.Args[1:]) {
		if err := configurePageCache(); err != nil { // before the app opens its databases
			log.Printf("warning: %v", err) // SQLite's page caches then take their pages from its heap
		}
	}
	hooks.Register(app, publicFS())
	if onApp != nil {
		onApp(app)
	}
	if err := app.Start(); err != nil {
		log.Fatal(err)
	}
}

// appConfig is PocketBase's configuration: SQLite opened by dbConnect, a fixed pool of
// dataConns read connections to data.db (db_connect.go says why).
func appConfig() pocketbase.Config {
	return pocketbase.Config{
		DBConnect:        dbConnect,
		DataMaxOpenConns: dataConns,
		DataMaxIdleConns: dataConns,
		DefaultDev:       osutils.IsProbablyGoRun(), // as pocketbase.New
	}
}
