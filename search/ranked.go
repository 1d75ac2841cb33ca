package search

import (
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/cache"
)

// A search's ranking (bm25 over every match, most of its time: 15 ms for 10,000 matches) is
// the same for every page of it, so it is kept: the first rankedKeep hits of each recent
// search, with the count, until the next content write or publish time (a cache generation)
// or rankedTTL (writes by another process). Page 2 then costs what page 1 costs without it.

// rankedKeep is the hits kept per search: 100 pages of 10; later pages ask SQLite (a var for tests).
var rankedKeep = 1000

const (
	rankedMaxEntries = 64 // searches kept (up to ~60 KB of hits each); all dropped when full
	rankedTTL        = time.Minute
	rankedStoreKey   = "folio.searchRanked"
)

// pageHit is one ranked match: its index row and item.
type pageHit struct {
	Doc  int64  `db:"doc"`
	Type string `db:"type"`
	ID   string `db:"id"`
}

// ranking is a search's count and its first hits, best first, at a cache generation.
type ranking struct {
	gen   uint64
	born  time.Time
	total int
	hits  []pageHit // the first min(total, rankedKeep)
}

type rankings struct {
	mu sync.Mutex
	m  map[string]*ranking
}

func rankingsOf(app core.App) *rankings {
	return app.Store().GetOrSet(rankedStoreKey, func() any { return &rankings{m: map[string]*ranking{}} }).(*rankings)
}

func (rs *rankings) get(key string, gen uint64) *ranking {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	r := rs.m[key]
	if r == nil || r.gen != gen || time.Since(r.born) > rankedTTL {
		return nil
	}
	return r
}

func (rs *rankings) put(key string, r *ranking) {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	if len(rs.m) >= rankedMaxEntries {
		rs.m = map[string]*ranking{}
	}
	rs.m[key] = r
}

// query is a search's SQL parts: the match and the docs' filter (types, public) with params.
type query struct {
	filter string
	params dbx.Params
	types  []string
}

const matchFrom = `FROM "itemSearch" s JOIN "itemSearchDocs" d ON d."id" = s.rowid WHERE "itemSearch" MATCH {:q} AND `

// rankOrder ranks with bm25 (title weighted over body), then newer first; item id breaks ties.
const rankOrder = ` ORDER BY bm25("itemSearch", ` + rankWeights + `), d."date" DESC, d."created" DESC, d."item" DESC`

// hitsPage answers the count of q's matches and the hits from offset to offset+limit,
// from the kept ranking of q when it reaches that far.
func hitsPage(app core.App, key string, q query, offset, limit int) (int, []pageHit, error) {
	rs := rankingsOf(app)
	gen := cache.Generation(app) // read first: a write while ranking makes the result stale
	r := rs.get(key, gen)
	if r == nil {
		born := time.Now()
		var total int
		// the count needs no ranking: the index's own match joined to the docs
		if err := app.DB().NewQuery(`SELECT count(*) ` + matchFrom + q.filter).Bind(q.params).Row(&total); err != nil {
			return 0, nil, err
		}
		var hits []pageHit
		if total > 0 {
			p := dbx.Params{"keep": rankedKeep}
			for k, v := range q.params {
				p[k] = v
			}
			err := app.DB().NewQuery(`SELECT s.rowid AS "doc", d."type" AS "type", d."item" AS "id" ` + matchFrom + q.filter +
				rankOrder + ` LIMIT {:keep}`).Bind(p).All(&hits)
			if err != nil {
				return 0, nil, err
			}
		}
		for i := range hits { // one copy of each type's name, not one per hit
			if t := slices.Index(q.types, hits[i].Type); t >= 0 {
				hits[i].Type = q.types[t]
			}
		}
		r = &ranking{gen: gen, born: born, total: total, hits: hits}
		if !app.IsTransactional() { // a transaction's reads may never commit
			rs.put(key, r)
		}
	}
	if offset >= r.total {
		return r.total, nil, nil
	}
	if end := min(offset+limit, r.total); end <= len(r.hits) {
		return r.total, r.hits[offset:end], nil
	}
	// past the kept hits: this page alone, ranked again
	p := dbx.Params{"limit": limit, "offset": offset}
	for k, v := range q.params {
		p[k] = v
	}
	var hits []pageHit
	err := app.DB().NewQuery(`SELECT s.rowid AS "doc", d."type" AS "type", d."item" AS "id" ` + matchFrom + q.filter +
		rankOrder + ` LIMIT {:limit} OFFSET {:offset}`).Bind(p).All(&hits)
	return r.total, hits, err
}

// rankingKey names a search's ranking: its match expression and item types.
func rankingKey(expr string, types []string) string {
	return strings.Join(types, ",") + "\x00" + expr
}
