package catalog_test

import (
	"cmp"
	"encoding/json"
	"errors"
	"math"
	"net/url"
	"slices"
	"strings"
	"testing"

	validation "github.com/pocketbase/ozzo-validation/v4"

	"github.com/folio/folio/catalog"
	c "github.com/folio/folio/collections"
)

var bothTypes = []string{c.TypeBlog, c.TypeProject}

func TestParseListParams(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		query     string
		allowType bool
		want      catalog.ListParams
		errFields string // comma-joined field errors, sorted
	}{
		{"", true, catalog.ListParams{Page: 1, PerPage: 10, Types: bothTypes}, ""},
		{"page=3&perPage=25", true, catalog.ListParams{Page: 3, PerPage: 25, Types: bothTypes}, ""},
		{"page=%203%20&perPage=100", true, catalog.ListParams{Page: 3, PerPage: 100, Types: bothTypes}, ""},
		{"perPage=101", true, catalog.ListParams{Page: 1, PerPage: 100, Types: bothTypes}, ""}, // clamped
		{"perPage=99999999999999999999", true, catalog.ListParams{Page: 1, PerPage: 100, Types: bothTypes}, ""},
		{"page=99999999999999999999", true, catalog.ListParams{Page: math.MaxInt32, PerPage: 10, Types: bothTypes}, ""}, // past the end
		{"type=project", true, catalog.ListParams{Page: 1, PerPage: 10, Types: []string{c.TypeProject}}, ""},
		{"type=project", false, catalog.ListParams{Page: 1, PerPage: 10, Types: bothTypes}, ""}, // not a parameter here
		{"q=%20CAF%C3%89%20&tag=%20Go%20&category=Dev&sub=SQL&unknown=1", true,
			catalog.ListParams{Page: 1, PerPage: 10, Types: bothTypes, Q: "café", Tag: "Go", Category: "Dev", Sub: "SQL"}, ""},
		{"page=0", true, catalog.ListParams{}, "page"},
		{"page=-1&perPage=0", true, catalog.ListParams{}, "page,perPage"},
		{"page=abc&perPage=1.5&type=site", true, catalog.ListParams{}, "page,perPage,type"},
		{"page=-99999999999999999999", true, catalog.ListParams{}, "page"},
		{"q=%ff&tag=%fe", true, catalog.ListParams{}, "q,tag"},
	} {
		q, err := url.ParseQuery(tc.query)
		if err != nil {
			t.Fatal(err)
		}
		got, err := catalog.ParseListParams(q, bothTypes, tc.allowType)
		var fieldErrs validation.Errors
		if tc.errFields != "" {
			var fields []string
			if errors.As(err, &fieldErrs) {
				for k := range fieldErrs {
					fields = append(fields, k)
				}
			}
			slices.Sort(fields)
			if strings.Join(fields, ",") != tc.errFields {
				t.Errorf("%q: errors %v, want fields %s", tc.query, err, tc.errFields)
			}
			continue
		}
		if err != nil || got.Page != tc.want.Page || got.PerPage != tc.want.PerPage || !slices.Equal(got.Types, tc.want.Types) ||
			got.Q != tc.want.Q || got.Tag != tc.want.Tag || got.Category != tc.want.Category || got.Sub != tc.want.Sub {
			t.Errorf("%q: %+v %v, want %+v", tc.query, got, err, tc.want)
		}
	}
}

// Equal lists share one cached answer; different ones never do.
func TestListCacheKey(t *testing.T) {
	t.Parallel()
	key := func(query string) string {
		q, _ := url.ParseQuery(query)
		p, err := catalog.ParseListParams(q, bothTypes, true)
		if err != nil {
			t.Fatal(err)
		}
		return p.CacheKey("/api/content")
	}
	for _, same := range [][2]string{{"", "page=1&perPage=10"}, {"q=Caf%C3%A9", "q=%20CAF%C3%89"}, {"perPage=500", "perPage=100"},
		{"tag=go&category=Dev", "category=Dev&tag=go&utm_source=x"}} {
		if key(same[0]) != key(same[1]) {
			t.Errorf("%q and %q differ: %q, %q", same[0], same[1], key(same[0]), key(same[1]))
		}
	}
	seen := map[string]string{}
	for _, query := range []string{"", "page=2", "perPage=20", "type=blog", "q=go", "tag=go", "category=go", "sub=go", "tag=Go"} {
		k := key(query)
		if prev, ok := seen[k]; ok {
			t.Errorf("%q and %q share the key %q", prev, query, k)
		}
		seen[k] = query
	}
}

// API.md "List envelope": date descending, then created descending (then id); filters on
// title (case-insensitive), exact tag, main category, sub-category within it, and type.
func TestSummaryListOrderFiltersAndPages(t *testing.T) {
	t.Parallel()
	app := catalogApp(t)
	for _, tc := range []struct {
		name         string
		p            catalog.ListParams
		total, pages int
		want         []string
	}{
		{"everything", catalog.ListParams{}, 5, 1, publicOrder},
		{"page 2 of 3", catalog.ListParams{Page: 2, PerPage: 2}, 5, 3, []string{b1, b2}},
		{"last page", catalog.ListParams{Page: 3, PerPage: 2}, 5, 3, []string{b3}},
		{"past the end", catalog.ListParams{Page: 4, PerPage: 2}, 5, 3, []string{}},
		{"projects", catalog.ListParams{Types: []string{c.TypeProject}}, 2, 1, []string{p1, p2}},
		{"blogs", catalog.ListParams{Types: []string{c.TypeBlog}}, 3, 1, []string{b1, b2, b3}},
		{"title, any case", catalog.ListParams{Q: catalog.SearchFold("CAFÉ")}, 1, 1, []string{b1}},
		{"title, combining accent", catalog.ListParams{Q: catalog.SearchFold("cafe\u0301")}, 1, 1, []string{b1}},
		{"title, middle", catalog.ListParams{Q: catalog.SearchFold("ECON")}, 1, 1, []string{b2}},
		{"tag", catalog.ListParams{Tag: "go"}, 3, 1, []string{b1, b2, b3}},
		{"tag, case-sensitive", catalog.ListParams{Tag: "Go"}, 1, 1, []string{b1}},
		{"main category", catalog.ListParams{Category: "Dev"}, 3, 1, []string{p2, b1, b2}},
		{"a sub-category is not a main one", catalog.ListParams{Category: "Go"}, 0, 0, []string{}},
		{"Uncategorized", catalog.ListParams{Category: catalog.Uncategorized}, 1, 1, []string{b3}},
		{"sub within main", catalog.ListParams{Category: "Dev", Sub: "SQL"}, 1, 1, []string{b2}},
		{"sub of another main", catalog.ListParams{Category: "Hardware", Sub: "SQL"}, 0, 0, []string{}},
		{"filters combine", catalog.ListParams{Tag: "go", Types: []string{c.TypeBlog}, Category: "Dev"}, 2, 1, []string{b1, b2}},
		{"nothing matches", catalog.ListParams{Q: "zzz"}, 0, 0, []string{}},
	} {
		p := tc.p
		p.Page, p.PerPage = max(p.Page, 1), cmp.Or(p.PerPage, 10)
		if p.Types == nil {
			p.Types = bothTypes
		}
		list, err := catalog.SummaryList(app, p)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if list.TotalItems != tc.total || list.TotalPages != tc.pages || list.Page != p.Page || list.PerPage != p.PerPage ||
			!slices.Equal(ids(list.Items), tc.want) {
			t.Errorf("%s: page %d/%d of %d, %d items %v; want %d pages of %d, %v", tc.name, list.Page, list.TotalPages,
				list.TotalItems, list.PerPage, ids(list.Items), tc.pages, tc.total, tc.want)
		}
		// an empty page is "items": [], never null
		if body, _ := json.Marshal(list); len(tc.want) == 0 && !strings.Contains(string(body), `"items":[]`) {
			t.Errorf("%s: %s", tc.name, body)
		}
	}
}
