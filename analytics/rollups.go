package analytics

import (
	"fmt"
	"strconv"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"strings"

	c "github.com/folio/folio/collections"
)

// Rollups keep, beside the raw events, counts per hour, day and month of each dimension
// (GoatCounter's hit_counts): an answer sums the buckets of its range, so its cost grows
// with the buckets, not with the events. A row is (dim, period, type, bucket, action, k1,
// k2, k3) → n; bucket is the created stamp's prefix ("2026-11-21 13", "2026-11-21",
// "2026-11"). Who writes them:
//   - the engagement writer adds the events it inserts (Tally, in its transaction);
//   - SQLite triggers (Triggers) take deleted and edited events out (a like taken back,
//     an item's deletion, a record edited in /_/) and keep likes in step with the likes
//     table, whatever writes it;
//   - a record save of an event outside the writer adds it (hooks' events record hook);
//   - RebuildSQL recomputes everything from the events and likes.

// Periods: a rollup period's name and its bucket's length in a stored stamp.
type period struct {
	name string
	size int
}

var periods = [...]period{{"h", 13}, {"d", 10}, {"m", 7}}

// Dimension names.
const (
	DimTotal    = "total"    // views, shares, comments of events; likes of the likes table
	DimItem     = "item"     // the same per item: k1 the item id
	DimPlace    = "place"    // every event: k1 country, k2 city; action ""
	DimSource   = "source"   // views: k1 source
	DimCampaign = "campaign" // views with a campaign: k1 campaign, k2 source, k3 medium
	DimDevice   = "device"   // views: k1
	DimBrowser  = "browser"  // views: k1
	DimOS       = "os"       // views: k1
	DimPath     = "path"     // views: k1
)

// Event is what the rollups need of an events row; Created is its stored stamp.
type Event struct {
	Type, ItemID, Action, Created                       string
	Country, City                                       string
	Source, Medium, Campaign, Device, Browser, OS, Path string
}

// dim is one dimension of the events: which events it counts, and its keys, in Go (the
// writer) and in SQL over an events row (triggers, rebuild, raw edges) — the same rule
// twice, kept equal by the rebuild tests.
type dim struct {
	name      string
	counts    func(e *Event) bool
	keys      func(e *Event) (action, k1, k2, k3 string)
	sqlCounts string    // over columns prefixed by {p}
	sqlKeys   [4]string // action, k1, k2, k3
}

func itemAction(a string) bool {
	return a == c.ActionView || a == c.ActionShare || a == c.ActionComment
}

const sqlItemAction = `{p}"action" IN ('view', 'share', 'comment')`

func viewDim(name, col string, key func(e *Event) string) dim {
	return dim{name: name,
		counts:    func(e *Event) bool { return e.Action == c.ActionView },
		keys:      func(e *Event) (string, string, string, string) { return "", key(e), "", "" },
		sqlCounts: `{p}"action" = 'view'`,
		sqlKeys:   [4]string{"''", `{p}"` + col + `"`, "''", "''"},
	}
}

var eventDims = []dim{
	{name: DimTotal,
		counts:    func(e *Event) bool { return itemAction(e.Action) },
		keys:      func(e *Event) (string, string, string, string) { return e.Action, "", "", "" },
		sqlCounts: sqlItemAction,
		sqlKeys:   [4]string{`{p}"action"`, "''", "''", "''"}},
	{name: DimItem,
		counts:    func(e *Event) bool { return itemAction(e.Action) && e.Type != c.TypeSite },
		keys:      func(e *Event) (string, string, string, string) { return e.Action, e.ItemID, "", "" },
		sqlCounts: sqlItemAction + ` AND {p}"type" != 'site'`,
		sqlKeys:   [4]string{`{p}"action"`, `{p}"itemId"`, "''", "''"}},
	{name: DimPlace,
		counts:    func(e *Event) bool { return true },
		keys:      func(e *Event) (string, string, string, string) { return "", e.Country, e.City, "" },
		sqlCounts: "1",
		sqlKeys:   [4]string{"''", `{p}"country"`, `{p}"city"`, "''"}},
	viewDim(DimSource, c.FieldSource, func(e *Event) string { return e.Source }),
	{name: DimCampaign,
		counts:    func(e *Event) bool { return e.Action == c.ActionView && e.Campaign != "" },
		keys:      func(e *Event) (string, string, string, string) { return "", e.Campaign, e.Source, e.Medium },
		sqlCounts: `{p}"action" = 'view' AND {p}"campaign" != ''`,
		sqlKeys:   [4]string{"''", `{p}"campaign"`, `{p}"source"`, `{p}"medium"`}},
	viewDim(DimDevice, c.FieldDevice, func(e *Event) string { return e.Device }),
	viewDim(DimBrowser, c.FieldBrowser, func(e *Event) string { return e.Browser }),
	viewDim(DimOS, c.FieldOS, func(e *Event) string { return e.OS }),
	viewDim(DimPath, c.FieldPath, func(e *Event) string { return e.Path }),
}

// likeDims count the likes table's rows (likes that stand), by their created stamp.
var likeDims = []struct{ name, k1 string }{{DimTotal, "''"}, {DimItem, `{p}"item"`}}

// Key is one rollup row's identity.
type Key struct {
	Dim, Period, Type, Bucket, Action, K1, K2, K3 string
}

// Tally gathers a batch's rollup increments, so a key the batch touches many times is
// written once.
type Tally map[Key]int

// AddEvent adds n (1, or -1) of e to every bucket and dimension that counts it.
func (t Tally) AddEvent(e *Event, n int) {
	if len(e.Created) < 13 {
		return
	}
	for i := range eventDims {
		d := &eventDims[i]
		if !d.counts(e) {
			continue
		}
		action, k1, k2, k3 := d.keys(e)
		for _, p := range periods {
			t[Key{d.name, p.name, e.Type, e.Created[:p.size], action, k1, k2, k3}] += n
		}
	}
}

// Rows are the tally's rows, zeros left out; each row is Key's fields then n.
func (t Tally) Rows() [][9]any {
	out := make([][9]any, 0, len(t))
	for k, n := range t {
		if n != 0 {
			out = append(out, [9]any{k.Dim, k.Period, k.Type, k.Bucket, k.Action, k.K1, k.K2, k.K3, n})
		}
	}
	return out
}

var rollupCols = []string{"dim", "period", "type", "bucket", "action", "k1", "k2", "k3", "n"}

// CreateTableSQL creates the rollups table; its key orders rows for the readers' range
// scans (dim, period, type, bucket).
const CreateTableSQL = `CREATE TABLE IF NOT EXISTS "` + c.AnalyticsRollups + `" (
	"dim" TEXT NOT NULL, "period" TEXT NOT NULL, "type" TEXT NOT NULL, "bucket" TEXT NOT NULL,
	"action" TEXT NOT NULL, "k1" TEXT NOT NULL, "k2" TEXT NOT NULL, "k3" TEXT NOT NULL,
	"n" INTEGER NOT NULL,
	PRIMARY KEY ("dim", "period", "type", "bucket", "action", "k1", "k2", "k3")) WITHOUT ROWID`

const upsertTail = ` ON CONFLICT ("dim", "period", "type", "bucket", "action", "k1", "k2", "k3") DO UPDATE SET "n" = "n" + excluded."n"`

// UpsertSQL adds rows rows of Rows() to the rollups.
func UpsertSQL(rows int) string {
	row := "(?" + strings.Repeat(", ?", len(rollupCols)-1) + ")"
	return `INSERT INTO "` + c.AnalyticsRollups + `" ("` + strings.Join(rollupCols, `", "`) + `") VALUES ` +
		row + strings.Repeat(", "+row, rows-1) + upsertTail
}

func prefixed(expr, p string) string { return strings.ReplaceAll(expr, "{p}", p) }

// rowSQL is one trigger statement: the row (OLD or NEW) added n times to one dimension
// and period.
func rowSQL(name, p string, per period, typ, created, cond string, keys [4]string, n int) string {
	return fmt.Sprintf(`INSERT INTO "%s" ("%s") SELECT '%s', '%s', %s, substr(%s, 1, %d), %s, %s, %s, %s, %d WHERE %s%s;`,
		c.AnalyticsRollups, strings.Join(rollupCols, `", "`), name, per.name, prefixed(typ, p), prefixed(created, p), per.size,
		prefixed(keys[0], p), prefixed(keys[1], p), prefixed(keys[2], p), prefixed(keys[3], p), n, prefixed(cond, p), upsertTail)
}

func eventRowSQL(p string, n int) string {
	var b strings.Builder
	for _, d := range eventDims {
		for _, per := range periods {
			b.WriteString(rowSQL(d.name, p, per, `{p}"type"`, `{p}"created"`, d.sqlCounts, d.sqlKeys, n))
		}
	}
	return b.String()
}

func likeRowSQL(p string, n int) string {
	var b strings.Builder
	for _, d := range likeDims {
		for _, per := range periods {
			b.WriteString(rowSQL(d.name, p, per, `{p}"type"`, `{p}"created"`, "1", [4]string{"'like'", d.k1, "''", "''"}, n))
		}
	}
	return b.String()
}

// Triggers are the statements creating the rollups' triggers: events deleted or edited,
// likes inserted, deleted or edited.
func Triggers() []string {
	trig := func(name, when, table, body string) string {
		return `CREATE TRIGGER IF NOT EXISTS "` + name + `" AFTER ` + when + ` ON "` + table + `" BEGIN ` + body + ` END`
	}
	return []string{
		trig("analytics_events_delete", "DELETE", c.Events, eventRowSQL("OLD.", -1)),
		trig("analytics_events_update", "UPDATE", c.Events, eventRowSQL("OLD.", -1)+eventRowSQL("NEW.", 1)),
		trig("analytics_likes_insert", "INSERT", c.Likes, likeRowSQL("NEW.", 1)),
		trig("analytics_likes_delete", "DELETE", c.Likes, likeRowSQL("OLD.", -1)),
		trig("analytics_likes_update", "UPDATE", c.Likes, likeRowSQL("OLD.", -1)+likeRowSQL("NEW.", 1)),
	}
}

// TriggerNames are Triggers' names, for the migration's down.
var TriggerNames = []string{"analytics_events_delete", "analytics_events_update", "analytics_likes_insert",
	"analytics_likes_delete", "analytics_likes_update"}

// RebuildSQL empties the rollups and recomputes them from the events and likes: the hours
// from the rows, the days and months from the hours.
func RebuildSQL() []string {
	cols := `"` + strings.Join(rollupCols, `", "`) + `"`
	out := []string{`DELETE FROM "` + c.AnalyticsRollups + `"`}
	h := periods[0]
	for _, d := range eventDims {
		out = append(out, fmt.Sprintf(`INSERT INTO "%s" (%s) SELECT '%s', 'h', "type", substr("created", 1, %d), %s, %s, %s, %s, count(*) FROM "%s" WHERE %s GROUP BY 3, 4, 5, 6, 7, 8`,
			c.AnalyticsRollups, cols, d.name, h.size, prefixed(d.sqlKeys[0], ""), prefixed(d.sqlKeys[1], ""), prefixed(d.sqlKeys[2], ""),
			prefixed(d.sqlKeys[3], ""), c.Events, prefixed(d.sqlCounts, "")+` AND length("created") >= 13`))
	}
	for _, d := range likeDims {
		out = append(out, fmt.Sprintf(`INSERT INTO "%s" (%s) SELECT '%s', 'h', "type", substr("created", 1, %d), 'like', %s, '', '', count(*) FROM "%s" WHERE length("created") >= 13 GROUP BY 3, 4, 5, 6, 7, 8`,
			c.AnalyticsRollups, cols, d.name, h.size, prefixed(d.k1, ""), c.Likes))
	}
	for _, per := range periods[1:] {
		out = append(out, fmt.Sprintf(`INSERT INTO "%s" (%s) SELECT "dim", '%s', "type", substr("bucket", 1, %d), "action", "k1", "k2", "k3", sum("n") FROM "%s" WHERE "period" = 'h' GROUP BY 1, 3, 4, 5, 6, 7, 8`,
			c.AnalyticsRollups, cols, per.name, per.size, c.AnalyticsRollups))
	}
	return out
}

// WriteTally adds a tally to the rollups through db (a transaction, to be part of it), in
// statements of at most 64 rows.
func WriteTally(db dbx.Builder, t Tally) error {
	rows := t.Rows()
	for from := 0; from < len(rows); from += 64 {
		to := min(from+64, len(rows))
		params := dbx.Params{}
		values := make([]string, 0, to-from)
		for i, r := range rows[from:to] {
			names := make([]string, len(r))
			for j, v := range r {
				key := "p" + strconv.Itoa(i*9+j)
				params[key] = v
				names[j] = "{:" + key + "}"
			}
			values = append(values, "("+strings.Join(names, ", ")+")")
		}
		q := `INSERT INTO "` + c.AnalyticsRollups + `" ("` + strings.Join(rollupCols, `", "`) + `") VALUES ` + strings.Join(values, ", ") + upsertTail
		if _, err := db.NewQuery(q).Bind(params).Execute(); err != nil {
			return err
		}
	}
	return nil
}

// Rebuild recomputes every rollup from the events and likes, in one transaction
// (`folio analytics rebuild`).
func Rebuild(app core.App) error {
	return app.RunInTransaction(func(tx core.App) error {
		for _, q := range RebuildSQL() {
			if _, err := tx.DB().NewQuery(q).Execute(); err != nil {
				return err
			}
		}
		return nil
	})
}
