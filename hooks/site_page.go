package hooks

import (
	"errors"
	"net/http"
	"net/url"

	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/cache"
	"github.com/folio/folio/pages"
)

// pageQuery are the query parameters that select what a page shows; others (utm_*, typos)
// neither change the page nor split its cache entry.
var pageQuery = []string{"page", "category", "main", "sub", "tag"}

// uncachedPage carries a page that must not be cached (a 404) out of the cache builder.
type uncachedPage struct{ page []byte }

func (uncachedPage) Error() string { return "uncached page" }

// page answers an app route with index.html carrying the page's head and content, from the
// content cache (strong ETag, 304, gzip copy; dropped when content changes). Counter writes
// keep pages: every first view of a post is a counter write, and dropping the pages with it
// would rebuild (and gzip) the page for nearly every reader of a busy post. The page's own HTML
// shows no counter; the API answers in its seed do, and may lag the counters by at most the
// cache's one-minute TTL, the staleness API.md already allows a CDN on those answers. The app
// shows them at once; a reader's like or share answers with the current count.
func (s *siteServer) page(e *core.RequestEvent, p string) error {
	s.shellOnce.Do(func() {
		if index := s.file("index.html"); index != nil {
			s.shell, s.shellErr = pages.NewShell(index.Body)
		} else {
			s.shellErr = errNotBuilt
		}
	})
	if s.shellErr != nil {
		return e.String(http.StatusServiceUnavailable, "The web app is not built: run `make build`.")
	}
	if token := previewToken(e, p); token != "" {
		return s.previewPage(e, p, token)
	}
	base, name := appURL(e.App, e), e.App.Settings().Meta.AppName
	q := url.Values{}
	if e.Request.URL.RawQuery != "" {
		all := e.Request.URL.Query()
		for _, k := range pageQuery {
			if v := all.Get(k); v != "" {
				q.Set(k, v)
			}
		}
	}
	key := counterFreePrefix + "page " + base + " " + name + " " + p + "?" + q.Encode()
	a, err := cache.Bytes(e.App, key, func() ([]byte, error) {
		rp, err := s.render.render(base, name, p, q)
		if err != nil {
			return nil, err
		}
		doc := s.shell.Render(rp.head.HTML(), rp.content, rp.seed.HTML())
		if rp.status != http.StatusOK {
			return nil, uncachedPage{doc}
		}
		return doc, nil
	})
	var miss uncachedPage
	if errors.As(err, &miss) {
		return cache.NewBytesAnswer(miss.page).Send(e, http.StatusNotFound, pageType, "no-cache", "Accept-Encoding")
	}
	if err != nil {
		return err
	}
	return a.Send(e, http.StatusOK, pageType, "no-cache", "Accept-Encoding")
}

const pageType = "text/html; charset=utf-8"

var errNotBuilt = errors.New("index.html missing")
