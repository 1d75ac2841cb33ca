package catalog_test

import (
	"fmt"
	"testing"

	"github.com/folio/folio/catalog"
	c "github.com/folio/folio/collections"
)

// Counters live in the counters table keyed by (item, type); an item without a row has zeros.
func TestCountersOf(t *testing.T) {
	t.Parallel()
	app := catalogApp(t)
	setCounters(t, app, c.TypeBlog, b1, catalog.Counters{Likes: 1, Shares: 2, Views: 3, Comments: 4})
	setCounters(t, app, c.TypeProject, b1, catalog.Counters{Views: 99}) // same id, other type
	// more ids than one query binds, the counted one last
	many := make([]string, 0, 12001)
	for i := range 12000 {
		many = append(many, fmt.Sprintf("missing%08d", i))
	}
	many = append(many, b1)
	got, err := catalog.CountersOf(app, c.TypeBlog, many)
	if err != nil {
		t.Fatal(err)
	}
	if n := got[b1]; n != (catalog.Counters{Likes: 1, Shares: 2, Views: 3, Comments: 4}) {
		t.Errorf("b1's counters %+v", n)
	}
	if n, ok := got[b2]; ok || n != (catalog.Counters{}) {
		t.Errorf("an item without a row: %+v, %v; want zeros", n, ok)
	}
	projects, err := catalog.CountersOf(app, c.TypeProject, []string{b1, p1})
	if err != nil {
		t.Fatal(err)
	}
	if projects[b1].Views != 99 || projects[p1] != (catalog.Counters{}) {
		t.Errorf("project counters %+v", projects)
	}
	if none, err := catalog.CountersOf(app, c.TypeBlog, nil); err != nil || len(none) != 0 {
		t.Errorf("no ids: %v %v", none, err)
	}
}

// FillCounters sets the counter fields of records of both types from the table, whatever
// the row itself holds.
func TestFillCounters(t *testing.T) {
	t.Parallel()
	app := catalogApp(t)
	setCounters(t, app, c.TypeBlog, b1, catalog.Counters{Likes: 1, Shares: 2, Views: 3, Comments: 4})
	setCounters(t, app, c.TypeProject, p1, catalog.Counters{Views: 5})
	blog, err := app.FindRecordById(c.Blogs, b1)
	if err != nil {
		t.Fatal(err)
	}
	project, err := app.FindRecordById(c.Projects, p1)
	if err != nil {
		t.Fatal(err)
	}
	other, err := app.FindRecordById(c.Blogs, b2)
	if err != nil {
		t.Fatal(err)
	}
	other.Set(c.FieldViewCount, 42) // a stale value on the record goes
	if err := catalog.FillCounters(app, blog, project, other); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		got   [4]int
		wants [4]int
	}{
		{"b1", [4]int{blog.GetInt(c.FieldLikeCount), blog.GetInt(c.FieldShareCount), blog.GetInt(c.FieldViewCount), blog.GetInt(c.FieldCommentCount)}, [4]int{1, 2, 3, 4}},
		{"p1", [4]int{project.GetInt(c.FieldLikeCount), project.GetInt(c.FieldShareCount), project.GetInt(c.FieldViewCount), project.GetInt(c.FieldCommentCount)}, [4]int{0, 0, 5, 0}},
		{"b2", [4]int{other.GetInt(c.FieldLikeCount), other.GetInt(c.FieldShareCount), other.GetInt(c.FieldViewCount), other.GetInt(c.FieldCommentCount)}, [4]int{}},
	} {
		if tc.got != tc.wants {
			t.Errorf("%s: likes, shares, views, comments %v, want %v", tc.name, tc.got, tc.wants)
		}
	}
}

func TestCountersField(t *testing.T) {
	t.Parallel()
	n := catalog.Counters{Likes: 1, Shares: 2, Views: 3, Comments: 4}
	for field, want := range map[string]int{c.FieldLikeCount: 1, c.FieldShareCount: 2, c.FieldViewCount: 3, c.FieldCommentCount: 4, c.FieldTitle: 0, "": 0} {
		if got := n.Field(field); got != want {
			t.Errorf("Field(%q) = %d, want %d", field, got, want)
		}
	}
}
