package hooks

import (
	"testing"
	"time"
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
