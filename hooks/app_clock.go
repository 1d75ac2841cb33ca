package hooks

import (
	"time"

	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/clock"
)

// now is app's clock: time.Now unless a test gave the app another (export_test.go).
func now(app core.App) time.Time { return clock.Now(app) }
