package main

import (
	"testing"

	"github.com/folio/folio/cmd/internal/benchkit"
)

// The target of issue 12: >= 0.7x nginx, or >= 90% of the bare handler where that handler
// is itself below 0.7x nginx; issue 26 asks >= 90% of the bare handler of every answer.
func TestTargetRule(t *testing.T) {
	row := func(folio, nginx, bare float64, page ...bool) ratioRow {
		return ratioRow{r: route{page: len(page) > 0}, folio: benchkit.WrkResult{RPS: folio}, nginx: benchkit.WrkResult{RPS: nginx}, bare: benchkit.WrkResult{RPS: bare}}
	}
	for _, c := range []struct {
		folio, nginx, bare float64
		want               string
	}{
		{70, 100, 75, "yes"},                   // 0.7x nginx and 93% of the bare handler
		{70, 100, 200, "**no**"},               // 0.7x nginx, but 35% of the bare handler
		{69, 100, 76, "**no**"},                // the bare handler above 0.7x nginx: no ceiling
		{55, 100, 60, "yes (bare Go ceiling)"}, // bare at 0.6x nginx, Folio at 92% of it
		{53, 100, 60, "**no**"},                // 88% of the ceiling
		{63, 100, 69, "yes (bare Go ceiling)"}, // just under 0.7x nginx for the bare handler
		{60, 100, 70, "**no**"},                // the bare handler at 0.7x: the nginx rule holds
	} {
		if got := row(c.folio, c.nginx, c.bare).meets(); got != c.want {
			t.Errorf("Folio %v, nginx %v, bare %v: %q, want %q", c.folio, c.nginx, c.bare, got, c.want)
		}
	}
	// Issue 26, pages: >= 0.5x nginx and >= 90% of the bare handler, both.
	for _, c := range []struct {
		folio, nginx, bare float64
		want               string
	}{
		{55, 100, 60, "yes (bare Go ceiling)"},
		{50, 100, 45, "yes (bare Go ceiling)"},
		{49, 100, 45, "**no**"}, // 1.09x the bare handler, but below 0.5x nginx
		{53, 100, 60, "**no**"}, // 0.53x nginx, but 88% of the bare handler
		{75, 100, 90, "**no**"}, // 0.75x nginx, but 83% of the bare handler: a page needs both
	} {
		if got := row(c.folio, c.nginx, c.bare, true).meets(); got != c.want {
			t.Errorf("page: Folio %v, nginx %v, bare %v: %q, want %q", c.folio, c.nginx, c.bare, got, c.want)
		}
	}
}
