package hooks

import (
	"mime"
	"net/http"
	"path"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"
	"github.com/pocketbase/pocketbase/tools/types"

	"github.com/folio/folio/cache"
	"github.com/folio/folio/catalog"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/feeds"
)

// FeedItems is how many of the newest items the feeds hold (API.md "Site pages").
const FeedItems = 20

// CacheFeeds lets feed readers and crawlers keep a feed, sitemap or robots.txt five minutes.
const CacheFeeds = "public, max-age=300"

// Content types of the documents served here.
const (
	typeRSS     = "application/rss+xml; charset=utf-8"
	typeAtom    = "application/atom+xml; charset=utf-8"
	typeJSON    = "application/feed+json"
	typeSitemap = "application/xml; charset=utf-8"
	typeRobots  = "text/plain; charset=utf-8"
)

// bindFeedRoutes serves /rss.xml, /atom.xml, /feed.json, /sitemap.xml and /robots.txt.
// GET routes answer HEAD as well (net/http's pattern rules).
func bindFeedRoutes(app core.App, r *router.Router[*core.RequestEvent]) {
	r.GET("/rss.xml", feedDocument(typeRSS, feeds.RSS))
	r.GET("/atom.xml", feedDocument(typeAtom, feeds.Atom))
	r.GET("/feed.json", feedDocument(typeJSON, feeds.JSONFeed))
	r.GET("/sitemap.xml", siteDocument(typeSitemap, sitemap))
	r.GET("/robots.txt", siteDocument(typeRobots, func(_ core.App, base string) ([]byte, error) {
		return feeds.Robots(base), nil
	}))
}

// feedDocument answers a feed rendered from the newest items.
func feedDocument(contentType string, render func(feeds.Channel) ([]byte, error)) func(*core.RequestEvent) error {
	return siteDocument(contentType, func(app core.App, base string) ([]byte, error) {
		data, err := loadFeed(app, base)
		if err != nil {
			return nil, err
		}
		return render(data)
	})
}

// siteDocument answers a non-JSON document from the content cache, dropped with it when
// content changes. The key holds the base URL (hosts never share a document) and the site
// name (a renamed site shows at once).
func siteDocument(contentType string, build func(app core.App, base string) ([]byte, error)) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		base := appURL(e.App, e)
		key := counterFreePrefix + e.Request.URL.Path + " " + base + " " + e.App.Settings().Meta.AppName
		a, err := cache.Bytes(e.App, key, func() ([]byte, error) { return build(e.App, base) })
		if err != nil {
			return err
		}
		return a.Send(e, http.StatusOK, contentType, CacheFeeds, "Accept-Encoding")
	}
}

// loadFeed reads the channel and the FeedItems newest items, in the order of /api/content.
func loadFeed(app core.App, base string) (feeds.Channel, error) {
	data := feeds.Channel{Base: base, Title: app.Settings().Meta.AppName}
	profile, err := catalog.Singleton(app, c.Profile)
	if err != nil {
		return data, err
	}
	if profile != nil {
		data.Description = profile.GetString(c.FieldBio)
	}
	_, rows, err := catalog.ListPage(app, catalog.ListParams{Page: 1, PerPage: FeedItems, Types: []string{c.TypeBlog, c.TypeProject}})
	if err != nil {
		return data, err
	}
	ids := map[string][]string{}
	for _, r := range rows {
		ids[r.Type] = append(ids[r.Type], r.ID)
	}
	records := make(map[string]*core.Record, len(rows))
	for typ, list := range ids {
		recs, err := app.FindRecordsByIds(c.ItemCollection(typ), list)
		if err != nil {
			return data, err
		}
		for _, rec := range recs {
			records[rec.Id] = rec
		}
	}
	for _, r := range rows {
		rec := records[r.ID]
		if rec == nil {
			continue // deleted between the two reads
		}
		entry := newFeedEntry(rec, base)
		if entry.Updated.After(data.Updated) {
			data.Updated = entry.Updated
		}
		data.Entries = append(data.Entries, entry)
	}
	return data, nil
}

// newFeedEntry converts a full blogs or projects record.
func newFeedEntry(rec *core.Record, base string) feeds.Entry {
	s := catalog.NewItemSummary(rec)
	entry := feeds.Entry{
		Title:     s.Title,
		Author:    s.Author,
		Excerpt:   s.Excerpt,
		Tags:      s.Tags,
		URL:       base + catalog.PagePath(s.Type, s.ID),
		Content:   rec.GetString(c.FieldDescription),
		Published: rec.GetDateTime(c.FieldDate).Time().UTC(),
		Updated:   rec.GetDateTime("updated").Time().UTC(),
	}
	if entry.Published.IsZero() {
		entry.Published = rec.GetDateTime("created").Time().UTC()
	}
	if s.Media != nil {
		entry.Image = base + *s.Media
		entry.ImageType = mime.TypeByExtension(strings.ToLower(path.Ext(rec.GetString(c.FieldMedia))))
		if entry.ImageType == "" {
			entry.ImageType = "application/octet-stream"
		}
	}
	return entry
}

// sitemap lists the list pages and every blog and project, newest first.
func sitemap(app core.App, base string) ([]byte, error) {
	_, rows, err := catalog.ListPage(app, catalog.ListParams{
		Page: 1, PerPage: feeds.SitemapMaxItems, Types: []string{c.TypeBlog, c.TypeProject},
	})
	if err != nil {
		return nil, err
	}
	items := make([]feeds.URL, 0, len(rows))
	for _, r := range rows {
		u := feeds.URL{Loc: base + catalog.PagePath(r.Type, r.ID)}
		if dt, err := types.ParseDateTime(r.Updated); err == nil && !dt.IsZero() {
			u.LastMod = dt.Time().UTC().Format(time.RFC3339)
		}
		items = append(items, u)
	}
	return feeds.Sitemap(base, items)
}
