package search

import (
	"database/sql"
	"encoding/json"
	"errors"
	"html"
	"maps"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/catalog"
	c "github.com/folio/folio/collections"
)

// Result is an ItemSummary with its snippet: plain text around the best match, HTML-escaped,
// with the matched words in <mark>.
type Result struct {
	catalog.ItemSummary
	Snippet string `json:"snippet"`
}

// Params are a search's text, page, page size and item types (catalog.ParseListParams
// validates page, perPage and type; Q is the raw user text).
type Params struct {
	Q    string
	List catalog.ListParams
}

// CacheKey names p's answer: equal searches (same words, page, size, types) share it.
func CacheKey(p Params) string {
	expr, _ := MatchExpr(strings.TrimSpace(p.Q))
	if utf8.RuneCountInString(strings.TrimSpace(p.Q)) < MinQueryRunes {
		expr = ""
	}
	l := p.List
	l.Q = ""
	return l.CacheKey("/api/search") + "&match=" + url.QueryEscape(expr)
}

// Column weights of bm25 (title, body, tags, categories): a title match outranks a body one.
const rankWeights = "10.0, 1.0, 4.0, 4.0"

// snippetTokens is the snippet's length in words.
const snippetTokens = 24

func isNoRows(err error) bool { return errors.Is(err, sql.ErrNoRows) }

type hit struct {
	catalog.Row
	Doc int64
}

// Search answers page p of the public items matching p.Q, best first, then newer first.
// A query under MinQueryRunes characters, or with no word in it, answers an empty list.
func Search(app core.App, p Params) (catalog.List[Result], error) {
	empty := catalog.NewList(p.List, 0, []Result{})
	q := strings.TrimSpace(p.Q)
	expr, ok := MatchExpr(q)
	if utf8.RuneCountInString(q) < MinQueryRunes || !ok {
		return empty, nil
	}
	params := dbx.Params{"q": expr, "head": headExpr(q)}
	var rowSelects, types []string
	for _, typ := range p.List.Types {
		types = append(types, "'"+typ+"'")
		rowSelects = append(rowSelects, `SELECT '`+typ+`' AS "type", "id", "title", "date", "created", "author", "media",
			COALESCE("categories", '') AS "categories", COALESCE("tags", '') AS "tags", "updated" FROM "`+c.ItemCollection(typ)+`" WHERE "id" IN (SELECT value FROM json_each({:ids}))`)
	}
	// the docs mirror the items' status and publishAt, so catalog's one public predicate applies to them
	public, publicParams := catalog.PublicWhere(app, "d")
	maps.Copy(params, publicParams)
	filter := `d."type" IN (` + strings.Join(types, ", ") + `) AND ` + public
	offset := (p.List.Page - 1) * p.List.PerPage
	total, page, err := hitsPage(app, rankingKey(expr, p.List.Types), query{filter: filter, params: params, types: p.List.Types, typeList: strings.Join(types, ", ")}, offset, p.List.PerPage)
	if err != nil || len(page) == 0 {
		return catalog.NewList(p.List, total, []Result{}), err
	}
	ids := make([]string, len(page))
	for i, h := range page {
		ids[i] = h.ID
	}
	idsJSON, _ := json.Marshal(ids)
	var found []*catalog.Row
	if err := app.DB().NewQuery(strings.Join(rowSelects, " UNION ALL ")).Bind(dbx.Params{"ids": string(idsJSON)}).All(&found); err != nil {
		return empty, err
	}
	byKey := make(map[string]*catalog.Row, len(found))
	for _, r := range found {
		byKey[r.Type+"/"+r.ID] = r
	}
	hits := make([]*hit, 0, len(page))
	for _, h := range page {
		if r := byKey[h.Type+"/"+h.ID]; r != nil {
			hits = append(hits, &hit{Row: *r, Doc: h.Doc})
		}
	}
	rows := make([]*catalog.Row, len(hits))
	docs := make([]any, len(hits))
	for i, h := range hits {
		rows[i], docs[i] = &h.Row, h.Doc
	}
	// the snippets read the index's text, which holds each body's plain text: its excerpt too
	snips, err := snippets(app, q, docs)
	if err != nil {
		return empty, err
	}
	sums, err := catalog.Summaries(app, rows)
	if err != nil {
		return empty, err
	}
	out := make([]Result, len(hits))
	for i, h := range hits {
		out[i] = Result{ItemSummary: sums[i], Snippet: snips[h.Doc]}
	}
	return catalog.NewList(p.List, total, out), nil
}

// snippets are the marked snippets of the given index rows for the user's text q.
func snippets(app core.App, q string, docs []any) (map[int64]string, error) {
	var rows []struct {
		Doc        int64  `db:"doc"`
		Title      string `db:"title"`
		Body       string `db:"body"`
		Tags       string `db:"tags"`
		Categories string `db:"categories"`
		Item       string `db:"item"`
		Updated    string `db:"updated"`
	}
	params := dbx.Params{}
	marks := make([]string, len(docs))
	for i, d := range docs {
		k := "d" + strconv.Itoa(i)
		marks[i], params[k] = "{:"+k+"}", d
	}
	// one statement: the text and the version it is of were written together (index.go)
	err := app.DB().NewQuery(`SELECT s.rowid AS "doc", s.title, s.body, s.tags, s.categories, d."item", d."updated"
		FROM "itemSearch" s JOIN "itemSearchDocs" d ON d."id" = s.rowid WHERE s.rowid IN (` +
		strings.Join(marks, ", ") + `)`).Bind(params).All(&rows)
	t := queryTerms(q)
	out := make(map[int64]string, len(rows))
	for _, r := range rows {
		out[r.Doc] = MarkSnippet(cutSnippet([]string{r.Title, r.Body, r.Tags, r.Categories}, t, snippetTokens))
		catalog.RememberPlainExcerpt(app, r.Item, r.Updated, r.Body)
	}
	return out, err
}

// MarkSnippet HTML-escapes an FTS5 snippet and turns its private markers into <mark> tags.
func MarkSnippet(s string) string {
	s = html.EscapeString(strings.ToValidUTF8(s, "\uFFFD"))
	return strings.NewReplacer(markOpen, "<mark>", markClose, "</mark>").Replace(s)
}
