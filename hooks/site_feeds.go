package hooks

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"

	"github.com/folio/folio/cache"
	"github.com/folio/folio/feeds"
	"github.com/folio/folio/site"
)

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
	r.GET("/sitemap.xml", siteDocument(typeSitemap, site.Sitemap))
	r.GET("/robots.txt", siteDocument(typeRobots, func(_ core.App, base string) ([]byte, error) {
		return feeds.Robots(base), nil
	}))
}

// feedDocument answers a feed rendered from the newest items.
func feedDocument(contentType string, render func(feeds.Channel) ([]byte, error)) func(*core.RequestEvent) error {
	return siteDocument(contentType, func(app core.App, base string) ([]byte, error) {
		data, err := site.Feed(app, base)
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
