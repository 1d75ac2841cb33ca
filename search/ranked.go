package search

import (
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/cache"
)

// The order of a search's matches, and what it costs.
//
// Items holding a query word in the title, tags or categories (the head tier) come first, then
// those that hold them only in the body: a title match always outranks a body match. Within a
// tier, bm25 ranks (weights rankWeights), then newer first. bm25 gives a word found in half the
// items or more an idf of zero (FTS5 keeps 1e-6 of it): such a word weighs nothing. So when
// the query matches half the index or more, every word of it weighs nothing, every match
// scores the same, and a tier is simply newer first: no bm25 is computed.
//
// bm25 costs ~1 µs a match in this SQLite (a look-up of the row's length in the index for
// each, and a walk over every position of the words in it), with no top-N push-down for ORDER
// BY rank LIMIT: 15-50 ms for the 10,000 matches of a common word. Under the rules above it
// only ever runs on fewer matches than half the index, and on the body tier only when the
// page asked for reaches past the head tier.
//
// A new search's first page: one pass over the index's matches counts them (reading no doc
// row when nothing of the wanted types is hidden; one type by its rowids' parity, index.go)
// and lists the head tier's items (looked up in the small head table). The head tier is then
// ordered alone: by date from its doc rows, or by bm25 over the matches with the list as a
// filter. The body tier is ordered once a page reaches it; by date, among the newest items.
//
// A search's ranking is the same for every page of it, so it is kept: the counts, the head
// tier's items and the first hits of each tier of each recent search (firstKeep, then
// rankedKeep), each tier ranked when a page first needs it, until the next content write or
// publish time (a cache generation) or rankedTTL (writes by another process).

// A tier's hits are ranked firstKeep at a time at first (sorting 1,000 costs twice what 10
// do), then up to rankedKeep, 100 pages of 10; later pages ask SQLite (vars for tests).
var (
	firstKeep  = 100
	rankedKeep = 1000
	newestMin  = 400 // the fewest newest items a search of common words looks among
)

const (
	rankedMaxEntries = 64 // searches kept (up to ~120 KB of hits each); all dropped when full
	rankedTTL        = time.Minute
	rankedStoreKey   = "folio.searchRanked"
)

// pageHit is one ranked match: its index row and item.
type pageHit struct {
	Doc  int64  `db:"doc"`
	Type string `db:"type"`
	ID   string `db:"id"`
}

// ranking is a search's count and its first hits per tier, best first, at a cache generation.
type ranking struct {
	gen    uint64
	born   time.Time
	total  int  // public matches of the wanted types
	docs   int  // the index's rows
	byDate bool // every query word is in half the items or more: newer first within a tier

	headN   int    // matches in the head tier (public, of the wanted types)
	headIDs string // their index rows, a JSON array

	mu    sync.Mutex // guards the tiers, filled as pages need them
	tiers [2]tier    // 0 head, 1 body
}

// tier is what a ranking knows of one tier: its first hits, all of them when complete.
type tier struct {
	kept     []pageHit
	complete bool
}

type rankings struct {
	mu     sync.Mutex
	m      map[string]*ranking
	hidden map[string]hiddenDocs // by types
}

// hiddenDocs counts the index's rows and those of some types that are not public.
type hiddenDocs struct {
	gen          uint64
	born         time.Time
	docs, hidden int
}

// matchCounts are a search's matches: all of them, the public ones of the wanted types
// (total), the index's rows, and the public ones of the head tier (its index rows, comma
// separated).
type matchCounts struct {
	Matched int    `db:"matched"`
	Total   int    `db:"total"`
	Docs    int    `db:"docs"`
	Head    string `db:"head"`
}

// headIn tells, in a pass over the matches s, whether a match is in the head tier: one of
// the query's words in its title, tags or categories. Unary + keeps the look-up from driving
// the query (a MATCH per item is costly).
const headIn = `+s.rowid IN (SELECT rowid FROM "itemSearchHead" WHERE "itemSearchHead" MATCH {:head})`

// counts counts q's matches, and lists those of the head tier, in one pass. When no item of
// the wanted types is hidden (a draft, scheduled), the pass reads the index alone, not each
// match's doc row (half its cost): every match counts, or those whose rowid has the one
// wanted type's parity (index.go).
func (rs *rankings) counts(app core.App, gen uint64, q query) (matchCounts, error) {
	key := strings.Join(q.types, ",")
	rs.mu.Lock()
	h, ok := rs.hidden[key]
	rs.mu.Unlock()
	if !ok || h.gen != gen || time.Since(h.born) > rankedTTL {
		h = hiddenDocs{gen: gen, born: time.Now()}
		err := app.DB().NewQuery(`SELECT count(*) AS "docs", count(CASE WHEN d."type" IN (`+q.typeList+`) AND NOT (`+q.filter+`) THEN 1 END) AS "hidden"
			FROM "itemSearchDocs" d`).Bind(q.params).Row(&h.docs, &h.hidden)
		if err != nil {
			return matchCounts{}, err
		}
		if !app.IsTransactional() {
			rs.mu.Lock()
			rs.hidden[key] = h
			rs.mu.Unlock()
		}
	}
	var c matchCounts
	var err error
	if h.hidden == 0 {
		wanted := "1"
		if len(q.types) == 1 {
			wanted = `s.rowid % 2 = ` + strconv.Itoa(typeBit(q.types[0]))
		}
		err = app.DB().NewQuery(`SELECT count(*) AS "matched", count(CASE WHEN ` + wanted + ` THEN 1 END) AS "total", ` + strconv.Itoa(h.docs) + ` AS "docs",
			coalesce(group_concat(CASE WHEN ` + wanted + ` AND ` + headIn + ` THEN s.rowid END), '') AS "head"
			FROM "itemSearch" s WHERE "itemSearch" MATCH {:q}`).Bind(q.params).One(&c)
	} else {
		err = app.DB().NewQuery(`SELECT count(*) AS "matched", count(CASE WHEN ` + q.filter + ` THEN 1 END) AS "total",
			(SELECT count(*) FROM "itemSearchDocs") AS "docs",
			coalesce(group_concat(CASE WHEN ` + q.filter + ` AND ` + headIn + ` THEN s.rowid END), '') AS "head" ` +
			matchFrom + `{:q}`).Bind(q.params).One(&c)
	}
	return c, err
}

func rankingsOf(app core.App) *rankings {
	return app.Store().GetOrSet(rankedStoreKey, func() any { return &rankings{m: map[string]*ranking{}, hidden: map[string]hiddenDocs{}} }).(*rankings)
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

// query is a search's SQL parts: the match and the docs' filter (types, public) with params
// ({:q} the match, {:head} the items with a query word in the title, tags or categories).
type query struct {
	filter   string
	params   dbx.Params
	types    []string
	typeList string // the types quoted for SQL's IN
}

const matchFrom = `FROM "itemSearch" s JOIN "itemSearchDocs" d ON d."id" = s.rowid WHERE "itemSearch" MATCH `

// newerFirst breaks ties: newer first; item id last.
const newerFirst = `d."date" DESC, d."created" DESC, d."item" DESC`

// hitsPage answers the count of q's matches and the hits from offset to offset+limit,
// from the kept ranking of q when it reaches that far.
func hitsPage(app core.App, key string, q query, offset, limit int) (int, []pageHit, error) {
	rs := rankingsOf(app)
	gen := cache.Generation(app) // read first: a write while ranking makes the result stale
	r := rs.get(key, gen)
	if r == nil {
		born := time.Now()
		c, err := rs.counts(app, gen, q)
		if err != nil {
			return 0, nil, err
		}
		r = &ranking{gen: gen, born: born, total: c.Total, docs: c.Docs, byDate: 2*c.Matched >= c.Docs, headIDs: "[" + c.Head + "]"}
		if c.Head != "" {
			r.headN = strings.Count(c.Head, ",") + 1
		}
		if !app.IsTransactional() { // a transaction's reads may never commit
			rs.put(key, r)
		}
	}
	end := min(offset+limit, r.total)
	if offset >= end {
		return r.total, nil, nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	headN := r.headN
	var hits []pageHit
	var err error
	if offset < headN {
		if hits, err = r.tierHits(app, q, 0, offset, min(end, headN)); err != nil {
			return 0, nil, err
		}
	}
	if end > headN {
		h, err := r.tierHits(app, q, 1, max(offset, headN)-headN, end-headN)
		if err != nil {
			return 0, nil, err
		}
		hits = append(hits, h...)
	}
	return r.total, hits, nil
}

// tierHits are the hits from to to of a tier (0 head, 1 body), kept ones when they reach.
func (r *ranking) tierHits(app core.App, q query, tier, from, to int) ([]pageHit, error) {
	if err := r.keep(app, q, tier, to); err != nil {
		return nil, err
	}
	t := &r.tiers[tier]
	if to <= len(t.kept) || t.complete {
		return t.kept[min(from, len(t.kept)):min(to, len(t.kept))], nil
	}
	start := max(from, len(t.kept)) // past the kept hits: ranked again
	rest, err := r.rankTier(app, q, tier, start, to-start)
	return append(slices.Clip(t.kept[min(from, len(t.kept)):]), rest...), err
}

// keep ranks a tier's first hits as far as need, firstKeep or rankedKeep of them (not past).
func (r *ranking) keep(app core.App, q query, tier, need int) error {
	t := &r.tiers[tier]
	if t.complete || need <= len(t.kept) || len(t.kept) >= rankedKeep {
		return nil
	}
	n := firstKeep
	if need > n || len(t.kept) >= n {
		n = rankedKeep
	}
	hits, err := r.rankTier(app, q, tier, 0, n)
	if err != nil {
		return err
	}
	t.kept, t.complete = hits, len(hits) < n
	return nil
}

// rankTier is limit hits of a tier (0 head, 1 body) from offset, in order.
func (r *ranking) rankTier(app core.App, q query, tier, offset, limit int) ([]pageHit, error) {
	p := dbx.Params{"limit": limit, "offset": offset, "headIDs": r.headIDs}
	for k, v := range q.params {
		p[k] = v
	}
	heads := ` (SELECT value FROM json_each({:headIDs}))`
	page := ` LIMIT {:limit} OFFSET {:offset}`
	var sql string
	switch {
	case tier == 0 && r.byDate: // its items, known from the count, by date: no match again
		// a few are looked up and sorted; of many, the first are found walking all items
		// newest first (the list a filter: it holds a tenth of them or more)
		from, in := `"itemSearchDocs" d`, ` d."id" IN`
		if 10*r.headN >= r.docs {
			from, in = `"itemSearchDocs" d INDEXED BY "idx_itemSearchDocs_newest"`, ` +d."id" IN`
		}
		sql = `SELECT d."id" AS "doc", d."type" AS "type", d."item" AS "id" FROM ` + from + ` WHERE` + in + heads +
			` ORDER BY ` + newerFirst + page
	case r.byDate:
		return r.newestBody(app, q, p, offset, limit)
	default: // bm25 is the whole match's: the tier is a filter on its items
		in := [2]string{" IN", " NOT IN"}[tier]
		sql = `SELECT s.rowid AS "doc", d."type" AS "type", d."item" AS "id" ` + matchFrom + `{:q} AND ` + q.filter +
			` AND +s.rowid` + in + heads + ` ORDER BY bm25("itemSearch", ` + rankWeights + `), ` + newerFirst + page
	}
	return r.hits(app, q, sql, p)
}

// newestBody is the body tier's hits from offset to need, newest first. The query matches
// half the index or more, so its newest matches are among the newest items: it looks for
// them among the newest k public items of the wanted types (by index, the match a filter on
// them, never a doc row read per match), k growing until they hold need hits or are all.
func (r *ranking) newestBody(app core.App, q query, p dbx.Params, offset, limit int) ([]pageHit, error) {
	for k := max(4*(offset+limit), newestMin); ; k *= 4 {
		p["k"] = k
		newest := ` (SELECT d."id" FROM "itemSearchDocs" d WHERE ` + q.filter + ` ORDER BY ` + newerFirst + ` LIMIT {:k})`
		hits, err := r.hits(app, q, `SELECT o."id" AS "doc", o."type" AS "type", o."item" AS "id" FROM "itemSearchDocs" o
			WHERE o."id" IN (SELECT s.rowid FROM "itemSearch" s WHERE "itemSearch" MATCH {:q} AND +s.rowid IN`+newest+`)
			AND o."id" NOT IN (SELECT value FROM json_each({:headIDs}))
			ORDER BY o."date" DESC, o."created" DESC, o."item" DESC LIMIT {:limit} OFFSET {:offset}`, p)
		if err != nil || len(hits) == limit || k >= r.docs {
			return hits, err
		}
	}
}

// hits runs a ranking's sql with p.
func (r *ranking) hits(app core.App, q query, sql string, p dbx.Params) ([]pageHit, error) {
	var hits []pageHit
	if err := app.DB().NewQuery(sql).Bind(p).All(&hits); err != nil {
		return nil, err
	}
	for i := range hits { // one copy of each type's name, not one per hit
		if t := slices.Index(q.types, hits[i].Type); t >= 0 {
			hits[i].Type = q.types[t]
		}
	}
	return hits, nil
}

// rankingKey names a search's ranking: its match expression and item types.
func rankingKey(expr string, types []string) string {
	return strings.Join(types, ",") + "\x00" + expr
}
