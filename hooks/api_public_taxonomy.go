package hooks

import (
	"cmp"
	"encoding/json"
	"slices"
	"strconv"

	"github.com/pocketbase/pocketbase/core"

	c "github.com/folio/folio/collections"
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

// taxonomy is the aggregate index of every item, computed once per cache generation.
// Item lists are indexes into rows, which are in the public order.
type taxonomy struct {
	rows       []*itemRow
	categories []CategoryInfo
	tags       []TagInfo
	archives   []ArchiveYear
	byCategory map[string][]int
	bySub      map[string]map[string][]int // main -> sub -> items
	byTag      map[string][]int
}

func publicCategories(e *core.RequestEvent) error {
	return cachedJSON(e, keyCategories, func() (any, error) {
		t, err := loadTaxonomy(e.App)
		if err != nil {
			return nil, err
		}
		return t.categories, nil
	})
}

func publicTags(e *core.RequestEvent) error {
	return cachedJSON(e, keyTags, func() (any, error) {
		t, err := loadTaxonomy(e.App)
		if err != nil {
			return nil, err
		}
		return t.tags, nil
	})
}

func publicArchives(e *core.RequestEvent) error {
	return cachedJSON(e, keyArchives, func() (any, error) {
		t, err := loadTaxonomy(e.App)
		if err != nil {
			return nil, err
		}
		return t.archives, nil
	})
}

// publicCategory answers a main category with its items and its sub-categories' items.
func publicCategory(e *core.RequestEvent) error {
	name := e.Request.PathValue("name")
	return cachedJSON(e, "categories/"+name, func() (any, error) {
		t, err := loadTaxonomy(e.App)
		if err != nil {
			return nil, err
		}
		items := t.byCategory[name]
		if len(items) == 0 {
			return nil, e.NotFoundError("Category not found.", nil)
		}
		sums, err := t.summaries(e.App, items)
		if err != nil {
			return nil, err
		}
		out := CategoryDetail{ItemGroup: ItemGroup{Name: name, Count: len(items), Items: pick(sums, items)}, Subcategories: []ItemGroup{}}
		for _, sc := range categoryInfo(t, name).Subcategories {
			sub := t.bySub[name][sc.Name]
			out.Subcategories = append(out.Subcategories, ItemGroup{Name: sc.Name, Count: len(sub), Items: pick(sums, sub)})
		}
		return out, nil
	})
}

// publicTag answers a tag with its items.
func publicTag(e *core.RequestEvent) error {
	name := e.Request.PathValue("tag")
	return cachedJSON(e, "tags/"+name, func() (any, error) {
		t, err := loadTaxonomy(e.App)
		if err != nil {
			return nil, err
		}
		items := t.byTag[name]
		if len(items) == 0 {
			return nil, e.NotFoundError("Tag not found.", nil)
		}
		sums, err := t.summaries(e.App, items)
		if err != nil {
			return nil, err
		}
		return ItemGroup{Name: name, Count: len(items), Items: pick(sums, items)}, nil
	})
}

func categoryInfo(t *taxonomy, name string) CategoryInfo {
	i, _ := slices.BinarySearchFunc(t.categories, name, func(ci CategoryInfo, n string) int { return cmp.Compare(ci.Name, n) })
	return t.categories[i]
}

// summaries converts the given items, keyed by their index in rows.
func (t *taxonomy) summaries(app core.App, items []int) (map[int]ItemSummary, error) {
	rows := make([]*itemRow, len(items))
	for i, idx := range items {
		rows[i] = t.rows[idx]
	}
	sums, err := rowSummaries(app, rows)
	if err != nil {
		return nil, err
	}
	out := make(map[int]ItemSummary, len(items))
	for i, idx := range items {
		out[idx] = sums[i]
	}
	return out, nil
}

func pick(sums map[int]ItemSummary, items []int) []ItemSummary {
	out := make([]ItemSummary, len(items))
	for i, idx := range items {
		out[i] = sums[idx]
	}
	return out
}

// loadTaxonomy returns the cached aggregate index, reading every item's light columns
// once (from the covering list index, already in the public order).
func loadTaxonomy(app core.App) (*taxonomy, error) {
	v, err := cacheOf(app).value("taxonomy", func() (any, error) {
		var rows []*itemRow
		err := app.DB().NewQuery(itemRowSelect(c.TypeBlog) + " UNION ALL " + itemRowSelect(c.TypeProject) + itemOrder).All(&rows)
		if err != nil {
			return nil, err
		}
		return buildTaxonomy(rows), nil
	})
	if err != nil {
		return nil, err
	}
	return v.(*taxonomy), nil
}

// buildTaxonomy aggregates rows, which come newest first.
func buildTaxonomy(rows []*itemRow) *taxonomy {
	t := &taxonomy{rows: rows, byCategory: map[string][]int{}, bySub: map[string]map[string][]int{}, byTag: map[string][]int{}}
	latest := map[string]string{}
	years := map[int]*ArchiveYear{}
	for i, r := range rows {
		cats, tags := jsonStrings(r.Categories), jsonStrings(r.Tags)
		main := Uncategorized
		if len(cats) > 0 && cats[0] != "" {
			main = cats[0]
		}
		t.byCategory[main] = append(t.byCategory[main], i)
		if len(cats) > 1 {
			if t.bySub[main] == nil {
				t.bySub[main] = map[string][]int{}
			}
			for _, s := range uniq(cats[1:]) {
				t.bySub[main][s] = append(t.bySub[main][s], i)
			}
		}
		day := dayOf(r.Date)
		for _, tag := range uniq(tags) {
			if len(t.byTag[tag]) == 0 {
				latest[tag] = day // rows are newest first
			}
			t.byTag[tag] = append(t.byTag[tag], i)
		}
		year, _ := strconv.Atoi(firstN(cmp.Or(r.Date, r.Created), 4))
		if years[year] == nil {
			years[year] = &ArchiveYear{Year: year, Items: []ArchiveItem{}}
		}
		years[year].Items = append(years[year].Items, ArchiveItem{ID: r.ID, Type: r.Type, Title: r.Title, Date: day})
	}

	t.categories = []CategoryInfo{}
	for name, refs := range t.byCategory {
		ci := CategoryInfo{Name: name, Count: len(refs), Subcategories: []CategoryCount{}}
		for sub, subRefs := range t.bySub[name] {
			ci.Subcategories = append(ci.Subcategories, CategoryCount{Name: sub, Count: len(subRefs)})
		}
		slices.SortFunc(ci.Subcategories, func(a, b CategoryCount) int { return cmp.Compare(a.Name, b.Name) })
		t.categories = append(t.categories, ci)
	}
	slices.SortFunc(t.categories, func(a, b CategoryInfo) int { return cmp.Compare(a.Name, b.Name) })

	t.tags = []TagInfo{}
	for name, refs := range t.byTag {
		t.tags = append(t.tags, TagInfo{Name: name, Count: len(refs), Latest: latest[name]})
	}
	slices.SortFunc(t.tags, func(a, b TagInfo) int {
		return cmp.Or(cmp.Compare(b.Count, a.Count), cmp.Compare(b.Latest, a.Latest), cmp.Compare(a.Name, b.Name))
	})

	t.archives = []ArchiveYear{}
	for _, y := range years {
		t.archives = append(t.archives, *y)
	}
	slices.SortFunc(t.archives, func(a, b ArchiveYear) int { return cmp.Compare(b.Year, a.Year) })
	return t
}

// jsonStrings decodes a JSON array of strings, tolerating anything else as empty.
func jsonStrings(s string) []string {
	var out []string
	if s != "" && json.Unmarshal([]byte(s), &out) != nil {
		return nil
	}
	return out
}

// uniq drops empty and repeated values, keeping first occurrences in order.
func uniq(list []string) []string {
	seen := make(map[string]bool, len(list))
	out := list[:0:0]
	for _, s := range list {
		if s != "" && !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// dayOf is the YYYY-MM-DD of a stored date ("" when unset).
func dayOf(stored string) string {
	if len(stored) < 10 {
		return ""
	}
	return stored[:10]
}

func firstN(s string, n int) string {
	if len(s) < n {
		return s
	}
	return s[:n]
}
