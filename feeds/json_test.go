package feeds_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/folio/folio/feeds"
)

// JSON Feed 1.1 (jsonfeed.org/version/1.1).
func TestJSONFeedFollowsTheSpec(t *testing.T) {
	doc, err := feeds.JSONFeed(channel())
	if err != nil {
		t.Fatal(err)
	}
	var f map[string]any // generic, so keys the spec does not name show up
	if err := json.Unmarshal(doc, &f); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, doc)
	}
	want := map[string]any{
		"version": "https://jsonfeed.org/version/1.1", "title": siteTitle, "home_page_url": base,
		"feed_url": base + "/feed.json", "description": siteBio,
	}
	for k, v := range want {
		if f[k] != v {
			t.Errorf("%s = %v, want %q", k, f[k], v)
		}
	}
	items, _ := f["items"].([]any)
	if len(items) != 2 {
		t.Fatalf("items %v, want 2", f["items"])
	}

	it := items[0].(map[string]any)
	for k, v := range map[string]any{
		"id": base + "/blogs/abc123", "url": base + "/blogs/abc123", "title": entryTitle,
		"content_html": entryHTML, "summary": entryExcerpt, "image": base + "/api/files/pbc_blogs/abc123/cover.png",
		"date_published": "2026-11-20T09:30:00Z", "date_modified": "2026-11-21T18:05:07Z",
	} {
		if it[k] != v {
			t.Errorf("item %s = %v, want %q", k, it[k], v)
		}
	}
	// 1.1 names authors in an array; the 1.0 "author" object is deprecated
	if a, _ := json.Marshal(it["authors"]); string(a) != `[{"name":"O'Brien \u0026 \u003cSons\u003e"}]` || it["author"] != nil {
		t.Errorf("authors %s author %v", a, it["author"])
	}
	if tags, _ := json.Marshal(it["tags"]); string(tags) != `["go","a\u0026b \u003cc\u003e"]` {
		t.Errorf("tags %s", tags)
	}
	// strings are JSON-escaped only: no HTML entity is added to a title or to the HTML
	if !strings.Contains(string(doc), `"title": "Tom & \"Jerry\" <b>it's</b> &amp; more"`) {
		t.Errorf("the title is not written escaped once for JSON:\n%s", doc)
	}

	// the second entry has no author, tags, description or image: those keys are left out but
	// content_html, as every item needs content_html or content_text
	bare := items[1].(map[string]any)
	if html, ok := bare["content_html"]; !ok || html != "" {
		t.Errorf("bare item content_html %#v, want \"\"", html)
	}
	for _, k := range []string{"authors", "tags", "image", "summary"} {
		if _, ok := bare[k]; ok {
			t.Errorf("bare item has %s: %v", k, bare[k])
		}
	}
	if bare["id"] != base+"/projects/def456" || bare["title"] != "Bare" {
		t.Errorf("bare item %v", bare)
	}
}

// The spec requires items, even when there are none.
func TestJSONFeedOfAnEmptySite(t *testing.T) {
	doc, err := feeds.JSONFeed(feeds.Channel{Base: base, Title: "Folio"})
	if err != nil {
		t.Fatal(err)
	}
	var f map[string]any
	if err := json.Unmarshal(doc, &f); err != nil {
		t.Fatal(err)
	}
	if items, ok := f["items"].([]any); !ok || len(items) != 0 {
		t.Errorf("items %#v, want []\n%s", f["items"], doc)
	}
}
