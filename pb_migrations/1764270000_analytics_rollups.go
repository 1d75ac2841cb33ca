package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"

	"github.com/folio/folio/analytics"
	c "github.com/folio/folio/collections"
)

// Analytics at any size (issue 28): events gain a view's source fields (referrer as plain
// clipped text, source host or utm_source, utm medium and campaign, device class, browser,
// system, path), and the rollups table with its triggers is created and filled from the
// events already there (analytics/rollups.go).
func init() {
	m.Register(func(app core.App) error {
		err := editCollection(app, c.Events, func(col *core.Collection) {
			col.Fields.Add(
				&core.TextField{Name: c.FieldReferrer, Max: 512},
				&core.TextField{Name: c.FieldSource, Max: 255},
				&core.TextField{Name: c.FieldMedium, Max: 128},
				&core.TextField{Name: c.FieldCampaign, Max: 128},
				&core.TextField{Name: c.FieldDevice, Max: 16},
				&core.TextField{Name: c.FieldBrowser, Max: 64},
				&core.TextField{Name: c.FieldOS, Max: 64},
				&core.TextField{Name: c.FieldPath, Max: 512},
			)
		})
		if err != nil {
			return err
		}
		stmts := append([]string{analytics.CreateTableSQL}, analytics.Triggers()...)
		for _, q := range append(stmts, analytics.RebuildSQL()...) {
			if _, err := app.DB().NewQuery(q).Execute(); err != nil {
				return err
			}
		}
		return nil
	}, func(app core.App) error {
		for _, name := range analytics.TriggerNames {
			if _, err := app.DB().NewQuery(`DROP TRIGGER IF EXISTS "` + name + `"`).Execute(); err != nil {
				return err
			}
		}
		if _, err := app.DB().NewQuery(`DROP TABLE IF EXISTS "` + c.AnalyticsRollups + `"`).Execute(); err != nil {
			return err
		}
		return editCollection(app, c.Events, func(col *core.Collection) {
			for _, f := range []string{c.FieldReferrer, c.FieldSource, c.FieldMedium, c.FieldCampaign, c.FieldDevice, c.FieldBrowser, c.FieldOS, c.FieldPath} {
				col.Fields.RemoveByName(f)
			}
		})
	})
}
