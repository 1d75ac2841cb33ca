package hooks

import (
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// clockStore holds, when a test sets one, the clock of one app: events, visitor salts,
// analytics ranges, sign-in locks and an item's default date all read it.
const clockStore = "folio.clock"

// now is app's clock: time.Now unless a test gave the app another (export_test.go).
// Transaction apps share their parent's store, so they read the same clock.
func now(app core.App) time.Time {
	if f, ok := app.Store().Get(clockStore).(func() time.Time); ok {
		return f()
	}
	return time.Now()
}
