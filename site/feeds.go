package site

import (
	"mime"
	"path"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"github.com/folio/folio/catalog"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/feeds"
)

// FeedItems is how many of the newest items the feeds hold (API.md "Site pages").
const FeedItems = 20

// Feed reads the channel and the FeedItems newest items, in the order of /api/content.
func Feed(app core.App, base string) (feeds.Channel, error) {
	data := feeds.Channel{Base: base, Title: app.Settings().Meta.AppName}
	profile, err := catalog.Singleton(app, c.Profile)
	if err != nil {
		return data, err
	}
	if profile != nil {
		data.Description = profile.GetString(c.FieldBio)
	}
	_, rows, err := catalog.ListPage(app, catalog.ListParams{Page: 1, PerPage: FeedItems, Types: []string{c.TypeBlog, c.TypeProject}})
	if err != nil {
		return data, err
	}
	ids := map[string][]string{}
	for _, r := range rows {
		ids[r.Type] = append(ids[r.Type], r.ID)
	}
	records := make(map[string]*core.Record, len(rows))
	for typ, list := range ids {
		recs, err := app.FindRecordsByIds(c.ItemCollection(typ), list)
		if err != nil {
			return data, err
		}
		for _, rec := range recs {
			records[rec.Id] = rec
		}
	}
	for _, r := range rows {
		rec := records[r.ID]
		if rec == nil {
			continue // deleted between the two reads
		}
		entry := newFeedEntry(rec, base)
		if entry.Updated.After(data.Updated) {
			data.Updated = entry.Updated
		}
		data.Entries = append(data.Entries, entry)
	}
	return data, nil
}

// newFeedEntry converts a full blogs or projects record.
func newFeedEntry(rec *core.Record, base string) feeds.Entry {
	s := catalog.NewItemSummary(rec)
	entry := feeds.Entry{
		Title:     s.Title,
		Author:    s.Author,
		Excerpt:   s.Excerpt,
		Tags:      s.Tags,
		URL:       base + catalog.PagePath(s.Type, s.ID),
		Content:   rec.GetString(c.FieldDescription),
		Published: rec.GetDateTime(c.FieldDate).Time().UTC(),
		Updated:   rec.GetDateTime("updated").Time().UTC(),
	}
	if entry.Published.IsZero() {
		entry.Published = rec.GetDateTime("created").Time().UTC()
	}
	if s.Media != nil {
		entry.Image = base + *s.Media
		entry.ImageType = mime.TypeByExtension(strings.ToLower(path.Ext(rec.GetString(c.FieldMedia))))
		if entry.ImageType == "" {
			entry.ImageType = "application/octet-stream"
		}
	}
	return entry
}

// Sitemap lists the list pages and every blog and project, newest first.
func Sitemap(app core.App, base string) ([]byte, error) {
	_, rows, err := catalog.ListPage(app, catalog.ListParams{
		Page: 1, PerPage: feeds.SitemapMaxItems, Types: []string{c.TypeBlog, c.TypeProject},
	})
	if err != nil {
		return nil, err
	}
	items := make([]feeds.URL, 0, len(rows))
	for _, r := range rows {
		u := feeds.URL{Loc: base + catalog.PagePath(r.Type, r.ID)}
		if dt, err := types.ParseDateTime(r.Updated); err == nil && !dt.IsZero() {
			u.LastMod = dt.Time().UTC().Format(time.RFC3339)
		}
		items = append(items, u)
	}
	return feeds.Sitemap(base, items)
}
