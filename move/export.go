package move

import (
	"archive/zip"
	"encoding/json"
	"fmt"
	"io"
	"path"
	"regexp"
	"strings"
	"time"

	htmltomarkdown "github.com/JohannesKaufmann/html-to-markdown/v2"
	"github.com/pocketbase/pocketbase/core"
	"gopkg.in/yaml.v3"

	"github.com/folio/folio/catalog"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/richtext"
)

// Export writes the whole site as a zip: one Markdown file with front matter per item (its
// HTML turned into Markdown where that renders back the same, kept as HTML where not), the
// items' media, the profile and About, and folio.json, which an import reads back exactly.
func Export(app core.App, w io.Writer) error {
	zw := zip.NewWriter(w)
	fsys, err := app.NewFilesystem()
	if err != nil {
		return err
	}
	defer fsys.Close()
	now := time.Now()
	create := func(name string) (io.Writer, error) {
		return zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: now})
	}
	written := map[string]bool{}
	copyFile := func(rec *core.Record, field, dir string) (string, error) {
		name := rec.GetString(field)
		if name == "" {
			return "", nil
		}
		r, err := fsys.GetReader(rec.BaseFilesPath() + "/" + name)
		if err != nil {
			return "", nil // a file missing from storage leaves the entry without it
		}
		defer r.Close()
		zpath := path.Join("media", dir, name)
		if written[zpath] {
			return zpath, nil
		}
		written[zpath] = true
		fw, err := zw.CreateHeader(&zip.FileHeader{Name: zpath, Method: zip.Store, Modified: now}) // images are compressed already
		if err != nil {
			return "", err
		}
		_, err = io.Copy(fw, r)
		return zpath, err
	}
	out := FolioFile{Folio: FolioFormat, Exported: time.Now().UTC().Format(time.RFC3339), Items: []FolioItem{}}
	used := map[string]bool{}
	for _, col := range []string{c.Blogs, c.Projects} {
		var recs []*core.Record
		if err := app.RecordQuery(col).OrderBy("date ASC", "created ASC", "id ASC").All(&recs); err != nil {
			return err
		}
		if err := catalog.FillCounters(app, recs...); err != nil {
			return err
		}
		for _, rec := range recs {
			it := folioItem(rec)
			if it.Description, err = exportBodyImages(app, it.Description, copyFile); err != nil {
				return err
			}
			if it.Media, err = copyFile(rec, c.FieldMedia, col+"/"+rec.Id); err != nil {
				return err
			}
			it.File = markdownName(col, it, used)
			fw, err := create(it.File)
			if err != nil {
				return err
			}
			if err := writeMarkdown(fw, it); err != nil {
				return err
			}
			out.Items = append(out.Items, it)
		}
	}
	for _, s := range []struct {
		col, field string
		dst        **SiteRecord
	}{{c.Profile, c.FieldImage, &out.Profile}, {c.About, c.FieldMedia, &out.About}} {
		rec, err := catalog.Singleton(app, s.col)
		if err != nil {
			return err
		}
		if rec == nil {
			continue
		}
		sr := &SiteRecord{Fields: map[string]any{}}
		for _, f := range rec.Collection().Fields {
			if !f.GetSystem() && f.GetName() != s.field && f.Type() != core.FieldTypeAutodate {
				sr.Fields[f.GetName()] = rec.Get(f.GetName())
			}
		}
		if sr.File, err = copyFile(rec, s.field, s.col); err != nil {
			return err
		}
		*s.dst = sr
	}
	fw, err := create("folio.json")
	if err != nil {
		return err
	}
	enc := json.NewEncoder(fw)
	enc.SetIndent("", "  ")
	if err := enc.Encode(out); err != nil {
		return err
	}
	return zw.Close()
}

// bodyImageURL is an image of a body (itemImages), as the item hooks store it.
var bodyImageURL = regexp.MustCompile(regexp.QuoteMeta(c.ItemImageURLPrefix) + `([A-Za-z0-9]+)/([^"'?#\s)]+)(?:\?[^"'\s)]*)?`)

// exportBodyImages copies the images a body shows into the zip (media/itemImages/ID/NAME) and
// points the body at them, so the export holds its pictures and an import takes them in again.
func exportBodyImages(app core.App, desc string, copyFile func(*core.Record, string, string) (string, error)) (string, error) {
	var firstErr error
	out := bodyImageURL.ReplaceAllStringFunc(desc, func(m string) string {
		sub := bodyImageURL.FindStringSubmatch(m)
		rec, err := app.FindRecordById(c.ItemImages, sub[1])
		if err != nil || rec.GetString(c.FieldMedia) != sub[2] {
			return m // an image no longer stored keeps its URL
		}
		zpath, err := copyFile(rec, c.FieldMedia, c.ItemImages+"/"+rec.Id)
		if err != nil {
			firstErr = err
			return m
		}
		return "/" + zpath
	})
	return out, firstErr
}

func folioItem(rec *core.Record) FolioItem {
	d := catalog.NewItemDetail(rec, false)
	it := FolioItem{
		ID: d.ID, Type: d.Type, Title: d.Title, Date: d.Date, Author: d.Author, Excerpt: d.Excerpt,
		Categories: d.Categories, Tags: d.Tags, Description: d.Description, WordCount: d.WordCount,
		Status:  firstNonEmpty(rec.GetString("status"), StatusPublished),
		Created: rec.GetString("created"), Updated: rec.GetString("updated"),
		LikeCount: d.LikeCount, ShareCount: d.ShareCount, ViewCount: d.ViewCount, CommentCount: d.CommentCount,
	}
	if d.AttachLinks != nil {
		it.AttachLinks = *d.AttachLinks
	}
	it.AttachLink = d.AttachLink
	if p := rec.GetString("publishAt"); p != "" && it.Status == StatusScheduled {
		it.PublishAt = &p
	}
	return it
}

var nonSlug = regexp.MustCompile(`[^a-z0-9]+`)

// markdownName is the item's file: blogs/2026-01-02-a-title.md, unique within the zip.
func markdownName(col string, it FolioItem, used map[string]bool) string {
	slug := strings.Trim(nonSlug.ReplaceAllString(strings.ToLower(it.Title), "-"), "-")
	if len(slug) > 60 {
		slug = strings.TrimRight(slug[:60], "-")
	}
	if slug == "" {
		slug = it.ID
	}
	name := fmt.Sprintf("%s/%s-%s.md", col, it.Date, slug)
	if used[name] {
		name = fmt.Sprintf("%s/%s-%s-%s.md", col, it.Date, slug, it.ID)
	}
	used[name] = true
	return name
}

// writeMarkdown writes the item's front matter (Jekyll/Hugo keys, Folio's own beside them)
// and its body.
func writeMarkdown(w io.Writer, it FolioItem) error {
	fm := map[string]any{
		"title": it.Title, "date": it.Date, "author": it.Author, "type": it.Type, "status": it.Status,
		"tags": it.Tags, "categories": it.Categories, "id": it.ID,
	}
	if it.PublishAt != nil {
		fm["publishAt"] = *it.PublishAt
	}
	if it.Media != "" {
		fm["image"] = "/" + it.Media
	}
	if it.AttachLink != nil && *it.AttachLink != "" {
		fm["attachLink"] = *it.AttachLink
	}
	if len(it.AttachLinks) > 0 {
		fm["attachLinks"] = it.AttachLinks
	}
	head, err := yaml.Marshal(fm)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "---\n%s---\n\n%s\n", head, MarkdownOf(it.Description))
	return err
}

// MarkdownOf is html as Markdown when the Markdown renders back to the same HTML, else html.
func MarkdownOf(html string) string {
	if strings.TrimSpace(html) == "" {
		return ""
	}
	md, err := htmltomarkdown.ConvertString(html)
	if err != nil {
		return html
	}
	var back strings.Builder
	if err := markdown.Convert([]byte(md), &back); err != nil || !sameHTML(back.String(), html) {
		return html
	}
	return md
}

// sameHTML compares two descriptions as the sanitiser stores them, whitespace between tags aside.
func sameHTML(a, b string) bool {
	norm := func(s string) string {
		s = richtext.Clean(s)
		s = regexp.MustCompile(`>\s+<`).ReplaceAllString(s, "><")
		return strings.Join(strings.Fields(s), " ")
	}
	return norm(a) == norm(b)
}
