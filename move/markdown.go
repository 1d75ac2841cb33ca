package move

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"net/http"
	"path"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/pelletier/go-toml/v2"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
	"gopkg.in/yaml.v3"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/media"
)

// markdown renders CommonMark with GitHub's extensions (tables, strikethrough, autolinks,
// task lists). Raw HTML passes through: the record hooks sanitise every description.
var markdown = goldmark.New(
	goldmark.WithExtensions(extension.GFM),
	goldmark.WithRendererOptions(html.WithUnsafe()),
)

// jekyllName is a Jekyll/Chirpy post file: _posts/YYYY-MM-DD-slug.md.
var jekyllName = regexp.MustCompile(`^(\d{4}-\d{2}-\d{2})-(.+)$`)

// frontMatter holds the keys the Markdown platforms share (Jekyll, Chirpy, Hugo, Astro).
type frontMatter struct {
	Title       string `yaml:"title" toml:"title"`
	Date        any    `yaml:"date" toml:"date"`
	PubDate     any    `yaml:"pubDate" toml:"pubDate"` // Astro's blog template
	Tags        any    `yaml:"tags" toml:"tags"`
	Categories  any    `yaml:"categories" toml:"categories"`
	Description string `yaml:"description" toml:"description"`
	Summary     string `yaml:"summary" toml:"summary"`
	Image       any    `yaml:"image" toml:"image"`         // Chirpy: a path or {path, alt}
	Cover       any    `yaml:"cover" toml:"cover"`         // Hugo themes: a path or {image}
	HeroImage   string `yaml:"heroImage" toml:"heroImage"` // Astro's blog template
	Draft       bool   `yaml:"draft" toml:"draft"`
	Published   *bool  `yaml:"published" toml:"published"` // Jekyll: published: false
	Author      any    `yaml:"author" toml:"author"`
	Authors     any    `yaml:"authors" toml:"authors"`
	Type        string `yaml:"type" toml:"type"`               // Folio's own export: blog|project
	Status      string `yaml:"status" toml:"status"`           // Folio's own export
	PublishAt   string `yaml:"publishAt" toml:"publishAt"`     // Folio's own export
	AttachLink  string `yaml:"attachLink" toml:"attachLink"`   // Folio's own export
	AttachLinks any    `yaml:"attachLinks" toml:"attachLinks"` // Folio's own export
}

// splitFrontMatter separates YAML (---) or TOML (+++) front matter from the body.
func splitFrontMatter(src []byte) (fm frontMatter, body []byte, err error) {
	src = bytes.TrimPrefix(src, []byte("\xef\xbb\xbf"))
	norm := bytes.ReplaceAll(src, []byte("\r\n"), []byte("\n"))
	for _, delim := range []string{"---", "+++"} {
		if !bytes.HasPrefix(norm, []byte(delim+"\n")) {
			continue
		}
		rest := norm[len(delim)+1:]
		end := bytes.Index(rest, []byte("\n"+delim))
		if end < 0 {
			return fm, nil, fmt.Errorf("the front matter has no closing %s", delim)
		}
		head := rest[:end]
		body = rest[end+len(delim)+1:]
		body = bytes.TrimPrefix(body, []byte("\n"))
		if delim == "---" {
			err = yaml.Unmarshal(head, &fm)
		} else {
			err = toml.Unmarshal(head, &fm)
		}
		if err != nil {
			return fm, nil, fmt.Errorf("the front matter cannot be read: %v", err)
		}
		return fm, body, nil
	}
	return fm, norm, nil
}

// isPostFile is a Markdown file of a post: not a section index or a README.
func isPostFile(name string) bool {
	ext := strings.ToLower(path.Ext(name))
	if ext != ".md" && ext != ".markdown" && ext != ".mdx" {
		return false
	}
	base := strings.ToLower(path.Base(name))
	if base == "_index.md" || strings.HasPrefix(base, "readme.") || strings.HasPrefix(base, "license") || strings.HasPrefix(path.Base(name), ".") {
		return false
	}
	return !strings.HasPrefix(name, "__MACOSX/")
}

// markdownPosts reads every Markdown post of the archive; a file that cannot be read is an
// error of that item, not of the whole file.
func markdownPosts(files archive) (*Parsed, []ItemError) {
	out := &Parsed{Format: "markdown"}
	var errs []ItemError
	names := make([]string, 0, len(files))
	for name := range files {
		if isPostFile(name) {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	for _, name := range names {
		p, err := markdownPost(files, name)
		if err != nil {
			errs = append(errs, ItemError{Source: name, Message: err.Error()})
			continue
		}
		out.Posts = append(out.Posts, p)
	}
	return out, errs
}

func markdownPost(files archive, name string) (Post, error) {
	fm, body, err := splitFrontMatter(files[name])
	if err != nil {
		return Post{}, err
	}
	base := strings.TrimSuffix(path.Base(name), path.Ext(name))
	slug := base
	if base == "index" { // Hugo page bundles and Astro folders: the folder names the post
		slug = path.Base(path.Dir(name))
	}
	fileDate := ""
	if m := jekyllName.FindStringSubmatch(slug); m != nil {
		fileDate, slug = m[1], m[2]
	}
	p := Post{
		Source: "md:" + name, Label: name, Type: c.TypeBlog, Title: strings.TrimSpace(fm.Title),
		Date: firstNonEmpty(dateString(fm.Date), dateString(fm.PubDate), fileDate), Status: StatusPublished,
		Tags: stringList(fm.Tags), Categories: stringList(fm.Categories),
		Author: firstNonEmpty(names(fm.Author), names(fm.Authors)),
	}
	if p.Title == "" {
		p.Title = strings.ReplaceAll(slug, "-", " ")
	}
	if fm.Type == c.TypeProject {
		p.Type = c.TypeProject
		p.AttachLink = fm.AttachLink
	} else {
		p.Links = stringList(fm.AttachLinks)
	}
	switch {
	case fm.Draft || (fm.Published != nil && !*fm.Published) || fm.Status == StatusDraft:
		p.Status = StatusDraft
	case fm.Status == StatusScheduled:
		p.Status, p.PublishAt = StatusScheduled, fm.PublishAt
	}
	html, err := renderMarkdown(files, name, body)
	if err != nil {
		return Post{}, err
	}
	if strings.TrimSpace(html) == "" {
		if s := firstNonEmpty(fm.Description, fm.Summary); s != "" {
			html = "<p>" + htmlEscape(s) + "</p>"
		}
	}
	p.HTML = html
	if ref := firstNonEmpty(imageRef(fm.Image), imageRef(fm.Cover), fm.HeroImage); ref != "" {
		if found, data, ok := files.find(name, ref); ok {
			p.Cover = &Image{Name: path.Base(found), Data: data}
		} else if strings.HasPrefix(ref, "http://") || strings.HasPrefix(ref, "https://") {
			p.CoverURL = ref
		}
	}
	return p, nil
}

// renderMarkdown renders body to HTML; images found in the archive are embedded (resized
// like uploads), so the save stores them with the item.
func renderMarkdown(files archive, name string, body []byte) (string, error) {
	doc := markdown.Parser().Parse(text.NewReader(body))
	err := ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		img, ok := n.(*ast.Image)
		if !entering || !ok {
			return ast.WalkContinue, nil
		}
		if _, data, found := files.find(name, string(img.Destination)); found {
			if uri := dataURI(data); uri != "" {
				img.Destination = []byte(uri)
			}
		}
		return ast.WalkContinue, nil
	})
	if err != nil {
		return "", err
	}
	var buf bytes.Buffer
	if err := markdown.Renderer().Render(&buf, body, doc); err != nil {
		return "", err
	}
	return buf.String(), nil
}

// dataURI embeds a PNG, JPEG, GIF or WebP (the kinds a description may hold), resized like an
// upload (an animation kept as it is).
func dataURI(data []byte) string {
	mime := http.DetectContentType(data)
	format := map[string]string{"image/png": "png", "image/jpeg": "jpeg", "image/gif": "gif", "image/webp": "webp"}[mime]
	if format == "" {
		return ""
	}
	if resized, err := media.Image(data, format); err != nil {
		return ""
	} else if resized != nil {
		data = resized
	}
	return "data:" + mime + ";base64," + base64.StdEncoding.EncodeToString(data)
}

func imageRef(v any) string {
	switch x := v.(type) {
	case string:
		return strings.TrimSpace(x)
	case map[string]any:
		for _, k := range []string{"path", "image", "src", "url"} {
			if s, ok := x[k].(string); ok && s != "" {
				return strings.TrimSpace(s)
			}
		}
	}
	return ""
}

// stringList reads a list or a comma- or space-separated string (Jekyll accepts both).
func stringList(v any) []string {
	var out []string
	switch x := v.(type) {
	case string:
		sep := ","
		if !strings.Contains(x, ",") {
			sep = " "
		}
		for _, s := range strings.Split(x, sep) {
			if s = strings.TrimSpace(s); s != "" {
				out = append(out, s)
			}
		}
	case []any:
		for _, e := range x {
			if s := strings.TrimSpace(fmt.Sprint(e)); s != "" && e != nil {
				out = append(out, s)
			}
		}
	case []string:
		for _, s := range x {
			if s = strings.TrimSpace(s); s != "" {
				out = append(out, s)
			}
		}
	}
	return out
}

// names is an author or a list of them, one line.
func names(v any) string {
	if s, ok := v.(string); ok {
		return strings.TrimSpace(s)
	}
	return strings.Join(stringList(v), ", ")
}

func dateString(v any) string {
	switch x := v.(type) {
	case time.Time:
		return x.Format(time.DateOnly) // the day as the author wrote it, in their zone
	case toml.LocalDate:
		return x.String()
	case toml.LocalDateTime:
		return x.LocalDate.String()
	case string:
		s := strings.TrimSpace(x)
		if len(s) >= 10 {
			if t, err := time.Parse(time.DateOnly, s[:10]); err == nil {
				return t.Format(time.DateOnly)
			}
		}
	}
	return ""
}

func htmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace(s)
}
