// Package subcommands adds the folio binary's own cobra subcommands (admins, seed, demo, analytics,
// import, export) to PocketBase's root command. Separate programs (benchmarks, the soak) live in cmd/.
package subcommands

import (
	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/core"
)

// Register adds `admins`, `seed`, `demo`, `analytics`, `import` and `export` to app's root command.
func Register(app *pocketbase.PocketBase) {
	app.RootCmd.AddCommand(newAdminsCommand(app), newSeedCommand(app), newDemoCommand(app), newAnalyticsCommand(app),
		newImportCommand(app), newExportCommand(app))
}

// migrated applies pending migrations, so every command works on a fresh data dir.
func migrated(app core.App) error {
	return app.RunAllMigrations()
}
