package catalog

import (
	"sync"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/richtext"
)

// Row is an item's light columns: all an ItemSummary shows but the excerpt and the
// counters. The covering list index (migrations 1763769900, 1763770200) holds them, so
// lists never read the rows themselves, whose descriptions span overflow pages; excerpts
// come from the memo, counters from itemCounters (Summaries).
type Row struct {
	Type       string `db:"type"`
	ID         string `db:"id"`
	Title      string `db:"title"`
	Date       string `db:"date"`
	Created    string `db:"created"`
	Author     string `db:"author"`
	Media      string `db:"media"`
	Categories string `db:"categories"`
	Tags       string `db:"tags"`
	Updated    string `db:"updated"`
}

// rowSelect selects a Row of type typ from its table.
func rowSelect(typ string) string {
	return "SELECT '" + typ + "' AS [[type]], [[id]], [[title]], [[date]], [[created]], [[author]], [[media]], " +
		"COALESCE([[categories]], '') AS [[categories]], COALESCE([[tags]], '') AS [[tags]], " +
		"[[updated]] " +
		"FROM {{" + c.ItemCollection(typ) + "}}"
}

// itemOrder is the public order: newest date, then newest created, then id, so ties are stable.
const itemOrder = " ORDER BY [[date]] DESC, [[created]] DESC, [[id]] DESC"

// summaryMemoMax bounds the excerpt memo; past it the memo starts again.
const summaryMemoMax = 100_000

const memoStoreKey = "folio.excerptMemo"

type memoExcerpt struct {
	updated string
	excerpt string
}

// excerptMemo maps item id -> excerpt; it survives cache invalidation, checked by `updated`.
type excerptMemo struct {
	mu sync.Mutex
	m  map[string]memoExcerpt
}

// memoOf returns app's excerpt memo; transaction apps share their parent's store.
func memoOf(app core.App) *excerptMemo {
	return app.Store().GetOrSet(memoStoreKey, func() any {
		return &excerptMemo{m: map[string]memoExcerpt{}}
	}).(*excerptMemo)
}

func (cc *excerptMemo) excerpt(id, updated string) (string, bool) {
	cc.mu.Lock()
	defer cc.mu.Unlock()
	m, ok := cc.m[id]
	return m.excerpt, ok && m.updated == updated
}

// RecordExcerpt is rec's list excerpt, from the memo while rec is unchanged.
func RecordExcerpt(app core.App, rec *core.Record) string {
	cc := memoOf(app)
	updated := rec.GetString("updated")
	if ex, ok := cc.excerpt(rec.Id, updated); ok {
		return ex
	}
	ex := Excerpt(rec, ExcerptLength)
	cc.remember(rec.Id, updated, ex)
	return ex
}

// RememberPlainExcerpt keeps the excerpt of item id at updated from its description's plain
// text (richtext.PlainText), for a caller that holds that text already (the search index).
func RememberPlainExcerpt(app core.App, id, updated, plain string) {
	cc := memoOf(app)
	if _, ok := cc.excerpt(id, updated); !ok {
		cc.remember(id, updated, richtext.TextExcerpt(plain, ExcerptLength))
	}
}

func (cc *excerptMemo) remember(id, updated, excerpt string) {
	cc.mu.Lock()
	defer cc.mu.Unlock()
	if len(cc.m) >= summaryMemoMax {
		cc.m = map[string]memoExcerpt{}
	}
	cc.m[id] = memoExcerpt{updated: updated, excerpt: excerpt}
}

// Summaries converts rows, reading descriptions only for excerpts the memo lacks:
// one streamed query per type, so a big tag never holds its descriptions all at once.
// The counters are read fresh from itemCounters (rows may be the taxonomy's cached ones).
func Summaries(app core.App, rows []*Row) ([]ItemSummary, error) {
	cc := memoOf(app)
	excerpts := make(map[string]string, len(rows))
	missing := map[string][]any{}
	ids := map[string][]string{}
	for _, r := range rows {
		ids[r.Type] = append(ids[r.Type], r.ID)
		if ex, ok := cc.excerpt(r.ID, r.Updated); ok {
			excerpts[r.ID] = ex
		} else {
			missing[r.Type] = append(missing[r.Type], r.ID)
		}
	}
	for typ, ids := range missing {
		for lo := 0; lo < len(ids); lo += 5000 { // far below SQLite's bound-parameter limit
			if err := readExcerpts(app, cc, typ, ids[lo:min(lo+5000, len(ids))], excerpts); err != nil {
				return nil, err
			}
		}
	}
	counters := map[string]map[string]Counters{}
	for typ, list := range ids {
		m, err := CountersOf(app, typ, list)
		if err != nil {
			return nil, err
		}
		counters[typ] = m
	}
	out := make([]ItemSummary, len(rows))
	for i, r := range rows {
		rec, err := r.record(app)
		if err != nil {
			return nil, err
		}
		counters[r.Type][r.ID].set(rec)
		out[i] = NewItemSummary(rec) // description left empty: no HTML parse here
		out[i].Excerpt = excerpts[r.ID]
	}
	return out, nil
}

// bigRead is the number of descriptions past which readExcerpts gives back the page cache.
const bigRead = 200

// readExcerpts computes the excerpts of ids. A big read runs in a read transaction, so its
// connection can then release the pages it filled: SQLite keeps up to 32 MB per pooled connection.
func readExcerpts(app core.App, cc *excerptMemo, typ string, ids []any, into map[string]string) (err error) {
	var db dbx.Builder = app.DB()
	if pool, ok := app.ConcurrentDB().(*dbx.DB); ok && len(ids) >= bigRead {
		tx, err := pool.Begin()
		if err != nil {
			return err
		}
		defer func() {
			if err == nil {
				_, err = tx.NewQuery("PRAGMA shrink_memory").Execute()
			}
			tx.Rollback() // read only
		}()
		db = tx
	}
	rows, err := db.Select("id", c.FieldDescription, "updated").From(c.ItemCollection(typ)).
		Where(dbx.In("id", ids...)).Rows()
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id, desc, updated string
		if err := rows.Scan(&id, &desc, &updated); err != nil {
			return err
		}
		ex := richtext.Excerpt(desc, ExcerptLength) // as Excerpt does for a full record
		into[id] = ex
		cc.remember(id, updated, ex)
	}
	return rows.Err()
}

// record is r as a blogs or projects record without description and counters, for NewItemSummary.
func (r *Row) record(app core.App) (*core.Record, error) {
	col, err := app.FindCachedCollectionByNameOrId(c.ItemCollection(r.Type))
	if err != nil {
		return nil, err
	}
	rec := core.NewRecord(col)
	rec.Id = r.ID
	rec.Load(map[string]any{
		c.FieldTitle: r.Title, c.FieldDate: r.Date, c.FieldAuthor: r.Author, c.FieldMedia: r.Media,
		c.FieldCategories: types.JSONRaw(r.Categories), c.FieldTags: types.JSONRaw(r.Tags),
	})
	for field, v := range map[string]string{"created": r.Created, "updated": r.Updated} {
		dt, _ := types.ParseDateTime(v) // autodate fields take raw values only
		rec.SetRaw(field, dt)
	}
	return rec, nil
}
