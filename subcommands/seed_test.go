package subcommands

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/richtext"
	"github.com/folio/folio/testutil"
)

// runSeed runs the cobra command as `folio seed args...` and returns its output.
func runSeed(t *testing.T, app core.App, args ...string) (string, error) {
	t.Helper()
	return execute(newSeedCommand(app), args...)
}

func countRecords(t *testing.T, app core.App, col string) int {
	t.Helper()
	n, err := app.CountRecords(col)
	if err != nil {
		t.Fatal(err)
	}
	return int(n)
}

func allItems(t *testing.T, app core.App) []*core.Record {
	t.Helper()
	var recs []*core.Record
	for _, col := range []string{c.Blogs, c.Projects} {
		rs, err := app.FindAllRecords(col)
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, rs...)
	}
	return recs
}

func TestSeedDemoIsIdempotentAndGrows(t *testing.T) {
	app := testutil.NewApp(t)

	out, err := runSeed(t, app, "--demo")
	if err != nil {
		t.Fatalf("first seed: %v\n%s", err, out)
	}
	if !strings.Contains(out, "Demo owner: owner@folio.local / folio-demo-2026") {
		t.Fatalf("output lacks the owner's sign-in:\n%s", out)
	}
	if b, p := countRecords(t, app, c.Blogs), countRecords(t, app, c.Projects); b != 12 || p != 12 {
		t.Fatalf("default seed: %d blogs and %d projects, want 12 and 12", b, p)
	}

	rep, err := SeedDemo(app, 24, &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.OwnerCreated || rep.ProfileCreated || rep.AboutCreated || rep.BlogsAdded+rep.ProjectsAdded != 0 || rep.ItemsKept != 24 {
		t.Fatalf("second seed should add nothing, got %+v", rep)
	}
	for col, want := range map[string]int{c.Blogs: 12, c.Projects: 12, c.Profile: 1, c.About: 1} {
		if got := countRecords(t, app, col); got != want {
			t.Errorf("after re-seeding, %s has %d records, want %d", col, got, want)
		}
	}
	owners, err := app.FindAllRecords(c.Users)
	if err != nil || len(owners) != 1 {
		t.Fatalf("want exactly the owner account, got %d (%v)", len(owners), err)
	}

	out, err = runSeed(t, app, "--demo", "--items", "30")
	if err != nil {
		t.Fatalf("seed --items 30: %v\n%s", err, out)
	}
	if !strings.Contains(out, "3 blogs and 3 projects added, 24 already there") {
		t.Errorf("--items 30 after 24 should add 6:\n%s", out)
	}
	if b, p := countRecords(t, app, c.Blogs), countRecords(t, app, c.Projects); b != 15 || p != 15 {
		t.Fatalf("after --items 30: %d blogs and %d projects, want 15 and 15", b, p)
	}

	// A smaller N adds nothing and removes nothing.
	if rep, err := SeedDemo(app, 5, &bytes.Buffer{}); err != nil || rep.BlogsAdded+rep.ProjectsAdded != 0 {
		t.Fatalf("--items 5 after 30: %+v, %v", rep, err)
	}
	if n := len(allItems(t, app)); n != 30 {
		t.Fatalf("items after --items 5: %d, want 30", n)
	}
}

func TestSeedDemoContent(t *testing.T) {
	app := testutil.NewApp(t)
	if _, err := SeedDemo(app, 24, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	items := allItems(t, app)

	tags := map[string]int{}
	var uncategorized, mainOnly, withSub, covers, guests int
	oldest := time.Now().UTC().AddDate(-3, 0, -1)
	var kinds = map[string]int{}
	for _, rec := range items {
		var ts, cats []string
		if err := rec.UnmarshalJSONField(c.FieldTags, &ts); err != nil {
			t.Fatal(err)
		}
		if err := rec.UnmarshalJSONField(c.FieldCategories, &cats); err != nil {
			t.Fatal(err)
		}
		for _, tag := range ts {
			tags[tag]++
		}
		switch len(cats) {
		case 0:
			uncategorized++
		case 1:
			mainOnly++
		default:
			withSub++
		}
		if rec.GetString(c.FieldMedia) != "" {
			covers++
		}
		if rec.GetString(c.FieldAuthor) != DemoOwnerName {
			guests++
		}
		d := rec.GetDateTime(c.FieldDate).Time()
		if d.Before(oldest) || d.After(time.Now()) {
			t.Errorf("%q dated %s, outside the last three years", rec.GetString(c.FieldTitle), d)
		}
		desc := rec.GetString(c.FieldDescription)
		if w := richtext.WordCount(desc); w < demoMinWords || w > demoMaxWords {
			t.Errorf("%q has %d words, want %d..%d", rec.GetString(c.FieldTitle), w, demoMinWords, demoMaxWords)
		}
		for _, k := range []string{"<h2>", "<h3>", "<ul>", "<ol>", "<blockquote>", "<pre", "<code", "<a ", "<strong>", "<em>"} {
			if strings.Contains(desc, k) {
				kinds[k]++
			}
		}
		if rec.Collection().Name == c.Blogs {
			var links []string
			if err := rec.UnmarshalJSONField(c.FieldAttachLinks, &links); err != nil || len(links) > 3 {
				t.Errorf("blog links %v (%v)", links, err)
			}
			for _, l := range links {
				if !strings.HasPrefix(l, "https://") {
					t.Errorf("blog link %q is not https", l)
				}
			}
		} else if l := rec.GetString(c.FieldAttachLink); l != "" && !strings.HasPrefix(l, "https://") {
			t.Errorf("project link %q is not https", l)
		}
	}

	if len(tags) < 14 || len(tags) > 16 {
		t.Errorf("want about 15 tags, got %d: %v", len(tags), tags)
	}
	most, least := 0, len(items)
	for _, n := range tags {
		most, least = max(most, n), min(least, n)
	}
	if most <= 3*least {
		t.Errorf("tag use not skewed: most %d, least %d (%v)", most, least, tags)
	}
	if uncategorized == 0 || mainOnly == 0 || withSub == 0 {
		t.Errorf("categories: %d none, %d main only, %d with sub; want each > 0", uncategorized, mainOnly, withSub)
	}
	if covers < 12 || covers > 20 {
		t.Errorf("%d of 24 items have a cover, want about two thirds", covers)
	}
	if guests == 0 || guests > 8 {
		t.Errorf("%d guest-authored items, want a few", guests)
	}
	for k, n := range kinds {
		if n == 0 {
			t.Errorf("no description contains %s", k)
		}
	}
	if len(kinds) != 10 {
		t.Errorf("descriptions miss some element kinds: %v", kinds)
	}

	profile, err := app.FindFirstRecordByFilter(c.Profile, "")
	if err != nil {
		t.Fatal(err)
	}
	if profile.GetString(c.FieldHeading) != DemoOwnerName || profile.GetString(c.FieldBio) == "" || profile.GetString(c.FieldImage) == "" {
		t.Errorf("profile: heading %q, bio %q, image %q", profile.GetString(c.FieldHeading), profile.GetString(c.FieldBio), profile.GetString(c.FieldImage))
	}
	if links := profile.GetString(c.FieldSocialLinks); !strings.Contains(links, `"url":"https://github.com/alexmorgan-dev"`) {
		t.Errorf("profile socialLinks = %s", links)
	}

	about, err := app.FindFirstRecordByFilter(c.About, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range c.AboutRichFields {
		v := about.GetString(f)
		if strings.TrimSpace(richtext.PlainText(v)) == "" {
			t.Errorf("About %s is empty", f)
		}
		for _, banned := range []string{"<pre", "<code", "<img", "<video", "<iframe"} {
			if strings.Contains(v, banned) {
				t.Errorf("About %s contains %s", f, banned)
			}
		}
	}
	if about.GetString(c.FieldMedia) == "" {
		t.Error("About has no media")
	}
	var links []struct{ Title, URL string }
	if err := json.Unmarshal([]byte(about.GetString(c.FieldAttachLinks)), &links); err != nil || len(links) < 3 || links[0].Title != "GitHub" {
		t.Errorf("About attachLinks %v (%v)", links, err)
	}

	owner, err := app.FindAuthRecordByEmail(c.Users, DemoOwnerEmail)
	if err != nil {
		t.Fatal(err)
	}
	if owner.GetString(c.FieldStatus) != c.StatusApproved || !owner.GetBool(c.FieldIsSuperAdmin) || !owner.ValidatePassword(DemoOwnerPassword) {
		t.Errorf("owner: status %q, super %v, password ok %v", owner.GetString(c.FieldStatus), owner.GetBool(c.FieldIsSuperAdmin), owner.ValidatePassword(DemoOwnerPassword))
	}
}

func TestSeedDemoKeepsExistingOwner(t *testing.T) {
	app := testutil.NewApp(t)
	testutil.CreateUser(t, app, DemoOwnerEmail, c.StatusPending, false)
	rep, err := SeedDemo(app, 0, &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	owner, _ := app.FindAuthRecordByEmail(c.Users, DemoOwnerEmail)
	if rep.OwnerCreated || owner.GetString(c.FieldStatus) != c.StatusPending || !owner.ValidatePassword("password123") {
		t.Errorf("an existing owner account must be left alone: %+v", rep)
	}
	if countRecords(t, app, c.Profile) != 1 || len(allItems(t, app)) != 0 {
		t.Error("--items 0 still creates the profile and no items")
	}
}

func TestSeedCommandFlags(t *testing.T) {
	app := testutil.NewApp(t)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "needs --demo"},
		{[]string{"--items", "5"}, "needs --demo"},
		{[]string{"--demo", "--items", "-1"}, "between 0 and 100000"},
		{[]string{"--demo", "--items", "100001"}, "between 0 and 100000"},
		{[]string{"--demo", "--items", "many"}, "invalid argument"},
		{[]string{"--demo", "extra"}, "unknown command"},
	} {
		out, err := runSeed(t, app, tc.args...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("seed %v: error %v, want one containing %q\n%s", tc.args, err, tc.want, out)
		}
	}
	if n := len(allItems(t, app)); n != 0 {
		t.Errorf("refused runs saved %d items", n)
	}
}

// Titles stay distinct and dates in range however many items are asked for (the benchmark
// seeds 10,000), and blogs get the extra item of an odd N.
func TestDemoItemsScale(t *testing.T) {
	today := time.Date(2026, 11, 21, 0, 0, 0, 0, time.UTC)
	seen := map[string]bool{}
	perCol := map[string]int{}
	for i := range 10001 {
		it := newDemoItem(i, today)
		key := it.collection + "/" + it.title
		if seen[key] {
			t.Fatalf("item %d repeats %q", i, key)
		}
		seen[key] = true
		perCol[it.collection]++
		if it.date.After(today) || it.date.Before(today.AddDate(-3, 0, 0)) {
			t.Fatalf("item %d dated %s", i, it.date)
		}
		if it.cover && i >= demoCoverLimit {
			t.Fatalf("item %d has a cover beyond the limit", i)
		}
	}
	if perCol[c.Blogs] != 5001 || perCol[c.Projects] != 5000 {
		t.Errorf("10,001 items split %v, want 5001 blogs", perCol)
	}
}
