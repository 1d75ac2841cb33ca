package analytics

import (
	"strings"

	c "github.com/folio/folio/collections"
)

// The engagement writer's likes skip the rollups' triggers: a like toggled through the
// writer fired six upserts (its likes row's insert or delete), and a like taken back 27
// trigger statements more (its event's delete), per like, in the writer's one serial
// stage (about half of a like's server CPU in cmd/benchwrites). While the writer applies
// a batch's likes it holds a row in WriterTable, the triggers on likes inserts and deletes
// and on events deletes skip what it writes then, and its batch's Tally adds those rows
// instead (AddLike, AddEvent with -1), once per key for the whole batch. A write from
// anywhere else finds the table empty (SQLite has one writer at a time, and the writer
// empties it before its transaction ends), so the triggers hold for it as before.

// WriterTable holds a row while the engagement writer applies its likes.
const WriterTable = "analyticsWriterLikes"

// CreateWriterTableSQL creates WriterTable.
const CreateWriterTableSQL = `CREATE TABLE IF NOT EXISTS "` + WriterTable + `" ("on" INTEGER NOT NULL)`

// WriterTriggerNames are the triggers that skip the writer's likes.
var WriterTriggerNames = []string{"analytics_events_delete", "analytics_likes_insert", "analytics_likes_delete"}

// writerSkips is the WHEN of WriterTriggerNames.
const writerSkips = ` WHEN NOT EXISTS (SELECT 1 FROM "` + WriterTable + `")`

// WriterTriggers are the statements that recreate WriterTriggerNames (dropped first) to
// skip the writer's likes; the other triggers stay as Triggers makes them.
func WriterTriggers() []string {
	var out []string
	for _, t := range Triggers() {
		for _, name := range WriterTriggerNames {
			if strings.Contains(t, `"`+name+`"`) {
				out = append(out, `DROP TRIGGER IF EXISTS "`+name+`"`, strings.Replace(t, " BEGIN ", writerSkips+" BEGIN ", 1))
			}
		}
	}
	return out
}

// AddLike adds n (1, or -1) likes rows of the item of typ created at created (a stored
// stamp) to every bucket and dimension that counts likes (likeDims).
func (t Tally) AddLike(typ, item, created string, n int) {
	if len(created) < 13 {
		return
	}
	for _, d := range likeDims {
		k1 := ""
		if d.name == DimItem {
			k1 = item
		}
		for _, p := range periods {
			t[Key{d.name, p.name, typ, created[:p.size], "like", k1, "", ""}] += n
		}
	}
}

// HourRows are the tally's hour rows, each with its day's and month's buckets: every event
// and like adds the same n to its hour, day and month (AddEvent, AddLike), so the day and
// month rows are the sums of the hour rows and UpsertHoursSQL writes all three from these.
// Each row is dim, type, the hour, day and month buckets, action, k1, k2, k3, n.
func (t Tally) HourRows() [][10]any {
	h, d, m := periods[0], periods[1], periods[2]
	out := make([][10]any, 0, len(t)/len(periods))
	for k, n := range t {
		if n != 0 && k.Period == h.name {
			out = append(out, [10]any{k.Dim, k.Type, k.Bucket, k.Bucket[:d.size], k.Bucket[:m.size], k.Action, k.K1, k.K2, k.K3, n})
		}
	}
	return out
}

// UpsertHoursSQL adds rows rows of HourRows to the rollups: each to its hour, day and month
// (a tenth of the values UpsertSQL binds for the same rows, which cost more to bind than
// to write). OR FAIL: no statement journal (the writer's batch rolls back whole).
func UpsertHoursSQL(rows int) string {
	row := "(?" + strings.Repeat(", ?", 9) + ")"
	per := make([]string, len(periods))
	for i, p := range periods {
		per[i] = "('" + p.name + "')"
	}
	return `INSERT OR FAIL INTO "` + c.AnalyticsRollups + `" ("` + strings.Join(rollupCols, `", "`) + `") ` +
		`SELECT v.column1, p.column1, v.column2, CASE p.column1 WHEN '` + periods[0].name + `' THEN v.column3 WHEN '` + periods[1].name +
		`' THEN v.column4 ELSE v.column5 END, v.column6, v.column7, v.column8, v.column9, v.column10 FROM (VALUES ` +
		row + strings.Repeat(", "+row, rows-1) + `) AS v, (VALUES ` + strings.Join(per, ", ") + `) AS p WHERE true` + upsertTail
}
