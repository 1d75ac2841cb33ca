package hooks

import (
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// SetAccountsClock replaces the sign-in protection clock until t ends. Tests using it
// must not run in parallel.
func SetAccountsClock(t testing.TB, now func() time.Time) {
	old := accountsNow
	accountsNow = now
	t.Cleanup(func() { accountsNow = old })
}

// ApplyEnvSettings exposes applyEnvSettings to the external tests.
func ApplyEnvSettings(app core.App, lookup func(string) (string, bool)) error {
	return applyEnvSettings(app, lookup)
}

// DescribeUserAgent exposes describeUserAgent to the external tests.
func DescribeUserAgent(ua string) (string, string) { return describeUserAgent(ua) }
