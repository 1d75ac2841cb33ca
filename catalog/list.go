package catalog

import (
	"maps"
	"math"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	c "github.com/folio/folio/collections"
)

// List paging (API.md "List envelope").
const (
	DefaultPerPage = 10
	MaxPerPage     = 100
)

// ListParams are the parsed query parameters of a public list.
type ListParams struct {
	Page, PerPage      int
	Q                  string // already search-folded
	Tag, Category, Sub string
	Types              []string // item types to list, in union order
}

// ParseListParams reads page, perPage, q, tag, category, sub and (when allowType) type.
// Unknown parameters are ignored; bad values are field errors under their names.
func ParseListParams(q url.Values, types []string, allowType bool) (ListParams, error) {
	p := ListParams{Page: 1, PerPage: DefaultPerPage, Types: types}
	errs := validation.Errors{}
	if v := strings.TrimSpace(q.Get("page")); v != "" {
		n, err := strconv.Atoi(v)
		if isHugePositive(v, err) {
			n, err = math.MaxInt32, nil // far past the end: an empty page, like any page past the end
		}
		if err != nil || n < 1 {
			errs["page"] = validation.NewError("validation_invalid_page", "page must be a whole number of at least 1.")
		}
		p.Page = min(n, math.MaxInt32)
	}
	if v := strings.TrimSpace(q.Get("perPage")); v != "" {
		n, err := strconv.Atoi(v)
		if isHugePositive(v, err) {
			n, err = MaxPerPage, nil // clamped like any value over the max
		}
		if err != nil || n < 1 {
			errs["perPage"] = validation.NewError("validation_invalid_per_page", "perPage must be a whole number of at least 1.")
		}
		p.PerPage = min(n, MaxPerPage)
	}
	if allowType {
		switch v := strings.TrimSpace(q.Get("type")); v {
		case "":
		case c.TypeBlog, c.TypeProject:
			p.Types = []string{v}
		default:
			errs["type"] = validation.NewError("validation_invalid_type", `type must be "blog" or "project".`)
		}
	}
	for _, key := range []string{"q", "tag", "category", "sub"} {
		if !utf8.ValidString(q.Get(key)) {
			errs[key] = validation.NewError("validation_invalid_utf8", key+" must be valid UTF-8 text.")
		}
	}
	if len(errs) > 0 {
		return p, errs
	}
	p.Q = SearchFold(strings.TrimSpace(q.Get("q")))
	p.Tag = strings.TrimSpace(q.Get("tag"))
	p.Category = strings.TrimSpace(q.Get("category"))
	p.Sub = strings.TrimSpace(q.Get("sub"))
	return p, nil
}

// isHugePositive tells a well-formed positive integer too large for int.
func isHugePositive(v string, err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange && !strings.HasPrefix(v, "-")
}

// CacheKey is the normalised form of the parameters: equal lists share one cached answer.
func (p ListParams) CacheKey(route string) string {
	v := url.Values{}
	v.Set("page", strconv.Itoa(p.Page))
	v.Set("perPage", strconv.Itoa(p.PerPage))
	v.Set("types", strings.Join(p.Types, ","))
	for k, s := range map[string]string{"q": p.Q, "tag": p.Tag, "category": p.Category, "sub": p.Sub} {
		if s != "" {
			v.Set(k, s)
		}
	}
	return route + "?" + v.Encode()
}

// jsonArray yields col when it holds a JSON array, else NULL, so json_each never fails on odd data.
func jsonArray(col string) string {
	return "(CASE WHEN json_valid(" + col + ") THEN CASE json_type(" + col + ") WHEN 'array' THEN " + col + " END END)"
}

// mainCategorySQL is an item's main category, as ItemSummary.categories[0] reports it.
var mainCategorySQL = "COALESCE(NULLIF(json_extract(" + jsonArray("[["+c.FieldCategories+"]]") + ", '$[0]'), ''), '" + Uncategorized + "')"

// Where is the filter of p for one item table; both tables share column names.
func (p ListParams) Where() (string, dbx.Params) {
	conds := []string{"1=1"}
	params := dbx.Params{}
	if p.Q != "" {
		// searchTitle is kept folded by record hooks (hooks/record_items.go); a plain substring test suffices.
		conds = append(conds, "instr([["+c.FieldSearchTitle+"]], {:q}) > 0")
		params["q"] = p.Q
	}
	if p.Tag != "" {
		conds = append(conds, "EXISTS (SELECT 1 FROM json_each("+jsonArray("[["+c.FieldTags+"]]")+") WHERE value = {:tag})")
		params["tag"] = p.Tag
	}
	if p.Category != "" {
		conds = append(conds, mainCategorySQL+" = {:category}")
		params["category"] = p.Category
	}
	if p.Sub != "" {
		conds = append(conds, "EXISTS (SELECT 1 FROM json_each("+jsonArray("[["+c.FieldCategories+"]]")+") WHERE key > 0 AND value = {:sub})")
		params["sub"] = p.Sub
	}
	return strings.Join(conds, " AND "), params
}

// ListPage counts the matching public items and returns the rows of page p in the public
// order. SQLite pages: with the covering list index it merges the two ordered tables and
// stops at the page, without reading a single table row.
func ListPage(app core.App, p ListParams) (total int, rows []*Row, err error) {
	where, params := p.Where()
	public, publicParams := PublicWhere(app, "")
	where += " AND " + public
	maps.Copy(params, publicParams)
	var counts, selects []string
	for _, typ := range p.Types {
		counts = append(counts, "(SELECT count(*) FROM {{"+c.ItemCollection(typ)+"}} WHERE "+where+")")
		selects = append(selects, rowSelect(typ)+" WHERE "+where)
	}
	if err = app.DB().NewQuery("SELECT " + strings.Join(counts, " + ")).Bind(params).Row(&total); err != nil {
		return 0, nil, err
	}
	offset := int64(p.Page-1) * int64(p.PerPage)
	if offset >= int64(total) {
		return total, nil, nil
	}
	params["limit"], params["offset"] = p.PerPage, offset
	sql := strings.Join(selects, " UNION ALL ") + itemOrder + " LIMIT {:limit} OFFSET {:offset}"
	err = app.DB().NewQuery(sql).Bind(params).All(&rows)
	return total, rows, err
}

// List is API.md's List envelope of T (ItemSummary on public routes, ItemDetail on admin ones).
type List[T any] struct {
	Page       int `json:"page"`
	PerPage    int `json:"perPage"`
	TotalItems int `json:"totalItems"`
	TotalPages int `json:"totalPages"`
	Items      []T `json:"items"`
}

// NewList is the envelope of items as page p of total.
func NewList[T any](p ListParams, total int, items []T) List[T] {
	return List[T]{Page: p.Page, PerPage: p.PerPage, TotalItems: total, TotalPages: (total + p.PerPage - 1) / p.PerPage, Items: items}
}

// SummaryList lists page p of the public items.
func SummaryList(app core.App, p ListParams) (List[ItemSummary], error) {
	total, rows, err := ListPage(app, p)
	if err != nil {
		return List[ItemSummary]{}, err
	}
	items, err := Summaries(app, rows)
	if err != nil {
		return List[ItemSummary]{}, err
	}
	return NewList(p, total, items), nil
}
