package move

import (
	"database/sql"
	"errors"
	"net/http"
	"path"
	"slices"
	"strings"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/filesystem"
	"github.com/pocketbase/pocketbase/tools/types"

	"github.com/folio/folio/catalog"
	"github.com/folio/folio/clock"
	c "github.com/folio/folio/collections"
)

// Options tune an import.
type Options struct {
	// Fetch downloads an image the export only names by URL (a Ghost feature image, a
	// WordPress attachment); nil fetches nothing.
	Fetch func(url string) ([]byte, error)
	// SiteURL is the old site's address (SiteURL checks it), for what a Ghost export names
	// by a placeholder; "" leaves its images out, each post with a warning.
	SiteURL string
}

// Import reads data (a Ghost JSON export, a WordPress WXR file, a zip of Markdown files or a
// Folio export) and saves its posts as items in one transaction, through the record hooks.
// A broken file answers a BadFileError and changes nothing; an item that cannot be saved is
// listed in the result's errors and the others come in.
func Import(app core.App, data []byte, opt Options) (Result, error) {
	parsed, err := Parse(data)
	if err != nil {
		return Result{}, err
	}
	resolveGhostURLs(parsed, opt.SiteURL)
	res := Result{Skipped: parsed.Skipped, Errors: append([]ItemError{}, parsed.fileErrors...)}
	covers := fetchImages(parsed.Posts, opt, &res)
	err = app.RunInTransaction(func(tx core.App) error {
		for i, p := range parsed.Posts {
			done, err := alreadyImported(tx, p)
			if err != nil {
				return err
			}
			if done {
				res.Skipped++
				continue
			}
			rec, err := savePost(tx, p, covers[i])
			if err != nil {
				if isValidation(err) {
					res.Errors = append(res.Errors, ItemError{Source: p.Label, Message: describe(err)})
					continue
				}
				return err
			}
			if _, err := tx.DB().NewQuery(`INSERT OR REPLACE INTO "importedSources" ("source", "type", "item") VALUES ({:s}, {:t}, {:i})`).
				Bind(dbx.Params{"s": p.Source, "t": p.Type, "i": rec.Id}).Execute(); err != nil {
				return err
			}
			res.Imported++
			if p.OldPath != "" && rec.GetString(c.FieldStatus) == StatusPublished { // a draft had no public URL
				ok, err := addRedirect(tx, p.OldPath, catalog.PagePath(p.Type, rec.Id))
				if err != nil {
					res.Errors = append(res.Errors, ItemError{Source: p.Label, Message: "Old URL not redirected: " + describe(err)})
				} else if ok {
					res.Redirects++
				}
			}
		}
		if parsed.Site != nil {
			return importSite(tx, parsed.Site, &res)
		}
		return nil
	})
	if err != nil {
		return Result{}, err
	}
	return res, nil
}

// alreadyImported: the same source came in before (and its item is still there), or a Folio
// export's item has its id here already.
func alreadyImported(app core.App, p Post) (bool, error) {
	var item string
	err := app.DB().NewQuery(`SELECT "item" FROM "importedSources" WHERE "source" = {:s}`).Bind(dbx.Params{"s": p.Source}).Row(&item)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return false, err
	}
	if item == "" && strings.HasPrefix(p.Source, "folio:") {
		item = p.Source[strings.LastIndex(p.Source, "/")+1:]
	}
	if item == "" {
		return false, nil
	}
	_, err = app.FindRecordById(c.ItemCollection(p.Type), item)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

func savePost(app core.App, p Post, cover *Image) (*core.Record, error) {
	col, err := app.FindCachedCollectionByNameOrId(c.ItemCollection(p.Type))
	if err != nil {
		return nil, err
	}
	rec := core.NewRecord(col)
	if id, ok := strings.CutPrefix(p.Source, "folio:"+p.Type+"/"); ok && len(id) == 15 {
		rec.Id = id // a Folio export keeps its ids, so its pages keep their URLs
	}
	rec.Set(c.FieldTitle, firstNonEmpty(p.Title, "Untitled"))
	rec.Set(c.FieldAuthor, firstNonEmpty(p.Author, "Unknown"))
	if d := dayOf(p.Date); d != "" {
		rec.Set(c.FieldDate, d)
	}
	rec.Set(c.FieldDescription, p.HTML)
	rec.Set(c.FieldTags, nonNil(p.Tags))
	rec.Set(c.FieldCategories, nonNil(p.Categories))
	if p.Type == c.TypeProject {
		rec.Set(c.FieldAttachLink, p.AttachLink)
	} else {
		rec.Set(c.FieldAttachLinks, nonNil(p.Links))
	}
	status := firstNonEmpty(p.Status, StatusPublished)
	if status == StatusScheduled {
		at, err := types.ParseDateTime(p.PublishAt)
		if err != nil || at.IsZero() || !at.Time().After(clock.Now(app)) {
			status = StatusPublished // its time has come: public, as it was on the old site
		} else {
			rec.Set(c.FieldPublishAt, at)
		}
	}
	rec.Set(c.FieldStatus, status)
	if cover != nil {
		f, err := filesystem.NewFileFromBytes(cover.Data, cover.Name)
		if err != nil {
			return nil, err
		}
		rec.Set(c.FieldMedia, f)
	}
	return rec, app.Save(rec)
}

// dayOf is the calendar day of a date written YYYY-MM-DD or as a timestamp.
func dayOf(s string) string {
	s = strings.TrimSpace(s)
	if len(s) < 10 {
		return ""
	}
	return s[:10] + " 00:00:00.000Z"
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// addRedirect adds from → to unless a redirect from that path exists; false when skipped.
func addRedirect(app core.App, from, to string) (bool, error) {
	if existing, _ := app.FindFirstRecordByData(c.Redirects, c.FieldFrom, from); existing != nil {
		return false, nil
	}
	col, err := app.FindCachedCollectionByNameOrId(c.Redirects)
	if err != nil {
		return false, err
	}
	r := core.NewRecord(col)
	r.Set(c.FieldFrom, from)
	r.Set(c.FieldTo, to)
	r.Set(c.FieldCode, http.StatusMovedPermanently)
	return true, app.Save(r)
}

// fetchImages downloads, outside the transaction, the body images and covers the export names
// by URL; a cover that cannot be fetched leaves its item without media and is listed.
func fetchImages(posts []Post, opt Options, res *Result) map[int]*Image {
	out := map[int]*Image{}
	fetched := map[string][]byte{}
	for i := range posts {
		fetchBodyImages(&posts[i], opt, fetched, res)
	}
	for i, p := range posts {
		switch {
		case p.Cover != nil:
			out[i] = p.Cover
		case p.CoverURL != "" && opt.Fetch != nil:
			if b, ok := fetched[p.CoverURL]; ok {
				out[i] = &Image{Name: path.Base(strings.SplitN(p.CoverURL, "?", 2)[0]), Data: b}
				break
			}
			b, err := opt.Fetch(p.CoverURL)
			if err != nil {
				res.Errors = append(res.Errors, ItemError{Source: p.Label, Message: "Cover image not fetched: " + err.Error()})
				continue
			}
			out[i] = &Image{Name: path.Base(strings.SplitN(p.CoverURL, "?", 2)[0]), Data: b}
		}
		if img := out[i]; img != nil && !slices.Contains(c.ImageMimeTypes, http.DetectContentType(img.Data)) {
			delete(out, i)
			res.Errors = append(res.Errors, ItemError{Source: p.Label, Message: "Cover image skipped: not a JPEG, PNG, GIF or WebP file."})
		}
	}
	return out
}

// fetchBodyImages embeds the body images the old site served (PNG, JPEG, GIF, WebP, as data: images
// the item hooks store as files on save); one that cannot be fetched keeps its URL and is listed.
func fetchBodyImages(p *Post, opt Options, fetched map[string][]byte, res *Result) {
	if opt.Fetch == nil {
		return
	}
	for _, u := range p.BodyImages {
		b, ok := fetched[u]
		if !ok {
			var err error
			if b, err = opt.Fetch(u); err != nil {
				res.Errors = append(res.Errors, ItemError{Source: p.Label, Message: "Image not fetched: " + err.Error()})
				continue
			}
			fetched[u] = b
		}
		if uri := dataURI(b); uri != "" {
			p.HTML = strings.ReplaceAll(p.HTML, `src="`+u+`"`, `src="`+uri+`"`)
		}
	}
}

// importSite adds the profile and About of a Folio export where the site has none yet.
func importSite(app core.App, site *SiteData, res *Result) error {
	for _, s := range []struct {
		col, fileField string
		rec            *SiteRecord
	}{{c.Profile, c.FieldImage, site.Profile}, {c.About, c.FieldMedia, site.About}} {
		if s.rec == nil {
			continue
		}
		if existing, err := catalog.Singleton(app, s.col); err != nil {
			return err
		} else if existing != nil {
			continue
		}
		col, err := app.FindCachedCollectionByNameOrId(s.col)
		if err != nil {
			return err
		}
		rec := core.NewRecord(col)
		for k, v := range s.rec.Fields {
			if f := col.Fields.GetByName(k); f != nil && !f.GetSystem() && k != s.fileField {
				rec.Set(k, v)
			}
		}
		if b, ok := site.Files[path.Clean(s.rec.File)]; ok && s.rec.File != "" {
			f, err := filesystem.NewFileFromBytes(b, path.Base(s.rec.File))
			if err != nil {
				return err
			}
			rec.Set(s.fileField, f)
		}
		if err := app.Save(rec); err != nil {
			if isValidation(err) {
				res.Errors = append(res.Errors, ItemError{Source: s.col, Message: describe(err)})
				continue
			}
			return err
		}
	}
	return nil
}

func isValidation(err error) bool {
	var v validation.Errors
	return errors.As(err, &v)
}

// describe is a save error as one line: "title: Title is required; media: …".
func describe(err error) string {
	var v validation.Errors
	if !errors.As(err, &v) {
		return err.Error()
	}
	keys := make([]string, 0, len(v))
	for k := range v {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + ": " + v[k].Error()
	}
	return strings.Join(parts, "; ")
}
