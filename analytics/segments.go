package analytics

import (
	"strconv"
	"strings"
	"time"

	"github.com/pocketbase/dbx"

	c "github.com/folio/folio/collections"
)

// segment is a stretch of a window read from one source: a rollup period ("h", "d",
// "m": whole buckets only) or the raw events ("": the part of the window's first hour
// before its first whole hour).
type segment struct {
	period   string
	from, to time.Time // from zero: since the beginning
}

func ceilTo(t time.Time, floor func(time.Time) time.Time, next func(time.Time) time.Time) time.Time {
	if f := floor(t); !f.Equal(t) {
		return next(f)
	}
	return t
}

func floorHour(t time.Time) time.Time { return t.Truncate(time.Hour) }
func floorDay(t time.Time) time.Time {
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}
func floorMonth(t time.Time) time.Time {
	return time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC)
}
func nextHour(t time.Time) time.Time  { return t.Add(time.Hour) }
func nextDay(t time.Time) time.Time   { return t.AddDate(0, 0, 1) }
func nextMonth(t time.Time) time.Time { return t.AddDate(0, 1, 0) }

// segments cuts the window [start, end) into the fewest reads: the raw events up to the
// first whole hour, hours up to the first whole day, days up to the first whole month,
// months, then days and hours to the end (which is always a whole hour). A series never
// reads a period longer than its buckets: an hourly chart cannot split a day's row.
func (w Window) segments() []segment {
	maxPeriod := map[string]int{"hour": 0, "day": 1, "month": 2}[w.unit]
	end := w.end
	if w.start.IsZero() {
		return []segment{{period: "m", to: end}} // all: end is a month's start
	}
	cur := w.start
	var out []segment
	add := func(p string, to time.Time) {
		if to.After(cur) {
			out = append(out, segment{p, cur, to})
			cur = to
		}
	}
	minT := func(a, b time.Time) time.Time {
		if a.Before(b) {
			return a
		}
		return b
	}
	add("", minT(ceilTo(cur, floorHour, nextHour), end))
	if maxPeriod == 0 {
		add("h", end)
		return out
	}
	add("h", minT(ceilTo(cur, floorDay, nextDay), floorDay(end)))
	if maxPeriod == 2 {
		add("d", minT(ceilTo(cur, floorMonth, nextMonth), floorDay(end)))
		add("m", floorMonth(end))
	}
	add("d", floorDay(end))
	add("h", end)
	return out
}

// Row is one summed rollup row: its series key when asked by bucket, its type and keys.
type Row struct {
	Bucket string `db:"bucket"`
	Type   string `db:"type"`
	Action string `db:"action"`
	K1     string `db:"k1"`
	K2     string `db:"k2"`
	K3     string `db:"k3"`
	N      int    `db:"n"`
}

type rowKey struct{ bucket, typ, action, k1, k2, k3 string }

var periodSize = map[string]int{"h": 13, "d": 10, "m": 7}

// seriesKey maps a stored bucket (or stamp) prefix to the window's series key.
func (w Window) seriesKey(bucket string) string {
	switch w.unit {
	case "hour":
		if len(bucket) >= 13 {
			return bucket[:10] + "T" + bucket[11:13] + ":00:00Z"
		}
	case "day":
		if len(bucket) >= 10 {
			return bucket[:10]
		}
	default:
		if len(bucket) >= 7 {
			return bucket[:7]
		}
	}
	return bucket
}

func bound(t time.Time, size int) string {
	if t.IsZero() {
		return ""
	}
	return c.DBTime(t)[:size]
}

func (q Query) typeIn(params dbx.Params, col string) string {
	names := make([]string, len(q.Types))
	for i, t := range q.Types {
		key := "t" + strconv.Itoa(i)
		params[key] = t
		names[i] = "{:" + key + "}"
	}
	return col + " IN (" + strings.Join(names, ", ") + ")"
}

// Sum sums dimension name over the window, per series bucket when byBucket, per
// (type, action, keys) always.
func (q Query) Sum(name string, byBucket bool) ([]Row, error) {
	sums := map[rowKey]int{}
	add := func(rows []Row) {
		for _, r := range rows {
			k := rowKey{"", r.Type, r.Action, r.K1, r.K2, r.K3}
			if byBucket {
				k.bucket = q.Win.seriesKey(r.Bucket)
			}
			sums[k] += r.N
		}
	}
	for _, s := range q.Win.segments() {
		var rows []Row
		var err error
		if s.period == "" {
			rows, err = q.rawSum(name, s, byBucket)
		} else {
			rows, err = q.rollupSum(name, s, byBucket)
		}
		if err != nil {
			return nil, err
		}
		add(rows)
	}
	out := make([]Row, 0, len(sums))
	for k, n := range sums {
		if n != 0 {
			out = append(out, Row{Bucket: k.bucket, Type: k.typ, Action: k.action, K1: k.k1, K2: k.k2, K3: k.k3, N: n})
		}
	}
	return out, nil
}

func (q Query) rollupSum(name string, s segment, byBucket bool) ([]Row, error) {
	size := periodSize[s.period]
	params := dbx.Params{"dim": name, "period": s.period, "from": bound(s.from, size), "to": bound(s.to, size)}
	bucket, group := "''", ""
	if byBucket {
		bucket, group = `"bucket"`, `"bucket", `
	}
	var rows []Row
	err := q.App.DB().NewQuery(`SELECT ` + bucket + ` AS bucket, "type", "action", "k1", "k2", "k3", sum("n") AS n FROM "` + c.AnalyticsRollups +
		`" WHERE "dim" = {:dim} AND "period" = {:period} AND ` + q.typeIn(params, `"type"`) + ` AND "bucket" >= {:from} AND "bucket" < {:to} ` +
		`GROUP BY ` + group + `"type", "action", "k1", "k2", "k3"`).Bind(params).All(&rows)
	return rows, err
}

// rawSum counts the raw rows of a segment shorter than an hour, with the dimension's own
// SQL (the rule the triggers and the rebuild use).
func (q Query) rawSum(name string, s segment, byBucket bool) ([]Row, error) {
	var out []Row
	params := dbx.Params{"from": c.DBTime(s.from), "to": c.DBTime(s.to)}
	for _, d := range eventDims {
		if d.name != name {
			continue
		}
		var rows []Row
		err := q.App.DB().NewQuery(`SELECT substr("created", 1, 13) AS bucket, "type", ` + prefixed(d.sqlKeys[0], "") + ` AS action, ` +
			prefixed(d.sqlKeys[1], "") + ` AS k1, ` + prefixed(d.sqlKeys[2], "") + ` AS k2, ` + prefixed(d.sqlKeys[3], "") + ` AS k3, count(*) AS n FROM "` +
			c.Events + `" WHERE ` + q.typeIn(params, `"type"`) + ` AND "action" IN ('view', 'like', 'share', 'comment') AND "created" >= {:from} AND "created" < {:to} AND ` +
			prefixed(d.sqlCounts, "") + ` GROUP BY 1, 2, 3, 4, 5, 6`).Bind(params).All(&rows)
		if err != nil {
			return nil, err
		}
		out = append(out, rows...)
	}
	for _, d := range likeDims {
		if d.name != name {
			continue
		}
		var rows []Row
		err := q.App.DB().NewQuery(`SELECT substr("created", 1, 13) AS bucket, "type", 'like' AS action, ` + prefixed(d.k1, "") +
			` AS k1, '' AS k2, '' AS k3, count(*) AS n FROM "` + c.Likes + `" WHERE ` + q.typeIn(params, `"type"`) +
			` AND "created" >= {:from} AND "created" < {:to} GROUP BY 1, 2, 3, 4`).Bind(params).All(&rows)
		if err != nil {
			return nil, err
		}
		out = append(out, rows...)
	}
	return out, nil
}
