package hooks

import (
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// SetClock gives app its own clock (events, visitor salts, analytics ranges, sign-in
// locks, default item dates). Each test app has its own, so tests may run in parallel.
func SetClock(app core.App, now func() time.Time) {
	app.Store().Set(clockStore, now)
}

// IsBot exposes isBot to the external tests.
func IsBot(userAgent string) bool { return isBot(userAgent) }
