package catalog

import (
	"database/sql"
	"errors"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"github.com/folio/folio/cache"
	"github.com/folio/folio/clock"
	c "github.com/folio/folio/collections"
)

// An item is public when it is published (or has no status: rows written around the record
// hooks), or scheduled with publishAt at or before now (API.md "Publishing"). This file is
// the one definition every public read uses; the collections' API rules say the same
// (migration 1763770500).

// publicNowParam is the bound parameter of PublicWhere: now on the app clock, as stored.
const publicNowParam = "publicNow"

// PublicWhere is the SQL condition "the item row (of alias, or unqualified when "") is
// public", with its parameter: now on app's clock, in PocketBase's stored date format.
func PublicWhere(app core.App, alias string) (string, dbx.Params) {
	col := func(name string) string {
		if alias == "" {
			return "[[" + name + "]]"
		}
		return "[[" + alias + "." + name + "]]"
	}
	return "(" + col(c.FieldStatus) + " IN ('" + c.ItemPublished + "', '') OR (" + col(c.FieldStatus) + " = '" + c.ItemScheduled +
			"' AND " + col(c.FieldPublishAt) + " != '' AND " + col(c.FieldPublishAt) + " <= {:" + publicNowParam + "}))",
		dbx.Params{publicNowParam: storedTime(clock.Now(app))}
}

// PublicExp is PublicWhere as a dbx expression.
func PublicExp(app core.App, alias string) dbx.Expression {
	where, params := PublicWhere(app, alias)
	return dbx.NewExp(where, params)
}

// storedTime is t as PocketBase stores dates ("2006-01-02 15:04:05.000Z"), which sort as text.
func storedTime(t time.Time) string {
	dt, _ := types.ParseDateTime(t.UTC())
	return dt.String()
}

// IsPublic tells whether rec (a blogs or projects record) is public at now.
func IsPublic(rec *core.Record, now time.Time) bool {
	switch rec.GetString(c.FieldStatus) {
	case c.ItemPublished, "":
		return true
	case c.ItemScheduled:
		at := rec.GetDateTime(c.FieldPublishAt)
		return !at.IsZero() && !at.Time().After(now)
	}
	return false
}

// FindPublic reads the public item id of typ; sql.ErrNoRows when it is unknown or not public.
func FindPublic(app core.App, typ, id string) (*core.Record, error) {
	rec := &core.Record{}
	err := app.RecordQuery(c.ItemCollection(typ)).AndWhere(dbx.HashExp{"id": id}).AndWhere(PublicExp(app, "")).Limit(1).One(rec)
	return rec, err
}

// HiddenKey is the cache key of the set of items that exist but are not public: counters
// never change it, so a counter write keeps it (hooks' invalidateCounters).
const HiddenKey = "catalog.hidden"

// Hidden tells whether the item id of typ exists but is not public now. The set is read
// once per cache generation (items are few that are not public), and the generation
// turns over at the next publish time (NextPublishAt), so a check costs a map lookup.
func Hidden(app core.App, typ, id string) (bool, error) {
	v, err := cache.Value(app, HiddenKey, func() (any, error) {
		where, params := PublicWhere(app, "")
		set := map[string]bool{}
		for _, t := range []string{c.TypeBlog, c.TypeProject} {
			var ids []string
			err := app.DB().Select("id").From(c.ItemCollection(t)).Where(dbx.NewExp("NOT "+where, params)).Column(&ids)
			if err != nil {
				return nil, err
			}
			for _, id := range ids {
				set[t+"/"+id] = true
			}
		}
		return set, nil
	})
	if err != nil {
		return false, err
	}
	return v.(map[string]bool)[typ+"/"+id], nil
}

// nextPublishSQL finds the earliest publishAt after {:now} of a scheduled item; each table's
// partial index of scheduled items (migration 1763770600) answers it without a scan.
const nextPublishSQL = "SELECT COALESCE(min(at), '') FROM (" +
	"SELECT min([[publishAt]]) AS at FROM {{" + c.Blogs + "}} WHERE [[status]] = '" + c.ItemScheduled + "' AND [[publishAt]] > {:now} UNION ALL " +
	"SELECT min([[publishAt]]) AS at FROM {{" + c.Projects + "}} WHERE [[status]] = '" + c.ItemScheduled + "' AND [[publishAt]] > {:now})"

// NextPublishAt is the earliest publishAt of a scheduled item after now on app's clock;
// zero when none is due. The cache treats its answers as stale from that moment.
func NextPublishAt(app core.App) (time.Time, error) {
	var next string
	err := app.DB().NewQuery(nextPublishSQL).Bind(dbx.Params{"now": storedTime(clock.Now(app))}).Row(&next)
	if errors.Is(err, sql.ErrNoRows) || next == "" {
		return time.Time{}, nil
	}
	if err != nil {
		return time.Time{}, err
	}
	dt, err := types.ParseDateTime(next)
	if err != nil {
		return time.Time{}, err
	}
	return dt.Time(), nil
}
