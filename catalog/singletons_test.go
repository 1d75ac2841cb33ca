package catalog_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/catalog"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

// API.md GET /api/profile and /api/about: empty values before the owner sets them, never 404.
func TestProfileAndAboutShapes(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	for _, col := range []string{c.Profile, c.About} {
		if rec, err := catalog.Singleton(app, col); rec != nil || err != nil {
			t.Errorf("%s before it is set: %v, %v", col, rec, err)
		}
	}
	if got := jsonOf(t, catalog.Profile(nil)); got != `{"bio":"","heading":"","image":null,"socialLinks":[]}` {
		t.Errorf("empty profile %s", got)
	}
	about := catalog.About(nil)
	if len(about) != len(c.AboutRichFields)+2 || about["media"] != nil || jsonOf(t, about["attachLinks"]) != `[]` {
		t.Errorf("empty About %v", about)
	}
	for _, f := range c.AboutRichFields {
		if about[f] != "" {
			t.Errorf("empty About's %s: %v", f, about[f])
		}
	}

	// the oldest record is the one, should there be more
	testutil.SaveRecord(t, app, c.Profile, "profilenewer001", map[string]any{c.FieldHeading: "Newer", c.FieldBio: "b", "created": "2026-02-01 00:00:00.000Z"})
	testutil.SaveRecord(t, app, c.Profile, "profileolder001", map[string]any{c.FieldHeading: "Ada", c.FieldBio: "Writes <b>engines</b>.",
		c.FieldSocialLinks: `[{"title":"GitHub","url":"https://github.com/ada"}]`, "created": "2026-01-01 00:00:00.000Z"})
	rec, err := catalog.Singleton(app, c.Profile)
	if err != nil || rec == nil || rec.Id != "profileolder001" {
		t.Fatalf("Singleton(profile) = %v, %v; want the oldest", rec, err)
	}
	want := `{"bio":"Writes \u003cb\u003eengines\u003c/b\u003e.","heading":"Ada","image":null,"socialLinks":[{"title":"GitHub","url":"https://github.com/ada"}]}`
	if got := jsonOf(t, catalog.Profile(rec)); got != want {
		t.Errorf("profile\n%s\nwant\n%s", got, want)
	}
}

// About's media tells the client how to show the stored file.
func TestAboutMediaKind(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	col, err := app.FindCollectionByNameOrId(c.About)
	if err != nil {
		t.Fatal(err)
	}
	for name, kind := range map[string]string{"clip_ab12.mp4": "video", "clip.WEBM": "video", "clip.mov": "video", "loop.gif": "gif",
		"photo.jpg": "image", "photo.webp": "image"} {
		rec := core.NewRecord(col)
		rec.Id = "aboutrecord0001"
		rec.Set(c.FieldMedia, name)
		media, _ := catalog.About(rec)["media"].(map[string]any)
		if media["kind"] != kind || media["url"] != "/api/files/"+col.Id+"/aboutrecord0001/"+name {
			t.Errorf("%s: media %v, want kind %s", name, media, kind)
		}
	}
}

func TestSearchFold(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"CAFÉ":         "café",
		"cafe\u0301":   "café", // decomposed é equals the precomposed one
		"Straße":       "strasse",
		"ﬁle":          "file", // compatibility ligature
		"Vec<T> & Co.": "vec<t> & co.",
	} {
		if got := catalog.SearchFold(in); got != want {
			t.Errorf("SearchFold(%q) = %q, want %q", in, got, want)
		}
	}
	// a folded title stays within the hidden searchTitle field
	if got := catalog.SearchFold(strings.Repeat("ß", 1000)); utf8.RuneCountInString(got) != 1200 {
		t.Errorf("a long title folds to %d runes, want 1200", utf8.RuneCountInString(got))
	}
}

func TestStrings(t *testing.T) {
	t.Parallel()
	for raw, want := range map[string]string{`["a","b"]`: `["a","b"]`, ``: `[]`, `null`: `[]`, `{"a":1}`: `[]`, `[1,2]`: `[]`, `not json`: `[]`} {
		if got := jsonOf(t, catalog.Strings(raw)); got != want {
			t.Errorf("Strings(%q) = %s, want %s", raw, got, want)
		}
	}
}
