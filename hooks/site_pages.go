package hooks

import (
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"html"
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
	"github.com/folio/folio/catalog"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/content"
)

// siteRoutes are the client-side routes of the React app (API.md "Site pages");
// a trailing "/*" marks a route that takes one more path segment.
var siteRoutes = map[string]bool{
	"/": true, "/blogs": true, "/projects": true, "/categories": true, "/tags": true,
	"/archives": true, "/about": true, "/login": true, "/register": true,
	"/forget-password": true, "/admin": true, "/reset-password/*": true,
}

// staticFile is one file of the built app, read once, with its gzip form when worth it.
type staticFile struct {
	cache.Answer
	contentType string
}

// siteServer answers everything outside /api and /_/ from the embedded React app.
type siteServer struct {
	app    core.App
	public fs.FS
	files  sync.Map // path -> *staticFile, or nil for a missing file
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
	status, head := s.route(e, p)
	index := s.file("index.html")
	if index == nil {
		return e.String(http.StatusServiceUnavailable, "The web app is not built: run `make build`.")
	}
	if head != "" {
		index = withHead(index, head)
	}
	return s.write(e, status, index, "no-cache")
}

// route decides the status and extra <head> tags of an app page.
func (s *siteServer) route(e *core.RequestEvent, p string) (int, string) {
	if siteRoutes[p] {
		return http.StatusOK, ""
	}
	dir, id := path.Split(p)
	if siteRoutes[dir+"*"] && id != "" {
		return http.StatusOK, `<meta name="robots" content="noindex">`
	}
	if (dir == "/blogs/" || dir == "/projects/") && id != "" {
		col := c.Blogs
		if dir == "/projects/" {
			col = c.Projects
		}
		if rec, err := s.app.FindRecordById(col, id); err == nil {
			return http.StatusOK, itemHead(s.app, e, rec, p)
		}
	}
	return http.StatusNotFound, `<meta name="robots" content="noindex">`
}

var titleTag = regexp.MustCompile(`(?s)<title>.*?</title>`)

// withHead returns index.html with head inserted and its own <title> replaced when head has one.
func withHead(index *staticFile, head string) *staticFile {
	doc := string(index.Body)
	if strings.Contains(head, "<title>") {
		doc = titleTag.ReplaceAllString(doc, "")
	}
	doc = strings.Replace(doc, "</head>", head+"\n</head>", 1)
	return &staticFile{Answer: cache.Answer{Body: []byte(doc)}, contentType: index.contentType}
}

func (s *siteServer) write(e *core.RequestEvent, status int, f *staticFile, cache string) error {
	return f.Send(e, status, f.contentType, cache, "Accept-Encoding")
}

// appURL is the site's absolute base URL: the settings' app URL, else the request's.
func appURL(app core.App, e *core.RequestEvent) string {
	if u := strings.TrimRight(app.Settings().Meta.AppURL, "/"); u != "" {
		return u
	}
	scheme := "http"
	if e.IsTLS() || e.Request.Header.Get("X-Forwarded-Proto") == "https" {
		scheme = "https"
	}
	return scheme + "://" + e.Request.Host
}

// itemHead renders the title, description, canonical and Open Graph / Twitter tags of an item page.
func itemHead(app core.App, e *core.RequestEvent, rec *core.Record, p string) string {
	base := appURL(app, e)
	title := rec.GetString(c.FieldTitle)
	desc := content.Excerpt(catalog.RecordExcerpt(app, rec), 200) // plain text already: a cheap cut
	site := app.Settings().Meta.AppName
	esc := html.EscapeString
	var b strings.Builder
	b.WriteString("<title>" + esc(title) + " | " + esc(site) + "</title>\n")
	b.WriteString(`<meta name="description" content="` + esc(desc) + "\">\n")
	b.WriteString(`<link rel="canonical" href="` + esc(base+p) + "\">\n")
	b.WriteString(`<meta property="og:type" content="article">` + "\n")
	b.WriteString(`<meta property="og:site_name" content="` + esc(site) + "\">\n")
	b.WriteString(`<meta property="og:title" content="` + esc(title) + "\">\n")
	b.WriteString(`<meta property="og:description" content="` + esc(desc) + "\">\n")
	b.WriteString(`<meta property="og:url" content="` + esc(base+p) + "\">\n")
	card := "summary"
	if media := rec.GetString(c.FieldMedia); media != "" {
		img := base + *catalog.FileURL(rec, media, c.ThumbShare)
		b.WriteString(`<meta property="og:image" content="` + esc(img) + "\">\n")
		b.WriteString(`<meta name="twitter:image" content="` + esc(img) + "\">\n")
		card = "summary_large_image"
	}
	b.WriteString(`<meta name="twitter:card" content="` + card + "\">\n")
	b.WriteString(`<meta name="twitter:title" content="` + esc(title) + "\">\n")
	b.WriteString(`<meta name="twitter:description" content="` + esc(desc) + "\">")
	return b.String()
}
