package catalog_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/catalog"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

// A summary built from a list's light columns (the covering index, the excerpt memo and
// the counters table) equals the one built from the full record.
func TestListSummariesEqualRecordSummaries(t *testing.T) {
	t.Parallel()
	app := catalogApp(t)
	setCounters(t, app, c.TypeBlog, b1, catalog.Counters{Likes: 2, Shares: 3, Views: 5, Comments: 1})
	setCounters(t, app, c.TypeProject, p1, catalog.Counters{Views: 7})
	list, err := catalog.SummaryList(app, catalog.ListParams{Page: 1, PerPage: 10, Types: bothTypes})
	if err != nil {
		t.Fatal(err)
	}
	for _, got := range list.Items {
		want := catalog.NewItemSummary(record(t, app, got.Type, got.ID))
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: list summary\n%+v\nrecord summary\n%+v", got.ID, got, want)
		}
	}
	first := list.Items[2] // b1
	if first.ID != b1 || first.Type != c.TypeBlog || first.Title != "Café Racer" || first.Date != "2026-11-20" || first.Author != "Ann" ||
		strings.Join(first.Categories, "|") != "Dev|Go" || strings.Join(first.Tags, "|") != "go|Go" {
		t.Errorf("b1's summary %+v", first)
	}
	if first.LikeCount != 2 || first.ShareCount != 3 || first.ViewCount != 5 || first.CommentCount != 1 {
		t.Errorf("b1's counters %+v", first)
	}
	// API.md: the description without markup, entities decoded once, blocks separate words
	if first.Excerpt != "Fish Fish & chips, Vec<T> and more." {
		t.Errorf("b1's excerpt %q", first.Excerpt)
	}
	if b3 := list.Items[4]; strings.Join(b3.Categories, "|") != catalog.Uncategorized || b3.Thumbnail != nil || b3.Media != nil || b3.Excerpt != "" {
		t.Errorf("an item without category, media or description: %+v", b3)
	}
	if p1 := list.Items[0]; p1.Media == nil || p1.Thumbnail == nil || !strings.HasPrefix(*p1.Media, "/api/files/pbc_projects/"+p1.ID+"/cover") ||
		*p1.Thumbnail != *p1.Media+"?thumb="+c.ThumbCard {
		t.Errorf("p1's media %v, thumbnail %v", p1.Media, p1.Thumbnail)
	}
	if first.Updated == "" || !strings.HasSuffix(first.Updated, "Z") {
		t.Errorf("updated %q, want RFC 3339 in UTC", first.Updated)
	}
}

// The excerpt memo follows edits, and counters are read fresh on every call.
func TestSummariesFollowEditsAndCounters(t *testing.T) {
	t.Parallel()
	app := catalogApp(t)
	p := catalog.ListParams{Page: 1, PerPage: 10, Types: []string{c.TypeBlog}, Tag: "Go"}
	summary := func() catalog.ItemSummary {
		t.Helper()
		list, err := catalog.SummaryList(app, p)
		if err != nil || len(list.Items) != 1 {
			t.Fatalf("%+v %v", list, err)
		}
		return list.Items[0]
	}
	if s := summary(); s.Excerpt != "Fish Fish & chips, Vec<T> and more." || s.ViewCount != 0 {
		t.Fatalf("before: %+v", s)
	}
	rec := record(t, app, c.TypeBlog, b1)
	rec.Set(c.FieldDescription, "<p>Now &lt;faster&gt;.</p>")
	if err := app.Save(rec); err != nil {
		t.Fatal(err)
	}
	setCounters(t, app, c.TypeBlog, b1, catalog.Counters{Views: 9})
	setCounters(t, app, c.TypeProject, b1, catalog.Counters{Views: 99}) // another type's row is not b1's
	if s := summary(); s.Excerpt != "Now <faster>." || s.ViewCount != 9 {
		t.Errorf("after an edit and a view: excerpt %q, views %d", s.Excerpt, s.ViewCount)
	}
	if got := catalog.RecordExcerpt(app, record(t, app, c.TypeBlog, b1)); got != "Now <faster>." {
		t.Errorf("RecordExcerpt %q", got)
	}
}

// API.md: the excerpt is cut at 400 characters, the ellipsis counted within.
func TestExcerptIsCutAt400(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	body := "<p>" + strings.Repeat("word ", 100) + "</p>"
	testutil.SaveRecord(t, app, c.Blogs, "longexcerpt0001", map[string]any{c.FieldTitle: "Long", c.FieldAuthor: "Ann", c.FieldDescription: body})
	list, err := catalog.SummaryList(app, catalog.ListParams{Page: 1, PerPage: 10, Types: bothTypes})
	if err != nil || len(list.Items) != 1 {
		t.Fatalf("%+v %v", list, err)
	}
	if ex := list.Items[0].Excerpt; len([]rune(ex)) > catalog.ExcerptLength || !strings.HasSuffix(ex, "word…") {
		t.Errorf("excerpt of %d runes: %q", len([]rune(ex)), ex)
	}
}

func TestItemDetail(t *testing.T) {
	t.Parallel()
	app := catalogApp(t)
	blog := catalog.NewItemDetail(record(t, app, c.TypeBlog, b1), true)
	if blog.Description == "" || blog.WordCount != 7 || blog.ReadingMinutes != 1 || !blog.Liked {
		t.Errorf("blog detail %+v", blog)
	}
	project := catalog.NewItemDetail(record(t, app, c.TypeProject, p2), false)
	if project.WordCount != 0 || project.ReadingMinutes != 0 || project.Liked {
		t.Errorf("project without description %+v", project)
	}
	// a blog carries attachLinks, a project attachLink ("" when none), never both
	for _, tc := range []struct {
		d         catalog.ItemDetail
		has, lack string
	}{
		{blog, `"attachLinks":["https://example.com/a"]`, `"attachLink"`},
		{catalog.NewItemDetail(record(t, app, c.TypeBlog, b2), false), `"attachLinks":[]`, `"attachLink"`},
		{catalog.NewItemDetail(record(t, app, c.TypeProject, p1), false), `"attachLink":"https://example.com/engine"`, `"attachLinks"`},
		{project, `"attachLink":""`, `"attachLinks"`},
	} {
		body, err := json.Marshal(tc.d)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(body), tc.has) || strings.Contains(string(body), tc.lack+":") {
			t.Errorf("%s: %s, want %s and no %s", tc.d.ID, body, tc.has, tc.lack)
		}
	}
}

func TestLikedByAndAmong(t *testing.T) {
	t.Parallel()
	app := catalogApp(t)
	ann := testutil.CreateUser(t, app, "ann@folio.test", c.StatusPending, false)
	bob := testutil.CreateUser(t, app, "bob@folio.test", c.StatusPending, false)
	testutil.SaveRecord(t, app, c.Likes, "", map[string]any{c.FieldItem: b1, c.FieldType: c.TypeBlog, c.FieldAccount: ann.Id})
	testutil.SaveRecord(t, app, c.Likes, "", map[string]any{c.FieldItem: p1, c.FieldType: c.TypeProject, c.FieldAccount: ann.Id})
	if !catalog.LikedBy(app, ann, b1) || catalog.LikedBy(app, bob, b1) || catalog.LikedBy(app, nil, b1) || catalog.LikedBy(app, ann, b2) {
		t.Error("LikedBy: only ann likes b1")
	}
	recs := []*core.Record{record(t, app, c.TypeBlog, b1), record(t, app, c.TypeBlog, b2), record(t, app, c.TypeProject, p1)}
	if got := catalog.LikedAmong(app, ann, recs); !reflect.DeepEqual(got, map[string]bool{b1: true, p1: true}) {
		t.Errorf("ann likes %v", got)
	}
	if got := catalog.LikedAmong(app, nil, recs); len(got) != 0 {
		t.Errorf("a guest likes %v", got)
	}
	if got := catalog.LikedAmong(app, bob, recs); len(got) != 0 {
		t.Errorf("bob likes %v", got)
	}
}

func TestPagePath(t *testing.T) {
	t.Parallel()
	for _, tc := range [][3]string{{c.TypeBlog, "abc", "/blogs/abc"}, {c.TypeProject, "abc", "/projects/abc"}, {c.TypeBlog, "a b/c", "/blogs/a%20b%2Fc"}} {
		if got := catalog.PagePath(tc[0], tc[1]); got != tc[2] {
			t.Errorf("PagePath(%q, %q) = %q, want %q", tc[0], tc[1], got, tc[2])
		}
	}
}
