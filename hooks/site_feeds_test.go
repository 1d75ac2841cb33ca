package hooks_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"html"
	"image"
	"image/png"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/filesystem"
	"github.com/pocketbase/pocketbase/tools/types"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/pages"
	"github.com/folio/folio/testutil"
)

const (
	feedTitle  = `Tom & "Jerry" <3 it's`
	feedAuthor = `O'Brien & <Sons>`
	feedBio    = `I write <code> & "stuff".`
	feedSite   = `Ann's <Folio> & Co`

	feedMediaItem = 20 // the seeded item with an image
)

type feedLink struct {
	Href string `xml:"href,attr"`
	Rel  string `xml:"rel,attr"`
}

// feedItem is one seeded item and where it should appear.
type feedItem struct {
	id, typ, date, created string
	rec                    *core.Record
}

// feedSeed saves 25 items of both types; days repeat so that date ties fall back to
// created, and one pair ties on both so that the id decides.
func feedSeed(t *testing.T, app core.App) []*feedItem {
	t.Helper()
	var items []*feedItem
	for i := range 25 {
		typ := c.TypeBlog
		if i%2 == 1 {
			typ = c.TypeProject
		}
		it := &feedItem{
			id:      fmt.Sprintf("feeditem%07d", i),
			typ:     typ,
			date:    fmt.Sprintf("2026-03-%02d", 1+i/3),
			created: fmt.Sprintf("2026-04-01 10:00:%02d.000Z", i%3),
		}
		if i == 23 {
			it.created = items[22].created // ties with item 22 on date and created: the id decides
		}
		it.rec = feedSave(t, app, it, fmt.Sprintf("%s #%02d", feedTitle, i), i == feedMediaItem)
		items = append(items, it)
	}
	return items
}

func feedSave(t *testing.T, app core.App, it *feedItem, title string, withMedia bool) *core.Record {
	t.Helper()
	col, err := app.FindCollectionByNameOrId(c.ItemCollection(it.typ))
	if err != nil {
		t.Fatal(err)
	}
	rec := core.NewRecord(col)
	rec.Id = it.id
	rec.Set(c.FieldTitle, title)
	rec.Set(c.FieldAuthor, feedAuthor)
	rec.Set(c.FieldDate, it.date+" 00:00:00.000Z")
	rec.Set(c.FieldDescription, "<p>Body of "+it.id+" with <b>bold</b> &amp; more.</p>")
	rec.Set(c.FieldTags, []string{"go", "a&b <c>"})
	if it.created != "" {
		dt, err := types.ParseDateTime(it.created)
		if err != nil {
			t.Fatal(err)
		}
		rec.SetRaw("created", dt)
	}
	if withMedia {
		var buf bytes.Buffer
		if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, 4, 4))); err != nil {
			t.Fatal(err)
		}
		f, err := filesystem.NewFileFromBytes(buf.Bytes(), "cover.png")
		if err != nil {
			t.Fatal(err)
		}
		rec.Set(c.FieldMedia, f)
	}
	if err := app.Save(rec); err != nil {
		t.Fatalf("seeding %s: %v", it.id, err)
	}
	return rec
}

// feedOrder is the ids in the public order: date, created, id, all descending.
func feedOrder(items []*feedItem) []*feedItem {
	out := slices.Clone(items)
	slices.SortFunc(out, func(a, b *feedItem) int {
		return -strings.Compare(a.date+a.created+a.id, b.date+b.created+b.id)
	})
	return out
}

func feedPath(it *feedItem) string {
	if it.typ == c.TypeProject {
		return "/projects/" + it.id
	}
	return "/blogs/" + it.id
}

type rssDoc struct {
	Channel struct {
		Title       string   `xml:"title"`
		Links       []string `xml:"link"` // <link> then an empty <atom:link rel="self">
		Description string   `xml:"description"`
		Items       []struct {
			Title       string   `xml:"title"`
			Link        string   `xml:"link"`
			Description string   `xml:"description"`
			GUID        string   `xml:"guid"`
			PubDate     string   `xml:"pubDate"`
			Creator     string   `xml:"http://purl.org/dc/elements/1.1/ creator"`
			Content     string   `xml:"http://purl.org/rss/1.0/modules/content/ encoded"`
			Categories  []string `xml:"category"`
			Enclosure   struct {
				URL  string `xml:"url,attr"`
				Type string `xml:"type,attr"`
			} `xml:"enclosure"`
		} `xml:"item"`
	} `xml:"channel"`
}

type atomDoc struct {
	XMLName  xml.Name   `xml:"http://www.w3.org/2005/Atom feed"`
	Title    string     `xml:"title"`
	ID       string     `xml:"id"`
	Updated  string     `xml:"updated"`
	Subtitle string     `xml:"subtitle"`
	Links    []feedLink `xml:"link"`
	Entries  []struct {
		Title     string     `xml:"title"`
		ID        string     `xml:"id"`
		Updated   string     `xml:"updated"`
		Published string     `xml:"published"`
		Links     []feedLink `xml:"link"`
		Content   struct {
			Type string `xml:"type,attr"`
			Body string `xml:",chardata"`
		} `xml:"content"`
		Summary    string `xml:"summary"`
		Author     string `xml:"author>name"`
		Categories []struct {
			Term string `xml:"term,attr"`
		} `xml:"category"`
	} `xml:"entry"`
}

type jsonFeedDoc struct {
	Version     string `json:"version"`
	Title       string `json:"title"`
	HomePageURL string `json:"home_page_url"`
	FeedURL     string `json:"feed_url"`
	Description string `json:"description"`
	Items       []struct {
		ID            string   `json:"id"`
		URL           string   `json:"url"`
		Title         string   `json:"title"`
		ContentHTML   string   `json:"content_html"`
		Summary       string   `json:"summary"`
		Image         string   `json:"image"`
		DatePublished string   `json:"date_published"`
		DateModified  string   `json:"date_modified"`
		Tags          []string `json:"tags"`
		Authors       []struct {
			Name string `json:"name"`
		} `json:"authors"`
	} `json:"items"`
}

type sitemapDoc struct {
	XMLName xml.Name `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 urlset"`
	URLs    []struct {
		Loc     string `xml:"loc"`
		LastMod string `xml:"lastmod"`
	} `xml:"url"`
}

// feedGet fetches path and decodes it into v (XML or JSON by the content type).
func feedGet(t *testing.T, app core.App, path string, v any, header ...string) http.Header {
	t.Helper()
	res := testutil.Do(t, app, "GET", path, "", "", header...)
	if res.Code != http.StatusOK {
		t.Fatalf("GET %s: %d %s", path, res.Code, res.Body.String())
	}
	var err error
	if strings.Contains(res.Header().Get("Content-Type"), "json") {
		err = json.Unmarshal(res.Body.Bytes(), v)
	} else {
		err = xml.Unmarshal(res.Body.Bytes(), v)
	}
	if err != nil {
		t.Fatalf("GET %s: %v\n%s", path, err, res.Body.String())
	}
	return res.Header()
}

func TestFeedsHoldNewestItems(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	app.Settings().Meta.AppName = feedSite
	app.Settings().Meta.AppURL = "https://folio.example/"
	items := feedSeed(t, app)
	profile := core.NewRecord(feedCollection(t, app, c.Profile))
	profile.Set(c.FieldHeading, "Ann")
	profile.Set(c.FieldBio, feedBio)
	if err := app.Save(profile); err != nil {
		t.Fatal(err)
	}
	want := feedOrder(items)[:20]
	const base = "https://folio.example"
	media := items[feedMediaItem].rec.GetString(c.FieldMedia)
	mediaURL := base + "/api/files/" + items[feedMediaItem].rec.Collection().Id + "/" + items[feedMediaItem].id + "/" + media

	var rss rssDoc
	h := feedGet(t, app, "/rss.xml", &rss)
	if ct := h.Get("Content-Type"); ct != "application/rss+xml; charset=utf-8" {
		t.Errorf("rss content type %q", ct)
	}
	if rss.Channel.Title != feedSite || rss.Channel.Links[0] != base || rss.Channel.Description != html.EscapeString(feedBio) {
		t.Errorf("rss channel %q %q %q", rss.Channel.Title, rss.Channel.Links, rss.Channel.Description)
	}
	if len(rss.Channel.Items) != 20 {
		t.Fatalf("rss: %d items, want 20", len(rss.Channel.Items))
	}
	for i, it := range rss.Channel.Items {
		w := want[i]
		if it.Link != base+feedPath(w) || it.GUID != it.Link {
			t.Errorf("rss item %d: link %q guid %q, want %s", i, it.Link, it.GUID, feedPath(w))
		}
		if it.Title != w.rec.GetString(c.FieldTitle) || it.Creator != feedAuthor {
			t.Errorf("rss item %d: title %q creator %q", i, it.Title, it.Creator)
		}
		if !strings.Contains(it.Content, "<b>bold</b>") || !strings.Contains(it.Description, "Body of "+w.id+" with bold") {
			t.Errorf("rss item %d: content %q description %q", i, it.Content, it.Description)
		}
		if !slices.Equal(it.Categories, []string{"go", "a&b <c>"}) {
			t.Errorf("rss item %d: categories %q", i, it.Categories)
		}
		if pub, err := time.Parse(time.RFC1123Z, it.PubDate); err != nil || pub.Format(time.DateOnly) != w.date {
			t.Errorf("rss item %d: pubDate %q, want %s", i, it.PubDate, w.date)
		}
		if (w == items[feedMediaItem]) != (it.Enclosure.URL != "") || (w == items[feedMediaItem] && (it.Enclosure.URL != mediaURL || it.Enclosure.Type != "image/png")) {
			t.Errorf("rss item %d: enclosure %+v", i, it.Enclosure)
		}
	}

	var atom atomDoc
	if ct := feedGet(t, app, "/atom.xml", &atom).Get("Content-Type"); ct != "application/atom+xml; charset=utf-8" {
		t.Errorf("atom content type %q", ct)
	}
	if atom.Title != feedSite || atom.Subtitle != feedBio || len(atom.Entries) != 20 {
		t.Fatalf("atom: title %q subtitle %q, %d entries", atom.Title, atom.Subtitle, len(atom.Entries))
	}
	if !slices.ContainsFunc(atom.Links, func(l feedLink) bool { return l.Rel == "self" && l.Href == base+"/atom.xml" }) {
		t.Errorf("atom links %+v", atom.Links)
	}
	for i, en := range atom.Entries {
		w := want[i]
		if en.ID != base+feedPath(w) || en.Links[0].Href != en.ID || en.Links[0].Rel != "alternate" {
			t.Errorf("atom entry %d: id %q links %+v, want %s", i, en.ID, en.Links, feedPath(w))
		}
		if en.Title != w.rec.GetString(c.FieldTitle) || en.Author != feedAuthor {
			t.Errorf("atom entry %d: title %q author %q", i, en.Title, en.Author)
		}
		if en.Content.Type != "html" || !strings.Contains(en.Content.Body, "<b>bold</b>") || en.Summary == "" {
			t.Errorf("atom entry %d: content %+v summary %q", i, en.Content, en.Summary)
		}
		if !strings.HasPrefix(en.Published, w.date+"T") || en.Updated != w.rec.GetDateTime("updated").Time().UTC().Format(time.RFC3339) {
			t.Errorf("atom entry %d: published %q updated %q", i, en.Published, en.Updated)
		}
		if len(en.Categories) != 2 || en.Categories[1].Term != "a&b <c>" {
			t.Errorf("atom entry %d: categories %+v", i, en.Categories)
		}
	}

	var jf jsonFeedDoc
	if ct := feedGet(t, app, "/feed.json", &jf).Get("Content-Type"); ct != "application/feed+json" {
		t.Errorf("json feed content type %q", ct)
	}
	if jf.Version != "https://jsonfeed.org/version/1.1" || jf.Title != feedSite || jf.HomePageURL != base ||
		jf.FeedURL != base+"/feed.json" || jf.Description != feedBio || len(jf.Items) != 20 {
		t.Fatalf("json feed: %q %q %q %q %q, %d items", jf.Version, jf.Title, jf.HomePageURL, jf.FeedURL, jf.Description, len(jf.Items))
	}
	for i, it := range jf.Items {
		w := want[i]
		if it.URL != base+feedPath(w) || it.ID != it.URL || it.Title != w.rec.GetString(c.FieldTitle) {
			t.Errorf("json item %d: %q %q %q", i, it.ID, it.URL, it.Title)
		}
		if !strings.Contains(it.ContentHTML, "<b>bold</b>") || it.Summary != "Body of "+w.id+" with bold & more." {
			t.Errorf("json item %d: content %q summary %q", i, it.ContentHTML, it.Summary)
		}
		if len(it.Authors) != 1 || it.Authors[0].Name != feedAuthor || len(it.Tags) != 2 || !strings.HasPrefix(it.DatePublished, w.date) {
			t.Errorf("json item %d: authors %+v tags %q published %q", i, it.Authors, it.Tags, it.DatePublished)
		}
		if (w == items[feedMediaItem]) != (it.Image == mediaURL) {
			t.Errorf("json item %d: image %q", i, it.Image)
		}
	}
}

func TestFeedsRequestHostFallback(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	app.Settings().Meta.AppURL = pages.DefaultAppURL // PocketBase's default counts as unset
	app.Settings().TrustedProxy.Headers = []string{"X-Forwarded-For"}
	items := feedSeed(t, app)
	first := feedOrder(items)[0]
	for _, tc := range []struct {
		base   string
		header []string
	}{
		{"http://example.com", nil},
		{"https://example.com", []string{"X-Forwarded-Proto", "https"}},
	} {
		var rss rssDoc
		feedGet(t, app, "/rss.xml", &rss, tc.header...)
		if rss.Channel.Links[0] != tc.base || rss.Channel.Items[0].Link != tc.base+feedPath(first) {
			t.Errorf("%s: rss link %q, item %q", tc.base, rss.Channel.Links, rss.Channel.Items[0].Link)
		}
		var jf jsonFeedDoc
		feedGet(t, app, "/feed.json", &jf, tc.header...)
		if jf.HomePageURL != tc.base || jf.Items[0].URL != tc.base+feedPath(first) {
			t.Errorf("%s: json feed %q, item %q", tc.base, jf.HomePageURL, jf.Items[0].URL)
		}
		res := testutil.Do(t, app, "GET", "/robots.txt", "", "", tc.header...)
		if !strings.Contains(res.Body.String(), "\nSitemap: "+tc.base+"/sitemap.xml\n") {
			t.Errorf("%s: robots.txt %q", tc.base, res.Body.String())
		}
	}
}

func TestSitemapListsPagesAndItems(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	app.Settings().Meta.AppURL = "https://folio.example"
	items := feedSeed(t, app)
	var sm sitemapDoc
	if ct := feedGet(t, app, "/sitemap.xml", &sm).Get("Content-Type"); !strings.HasPrefix(ct, "application/xml") {
		t.Errorf("sitemap content type %q", ct)
	}
	got := map[string]string{}
	for _, u := range sm.URLs {
		got[u.Loc] = u.LastMod
	}
	for _, p := range []string{"/", "/blogs", "/projects", "/categories", "/tags", "/archives", "/about"} {
		if _, ok := got["https://folio.example"+p]; !ok {
			t.Errorf("sitemap lacks page %s", p)
		}
	}
	for _, it := range items {
		lastmod, ok := got["https://folio.example"+feedPath(it)]
		if want := it.rec.GetDateTime("updated").Time().UTC().Format(time.RFC3339); !ok || lastmod != want {
			t.Errorf("sitemap %s: lastmod %q (listed %v), want %q", feedPath(it), lastmod, ok, want)
		}
	}
	if len(sm.URLs) != 7+len(items) {
		t.Errorf("sitemap: %d urls, want %d", len(sm.URLs), 7+len(items))
	}
}

func TestRobotsTxt(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	app.Settings().Meta.AppURL = "https://folio.example"
	res := testutil.Do(t, app, "GET", "/robots.txt", "", "")
	want := "User-agent: *\nAllow: /\nAllow: /api/files/\n" +
		"Disallow: /admin\nDisallow: /login\nDisallow: /register\nDisallow: /forget-password\n" +
		"Disallow: /reset-password/\nDisallow: /api/\nDisallow: /_/\n" +
		"\nSitemap: https://folio.example/sitemap.xml\n"
	if res.Code != http.StatusOK || res.Body.String() != want || res.Header().Get("Content-Type") != "text/plain; charset=utf-8" {
		t.Errorf("robots.txt: %d %q %q", res.Code, res.Header().Get("Content-Type"), res.Body.String())
	}
}

// Feeds are cached with an ETag (304 on a match), answer HEAD, gzip, and change with content.
func TestFeedsCaching(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	items := feedSeed(t, app)
	for _, p := range []string{"/rss.xml", "/atom.xml", "/feed.json", "/sitemap.xml", "/robots.txt"} {
		res := testutil.Do(t, app, "GET", p, "", "")
		etag := res.Header().Get("ETag")
		if res.Code != http.StatusOK || !strings.HasPrefix(etag, `"`) || res.Header().Get("Cache-Control") != "public, max-age=300" {
			t.Fatalf("GET %s: %d ETag %q Cache-Control %q", p, res.Code, etag, res.Header().Get("Cache-Control"))
		}
		if r := testutil.Do(t, app, "GET", p, "", "", "If-None-Match", etag); r.Code != http.StatusNotModified || r.Body.Len() != 0 {
			t.Errorf("GET %s If-None-Match: %d", p, r.Code)
		}
		head := testutil.Do(t, app, "HEAD", p, "", "")
		if head.Code != http.StatusOK || head.Header().Get("ETag") != etag || head.Header().Get("Content-Type") != res.Header().Get("Content-Type") {
			t.Errorf("HEAD %s: %d ETag %q type %q", p, head.Code, head.Header().Get("ETag"), head.Header().Get("Content-Type"))
		}
		if p == "/robots.txt" {
			continue // too small to compress
		}
		gz := testutil.Do(t, app, "GET", p, "", "", "Accept-Encoding", "gzip")
		zr, err := gzip.NewReader(gz.Body)
		if err != nil || gz.Header().Get("Content-Encoding") != "gzip" {
			t.Fatalf("GET %s gzip: %v %q", p, err, gz.Header().Get("Content-Encoding"))
		}
		if body, _ := io.ReadAll(zr); !bytes.Equal(body, res.Body.Bytes()) {
			t.Errorf("GET %s: gzip body differs", p)
		}
	}

	before := testutil.Do(t, app, "GET", "/rss.xml", "", "").Header().Get("ETag")
	fresh := &feedItem{id: "feedfresh000001", typ: c.TypeProject, date: "2026-12-31"}
	feedSave(t, app, fresh, "Brand new", false)
	res := testutil.Do(t, app, "GET", "/rss.xml", "", "", "If-None-Match", before)
	if res.Code != http.StatusOK {
		t.Fatalf("after a new item the old ETag still matches: %d", res.Code)
	}
	var rss rssDoc
	feedGet(t, app, "/rss.xml", &rss)
	if len(rss.Channel.Items) != 20 || rss.Channel.Items[0].Title != "Brand new" {
		t.Errorf("rss after a new item: %d items, first %q", len(rss.Channel.Items), rss.Channel.Items[0].Title)
	}
	var jf jsonFeedDoc
	feedGet(t, app, "/feed.json", &jf)
	if jf.Items[0].Title != "Brand new" {
		t.Errorf("json feed after a new item: first %q", jf.Items[0].Title)
	}
	var sm sitemapDoc
	feedGet(t, app, "/sitemap.xml", &sm)
	if len(sm.URLs) != 7+len(items)+1 {
		t.Errorf("sitemap after a new item: %d urls", len(sm.URLs))
	}
}

func TestFeedsEmptySite(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	app.Settings().Meta.AppURL = ""
	var rss rssDoc
	feedGet(t, app, "/rss.xml", &rss)
	if rss.Channel.Title == "" || rss.Channel.Links[0] != "http://example.com" || len(rss.Channel.Items) != 0 {
		t.Errorf("empty rss: %+v", rss.Channel)
	}
	var atom atomDoc
	feedGet(t, app, "/atom.xml", &atom)
	if atom.ID == "" || atom.Updated == "" || len(atom.Entries) != 0 {
		t.Errorf("empty atom: %+v", atom)
	}
	res := testutil.Do(t, app, "GET", "/feed.json", "", "")
	var raw map[string]any
	if err := json.Unmarshal(res.Body.Bytes(), &raw); err != nil {
		t.Fatal(err)
	}
	if items, ok := raw["items"].([]any); !ok || len(items) != 0 || raw["version"] != "https://jsonfeed.org/version/1.1" {
		t.Errorf("empty json feed: %s", res.Body.String())
	}
	var sm sitemapDoc
	feedGet(t, app, "/sitemap.xml", &sm)
	if len(sm.URLs) != 7 || sm.URLs[0].Loc != "http://example.com/" {
		t.Errorf("empty sitemap: %+v", sm.URLs)
	}
}

func feedCollection(t *testing.T, app core.App, name string) *core.Collection {
	t.Helper()
	col, err := app.FindCollectionByNameOrId(name)
	if err != nil {
		t.Fatal(err)
	}
	return col
}
