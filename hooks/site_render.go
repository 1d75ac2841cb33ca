package hooks

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/content"
	"github.com/folio/folio/pages"
)

// sitePageSize is the React lists' page size (PAGE_SIZE in frontend/src/config/constants.ts).
const sitePageSize = 10

// profileThumb is the avatar's thumb (PROFILE_THUMB in constants.ts; the profile image's thumbs).
const profileThumb = "256x256"

// The right sidebar's counts (RECENT_ITEMS_COUNT, TRENDING_TAGS_COUNT in constants.ts).
const siteRecentItems, siteTrendingTags = 6, 8

// siteFurtherReading is what an item page's Further Reading asks for (FURTHER_READING_COUNT + 1).
const siteFurtherReading = 4

// siteTitleSep joins a page's name and the site's name in <title>, as usePageTitle does.
const siteTitleSep = " · "

// renderedPage is one site page: its status, head tags, the content inside #root and the
// API answers the app's first render of it needs.
type renderedPage struct {
	status  int
	head    pages.Head
	content string
	aside   string // the page's part of the right sidebar, escaped
	bare    bool   // a page outside the site's shell (sign-in, the dashboard): no sidebars
	seed    *pages.Seed
}

// pageRenderer builds site pages from the public API's own answers, read through the
// router in-process, so a page never says anything the API would not.
type pageRenderer struct {
	router  *router.Router[*core.RequestEvent]
	muxOnce sync.Once
	mux     http.Handler
	muxErr  error
}

// apiRaw answers GET path (with query) through the app's router, as an anonymous reader
// gets it: the status and, on 200, the body.
func (pr *pageRenderer) apiRaw(path string) (int, []byte, error) {
	pr.muxOnce.Do(func() { pr.mux, pr.muxErr = pr.router.BuildMux() })
	if pr.muxErr != nil {
		return 0, nil, pr.muxErr
	}
	req, err := http.NewRequest(http.MethodGet, path, http.NoBody)
	if err != nil {
		return 0, nil, err
	}
	req.RemoteAddr = "127.0.0.1:0"
	rec := &bodyRecorder{header: http.Header{}}
	pr.mux.ServeHTTP(rec, req)
	if rec.status == 0 {
		rec.status = http.StatusOK
	}
	if rec.status != http.StatusOK {
		return rec.status, nil, nil
	}
	return http.StatusOK, rec.body.Bytes(), nil
}

// seeded answers GET path through the router, decodes the JSON into v (nil: an answer only
// the app's first render shows, kept as it is) and keeps the answer in seed: path is the URL
// the app's first render of the page requests, as its query hook writes it
// (frontend/src/lib/seed.ts maps it back to the query's key).
func (pr *pageRenderer) seeded(seed *pages.Seed, path string, v any) (int, error) {
	status, body, err := pr.apiRaw(path)
	if err != nil || status != http.StatusOK {
		return status, err
	}
	if v == nil {
		if !json.Valid(body) {
			return 0, fmt.Errorf("%s: not JSON", path)
		}
	} else if err := json.Unmarshal(body, v); err != nil {
		return 0, fmt.Errorf("%s: %w", path, err)
	}
	seed.Add(path, body)
	return http.StatusOK, nil
}

// bodyRecorder is the smallest http.ResponseWriter that keeps status and body.
type bodyRecorder struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (r *bodyRecorder) Header() http.Header { return r.header }
func (r *bodyRecorder) WriteHeader(status int) {
	if r.status == 0 {
		r.status = status
	}
}
func (r *bodyRecorder) Write(b []byte) (int, error) {
	r.WriteHeader(http.StatusOK)
	return r.body.Write(b)
}

// The API.md shapes a page needs.
type (
	apiSummary struct {
		ID, Type, Title, Date, Author, Excerpt, Updated string
		Categories, Tags                                []string
		Media, Thumbnail                                *string
	}
	apiDetail struct {
		apiSummary
		Description               string
		WordCount, ReadingMinutes int
		AttachLinks               []string
		AttachLink                string
	}
	apiList struct {
		Page, TotalPages int
		Items            []apiSummary
	}
	apiLink    struct{ Title, URL string }
	apiProfile struct {
		Heading, Bio string
		Image        *string
		SocialLinks  []apiLink
	}
	apiCount struct {
		Name  string
		Count int
	}
	apiCategory struct {
		apiCount
		Subcategories []apiCount
	}
	apiGroup struct {
		apiCount
		Items []apiSummary
	}
	apiCategoryDetail struct {
		apiGroup
		Subcategories []apiGroup
	}
	apiTag struct {
		apiCount
		Latest string
	}
	apiYear struct {
		Year  int
		Items []apiSummary
	}
	apiAbout struct {
		Header, Profile, Skills, Experience, Courses, Projects, Awards string
		Languages, Interests, References, Declaration                  string
		AttachLinks                                                    []apiLink
		Media                                                          *struct{ URL, Kind string }
	}
)

// siteContext is what every page's head shares.
type siteContext struct {
	base, name string
	owner      pages.Person
	bio        string        // the owner's bio as plain text: the site's description
	profile    pages.Profile // the left sidebar's card
	seed       *pages.Seed   // the answers the app's first render of the page asks for
}

func (pr *pageRenderer) context(base, name string) (siteContext, error) {
	var p apiProfile
	seed := &pages.Seed{}
	if _, err := pr.seeded(seed, "/api/profile", &p); err != nil {
		return siteContext{}, err
	}
	sc := siteContext{base: base, name: name, bio: content.TextExcerpt(p.Bio, 200), seed: seed}
	sc.profile = pages.Profile{Name: p.Heading, Bio: p.Bio}
	if sc.profile.Name == "" {
		sc.profile.Name = "Folio" // as ProfileCard says it
	}
	if p.Image != nil && *p.Image != "" {
		sc.profile.Image = *p.Image + "?thumb=" + profileThumb // as ProfileCard asks for it
	}
	sc.owner = pages.Person{Name: p.Heading, Description: sc.bio, URL: base + "/about"}
	if p.Image != nil && *p.Image != "" {
		sc.owner.Image = absURL(base, *p.Image)
	}
	for _, l := range p.SocialLinks {
		sc.owner.SameAs = append(sc.owner.SameAs, l.URL)
	}
	if sc.bio == "" {
		sc.bio = name + ": blog posts and projects."
	}
	return sc, nil
}

func absURL(base, u string) string {
	if strings.HasPrefix(u, "/") {
		return base + u
	}
	return u
}

// head starts a page's head with the site's defaults.
func (sc siteContext) head(name, canonical string) pages.Head {
	title := sc.name
	if name != "" {
		title = name + siteTitleSep + sc.name
	}
	return pages.Head{Title: title, Name: name, Description: sc.bio, Base: sc.base, Path: canonical, SiteName: sc.name, Type: "website"}
}

// render builds the page at p (path) with query q. A page that cannot be rendered is a 404
// with the app and noindex, as before.
func (pr *pageRenderer) render(base, name, p string, q url.Values) (renderedPage, error) {
	sc, err := pr.context(base, name)
	if err != nil {
		return renderedPage{}, err
	}
	rp, err := pr.renderContent(sc, p, q)
	if err != nil || rp.bare {
		return rp, err // a bare page is all the app's: its first render asks for nothing seeded
	}
	rp.seed = sc.seed
	rp.content, err = pr.framed(sc, p, rp.content, rp.aside)
	return rp, err
}

// framed puts a page's content in the site's shell, with the sidebars' data from the API.
func (pr *pageRenderer) framed(sc siteContext, p, content, aside string) (string, error) {
	var recent apiList
	if _, err := pr.seeded(sc.seed, "/api/content?perPage="+strconv.Itoa(siteRecentItems), &recent); err != nil {
		return "", err
	}
	var tags []apiTag
	if _, err := pr.seeded(sc.seed, "/api/tags", &tags); err != nil {
		return "", err
	}
	f := pages.Frame{Path: p, Profile: sc.profile, Recent: cards(recent.Items), Year: time.Now().Year(),
		Content: template.HTML(content), Aside: template.HTML(aside)} // both the templates' escaped output
	for i, t := range tags {
		if i == siteTrendingTags {
			break
		}
		f.Tags = append(f.Tags, t.Name)
	}
	return pages.FrameHTML(f), nil
}

// renderContent builds the content inside the shell (or the whole page, when bare).
func (pr *pageRenderer) renderContent(sc siteContext, p string, q url.Values) (renderedPage, error) {
	dir, id := path.Split(p)
	switch {
	case p == "/":
		return pr.listPage(sc, "", "/api/content", "Latest posts and projects", "Nothing posted yet.", q, true)
	case p == "/blogs":
		return pr.listPage(sc, "Blogs", "/api/blogs", "Blogs", "No blog posts yet.", q, false)
	case p == "/projects":
		return pr.listPage(sc, "Projects", "/api/projects", "Projects", "No projects yet.", q, false)
	case (dir == "/blogs/" || dir == "/projects/") && id != "":
		return pr.itemPage(sc, strings.TrimSuffix(dir, "/"), id, q.Get("preview"))
	case p == "/categories":
		return pr.categoriesPage(sc, q)
	case p == "/tags":
		return pr.tagsPage(sc, q)
	case p == "/archives":
		return pr.archivesPage(sc)
	case p == "/about":
		return pr.aboutPage(sc)
	case siteRoutes[p] || siteRoutes[dir+"*"]:
		return appOnlyPage(sc, p, siteRoutes[dir+"*"]), nil
	}
	return notFoundPage(sc, p), nil
}

func pageParam(q url.Values) int {
	n, err := strconv.Atoi(q.Get("page"))
	if err != nil || n < 1 {
		return 1
	}
	return n
}

func withPage(p string, page int) string {
	if page > 1 {
		return p + "?page=" + strconv.Itoa(page)
	}
	return p
}

func cards(items []apiSummary) []pages.Card {
	out := make([]pages.Card, len(items))
	for i, it := range items {
		out[i] = pages.Card{Type: it.Type, ID: it.ID, Title: it.Title, Excerpt: content.TextExcerpt(it.Excerpt, 200), Date: it.Date, Categories: it.Categories}
		if it.Thumbnail != nil {
			out[i].Thumbnail = *it.Thumbnail
		}
	}
	return out
}

func (pr *pageRenderer) listPage(sc siteContext, name, api, heading, empty string, q url.Values, home bool) (renderedPage, error) {
	page := pageParam(q)
	p := strings.TrimPrefix(api, "/api")
	if home {
		p = "/"
	}
	var list apiList
	// The app's list asks for {page, perPage} in that order (usePageParam, PAGE_SIZE).
	if _, err := pr.seeded(sc.seed, api+"?page="+strconv.Itoa(page)+"&perPage="+strconv.Itoa(sitePageSize), &list); err != nil {
		return renderedPage{}, err
	}
	l := pages.List{Heading: heading, Items: cards(list.Items), Empty: empty}
	if home {
		l.Profile = &sc.profile
	}
	if page > 1 {
		l.Prev = withPage(p, min(page-1, max(list.TotalPages, 1)))
	}
	if page < list.TotalPages {
		l.Next = withPage(p, page+1)
	}
	h := sc.head(name, withPage(p, page))
	if home {
		h.JSONLD = []any{pages.WebSiteLD(sc.name, sc.base+"/", sc.bio, sc.owner)}
		if sc.owner.Name != "" {
			h.JSONLD = append(h.JSONLD, pages.PersonLD(sc.owner))
		}
	}
	return renderedPage{status: http.StatusOK, head: h, content: pages.ListHTML(l)}, nil
}

func (pr *pageRenderer) itemPage(sc siteContext, dir, id, preview string) (renderedPage, error) {
	var d apiDetail
	status, err := pr.seeded(sc.seed, previewAPIPath("/api"+dir+"/"+url.PathEscape(id), preview), &d)
	if err != nil {
		return renderedPage{}, err
	}
	p := dir + "/" + id
	if status != http.StatusOK {
		return notFoundPage(sc, p), nil
	}
	// Further Reading's list: the server's copy does not show it, the app's first render does.
	if _, err := pr.seeded(sc.seed, "/api"+dir+"?perPage="+strconv.Itoa(siteFurtherReading), nil); err != nil {
		return renderedPage{}, err
	}
	h := sc.head(d.Title, p)
	h.Type = "article"
	h.Description = content.TextExcerpt(d.Excerpt, 200)
	h.Published, h.Modified, h.Tags = d.Date, d.Updated, d.Tags
	cover := ""
	if d.Media != nil && *d.Media != "" {
		cover = *d.Media
		h.Image = absURL(sc.base, shareThumb(cover))
		h.Preload = cover
	}
	section := ""
	if len(d.Categories) > 0 {
		section = d.Categories[0]
	}
	h.JSONLD = []any{pages.WorkLD(pages.Work{Project: d.Type == "project", Title: d.Title, Description: h.Description,
		URL: h.Canonical(), Image: h.Image, Author: d.Author, Published: d.Date, Modified: d.Updated,
		Section: section, Tags: d.Tags, Words: d.WordCount}, sc.owner)}
	// Stored sanitised; again, as the React page does, with its headings' ids (prepareArticle).
	body, headings := content.WithHeadingIDs(content.Sanitize(d.Description))
	a := pages.Article{Type: d.Type, ID: d.ID, Title: d.Title, Author: d.Author, Date: d.Date, Updated: d.Updated,
		ReadingMinutes: d.ReadingMinutes, WordCount: d.WordCount, Cover: cover, Body: template.HTML(body),
		Categories: d.Categories, Tags: d.Tags, Links: d.AttachLinks, Link: d.AttachLink}
	for _, hd := range headings {
		a.Headings = append(a.Headings, pages.Heading{ID: hd.ID, Text: hd.Text, Depth: hd.Depth})
	}
	rp := renderedPage{status: http.StatusOK, head: h, content: pages.ArticleHTML(a), aside: pages.TOCAsideHTML(a)}
	if preview != "" { // a preview link's page (site_preview.go)
		rp.head.NoIndex, rp.content = true, previewBanner+rp.content
	}
	return rp, nil
}

// shareThumb asks PocketBase for the share-sized thumb of a file URL.
func shareThumb(fileURL string) string {
	if strings.Contains(fileURL, "?") {
		return fileURL
	}
	return fileURL + "?thumb=" + c.ThumbShare
}
