package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Site name and request-log policy. PocketBase logs every request at INFO level into
// auxiliary.db by default; under load that grew to hundreds of MB and slowed start-up,
// so Folio keeps warnings and errors only, for 7 days (the owner can change it in /_/).
func init() {
	m.Register(func(app core.App) error {
		s := app.Settings()
		if s.Meta.AppName == "" || s.Meta.AppName == "Acme" {
			s.Meta.AppName = "Folio"
		}
		s.Logs.MaxDays = 7
		s.Logs.MinLevel = 4 // slog.LevelWarn
		s.Logs.LogIP = false
		return app.Save(s)
	}, nil)
}
