package pages

// Schema.org objects for the JSON-LD of a page (https://schema.org).

const schemaContext = "https://schema.org"

// Person is the site's owner (the profile).
type Person struct {
	Name        string
	Description string
	Image       string   // absolute URL or ""
	URL         string   // the About page
	SameAs      []string // social links
}

func (p Person) ld(withContext bool) map[string]any {
	m := map[string]any{"@type": "Person", "name": p.Name}
	if withContext {
		m["@context"] = schemaContext
	}
	set(m, "description", p.Description)
	set(m, "image", p.Image)
	set(m, "url", p.URL)
	if len(p.SameAs) > 0 {
		m["sameAs"] = p.SameAs
	}
	return m
}

// PersonLD is the owner as a page's top-level JSON-LD object.
func PersonLD(p Person) map[string]any { return p.ld(true) }

// WebSiteLD describes the site itself (Home).
func WebSiteLD(name, url, description string, owner Person) map[string]any {
	m := map[string]any{"@context": schemaContext, "@type": "WebSite", "name": name, "url": url}
	set(m, "description", description)
	if owner.Name != "" {
		m["author"] = owner.ld(false)
	}
	return m
}

// Work is what the JSON-LD of a blog post (BlogPosting) or a project (CreativeWork) says.
type Work struct {
	Project     bool
	Title       string
	Description string
	URL         string
	Image       string
	Author      string // the item's author; the owner when empty
	Published   string
	Modified    string
	Section     string // the main category
	Tags        []string
	Words       int
}

// WorkLD is a BlogPosting for a blog, a CreativeWork for a project.
func WorkLD(w Work, owner Person) map[string]any {
	typ := "BlogPosting"
	if w.Project {
		typ = "CreativeWork"
	}
	m := map[string]any{"@context": schemaContext, "@type": typ, "headline": w.Title, "name": w.Title, "url": w.URL,
		"mainEntityOfPage": map[string]any{"@type": "WebPage", "@id": w.URL}}
	set(m, "description", w.Description)
	set(m, "image", w.Image)
	set(m, "datePublished", w.Published)
	set(m, "dateModified", w.Modified)
	set(m, "articleSection", w.Section)
	if w.Project {
		delete(m, "articleSection")
		delete(m, "headline")
	}
	author := owner
	if w.Author != "" && w.Author != owner.Name {
		author = Person{Name: w.Author}
	}
	if author.Name != "" {
		m["author"] = author.ld(false)
	}
	if len(w.Tags) > 0 {
		m["keywords"] = w.Tags
	}
	if w.Words > 0 && !w.Project {
		m["wordCount"] = w.Words
	}
	return m
}

func set(m map[string]any, key, value string) {
	if value != "" {
		m[key] = value
	}
}
