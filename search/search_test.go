package search_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/clock"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/search"
	"github.com/folio/folio/testutil"
)

type answer struct {
	Page       int `json:"page"`
	PerPage    int `json:"perPage"`
	TotalItems int `json:"totalItems"`
	TotalPages int `json:"totalPages"`
	Items      []struct {
		ID      string   `json:"id"`
		Type    string   `json:"type"`
		Title   string   `json:"title"`
		Excerpt string   `json:"excerpt"`
		Tags    []string `json:"tags"`
		Snippet string   `json:"snippet"`
	} `json:"items"`
}

func get(t *testing.T, app core.App, url string) (int, answer) {
	t.Helper()
	res := testutil.Do(t, app, http.MethodGet, url, "", "")
	var a answer
	if res.Code != 200 {
		t.Logf("%s: %s", url, res.Body.String())
	}
	if res.Code == 200 {
		if err := json.Unmarshal(res.Body.Bytes(), &a); err != nil {
			t.Fatal(err)
		}
	}
	return res.Code, a
}

func item(t *testing.T, app core.App, col, id, title, date, body string, tags ...string) *core.Record {
	t.Helper()
	return testutil.SaveRecord(t, app, col, id, map[string]any{
		c.FieldTitle: title, c.FieldDate: date, c.FieldAuthor: "Ada", c.FieldDescription: body,
		c.FieldTags: tags, c.FieldCategories: []string{"Writing"},
	})
}

func titles(a answer) string {
	var s []string
	for _, it := range a.Items {
		s = append(s, it.Title)
	}
	return strings.Join(s, " | ")
}

func TestSearchAccentsPrefixAndFields(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	item(t, app, c.Blogs, "resume000000001", "Mon Résumé", "2026-01-01", "<p>Work history.</p>")
	item(t, app, c.Projects, "bodyword0000001", "Engine", "2026-01-02", "<p>A <strong>differential</strong> analyser.</p>", "gears")
	cases := []struct{ q, want string }{
		{"resume", "Mon Résumé"},    // accents and case folded
		{"RÉSUMÉ", "Mon Résumé"},    // both ways
		{"res", "Mon Résumé"},       // the last word is a prefix
		{"differ", "Engine"},        // body text, prefix
		{"analys differential", ""}, // only the last word is a prefix
		{"differential analy", "Engine"},
		{"gears", "Engine"},          // tags
		{"writing engine", "Engine"}, // categories with title
	}
	for _, tc := range cases {
		code, a := get(t, app, "/api/search?q="+urlq(tc.q))
		if code != 200 || titles(a) != tc.want {
			t.Errorf("q=%q: %d %q, want %q", tc.q, code, titles(a), tc.want)
		}
	}
	// type filters, as on /api/content
	if _, a := get(t, app, "/api/search?q=e&type=project"); a.TotalItems != 0 {
		t.Errorf("one character answers nothing, got %d", a.TotalItems)
	}
	if _, a := get(t, app, "/api/search?q=writing&type=project"); titles(a) != "Engine" || a.Items[0].Type != "project" {
		t.Errorf("type=project: %q", titles(a))
	}
}

func urlq(s string) string { return url.QueryEscape(s) }

func TestSearchRankingTitleFirstThenNewer(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	long := "<p>" + strings.Repeat("Gardens and orchids and more orchids. ", 3) + "</p>"
	item(t, app, c.Blogs, "bodyold00000001", "Spring notes", "2026-03-01", long)
	item(t, app, c.Blogs, "titleold0000001", "Orchids", "2020-01-01", "<p>Short.</p>")
	item(t, app, c.Blogs, "titlenew0000001", "Orchids", "2025-01-01", "<p>Short.</p>")
	_, a := get(t, app, "/api/search?q=orchids")
	if len(a.Items) != 3 || a.Items[0].ID != "titlenew0000001" || a.Items[1].ID != "titleold0000001" || a.Items[2].ID != "bodyold00000001" {
		t.Fatalf("order: %+v", a.Items)
	}
	// paging: the envelope counts every hit
	_, a = get(t, app, "/api/search?q=orchids&perPage=2&page=2")
	if a.TotalItems != 3 || a.TotalPages != 2 || len(a.Items) != 1 || a.Items[0].ID != "bodyold00000001" {
		t.Fatalf("page 2: %+v", a)
	}
	if _, a = get(t, app, "/api/search?q=orchids&page=9"); a.TotalItems != 3 || len(a.Items) != 0 {
		t.Fatalf("past the end: %+v", a)
	}
}

func TestSearchSnippetEscapesMarkup(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	item(t, app, c.Blogs, "snippet00000001", "Notes", "2026-01-01",
		`<p>Use &lt;script&gt;alert(1)&lt;/script&gt; with care &amp; a <em>kettle</em> on the stove.</p>`)
	_, a := get(t, app, "/api/search?q=kettle")
	if len(a.Items) != 1 {
		t.Fatalf("%+v", a)
	}
	want := "Use &lt;script&gt;alert(1)&lt;/script&gt; with care &amp; a <mark>kettle</mark> on the stove."
	if a.Items[0].Snippet != want {
		t.Errorf("snippet %q\nwant    %q", a.Items[0].Snippet, want)
	}
	if s := search.MarkSnippet("a<b>\x02x\x03"); s != "a&lt;b&gt;<mark>x</mark>" {
		t.Errorf("MarkSnippet: %q", s)
	}
}

func TestSearchIndexFollowsSavesAndDeletes(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	rec := item(t, app, c.Blogs, "follow000000001", "Lighthouse", "2026-01-01", "<p>Keepers.</p>")
	if _, a := get(t, app, "/api/search?q=lighthouse"); a.TotalItems != 1 {
		t.Fatalf("created: %+v", a)
	}
	rec.Set(c.FieldTitle, "Windmill")
	if err := app.Save(rec); err != nil {
		t.Fatal(err)
	}
	if _, a := get(t, app, "/api/search?q=lighthouse"); a.TotalItems != 0 {
		t.Fatalf("old title still found: %+v", a)
	}
	if _, a := get(t, app, "/api/search?q=windmill"); a.TotalItems != 1 {
		t.Fatalf("new title not found: %+v", a)
	}
	if err := app.Delete(rec); err != nil {
		t.Fatal(err)
	}
	if _, a := get(t, app, "/api/search?q=windmill"); a.TotalItems != 0 {
		t.Fatalf("deleted item found: %+v", a)
	}
}

func TestSearchRebuildsAStaleIndex(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	item(t, app, c.Blogs, "stale0000000001", "Harbour", "2026-01-01", "<p>Boats.</p>")
	// rows written around the hooks: the index is emptied, then the title changed by SQL
	for _, q := range []string{`DELETE FROM "itemSearch"`, `DELETE FROM "itemSearchDocs"`} {
		if _, err := app.DB().NewQuery(q).Execute(); err != nil {
			t.Fatal(err)
		}
	}
	if stale, err := search.Stale(app); err != nil || !stale {
		t.Fatalf("stale %v %v", stale, err)
	}
	if err := search.EnsureFresh(app); err != nil {
		t.Fatal(err)
	}
	if stale, _ := search.Stale(app); stale {
		t.Fatal("still stale after rebuild")
	}
	if _, a := get(t, app, "/api/search?q=boats"); a.TotalItems != 1 {
		t.Fatalf("after rebuild: %+v", a)
	}
}

func TestSearchBadInputNeverErrors(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	item(t, app, c.Blogs, "hostile00000001", "NEAR and OR things", "2026-01-01", "<p>Body text (with parens).</p>")
	for _, q := range []string{
		`"`, `""`, `"unbalanced`, `*`, `**`, `a*`, `NEAR(a b)`, `NEAR`, `(((`, `)`, `title:near`, `-near`, `^or`,
		`!!!???`, `a OR b`, `NOT`, `and AND`, strings.Repeat("x", 1000), strings.Repeat("ab ", 400), "\x00\x01",
	} {
		code, _ := get(t, app, "/api/search?q="+urlq(q))
		if code != 200 {
			t.Errorf("q=%q answered %d", q, code)
		}
	}
	if _, a := get(t, app, "/api/search?q="+urlq(`"NEAR(`)); titles(a) != "NEAR and OR things" {
		t.Errorf("NEAR is a word: %q", titles(a))
	}
	if _, a := get(t, app, "/api/search?q=(with"); titles(a) != "NEAR and OR things" {
		t.Errorf("parenthesis: %q", titles(a))
	}
	for _, u := range []string{"/api/search?q=near&page=0", "/api/search?q=near&perPage=x", "/api/search?q=near&type=page", "/api/search?q=%FF"} {
		if code, _ := get(t, app, u); code != 400 {
			t.Errorf("%s: %d, want 400", u, code)
		}
	}
	if code, a := get(t, app, "/api/search"); code != 200 || a.TotalItems != 0 || a.TotalPages != 0 || a.Items == nil {
		t.Errorf("no q: %d %+v", code, a)
	}
}

func TestSearchPublicItemsOnly(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	now := time.Now().UTC()
	clock.Set(app, func() time.Time { return now })
	for id, status := range map[string]string{"visible00000001": c.ItemPublished, "draft0000000001": c.ItemDraft, "sched0000000001": c.ItemScheduled} {
		fields := map[string]any{c.FieldTitle: "Compost " + status, c.FieldAuthor: "Ada", c.FieldDate: "2026-01-01", c.FieldStatus: status}
		if status == c.ItemScheduled {
			fields[c.FieldPublishAt] = now.Add(time.Hour).Format(time.RFC3339)
		}
		testutil.SaveRecord(t, app, c.Blogs, id, fields)
	}
	if _, a := get(t, app, "/api/search?q=compost"); titles(a) != "Compost published" || a.TotalItems != 1 {
		t.Fatalf("before: %q (%d)", titles(a), a.TotalItems)
	}
	// the scheduled item is public once its time comes, with no edit
	now = now.Add(2 * time.Hour)
	if _, a := get(t, app, "/api/search?q=compost"); a.TotalItems != 2 || !strings.Contains(titles(a), "Compost scheduled") {
		t.Fatalf("after publishAt: %q", titles(a))
	}
	// a draft published by an edit is found; published back to draft, it is gone
	rec, _ := app.FindRecordById(c.Blogs, "draft0000000001")
	rec.Set(c.FieldStatus, c.ItemPublished)
	if err := app.Save(rec); err != nil {
		t.Fatal(err)
	}
	if _, a := get(t, app, "/api/search?q=compost"); a.TotalItems != 3 {
		t.Fatalf("after publishing the draft: %q", titles(a))
	}
	rec.Set(c.FieldStatus, c.ItemDraft)
	if err := app.Save(rec); err != nil {
		t.Fatal(err)
	}
	if _, a := get(t, app, "/api/search?q=compost"); a.TotalItems != 2 {
		t.Fatalf("back to draft: %q", titles(a))
	}
}

// TestSearchIndexConcurrentSaves: saves of one item from many requests at once each keep the
// index (a save outside a transaction used to interleave another's delete and insert of the
// item's row: a primary-key failure, a 500 on the admin route).
func TestSearchIndexConcurrentSaves(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	item(t, app, c.Blogs, "concur000000001", "Start", "2026-01-01", "<p>Body.</p>")
	var wg sync.WaitGroup
	errs := make(chan error, 8*15)
	for w := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 15 {
				rec, err := app.FindRecordById(c.Blogs, "concur000000001")
				if err == nil {
					rec.Set(c.FieldTitle, fmt.Sprintf("Edit %d %d", w, i))
					err = app.Save(rec)
				}
				if err != nil {
					errs <- err
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatalf("a concurrent save failed: %v", err)
	}
	if stale, err := search.Stale(app); err != nil || stale {
		t.Fatalf("index stale after concurrent saves: %v %v", stale, err)
	}
}

// TestSearchPagesPastTheKeptRanking: a search keeps its first hits for later pages; pages
// past them rank again and join seamlessly, and a write drops the kept ranking. Not parallel:
// it shrinks the kept hits for the package.
func TestSearchPagesPastTheKeptRanking(t *testing.T) {
	defer search.SetRankedKeep(2, 3)()
	app := testutil.NewApp(t)
	for i := range 7 {
		item(t, app, c.Blogs, fmt.Sprintf("lantern%08d", i), fmt.Sprintf("Note %d", i), fmt.Sprintf("2026-01-%02d", i+1),
			"<p>"+strings.Repeat("lantern ", i+1)+"and other words to make the body longer.</p>")
	}
	_, all := get(t, app, "/api/search?q=lantern&perPage=50") // ranked past the 3 kept: 50 from SQLite
	if all.TotalItems != 7 || len(all.Items) != 7 {
		t.Fatalf("all: %+v", all)
	}
	var paged []string
	for page := 1; page <= 4; page++ {
		_, a := get(t, app, fmt.Sprintf("/api/search?q=lantern&perPage=2&page=%d", page))
		if a.TotalItems != 7 {
			t.Fatalf("page %d total %d", page, a.TotalItems)
		}
		for _, it := range a.Items {
			paged = append(paged, it.ID)
		}
	}
	var want []string
	for _, it := range all.Items {
		want = append(want, it.ID)
	}
	if strings.Join(paged, " ") != strings.Join(want, " ") {
		t.Fatalf("pages %v\nwant  %v", paged, want)
	}
	// a new match (title hit: ranked first) shows on page 1 at once
	item(t, app, c.Blogs, "lanternnew00001", "Lantern", "2026-02-01", "<p>New.</p>")
	if _, a := get(t, app, "/api/search?q=lantern&perPage=2&page=1"); a.TotalItems != 8 || a.Items[0].ID != "lanternnew00001" {
		t.Fatalf("after a write: %+v", a)
	}
}
