package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// importedSources remembers which export entry each imported item came from ("ghost:ID",
// "wp:GUID", "md:PATH"), so a second import of the same file adds nothing (package move).
// A plain table: no API reaches it.
func init() {
	m.Register(func(app core.App) error {
		_, err := app.DB().NewQuery(`CREATE TABLE "importedSources" ("source" TEXT PRIMARY KEY NOT NULL, "type" TEXT NOT NULL, "item" TEXT NOT NULL) WITHOUT ROWID`).Execute()
		return err
	}, func(app core.App) error {
		_, err := app.DB().NewQuery(`DROP TABLE IF EXISTS "importedSources"`).Execute()
		return err
	})
}
