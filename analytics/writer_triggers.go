package analytics

import "strings"

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
