package hooks

import (
	"errors"
	"net/http"
	"net/url"

	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/cache"
	"github.com/folio/folio/pages"
	"github.com/folio/folio/site"
)

// uncachedPage carries a page that must not be cached (a 404) out of the cache builder.
type uncachedPage struct{ page []byte }

func (uncachedPage) Error() string { return "uncached page" }

// page answers a site page: the React app's routes with index.html, every other path with the
// server's page, from the content cache (strong ETag, 304, gzip copy; dropped when content
// changes). Counter writes keep pages: every first view of a post is a counter write, and
// dropping the pages with it would rebuild (and gzip) the page for nearly every reader of a
// busy post. An item page's counts may lag by at most the cache's one-minute TTL; its
// engagement island reads the current ones.
func (s *siteServer) page(e *core.RequestEvent, p string) error {
	if key, ok := site.AppRoute(p); ok {
		return s.appRoute(e, key)
	}
	if token := previewToken(e, p); token != "" {
		return s.previewPage(e, p, token)
	}
	base, name := appURL(e.App, e), e.App.Settings().Meta.AppName
	q := url.Values{}
	if e.Request.URL.RawQuery != "" {
		q = site.PageQuery(e.Request.URL.Query())
	}
	key := counterFreePrefix + "page " + base + " " + name + " " + p + "?" + q.Encode()
	a, err := cache.Page(e.App, key, func() ([]byte, error) {
		status, doc, err := site.Render(e.App, s.siteAssets(), base, name, p, q)
		if err != nil {
			return nil, err
		}
		if status != http.StatusOK {
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

// appRoute answers index.html, the React app (sign-in, the dashboard), with the page's head
// and a note for readers without JavaScript until the app renders.
func (s *siteServer) appRoute(e *core.RequestEvent, key string) error {
	s.appOnce.Do(func() {
		if index := s.file("index.html"); index != nil {
			s.appShell, s.appErr = pages.NewShell(index.Body)
		} else {
			s.appErr = errors.New("index.html missing")
		}
	})
	if s.appErr != nil {
		return e.String(http.StatusServiceUnavailable, "The web app is not built: run `make build`.")
	}
	h := site.AppHead(appURL(e.App, e), e.App.Settings().Meta.AppName, key, e.Request.URL.Path)
	doc := s.appShell.Render(h.HTML(), pages.AppMessageHTML(h.Name))
	return cache.NewBytesAnswer(doc).Send(e, http.StatusOK, pageType, "no-cache", "Accept-Encoding")
}

// siteAssets are the stylesheet and island script the build names in its manifest; none
// before the front end is built (the pages still render, unstyled).
func (s *siteServer) siteAssets() pages.Assets {
	s.assetsOnce.Do(func() {
		if f := s.file(".vite/manifest.json"); f != nil {
			s.assets = site.Assets(f.Body, func(name string) []byte {
				if css := s.file(name); css != nil {
					return css.Body
				}
				return nil
			})
		}
	})
	return s.assets
}

const pageType = "text/html; charset=utf-8"
