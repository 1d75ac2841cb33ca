package analytics_test

import (
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/folio/folio/analytics"
	c "github.com/folio/folio/collections"
)

// TestBulkTallyEqualsPerEventTally: hours tallied per event and the days and months added
// from them (the seed's way) are the rows AddEvent tallies, and SortedRows gives them in
// the rollups' key order.
func TestBulkTallyEqualsPerEventTally(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	perEvent, bulk := analytics.Tally{}, analytics.Tally{}
	start := time.Date(2026, 1, 30, 20, 0, 0, 0, time.UTC)
	for range 3000 {
		e := analytics.Event{
			Type:    []string{c.TypeBlog, c.TypeProject, c.TypeSite}[r.IntN(3)],
			ItemID:  []string{"a", "b", "c"}[r.IntN(3)],
			Action:  []string{c.ActionView, c.ActionView, c.ActionShare, c.ActionComment, c.ActionLike}[r.IntN(5)],
			Created: start.Add(time.Duration(r.IntN(40*24*60)) * time.Minute).Format("2006-01-02 15:04:05.000Z"),
			Country: []string{"", "France", "Japan"}[r.IntN(3)], City: []string{"", "Paris"}[r.IntN(2)],
			Source: "Direct", Campaign: []string{"", "launch"}[r.IntN(2)], Device: "mobile", Browser: "Firefox", OS: "Linux", Path: "/",
		}
		perEvent.AddEvent(&e, 1)
		bulk.AddEventHour(&e, 1)
	}
	for k := range bulk {
		if k.Period != "h" {
			t.Fatalf("AddEventHour tallied a %q row", k.Period)
		}
	}
	bulk.AddCoarser()
	if !maps.Equal(perEvent, bulk) {
		t.Fatalf("bulk tally: %d rows, per-event tally %d", len(bulk), len(perEvent))
	}
	rows := bulk.SortedRows()
	if len(rows) != len(perEvent) {
		t.Fatalf("%d sorted rows of %d", len(rows), len(perEvent))
	}
	key := func(r [9]any) string {
		var b strings.Builder
		for _, v := range r[:8] {
			b.WriteString(v.(string) + "\x00")
		}
		return b.String()
	}
	if !slices.IsSortedFunc(rows, func(a, b [9]any) int { return strings.Compare(key(a), key(b)) }) {
		t.Fatal("SortedRows are not in key order")
	}
}
