package catalog

import (
	"cmp"
	"slices"
	"strconv"

	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/cache"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/richtext"
)

// CategoryCount is a sub-category in GET /api/categories.
type CategoryCount struct {
	Name  string `json:"name"`
	Count int    `json:"count"`
}

// CategoryInfo is one main category in GET /api/categories.
type CategoryInfo struct {
	Name          string          `json:"name"`
	Count         int             `json:"count"`
	Subcategories []CategoryCount `json:"subcategories"`
}

// ItemGroup is a named list of items (a sub-category, a tag).
type ItemGroup struct {
	Name  string        `json:"name"`
	Count int           `json:"count"`
	Items []ItemSummary `json:"items"`
}

// CategoryDetail is GET /api/categories/{name}.
type CategoryDetail struct {
	ItemGroup
	Subcategories []ItemGroup `json:"subcategories"`
}

// TagInfo is one tag in GET /api/tags.
type TagInfo struct {
	Name   string `json:"name"`
	Count  int    `json:"count"`
	Latest string `json:"latest"`
}

// ArchiveItem is one row of GET /api/archives.
type ArchiveItem struct {
	ID    string `json:"id"`
	Type  string `json:"type"`
	Title string `json:"title"`
	Date  string `json:"date"`
}

// ArchiveYear groups the items of one year.
type ArchiveYear struct {
	Year  int           `json:"year"`
	Items []ArchiveItem `json:"items"`
}

// Taxonomy is the aggregate index of every item, computed once per cache generation.
// Item lists are indexes into rows, which are in the public order.
type Taxonomy struct {
	rows       []*Row
	Categories []CategoryInfo
	Tags       []TagInfo
	Archives   []ArchiveYear
	ByCategory map[string][]int
	BySub      map[string]map[string][]int // main -> sub -> items
	ByTag      map[string][]int
}

// Category is the main category name's entry; name must be one of t.ByCategory's.
func (t *Taxonomy) Category(name string) CategoryInfo {
	i, _ := slices.BinarySearchFunc(t.Categories, name, func(ci CategoryInfo, n string) int { return cmp.Compare(ci.Name, n) })
	return t.Categories[i]
}

// Summaries converts the given items, keyed by their index in rows.
func (t *Taxonomy) Summaries(app core.App, items []int) (map[int]ItemSummary, error) {
	rows := make([]*Row, len(items))
	for i, idx := range items {
		rows[i] = t.rows[idx]
	}
	sums, err := Summaries(app, rows)
	if err != nil {
		return nil, err
	}
	out := make(map[int]ItemSummary, len(items))
	for i, idx := range items {
		out[idx] = sums[i]
	}
	return out, nil
}

// Pick returns the summaries of items, in their order.
func Pick(sums map[int]ItemSummary, items []int) []ItemSummary {
	out := make([]ItemSummary, len(items))
	for i, idx := range items {
		out[i] = sums[idx]
	}
	return out
}

// LoadTaxonomy returns the cached aggregate index of the public items, reading their light columns
// once (from the covering list index, already in the public order).
func LoadTaxonomy(app core.App) (*Taxonomy, error) {
	v, err := cache.Value(app, "taxonomy", func() (any, error) {
		var rows []*Row
		public, params := PublicWhere(app, "")
		err := app.DB().NewQuery(rowSelect(c.TypeBlog) + " WHERE " + public + " UNION ALL " + rowSelect(c.TypeProject) + " WHERE " + public + itemOrder).
			Bind(params).All(&rows)
		if err != nil {
			return nil, err
		}
		return buildTaxonomy(rows), nil
	})
	if err != nil {
		return nil, err
	}
	return v.(*Taxonomy), nil
}

// buildTaxonomy aggregates rows, which come newest first.
func buildTaxonomy(rows []*Row) *Taxonomy {
	t := &Taxonomy{rows: rows, ByCategory: map[string][]int{}, BySub: map[string]map[string][]int{}, ByTag: map[string][]int{}}
	latest := map[string]string{}
	years := map[int]*ArchiveYear{}
	for i, r := range rows {
		cats, tags := Strings(r.Categories), Strings(r.Tags)
		main := Uncategorized
		if len(cats) > 0 && cats[0] != "" {
			main = cats[0]
		}
		t.ByCategory[main] = append(t.ByCategory[main], i)
		if len(cats) > 1 {
			if t.BySub[main] == nil {
				t.BySub[main] = map[string][]int{}
			}
			for _, s := range richtext.Unique(cats[1:]) {
				t.BySub[main][s] = append(t.BySub[main][s], i)
			}
		}
		day := c.Day(r.Date)
		for _, tag := range richtext.Unique(tags) {
			if len(t.ByTag[tag]) == 0 {
				latest[tag] = day // rows are newest first
			}
			t.ByTag[tag] = append(t.ByTag[tag], i)
		}
		year, _ := strconv.Atoi(firstN(cmp.Or(r.Date, r.Created), 4))
		if years[year] == nil {
			years[year] = &ArchiveYear{Year: year, Items: []ArchiveItem{}}
		}
		years[year].Items = append(years[year].Items, ArchiveItem{ID: r.ID, Type: r.Type, Title: r.Title, Date: day})
	}

	t.Categories = []CategoryInfo{}
	for name, refs := range t.ByCategory {
		ci := CategoryInfo{Name: name, Count: len(refs), Subcategories: []CategoryCount{}}
		for sub, subRefs := range t.BySub[name] {
			ci.Subcategories = append(ci.Subcategories, CategoryCount{Name: sub, Count: len(subRefs)})
		}
		slices.SortFunc(ci.Subcategories, func(a, b CategoryCount) int { return cmp.Compare(a.Name, b.Name) })
		t.Categories = append(t.Categories, ci)
	}
	slices.SortFunc(t.Categories, func(a, b CategoryInfo) int { return cmp.Compare(a.Name, b.Name) })

	t.Tags = []TagInfo{}
	for name, refs := range t.ByTag {
		t.Tags = append(t.Tags, TagInfo{Name: name, Count: len(refs), Latest: latest[name]})
	}
	slices.SortFunc(t.Tags, func(a, b TagInfo) int {
		return cmp.Or(cmp.Compare(b.Count, a.Count), cmp.Compare(b.Latest, a.Latest), cmp.Compare(a.Name, b.Name))
	})

	t.Archives = []ArchiveYear{}
	for _, y := range years {
		t.Archives = append(t.Archives, *y)
	}
	slices.SortFunc(t.Archives, func(a, b ArchiveYear) int { return cmp.Compare(b.Year, a.Year) })
	return t
}

func firstN(s string, n int) string {
	if len(s) < n {
		return s
	}
	return s[:n]
}
