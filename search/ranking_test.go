package search_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/search"
	"github.com/folio/folio/testutil"
)

// fillers adds n items none of the tests' words match, so a query matches under half the
// index and ranks with bm25 (a query matching half or more orders each tier newer first).
func fillers(t *testing.T, app core.App, n int) {
	t.Helper()
	for i := range n {
		item(t, app, c.Projects, fmt.Sprintf("filler%09d", i), fmt.Sprintf("Unrelated %d", i), "2026-06-01", "<p>Nothing to see.</p>")
	}
}

func ids(a answer) string {
	var s []string
	for _, it := range a.Items {
		s = append(s, it.ID)
	}
	return strings.Join(s, " ")
}

// TestSearchRankingTiersWithBm25: a query matching under half the index ranks with bm25
// inside each tier: a title match first even against a body that repeats the word twenty
// times, the better bm25 score first inside a tier even when older, and page 2 carries on
// into the body tier with the same totals.
func TestSearchRankingTiersWithBm25(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	fillers(t, app, 8)
	pad := strings.Repeat("Words about other matters entirely. ", 20)
	item(t, app, c.Blogs, "headstrong00001", "Kettle kettle", "2020-01-01", "<p>Short.</p>")
	item(t, app, c.Blogs, "headweak0000001", "A kettle among many other words in a long title", "2025-01-01", "<p>"+pad+"</p>")
	item(t, app, c.Blogs, "bodystrong00001", "Notes", "2021-01-01", "<p>"+strings.Repeat("kettle ", 20)+"</p>")
	item(t, app, c.Blogs, "bodyweak0000001", "More notes", "2026-01-01", "<p>"+pad+" A kettle. "+pad+"</p>")
	want := "headstrong00001 headweak0000001 bodystrong00001 bodyweak0000001"
	_, a := get(t, app, "/api/search?q=kettle")
	if ids(a) != want || a.TotalItems != 4 {
		t.Fatalf("order %q (%d), want %q", ids(a), a.TotalItems, want)
	}
	// a new search's page 2 (its own ranking): the body tier's rest, same totals
	_, p2 := get(t, app, "/api/search?q=kettl&perPage=3&page=2")
	if ids(p2) != "bodyweak0000001" || p2.TotalItems != 4 || p2.TotalPages != 2 {
		t.Fatalf("page 2: %q (%d)", ids(p2), p2.TotalItems)
	}
	_, p1 := get(t, app, "/api/search?q=kettl&perPage=3&page=1")
	if ids(p1)+" "+ids(p2) != want {
		t.Fatalf("pages %q + %q, want %q", ids(p1), ids(p2), want)
	}
}

// TestSearchRankingCommonWordsNewerFirst: words in half the index or more weigh nothing in
// bm25, so each tier comes newer first, whatever the words' counts.
func TestSearchRankingCommonWordsNewerFirst(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	item(t, app, c.Blogs, "titleold0000001", "Moss", "2020-01-01", "<p>Moss moss moss.</p>")
	item(t, app, c.Blogs, "titlenew0000001", "On moss and stones in a long title", "2025-01-01", "<p>Other.</p>")
	item(t, app, c.Blogs, "bodyold00000001", "Stones", "2021-01-01", "<p>"+strings.Repeat("moss ", 20)+"</p>")
	item(t, app, c.Blogs, "bodynew00000001", "Pebbles", "2026-01-01", "<p>Some moss.</p>")
	_, a := get(t, app, "/api/search?q=moss")
	if want := "titlenew0000001 titleold0000001 bodynew00000001 bodyold00000001"; ids(a) != want {
		t.Fatalf("order %q, want %q", ids(a), want)
	}
}

// TestSearchTotalsAgreeAcrossCounts: the count by the index alone (nothing hidden, every
// type) and the count through each match's doc row (a type, or hidden items) agree.
func TestSearchTotalsAgreeAcrossCounts(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	fillers(t, app, 3)
	for i := range 3 {
		item(t, app, c.Blogs, fmt.Sprintf("heron%010d", i), fmt.Sprintf("Heron %d", i), "2026-01-01", "<p>Grey heron.</p>")
	}
	item(t, app, c.Projects, "heronproject001", "Wading", "2026-01-02", "<p>A heron tracker.</p>")
	check := func(wantAll int) {
		t.Helper()
		_, all := get(t, app, "/api/search?q=heron")
		_, blogs := get(t, app, "/api/search?q=heron&type=blog")
		_, projects := get(t, app, "/api/search?q=heron&type=project")
		if all.TotalItems != wantAll || blogs.TotalItems+projects.TotalItems != wantAll || len(all.Items) != wantAll {
			t.Fatalf("totals all %d, blogs %d + projects %d, want %d", all.TotalItems, blogs.TotalItems, projects.TotalItems, wantAll)
		}
	}
	check(4)
	draft := testutil.SaveRecord(t, app, c.Blogs, "herondraft00001", map[string]any{c.FieldTitle: "Heron draft", c.FieldAuthor: "Ada",
		c.FieldDate: "2026-01-03", c.FieldStatus: c.ItemDraft})
	check(4)
	draft.Set(c.FieldStatus, c.ItemPublished)
	if err := app.Save(draft); err != nil {
		t.Fatal(err)
	}
	check(5)
}

// TestSearchTiersPastTheKeptHits: with a tier keeping 2 hits at first and 3 at most, pages
// of 2 walk both tiers, through the pages ranked past the kept hits, in the order of one
// page of 50; for the bm25 order and the newer-first one. Not parallel: it shrinks the kept
// hits for the package.
func TestSearchTiersPastTheKeptHits(t *testing.T) {
	defer search.SetRankedKeep(2, 3)()
	for _, bm25 := range []bool{true, false} {
		app := testutil.NewApp(t)
		// newer items that do not match: 9 matches of 21 rank with bm25; of 17, newer first,
		// found among the newest items only once they are looked for past the fillers
		if bm25 {
			fillers(t, app, 12)
		} else {
			fillers(t, app, 8)
		}
		for i := range 5 {
			item(t, app, c.Blogs, fmt.Sprintf("otterhead%06d", i), fmt.Sprintf("Otter %s", strings.Repeat("note ", i)), fmt.Sprintf("2026-01-%02d", i+1), "<p>River.</p>")
		}
		for i := range 4 {
			item(t, app, c.Projects, fmt.Sprintf("otterbody%06d", i), fmt.Sprintf("Project %d", i), fmt.Sprintf("2025-01-%02d", i+1),
				"<p>"+strings.Repeat("otter ", i+1)+"and more words.</p>")
		}
		_, all := get(t, app, "/api/search?q=otter&perPage=50")
		if all.TotalItems != 9 || len(all.Items) != 9 {
			t.Fatalf("bm25 %v: all %d %q", bm25, all.TotalItems, ids(all))
		}
		for i, it := range all.Items {
			if head := strings.HasPrefix(it.ID, "otterhead"); head != (i < 5) {
				t.Fatalf("bm25 %v: tiers mixed: %q", bm25, ids(all))
			}
		}
		var paged []string
		for page := 1; page <= 5; page++ {
			_, a := get(t, app, fmt.Sprintf("/api/search?q=otter&perPage=2&page=%d", page))
			if a.TotalItems != 9 {
				t.Fatalf("bm25 %v: page %d total %d", bm25, page, a.TotalItems)
			}
			paged = append(paged, ids(a))
		}
		if got := strings.Join(paged, " "); got != ids(all) {
			t.Fatalf("bm25 %v: pages %q\nwant  %q", bm25, got, ids(all))
		}
	}
}

// TestSearchHeadTableRebuilt: an index whose head table is out of step (emptied around the
// hooks) is stale, and the rebuild puts title matches first again.
func TestSearchHeadTableRebuilt(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	item(t, app, c.Blogs, "badgerbody00001", "Notes", "2026-02-01", "<p>A badger.</p>")
	item(t, app, c.Blogs, "badgertitle0001", "Badger", "2020-01-01", "<p>Short.</p>")
	if _, a := get(t, app, "/api/search?q=badger"); ids(a) != "badgertitle0001 badgerbody00001" {
		t.Fatalf("before: %q", ids(a))
	}
	if _, err := app.DB().NewQuery(`DELETE FROM "itemSearchHead"`).Execute(); err != nil {
		t.Fatal(err)
	}
	if stale, err := search.Stale(app); err != nil || !stale {
		t.Fatalf("stale %v %v", stale, err)
	}
	if err := search.EnsureFresh(app); err != nil {
		t.Fatal(err)
	}
	item(t, app, c.Projects, "badgerproj00001", "Sett", "2019-01-01", "<p>Badger home.</p>") // a write: a new cache generation
	if _, a := get(t, app, "/api/search?q=badger"); ids(a) != "badgertitle0001 badgerbody00001 badgerproj00001" {
		t.Fatalf("after rebuild: %q", ids(a))
	}
}

// TestSearchRowParityByType: index rows of blogs are even and of projects odd, however the
// items come (a one-type count reads the rowids alone); an index from before, without that
// parity, is stale and rebuilt.
func TestSearchRowParityByType(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	for i := range 3 {
		item(t, app, c.Blogs, fmt.Sprintf("paritybl%07d", i), "Plover", "2026-01-01", "<p>Shore.</p>")
		item(t, app, c.Projects, fmt.Sprintf("paritypr%07d", i), "Plover tracker", "2026-01-01", "<p>Shore.</p>")
		item(t, app, c.Projects, fmt.Sprintf("paritypx%07d", i), "Plover map", "2026-01-01", "<p>Shore.</p>")
	}
	var wrong int
	check := func() {
		t.Helper()
		if err := app.DB().NewQuery(`SELECT count(*) FROM "itemSearchDocs" WHERE ("id" % 2) <> ("type" = 'project')`).Row(&wrong); err != nil || wrong != 0 {
			t.Fatalf("%d rows with the wrong parity (%v)", wrong, err)
		}
		_, blogs := get(t, app, "/api/search?q=plover&type=blog")
		_, projects := get(t, app, "/api/search?q=plover&type=project")
		if blogs.TotalItems != 3 || projects.TotalItems != 6 {
			t.Fatalf("blogs %d, projects %d", blogs.TotalItems, projects.TotalItems)
		}
	}
	check()
	// an index from before: ids in order of writing, whatever the type (here: blogs' odd)
	if _, err := app.DB().NewQuery(`UPDATE "itemSearchDocs" SET "id" = "id" + 1001 WHERE "type" = 'blog'`).Execute(); err != nil {
		t.Fatal(err)
	}
	if stale, err := search.Stale(app); err != nil || !stale {
		t.Fatalf("stale %v %v", stale, err)
	}
	if err := search.EnsureFresh(app); err != nil {
		t.Fatal(err)
	}
	item(t, app, c.Blogs, "paritynew000001", "Other", "2026-01-02", "<p>New.</p>") // a write: a new cache generation
	check()
}

// TestSearchCommonWordsFewTitleMatches: a head tier of under a tenth of the index (its items
// looked up, not found walking all items newest first) still comes first, newer first.
func TestSearchCommonWordsFewTitleMatches(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	item(t, app, c.Blogs, "lichentitle0001", "Lichen", "2019-01-01", "<p>On rocks.</p>")
	want := []string{"lichentitle0001"}
	for i := range 11 {
		id := fmt.Sprintf("lichenbody%05d", i)
		item(t, app, c.Blogs, id, fmt.Sprintf("Walk %d", i), fmt.Sprintf("2026-01-%02d", i+1), "<p>Some lichen here.</p>")
		want = append(want, "")
		copy(want[2:], want[1:])
		want[1] = id
	}
	_, a := get(t, app, "/api/search?q=lichen&perPage=20")
	if got := ids(a); got != strings.Join(want, " ") {
		t.Fatalf("order %q\nwant  %q", got, strings.Join(want, " "))
	}
}
