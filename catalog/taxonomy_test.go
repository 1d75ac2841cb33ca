package catalog_test

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/folio/folio/catalog"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

func jsonOf(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// API.md GET /api/categories, /api/tags, /api/archives.
func TestTaxonomy(t *testing.T) {
	t.Parallel()
	app := catalogApp(t)
	tax, err := catalog.LoadTaxonomy(app)
	if err != nil {
		t.Fatal(err)
	}
	// names ascending; count is the items whose main category it is; sub-categories by name,
	// an item naming one twice counted once; Uncategorized listed for items without one
	wantCats := `[{"name":"Dev","count":3,"subcategories":[{"name":"Go","count":1},{"name":"SQL","count":1}]},` +
		`{"name":"Hardware","count":1,"subcategories":[]},{"name":"Uncategorized","count":1,"subcategories":[]}]`
	if got := jsonOf(t, tax.Categories); got != wantCats {
		t.Errorf("categories\n%s\nwant\n%s", got, wantCats)
	}
	// count desc, then newest item's date desc (then name); tags match case-sensitively and an
	// item naming one twice counts once
	wantTags := `[{"name":"go","count":3,"latest":"2026-11-20"},{"name":"rust","count":1,"latest":"2026-11-21"},` +
		`{"name":"Go","count":1,"latest":"2026-11-20"},{"name":"sql","count":1,"latest":"2026-11-20"}]`
	if got := jsonOf(t, tax.Tags); got != wantTags {
		t.Errorf("tags\n%s\nwant\n%s", got, wantTags)
	}
	// newest year first, items newest first
	wantArchives := `[{"year":2026,"items":[{"id":"` + p1 + `","type":"project","title":"Engine","date":"2026-11-21"},` +
		`{"id":"` + p2 + `","type":"project","title":"Tie breaker","date":"2026-11-20"},` +
		`{"id":"` + b1 + `","type":"blog","title":"Café Racer","date":"2026-11-20"},` +
		`{"id":"` + b2 + `","type":"blog","title":"Second post","date":"2026-11-20"}]},` +
		`{"year":2025,"items":[{"id":"` + b3 + `","type":"blog","title":"Old news","date":"2025-05-01"}]}]`
	if got := jsonOf(t, tax.Archives); got != wantArchives {
		t.Errorf("archives\n%s\nwant\n%s", got, wantArchives)
	}
	if dev := tax.Category("Dev"); dev.Count != 3 || len(dev.Subcategories) != 2 {
		t.Errorf("Category(Dev) %+v", dev)
	}

	// the groups' items, as summaries in the public order
	for _, tc := range []struct {
		name  string
		items []int
		want  []string
	}{
		{"tag go", tax.ByTag["go"], []string{b1, b2, b3}},
		{"tag Go", tax.ByTag["Go"], []string{b1}},
		{"category Dev", tax.ByCategory["Dev"], []string{p2, b1, b2}},
		{"category Uncategorized", tax.ByCategory[catalog.Uncategorized], []string{b3}},
		{"Dev > SQL", tax.BySub["Dev"]["SQL"], []string{b2}},
		{"Hardware's subs", tax.BySub["Hardware"]["SQL"], []string{}},
	} {
		sums, err := tax.Summaries(app, tc.items)
		if err != nil {
			t.Fatal(err)
		}
		if got := ids(catalog.Pick(sums, tc.items)); !slices.Equal(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

// The taxonomy is computed once and computed again after any item changes.
func TestTaxonomyFollowsChanges(t *testing.T) {
	t.Parallel()
	app := catalogApp(t)
	first, err := catalog.LoadTaxonomy(app)
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := catalog.LoadTaxonomy(app); again != first {
		t.Error("an unchanged site's taxonomy is computed twice")
	}
	testutil.SaveRecord(t, app, c.Blogs, "catblog00000009", map[string]any{c.FieldTitle: "New", c.FieldAuthor: "Ann",
		c.FieldDate: "2027-01-02", c.FieldCategories: []string{"Zeta"}, c.FieldTags: []string{"new"}})
	tax, err := catalog.LoadTaxonomy(app)
	if err != nil {
		t.Fatal(err)
	}
	if len(tax.Categories) != 4 || tax.Categories[3].Name != "Zeta" || tax.Archives[0].Year != 2027 || len(tax.ByTag["new"]) != 1 {
		t.Errorf("after a new item: categories %+v, archives %+v", tax.Categories, tax.Archives)
	}
	rec, err := app.FindRecordById(c.Blogs, b3)
	if err != nil {
		t.Fatal(err)
	}
	if err := app.Delete(rec); err != nil {
		t.Fatal(err)
	}
	if tax, _ := catalog.LoadTaxonomy(app); len(tax.ByCategory[catalog.Uncategorized]) != 0 || len(tax.ByTag["go"]) != 2 {
		t.Errorf("after a delete: Uncategorized %v, go %v", tax.ByCategory[catalog.Uncategorized], tax.ByTag["go"])
	}
}

func TestTaxonomyOfAnEmptySite(t *testing.T) {
	t.Parallel()
	tax, err := catalog.LoadTaxonomy(testutil.NewApp(t))
	if err != nil {
		t.Fatal(err)
	}
	if got := jsonOf(t, []any{tax.Categories, tax.Tags, tax.Archives}); got != `[[],[],[]]` {
		t.Errorf("empty site: %s", got)
	}
}
