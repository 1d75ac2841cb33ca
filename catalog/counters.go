package catalog

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	c "github.com/folio/folio/collections"
)

// The engagement counters live in the narrow itemCounters table, keyed by (item, type)
// (migration 1763770200), not in the item rows: an engagement write rewrites a few
// bytes there instead of a wide row. The item collections keep their counter fields for
// the API's shapes; everything that shows an item fills them from the table first. An
// item without a row has zero counters.

// Counters is one item's engagement counters.
type Counters struct {
	Likes    int `db:"likeCount"`
	Shares   int `db:"shareCount"`
	Views    int `db:"viewCount"`
	Comments int `db:"commentCount"`
}

// counterChunk bounds the ids of one query, far below SQLite's bound-parameter limit.
const counterChunk = 5000

// CountersOf reads the counters of the items ids of type typ; a missing id reads as zeros.
func CountersOf(app core.App, typ string, ids []string) (map[string]Counters, error) {
	out := make(map[string]Counters, len(ids))
	for lo := 0; lo < len(ids); lo += counterChunk {
		chunk := ids[lo:min(lo+counterChunk, len(ids))]
		in := make([]any, len(chunk))
		for i, id := range chunk {
			in[i] = id
		}
		var rows []struct {
			Item string `db:"item"`
			Counters
		}
		err := app.DB().Select(c.FieldCounterItem, c.FieldLikeCount, c.FieldShareCount, c.FieldViewCount, c.FieldCommentCount).
			From(c.ItemCounters).
			Where(dbx.HashExp{c.FieldType: typ}).AndWhere(dbx.In(c.FieldCounterItem, in...)).
			All(&rows)
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			out[r.Item] = r.Counters
		}
	}
	return out, nil
}

// FillCounters sets the counter fields of blogs and projects records from itemCounters.
func FillCounters(app core.App, recs ...*core.Record) error {
	byType := map[string][]string{}
	for _, rec := range recs {
		typ := c.ItemType(rec.Collection().Name)
		byType[typ] = append(byType[typ], rec.Id)
	}
	counters := map[string]map[string]Counters{}
	for typ, ids := range byType {
		m, err := CountersOf(app, typ, ids)
		if err != nil {
			return err
		}
		counters[typ] = m
	}
	for _, rec := range recs {
		n := counters[c.ItemType(rec.Collection().Name)][rec.Id]
		n.set(rec)
	}
	return nil
}

// set writes n into rec's counter fields.
func (n Counters) set(rec *core.Record) {
	rec.Set(c.FieldLikeCount, n.Likes)
	rec.Set(c.FieldShareCount, n.Shares)
	rec.Set(c.FieldViewCount, n.Views)
	rec.Set(c.FieldCommentCount, n.Comments)
}

// Field is the counter named by an item field (likeCount, shareCount, viewCount,
// commentCount); 0 for any other name.
func (n Counters) Field(name string) int {
	switch name {
	case c.FieldLikeCount:
		return n.Likes
	case c.FieldShareCount:
		return n.Shares
	case c.FieldViewCount:
		return n.Views
	case c.FieldCommentCount:
		return n.Comments
	}
	return 0
}
