package move

import (
	"encoding/json"
	"path"
	"regexp"

	c "github.com/folio/folio/collections"
)

// FolioFormat is folio.json's format version.
const FolioFormat = 1

// FolioFile is folio.json, the export's exact copy of the site (API.md "Moving in and out").
type FolioFile struct {
	Folio    int         `json:"folio"`
	Exported string      `json:"exported"`
	Profile  *SiteRecord `json:"profile"`
	About    *SiteRecord `json:"about"`
	Items    []FolioItem `json:"items"`
}

// SiteRecord is the profile or About: its fields, and its file's path in the zip.
type SiteRecord struct {
	Fields map[string]any `json:"fields"`
	File   string         `json:"file,omitempty"`
}

// SiteData is the profile and About read from an export, with their files.
type SiteData struct {
	Profile, About *SiteRecord
	Files          archive
}

// FolioItem is an item as ItemDetail with status, plus the paths of its Markdown file and media.
type FolioItem struct {
	ID           string   `json:"id"`
	Type         string   `json:"type"`
	Title        string   `json:"title"`
	Date         string   `json:"date"`
	Author       string   `json:"author"`
	Excerpt      string   `json:"excerpt"`
	Categories   []string `json:"categories"`
	Tags         []string `json:"tags"`
	Description  string   `json:"description"`
	WordCount    int      `json:"wordCount"`
	AttachLinks  []string `json:"attachLinks,omitempty"`
	AttachLink   *string  `json:"attachLink,omitempty"`
	Status       string   `json:"status"`
	PublishAt    *string  `json:"publishAt"`
	Created      string   `json:"created"`
	Updated      string   `json:"updated"`
	LikeCount    int      `json:"likeCount"`
	ShareCount   int      `json:"shareCount"`
	ViewCount    int      `json:"viewCount"`
	CommentCount int      `json:"commentCount"`
	Media        string   `json:"media,omitempty"` // the file's path in the zip
	File         string   `json:"file"`            // the item's Markdown file in the zip
}

// folioPosts reads a Folio export: folio.json is the truth, the Markdown files are for people.
func folioPosts(files archive) (*Parsed, error) {
	var f FolioFile
	if err := json.Unmarshal(files["folio.json"], &f); err != nil {
		return nil, badFile("folio.json cannot be read: %v.", err)
	}
	out := &Parsed{Format: "folio", Site: &SiteData{Profile: f.Profile, About: f.About, Files: files}}
	for _, it := range f.Items {
		p := Post{
			Source: "folio:" + it.Type + "/" + it.ID, Label: it.Title, Type: it.Type, Title: it.Title, Date: it.Date,
			Author: it.Author, HTML: inlineArchiveImages(it.Description, files), Tags: it.Tags, Categories: it.Categories, Status: it.Status,
			Links: it.AttachLinks,
		}
		if p.Type != c.TypeProject {
			p.Type = c.TypeBlog
		}
		if len(p.Categories) == 1 && p.Categories[0] == "Uncategorized" {
			p.Categories = nil // the summary's stand-in, not a stored category
		}
		if it.AttachLink != nil {
			p.AttachLink = *it.AttachLink
		}
		if it.PublishAt != nil {
			p.PublishAt = *it.PublishAt
		}
		if b, ok := files[path.Clean(it.Media)]; ok && it.Media != "" {
			p.Cover = &Image{Name: path.Base(it.Media), Data: b}
		}
		out.Posts = append(out.Posts, p)
	}
	return out, nil
}

// archiveImageSrc is an image source pointing into the zip (media/…, as Export writes them).
var archiveImageSrc = regexp.MustCompile(`src="(/media/[^"]+)"`)

// inlineArchiveImages embeds the body's images found in the zip as data: images (PNG and JPEG,
// what a description may hold); the item hooks store them as files on save.
func inlineArchiveImages(html string, files archive) string {
	return archiveImageSrc.ReplaceAllStringFunc(html, func(m string) string {
		ref := archiveImageSrc.FindStringSubmatch(m)[1]
		if _, data, ok := files.find("folio.json", ref); ok {
			if uri := dataURI(data); uri != "" {
				return `src="` + uri + `"`
			}
		}
		return m
	})
}

// parseZip reads a Folio export or a zip of Markdown files.
func parseZip(data []byte) (*Parsed, error) {
	files, err := readZip(data)
	if err != nil {
		return nil, err
	}
	if _, ok := files["folio.json"]; ok {
		return folioPosts(files)
	}
	out, errs := markdownPosts(files)
	if len(out.Posts) == 0 && len(errs) == 0 {
		return nil, badFile("The zip holds no Markdown files (.md).")
	}
	out.fileErrors = errs
	return out, nil
}
