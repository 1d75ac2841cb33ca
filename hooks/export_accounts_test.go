package hooks

import (
	"github.com/pocketbase/pocketbase/core"
)

// ApplyEnvSettings exposes applyEnvSettings to the external tests.
func ApplyEnvSettings(app core.App, lookup func(string) (string, bool)) error {
	return applyEnvSettings(app, lookup)
}

// DescribeUserAgent exposes describeUserAgent to the external tests.
func DescribeUserAgent(ua string) (string, string) { return describeUserAgent(ua) }
