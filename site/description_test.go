package site_test

import (
	"encoding/json"
	"strings"
	"testing"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/site"
	"github.com/folio/folio/testutil"
)

// Descriptions are read as HTML once: text that looks like a tag once its entities are
// decoded (`&lt;fast&gt;`, `Vec&lt;T&gt;`) stays in the meta description, og:description,
// the cards and the bio's excerpt. The bio is plain text (typed in a textarea, shown as
// text in the profile card), so it is never read as HTML at all.
func TestSiteDescriptionsKeepTextThatLooksLikeATag(t *testing.T) {
	t.Parallel()
	const (
		bio      = "Rust: Vec<T> & Box<dyn Error>, made <fast>."
		itemText = "Make it <fast> with Vec<T> & friends."
		about    = "About <me>: Vec<T> & \"quotes\"."
	)
	app := testutil.NewApp(t)
	app.Settings().Meta.AppURL = "https://folio.example"
	testutil.SaveRecord(t, app, c.Profile, "", map[string]any{"heading": "Ada", "bio": bio})
	testutil.SaveRecord(t, app, c.About, "", map[string]any{"profile": `<p>About &lt;me&gt;: <code>Vec&lt;T&gt;</code> &amp; "quotes".</p>`})
	blog := testutil.SaveRecord(t, app, c.Blogs, "", map[string]any{"title": "Speed", "author": "Ann", "date": "2026-11-20",
		"description": `<p>Make it &lt;fast&gt; with <code>Vec&lt;T&gt;</code> &amp; friends.</p>`})

	item := testutil.ParsePage(t, getPage(t, app, "/blogs/"+blog.Id).Body.Bytes())
	if got := testutil.One(t, "item descriptions", item.Descriptions); got != itemText {
		t.Errorf("item meta description %q, want %q", got, itemText)
	}
	for _, key := range []string{"og:description", "twitter:description"} {
		if got := item.Meta[key]; len(got) != 1 || got[0] != itemText {
			t.Errorf("item %s %q, want %q", key, got, itemText)
		}
	}
	if len(item.JSONLD) == 0 || item.JSONLD[0]["description"] != itemText {
		t.Errorf("item JSON-LD %v, want description %q", item.JSONLD, itemText)
	}

	list := testutil.ParsePage(t, getPage(t, app, "/blogs").Body.Bytes())
	if !strings.Contains(list.Text, itemText) {
		t.Errorf("the /blogs card excerpt lost text: %q is not on the page", itemText)
	}

	// the bio's excerpt is the site's description on every page but items and About
	for _, p := range []string{"/", "/blogs", "/tags"} {
		page := testutil.ParsePage(t, getPage(t, app, p).Body.Bytes())
		if got := testutil.One(t, p+" descriptions", page.Descriptions); got != bio {
			t.Errorf("GET %s: meta description %q, want the bio %q", p, got, bio)
		}
		if got := page.Meta["og:description"]; len(got) != 1 || got[0] != bio {
			t.Errorf("GET %s: og:description %q, want the bio %q", p, got, bio)
		}
	}
	doc, err := site.Manifest(app, app.Settings().Meta.AppName)
	if err != nil {
		t.Fatal(err)
	}
	var manifest struct{ Description string }
	if err := json.Unmarshal(doc, &manifest); err != nil || manifest.Description != bio {
		t.Errorf("manifest description %q (%v), want the bio %q", manifest.Description, err, bio)
	}

	aboutPage := testutil.ParsePage(t, getPage(t, app, "/about").Body.Bytes())
	if got := testutil.One(t, "/about descriptions", aboutPage.Descriptions); got != about {
		t.Errorf("/about meta description %q, want %q", got, about)
	}
}
