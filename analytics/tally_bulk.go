package analytics

import (
	"slices"
	"strings"
)

// Bulk writers (`folio seed --events`) tally hours only and derive the days and months
// from the hours once per batch: a third of the map updates per event, and the same sums
// as AddEvent (a day's or month's row is the sum of its hours' rows, as in RebuildSQL).

// AddEventHour adds n of e to its hour's bucket of every dimension that counts it.
func (t Tally) AddEventHour(e *Event, n int) {
	if len(e.Created) < 13 {
		return
	}
	hour := e.Created[:periods[0].size]
	for i := range eventDims {
		d := &eventDims[i]
		if !d.counts(e) {
			continue
		}
		action, k1, k2, k3 := d.keys(e)
		t[Key{d.name, periods[0].name, e.Type, hour, action, k1, k2, k3}] += n
	}
}

// AddCoarser adds to t the day and month rows of t's hour rows, so t then holds what
// AddEvent would have tallied.
func (t Tally) AddCoarser() {
	coarse := Tally{}
	for k, n := range t {
		if k.Period != periods[0].name {
			continue
		}
		for _, p := range periods[1:] {
			c := k
			c.Period, c.Bucket = p.name, k.Bucket[:p.size]
			coarse[c] += n
		}
	}
	for k, n := range coarse {
		t[k] += n
	}
}

// SortedRows are Rows in the rollups' key order, so a writer inserting them walks the
// table's B-tree forward instead of touching a random page for each row.
func (t Tally) SortedRows() [][9]any {
	type row struct {
		k Key
		n int
	}
	rows := make([]row, 0, len(t))
	for k, n := range t {
		if n != 0 {
			rows = append(rows, row{k, n})
		}
	}
	slices.SortFunc(rows, func(a, b row) int { return compareKeys(&a.k, &b.k) })
	out := make([][9]any, len(rows))
	for i, r := range rows {
		k := &r.k
		out[i] = [9]any{k.Dim, k.Period, k.Type, k.Bucket, k.Action, k.K1, k.K2, k.K3, r.n}
	}
	return out
}

// compareKeys orders keys as the rollups' primary key does (BINARY: bytes).
func compareKeys(a, b *Key) int {
	for _, p := range [...][2]string{{a.Dim, b.Dim}, {a.Period, b.Period}, {a.Type, b.Type}, {a.Bucket, b.Bucket},
		{a.Action, b.Action}, {a.K1, b.K1}, {a.K2, b.K2}, {a.K3, b.K3}} {
		if c := strings.Compare(p[0], p[1]); c != 0 {
			return c
		}
	}
	return 0
}
