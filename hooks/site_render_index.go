package hooks

import (
	"html/template"
	"net/http"
	"net/url"
	"strconv"

	"github.com/folio/folio/content"
	"github.com/folio/folio/pages"
)

// categoriesPage is the category index, or one category's (or sub-category's) items when
// the query names one, as the React page opens it.
func (pr *pageRenderer) categoriesPage(sc siteContext, q url.Values) (renderedPage, error) {
	main, sub := q.Get("category"), ""
	if main == "" && q.Get("main") != "" {
		main, sub = q.Get("main"), q.Get("sub")
	}
	if main != "" {
		var d apiCategoryDetail
		status, err := pr.seeded(sc.seed, "/api/categories/"+url.PathEscape(main), &d)
		if err != nil {
			return renderedPage{}, err
		}
		if status == http.StatusOK {
			group, canonical := d.apiGroup, pages.CategoryHref(main)
			for _, s := range d.Subcategories {
				if sub != "" && s.Name == sub {
					group, canonical = s, pages.SubCategoryHref(main, sub)
				}
			}
			if sub == "" || group.Name == sub {
				name := main
				if sub != "" {
					name = main + " / " + sub
				}
				// The app shows the whole index with this category open: it asks for both.
				if _, err := pr.seeded(sc.seed, "/api/categories", nil); err != nil {
					return renderedPage{}, err
				}
				l := pages.List{Heading: name, Items: cards(group.Items)}
				return renderedPage{status: http.StatusOK, head: sc.head(name, canonical), content: pages.ListHTML(l)}, nil
			}
		}
	}
	var cats []apiCategory
	if _, err := pr.seeded(sc.seed, "/api/categories", &cats); err != nil {
		return renderedPage{}, err
	}
	g := pages.Groups{Heading: "Categories", Empty: "No categories yet."}
	for _, cat := range cats {
		group := pages.Group{Link: pages.Link{Name: cat.Name, Href: pages.CategoryHref(cat.Name), Count: cat.Count}}
		for _, s := range cat.Subcategories {
			group.Links = append(group.Links, pages.Link{Name: s.Name, Href: pages.SubCategoryHref(cat.Name, s.Name), Count: s.Count})
		}
		g.Groups = append(g.Groups, group)
	}
	return renderedPage{status: http.StatusOK, head: sc.head("Categories", "/categories"), content: pages.GroupsHTML(g)}, nil
}

// tagsPage is the tag index, or one tag's items.
func (pr *pageRenderer) tagsPage(sc siteContext, q url.Values) (renderedPage, error) {
	if tag := q.Get("tag"); tag != "" {
		var d apiGroup
		status, err := pr.seeded(sc.seed, "/api/tags/"+url.PathEscape(tag), &d)
		if err != nil {
			return renderedPage{}, err
		}
		if status == http.StatusOK {
			l := pages.List{Heading: "Tag: " + d.Name, Items: cards(d.Items)}
			return renderedPage{status: http.StatusOK, head: sc.head(d.Name, pages.TagHref(d.Name)), content: pages.ListHTML(l)}, nil
		}
	}
	var tags []apiTag
	if _, err := pr.seeded(sc.seed, "/api/tags", &tags); err != nil {
		return renderedPage{}, err
	}
	group := pages.Group{Link: pages.Link{Name: "All tags", Href: "/tags"}}
	for _, t := range tags {
		group.Links = append(group.Links, pages.Link{Name: t.Name, Href: pages.TagHref(t.Name), Count: t.Count})
	}
	g := pages.Groups{Heading: "Tags", Empty: "No tags yet."}
	if len(tags) > 0 {
		g.Groups = []pages.Group{group}
	}
	return renderedPage{status: http.StatusOK, head: sc.head("Tags", "/tags"), content: pages.GroupsHTML(g)}, nil
}

// archivesPage links every item by year: from Home, every post is two links away.
func (pr *pageRenderer) archivesPage(sc siteContext) (renderedPage, error) {
	var years []apiYear
	if _, err := pr.seeded(sc.seed, "/api/archives", &years); err != nil {
		return renderedPage{}, err
	}
	g := pages.Groups{Heading: "Archives", Empty: "Nothing posted yet."}
	for _, y := range years {
		year := strconv.Itoa(y.Year)
		group := pages.Group{Link: pages.Link{Name: year, Href: "/archives#" + year}}
		for _, it := range y.Items {
			group.Links = append(group.Links, pages.Link{Name: it.Title, Href: pages.ItemHref(it.Type, it.ID), Note: it.Date})
		}
		g.Groups = append(g.Groups, group)
	}
	return renderedPage{status: http.StatusOK, head: sc.head("Archives", "/archives"), content: pages.GroupsHTML(g)}, nil
}

// aboutPage shows the About fields that are set, in the React page's order.
func (pr *pageRenderer) aboutPage(sc siteContext) (renderedPage, error) {
	var a apiAbout
	if _, err := pr.seeded(sc.seed, "/api/about", &a); err != nil {
		return renderedPage{}, err
	}
	m := pages.About{}
	if a.Media != nil && a.Media.Kind != "video" {
		m.Image = a.Media.URL
	}
	if content.PlainText(a.Header) != "" {
		m.Header = template.HTML(content.SanitizeAbout(a.Header))
	}
	// AboutView's sections, in its order, with its words for an empty one.
	for _, f := range []struct{ key, title, fallback, html string }{
		{"profile", "Profile", "No profile yet.", a.Profile}, {"skills", "Skills", "No skills listed.", a.Skills},
		{"projects", "Projects", "No projects listed.", a.Projects}, {"awards", "Awards", "No awards listed.", a.Awards},
		{"references", "References", "No references listed.", a.References},
		{"experience", "Experience", "No experience listed.", a.Experience},
		{"courses", "Courses", "No courses listed.", a.Courses}, {"languages", "Languages", "No languages listed.", a.Languages},
		{"interests", "Interests", "No interests listed.", a.Interests},
		{"declaration", "Motivation", "No motivation given.", a.Declaration},
	} {
		sec := pages.Section{Key: f.key, Title: f.title, Fallback: f.fallback}
		if content.PlainText(f.html) != "" {
			sec.HTML = template.HTML(content.SanitizeAbout(f.html))
		}
		m.Sections = append(m.Sections, sec)
	}
	for _, l := range a.AttachLinks {
		m.Links = append(m.Links, pages.Link{Name: l.Title, Href: l.URL})
	}
	h := sc.head("About", "/about")
	if desc := content.Excerpt(a.Profile, 200); desc != "" {
		h.Description = desc
	}
	if sc.owner.Name != "" {
		h.JSONLD = []any{pages.PersonLD(sc.owner)}
	}
	return renderedPage{status: http.StatusOK, head: h, content: pages.AboutHTML(m)}, nil
}

var appOnlyNames = map[string]string{
	"/login": "Sign in", "/register": "Register", "/forget-password": "Forgot password",
	"/admin": "Dashboard", "/reset-password/": "Reset password",
}

// appOnlyPage is a page that only works with JavaScript (forms, the dashboard).
func appOnlyPage(sc siteContext, p string, withToken bool) renderedPage {
	key := p
	if withToken {
		key = "/reset-password/"
	}
	name := appOnlyNames[key]
	h := sc.head(name, p)
	h.NoIndex = withToken
	m := pages.Message{Heading: name, Paragraphs: []string{"This page needs JavaScript. Every post and project can be read without it."},
		Links: []pages.Link{{Name: "Home", Href: "/"}, {Name: "Archives", Href: "/archives"}}}
	return renderedPage{status: http.StatusOK, head: h, content: pages.MessageHTML(m), bare: true}
}

// notFoundPage is the 404 of an unknown path or item: the app (which shows its Not Found
// page), noindex.
func notFoundPage(sc siteContext, p string) renderedPage {
	h := sc.head("Page not found", p)
	h.NoIndex = true
	m := pages.Message{Heading: "Page not found", Paragraphs: []string{"There is nothing at this address."},
		Links: []pages.Link{{Name: "Home", Href: "/"}, {Name: "Archives", Href: "/archives"}}}
	return renderedPage{status: http.StatusNotFound, head: h, content: pages.MessageHTML(m)}
}
