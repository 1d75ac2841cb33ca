package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"

	"github.com/folio/folio/analytics"
)

// The engagement writer's likes add to the rollups through its batch's Tally instead of
// the rollups' triggers (analytics/writer_triggers.go): the triggers on likes inserts and
// deletes and on events deletes skip what is written while analytics.WriterTable holds a
// row.
func init() {
	m.Register(func(app core.App) error {
		for _, q := range append([]string{analytics.CreateWriterTableSQL}, analytics.WriterTriggers()...) {
			if _, err := app.DB().NewQuery(q).Execute(); err != nil {
				return err
			}
		}
		return nil
	}, func(app core.App) error {
		for _, name := range analytics.WriterTriggerNames {
			if _, err := app.DB().NewQuery(`DROP TRIGGER IF EXISTS "` + name + `"`).Execute(); err != nil {
				return err
			}
		}
		for _, q := range analytics.Triggers() {
			if _, err := app.DB().NewQuery(q).Execute(); err != nil {
				return err
			}
		}
		_, err := app.DB().NewQuery(`DROP TABLE IF EXISTS "` + analytics.WriterTable + `"`).Execute()
		return err
	})
}
