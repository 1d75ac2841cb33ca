package hooks

import (
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"regexp"
	"strings"
	"sync"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"

	"github.com/folio/folio/cache"
	"github.com/folio/folio/pages"
)

// staticFile is one file of the built app, read once, with its gzip form when worth it.
type staticFile struct {
	cache.Answer
	contentType string
}

// siteServer answers everything outside /api and /_/: the server's pages, the React app's
// routes and the built files.
type siteServer struct {
	app    core.App
	public fs.FS
	files  sync.Map // path -> *staticFile, or nil for a missing file

	assetsOnce sync.Once
	assets     pages.Assets

	appOnce  sync.Once
	appShell *pages.Shell // index.html cut for a page's head
	appErr   error
}

func bindSiteRoutes(app core.App, r *router.Router[*core.RequestEvent], public fs.FS) {
	s := &siteServer{app: app, public: public}
	r.GET("/{path...}", s.serve)
}

var compressible = regexp.MustCompile(`^(text/|application/(javascript|json|xml|manifest\+json)|image/svg\+xml)`)

func (s *siteServer) file(name string) *staticFile {
	if v, ok := s.files.Load(name); ok {
		f, _ := v.(*staticFile)
		return f
	}
	body, err := fs.ReadFile(s.public, name)
	if err != nil {
		s.files.Store(name, (*staticFile)(nil))
		return nil
	}
	sum := sha256.Sum256(body)
	f := &staticFile{Answer: cache.Answer{Body: body, ETag: `"` + hex.EncodeToString(sum[:12]) + `"`}}
	f.contentType = mime.TypeByExtension(path.Ext(name))
	if path.Ext(name) == ".webmanifest" { // not in Go's table nor in every /etc/mime.types
		f.contentType = "application/manifest+json"
	}
	if f.contentType == "" {
		f.contentType = http.DetectContentType(body)
	}
	if len(body) > 512 && compressible.MatchString(f.contentType) {
		f.Gz = cache.GzipSmaller(body, gzip.BestCompression)
	}
	s.files.Store(name, f)
	return f
}

func (s *siteServer) serve(e *core.RequestEvent) error {
	p := "/" + strings.Trim(e.Request.PathValue("path"), "/")
	if p == "/api" || strings.HasPrefix(p, "/api/") {
		return e.NotFoundError("", nil)
	}
	name := strings.TrimPrefix(path.Clean(p), "/")
	if name != "" && name != "index.html" {
		if f := s.file(name); f != nil {
			cache := "public, max-age=3600"
			if strings.HasPrefix(name, "assets/") {
				cache = "public, max-age=31536000, immutable" // names carry a content hash
			}
			return s.write(e, http.StatusOK, f, cache)
		}
		if path.Ext(name) != "" {
			return e.String(http.StatusNotFound, "Not Found")
		}
	}
	return s.page(e, p)
}

func (s *siteServer) write(e *core.RequestEvent, status int, f *staticFile, cache string) error {
	return f.Send(e, status, f.contentType, cache, "Accept-Encoding")
}

// appURL is the site's absolute base URL: the settings' app URL unless it is PocketBase's
// default, else the request's scheme and host (forwarded ones behind a trusted proxy).
func appURL(app core.App, e *core.RequestEvent) string {
	tp := app.Settings().TrustedProxy
	return pages.BaseURL(app.Settings().Meta.AppURL, e.Request, pages.Proxy{Trusted: len(tp.Headers) > 0, UseLeftmost: tp.UseLeftmostIP})
}
