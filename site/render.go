// Package site builds the public site's pages from the read model (catalog): each page's
// model (head, main column, sidebars) rendered by package pages' templates, and the other
// documents the site serves (feeds, sitemap, web manifest, share cards). No HTTP: hooks binds
// the routes, reads requests and sends what this package builds.
package site

import (
	"cmp"
	"database/sql"
	"errors"
	"html/template"
	"net/http"
	"net/url"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/catalog"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/pages"
	"github.com/folio/folio/richtext"
)

// sitePageSize is a list page's size (PAGE_SIZE in frontend/src/config/constants.ts).
const sitePageSize = 10

// profileThumb is the avatar's thumb (the profile image's thumbs).
const profileThumb = c.ThumbAvatar

// The right sidebar's counts (RECENT_ITEMS_COUNT, TRENDING_TAGS_COUNT in constants.ts).
const siteRecentItems, siteTrendingTags = 6, 8

// siteFurtherReading is how many other items an item page suggests (FURTHER_READING_COUNT).
const siteFurtherReading = 3

// TitleSep joins a page's name and the site's name in <title>.
const TitleSep = " · "

// renderedPage is one site page: its status, head tags, main column and right-sidebar part.
type renderedPage struct {
	status  int
	head    pages.Head
	content string
	aside   string // the page's part of the right sidebar, escaped
}

// siteContext is what every page shares: the site's names and the owner's profile.
type siteContext struct {
	app        core.App
	base, name string
	owner      pages.Person
	bio        string        // the owner's bio as plain text: the site's description
	profile    pages.Profile // the left sidebar's card
	social     []pages.Link
	// profileShare is the profile image's share thumb (absolute), "" without one.
	profileShare string
}

func newSiteContext(app core.App, base, name string) (siteContext, error) {
	rec, err := catalog.Singleton(app, c.Profile)
	if err != nil {
		return siteContext{}, err
	}
	sc := siteContext{app: app, base: base, name: name, profile: pages.Profile{Name: "Folio"}}
	if rec == nil {
		sc.bio = name + ": blog posts and projects."
		return sc, nil
	}
	heading, bio := rec.GetString(c.FieldHeading), rec.GetString(c.FieldBio)
	sc.bio = richtext.TextExcerpt(bio, 200)
	sc.profile = pages.Profile{Name: heading, Bio: bio}
	if heading == "" {
		sc.profile.Name = "Folio"
	}
	sc.owner = pages.Person{Name: heading, Description: sc.bio, URL: base + "/about"}
	if img := catalog.FileURL(rec, rec.GetString(c.FieldImage), ""); img != nil {
		sc.profile.Image = *img + "?thumb=" + profileThumb
		sc.owner.Image = absURL(base, *img)
		sc.profileShare = absURL(base, shareThumb(*img))
	}
	for _, l := range catalog.TitledLinks(rec, c.FieldSocialLinks) {
		sc.owner.SameAs = append(sc.owner.SameAs, l.URL)
		sc.social = append(sc.social, pages.Link{Name: l.Title, Href: l.URL})
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
		title = name + TitleSep + sc.name
	}
	return pages.Head{Title: title, Name: name, Description: sc.bio, Base: sc.base, Path: canonical, SiteName: sc.name, Type: "website"}
}

// Render builds the whole document at p (path) with query q (PageQuery's parameters) for the
// site at base named name: its status (200, or 404 for an unknown path or item) and bytes.
func Render(app core.App, assets pages.Assets, base, name, p string, q url.Values) (int, []byte, error) {
	sc, err := newSiteContext(app, base, name)
	if err != nil {
		return 0, nil, err
	}
	rp, err := sc.renderContent(p, q)
	if err != nil {
		return 0, nil, err
	}
	return sc.document(p, rp, assets)
}

// RenderPreview builds an item page opened with a preview link: d is the item whatever its
// status (nil for a forged, expired or revoked token: the 404 page), with noindex and the
// Preview banner.
func RenderPreview(app core.App, assets pages.Assets, base, name, p string, d *catalog.ItemDetail) (int, []byte, error) {
	sc, err := newSiteContext(app, base, name)
	if err != nil {
		return 0, nil, err
	}
	rp := sc.notFoundPage(p, "")
	if d != nil {
		if rp, err = sc.itemPage(d, true); err != nil {
			return 0, nil, err
		}
	}
	return sc.document(p, rp, assets)
}

// previewBanner tops a previewed item page: visible to whoever holds the link.
const previewBanner = `<div class="preview-banner" role="status" style="margin:0 0 var(--mantine-spacing-md);padding:var(--mantine-spacing-xs) var(--mantine-spacing-md);` +
	`border-radius:var(--mantine-radius-md);background:var(--mantine-color-yellow-light);color:var(--mantine-color-text);border-left:4px solid var(--mantine-color-yellow-filled);font-weight:600">` +
	`Preview: this page is not public. Anyone holding this link can see it until it expires or is revoked.</div>`

// document wraps a page in the shell: the whole HTML document, with the page's status.
func (sc siteContext) document(p string, rp renderedPage, assets pages.Assets) (int, []byte, error) {
	frame, err := sc.frame(p, rp)
	if err != nil {
		return 0, nil, err
	}
	return rp.status, pages.Document(rp.head, frame, assets), nil
}

// frame is the shell's data: the sidebars' latest items and most used tags.
func (sc siteContext) frame(p string, rp renderedPage) (pages.Frame, error) {
	recent, err := catalog.SummaryList(sc.app, catalog.ListParams{Page: 1, PerPage: siteRecentItems, Types: []string{c.TypeBlog, c.TypeProject}})
	if err != nil {
		return pages.Frame{}, err
	}
	t, err := catalog.LoadTaxonomy(sc.app)
	if err != nil {
		return pages.Frame{}, err
	}
	f := pages.Frame{Path: p, Profile: sc.profile, Social: sc.social, Recent: cards(recent.Items), Year: time.Now().Year(),
		Content: template.HTML(rp.content), Aside: template.HTML(rp.aside)} // both the templates' escaped output
	for i, tag := range t.Tags {
		if i == siteTrendingTags {
			break
		}
		f.Tags = append(f.Tags, tag.Name)
	}
	return f, nil
}

// renderContent builds the main column of the page at p.
func (sc siteContext) renderContent(p string, q url.Values) (renderedPage, error) {
	dir, id := path.Split(p)
	switch {
	case p == "/":
		return sc.listPage("", "/", "Latest posts and projects", "Nothing here yet.", []string{c.TypeBlog, c.TypeProject}, q)
	case p == "/blogs":
		return sc.listPage("Blogs", p, "Blogs", "No blog posts yet.", []string{c.TypeBlog}, q)
	case p == "/projects":
		return sc.listPage("Projects", p, "Projects", "No projects yet.", []string{c.TypeProject}, q)
	case (dir == "/blogs/" || dir == "/projects/") && id != "":
		typ := c.TypeBlog
		if dir == "/projects/" {
			typ = c.TypeProject
		}
		d, err := PublicItemDetail(sc.app, typ, id)
		if err != nil || d == nil {
			return sc.notFoundPage(p, ""), err
		}
		return sc.itemPage(d, false)
	case p == "/categories":
		return sc.categoriesPage(q)
	case p == "/tags":
		return sc.tagsPage(q)
	case p == "/archives":
		return sc.archivesPage()
	case p == "/about":
		return sc.aboutPage()
	case p == "/search":
		return sc.searchPage(q)
	}
	return sc.notFoundPage(p, ""), nil
}

func pageParam(q url.Values) int {
	n, err := strconv.Atoi(q.Get("page"))
	if err != nil || n < 1 {
		return 1
	}
	return n
}

func withPage(p string, page int) string {
	if page <= 1 {
		return p
	}
	if strings.Contains(p, "?") {
		return p + "&page=" + strconv.Itoa(page)
	}
	return p + "?page=" + strconv.Itoa(page)
}

func cards(items []catalog.ItemSummary) []pages.Card {
	out := make([]pages.Card, len(items))
	for i, it := range items {
		out[i] = pages.Card{Type: it.Type, ID: it.ID, Title: it.Title, Excerpt: it.Excerpt, Date: it.Date, Categories: it.Categories}
		if it.Thumbnail != nil {
			out[i].Thumbnail = *it.Thumbnail
		}
	}
	return out
}

func (sc siteContext) listPage(name, p, heading, empty string, types []string, q url.Values) (renderedPage, error) {
	page := pageParam(q)
	list, err := catalog.SummaryList(sc.app, catalog.ListParams{Page: page, PerPage: sitePageSize, Types: types})
	if err != nil {
		return renderedPage{}, err
	}
	if page > 1 && page > list.TotalPages {
		// Past the last page: the 404 page, with a link to the last one.
		return sc.notFoundPage(withPage(p, page), withPage(p, max(list.TotalPages, 1))), nil
	}
	l := pages.List{Heading: heading, Items: cards(list.Items), Empty: empty}
	if p == "/" {
		l.Profile = &sc.profile
	}
	if list.TotalItems > sitePageSize {
		l.Pager = pages.NewPager(page, list.TotalPages, func(n int) string { return withPage(p, n) })
	}
	h := sc.head(name, withPage(p, page))
	if p == "/" {
		h.JSONLD = []any{pages.WebSiteLD(sc.name, sc.base+"/", sc.bio, sc.owner)}
		if sc.owner.Name != "" {
			h.JSONLD = append(h.JSONLD, pages.PersonLD(sc.owner))
		}
	}
	return renderedPage{status: http.StatusOK, head: h, content: pages.ListHTML(l)}, nil
}

// PublicItemDetail is the public item's detail, nil when there is none to show.
func PublicItemDetail(app core.App, typ, id string) (*catalog.ItemDetail, error) {
	rec, err := catalog.FindPublic(app, typ, id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if err := catalog.FillCounters(app, rec); err != nil {
		return nil, err
	}
	d := catalog.NewItemDetail(rec, false)
	return &d, nil
}

// itemPage is a blog post's or project's page; a preview's has noindex and the Preview banner.
func (sc siteContext) itemPage(d *catalog.ItemDetail, preview bool) (renderedPage, error) {
	typ, p := d.Type, catalog.PagePath(d.Type, d.ID)
	h := sc.head(d.Title, p)
	h.Type = "article"
	h.Description = richtext.TextExcerpt(d.Excerpt, 200)
	h.Published, h.Modified, h.Tags = d.Date, d.Updated, d.Tags
	cover := ""
	if d.Media != nil && *d.Media != "" {
		cover = *d.Media
		h.Preload = cover
	}
	h.Image = sc.itemShareImage(d)
	section := ""
	if len(d.Categories) > 0 {
		section = d.Categories[0]
	}
	h.JSONLD = []any{pages.WorkLD(pages.Work{Project: d.Type == c.TypeProject, Title: d.Title, Description: h.Description,
		URL: h.Canonical(), Image: h.Image, Author: d.Author, Published: d.Date, Modified: d.Updated,
		Section: section, Tags: d.Tags, Words: d.WordCount}, sc.owner)}
	// Stored sanitised; its headings get ids for the table of contents, its code blocks their
	// colours (highlightCode: the reader's browser runs no highlighter).
	body, headings := richtext.WithHeadingIDs(d.Description)
	body = highlightCode(body)
	// Each code block in a frame that holds its copy button (islands/code); sanitised HTML has
	// no <pre> inside a <pre>. It scrolls sideways, so it takes the focus (keyboard scrolling).
	body = strings.ReplaceAll(strings.ReplaceAll(body, "<pre>", `<div class="item-code"><pre tabindex="0">`), "</pre>", "</pre></div>")
	a := pages.Article{Type: d.Type, ID: d.ID, Title: d.Title, Author: d.Author, Date: d.Date, Updated: d.Updated,
		ReadingMinutes: d.ReadingMinutes, WordCount: d.WordCount, Cover: cover, CoverAlt: cmp.Or(d.MediaAlt, d.Title), Body: template.HTML(body),
		HasCode: strings.Contains(body, "<pre"), Categories: d.Categories, Tags: d.Tags,
		Likes: d.LikeCount, Shares: d.ShareCount, Views: d.ViewCount, ShareURL: h.Canonical(), Preview: preview}
	if d.AttachLinks != nil {
		a.Links = *d.AttachLinks
	}
	if d.AttachLink != nil {
		a.Link = *d.AttachLink
	}
	for _, hd := range headings {
		a.Headings = append(a.Headings, pages.Heading{ID: hd.ID, Text: hd.Text, Depth: hd.Depth})
	}
	further, err := catalog.SummaryList(sc.app, catalog.ListParams{Page: 1, PerPage: siteFurtherReading + 1, Types: []string{typ}})
	if err != nil {
		return renderedPage{}, err
	}
	for _, it := range further.Items {
		if it.ID != d.ID && len(a.Further) < siteFurtherReading {
			a.Further = append(a.Further, cards([]catalog.ItemSummary{it})...)
		}
	}
	rp := renderedPage{status: http.StatusOK, head: h, content: pages.ArticleHTML(a), aside: pages.TOCAsideHTML(a)}
	if preview {
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

// notFoundPage is the 404 of an unknown path or item, noindex; last links a list's last page.
func (sc siteContext) notFoundPage(p, last string) renderedPage {
	h := sc.head("Page not found", p)
	h.NoIndex = true
	return renderedPage{status: http.StatusNotFound, head: h, content: pages.NotFoundHTML(pages.NotFound{Last: last})}
}
