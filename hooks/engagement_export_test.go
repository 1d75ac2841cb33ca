package hooks

import (
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/engagement"
)

// SetEngagementClock replaces the clock of events, visitor salts and analytics ranges
// until t ends. Tests using it must not run in parallel.
func SetEngagementClock(t testing.TB, now func() time.Time) {
	old := engagementClock
	engagementClock = now
	t.Cleanup(func() { engagementClock = old })
}

// IsBot exposes isBot to the external tests.
func IsBot(userAgent string) bool { return isBot(userAgent) }

// SetEngagementWriter sizes app's engagement writer (queue, batch, a hook before each
// commit); call it before the app serves.
func SetEngagementWriter(app core.App, opts engagement.Options) {
	app.Store().Set(engagementOptionsStore, opts)
}

// EngagementQueued is the number of writes waiting for app's writer.
func EngagementQueued(app core.App) int {
	if w, ok := app.Store().Get(engagementWriterStore).(*engagement.Writer); ok {
		return w.Queued()
	}
	return 0
}
