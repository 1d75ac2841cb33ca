package site

import (
	"html/template"
	"net/http"
	"strings"

	"github.com/folio/folio/catalog"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/pages"
	"github.com/folio/folio/richtext"
)

// aboutPage shows the About fields in AboutView's order, with its words for an empty one.
func (sc siteContext) aboutPage() (renderedPage, error) {
	rec, err := catalog.Singleton(sc.app, c.About)
	if err != nil {
		return renderedPage{}, err
	}
	field := func(name string) string {
		if rec == nil {
			return ""
		}
		return rec.GetString(name)
	}
	m := pages.About{}
	if rec != nil {
		if name := rec.GetString(c.FieldMedia); name != "" {
			u := *catalog.FileURL(rec, name, "")
			switch strings.ToLower(name[strings.LastIndexByte(name, '.')+1:]) {
			case "mp4", "webm", "ogg", "ogv", "mov", "qt":
				m.Video = u
			default:
				m.Image = u
			}
		}
		for _, l := range catalog.TitledLinks(rec, c.FieldAttachLinks) {
			m.Links = append(m.Links, pages.Link{Name: l.Title, Href: l.URL})
		}
	}
	if richtext.PlainText(field("header")) != "" {
		m.Header = template.HTML(field("header")) // sanitised on save (record hooks)
	}
	for _, f := range []struct{ key, title, fallback string }{
		{"profile", "Profile", "No profile yet."}, {"skills", "Skills", "No skills listed."},
		{"projects", "Projects", "No projects listed."}, {"awards", "Awards", "No awards listed."},
		{"references", "References", "No references listed."}, {"experience", "Experience", "No experience listed."},
		{"courses", "Courses", "No courses listed."}, {"languages", "Languages", "No languages listed."},
		{"interests", "Interests", "No interests listed."}, {"declaration", "Motivation", "No motivation given."},
	} {
		sec := pages.Section{Key: f.key, Title: f.title, Fallback: f.fallback}
		if html := field(f.key); richtext.PlainText(html) != "" {
			sec.HTML = template.HTML(html)
		}
		m.Sections = append(m.Sections, sec)
	}
	h := sc.head("About", "/about")
	h.Preload = m.Image // the page's largest paint, fetched with the HTML
	if desc := richtext.Excerpt(field("profile"), 200); desc != "" {
		h.Description = desc
	}
	if sc.owner.Name != "" {
		h.JSONLD = []any{pages.PersonLD(sc.owner)}
	}
	return renderedPage{status: http.StatusOK, head: h, content: pages.AboutHTML(m)}, nil
}
