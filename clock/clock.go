// Package clock is the app's clock: time.Now unless a test gave the app another. Events,
// salts, analytics ranges, sign-in locks, default dates, "public" and the cache's next
// publish time all read it, so a test moves them together without sleeping.
package clock

import (
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// StoreKey holds, when a test sets one, a func() time.Time in the app's store.
const StoreKey = "folio.clock"

// Now is app's clock. Transaction apps share their parent's store, so they read the same clock.
func Now(app core.App) time.Time {
	if f, ok := app.Store().Get(StoreKey).(func() time.Time); ok {
		return f()
	}
	return time.Now()
}

// Set gives app the clock f (tests).
func Set(app core.App, f func() time.Time) {
	app.Store().Set(StoreKey, f)
}
