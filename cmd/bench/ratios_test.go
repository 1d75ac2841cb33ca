package main

import (
	"testing"

	"github.com/folio/folio/cmd/internal/benchkit"
)

// The target of issue 12: >= 0.7x nginx, or >= 90% of the bare handler where that handler
// is itself below 0.7x nginx.
func TestTargetRule(t *testing.T) {
	row := func(folio, nginx, bare float64) ratioRow {
		return ratioRow{folio: benchkit.WrkResult{RPS: folio}, nginx: benchkit.WrkResult{RPS: nginx}, bare: benchkit.WrkResult{RPS: bare}}
	}
	for _, c := range []struct {
		folio, nginx, bare float64
		want               string
	}{
		{70, 100, 200, "yes"},                  // 0.7x nginx, whatever the bare handler does
		{69, 100, 200, "**no**"},               // the bare handler reaches nginx: no ceiling
		{55, 100, 60, "yes (bare Go ceiling)"}, // bare at 0.6x nginx, Folio at 92% of it
		{53, 100, 60, "**no**"},                // 88% of the ceiling
		{63, 100, 69, "yes (bare Go ceiling)"}, // just under 0.7x nginx for the bare handler
		{60, 100, 70, "**no**"},                // the bare handler at 0.7x: the nginx rule holds
	} {
		if got := row(c.folio, c.nginx, c.bare).meets(); got != c.want {
			t.Errorf("Folio %v, nginx %v, bare %v: %q, want %q", c.folio, c.nginx, c.bare, got, c.want)
		}
	}
}
