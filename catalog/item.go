// Package catalog is Folio's read model without HTTP: item summaries and details, the
// public list SQL and its parameters, the taxonomy (categories, tags, archives), the
// profile and About shapes, and the excerpt memo. It knows no routes.
package catalog

import (
	"encoding/json"
	"net/url"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/richtext"
)

// ExcerptLength is the cut of ItemSummary.excerpt (API.md "Data shapes").
const ExcerptLength = 400

// Uncategorized is the main category reported for items that have none.
const Uncategorized = "Uncategorized"

// ItemSummary is an item in lists (API.md "Data shapes").
type ItemSummary struct {
	ID           string   `json:"id"`
	Type         string   `json:"type"`
	Title        string   `json:"title"`
	Date         string   `json:"date"`
	Author       string   `json:"author"`
	Excerpt      string   `json:"excerpt"`
	Categories   []string `json:"categories"`
	Tags         []string `json:"tags"`
	Thumbnail    *string  `json:"thumbnail"`
	Media        *string  `json:"media"`
	LikeCount    int      `json:"likeCount"`
	ShareCount   int      `json:"shareCount"`
	ViewCount    int      `json:"viewCount"`
	CommentCount int      `json:"commentCount"`
	Updated      string   `json:"updated"`
}

// ItemDetail is one item with its body (API.md "Data shapes"). A blog carries
// AttachLinks, a project AttachLink; the other stays nil and is left out.
type ItemDetail struct {
	ItemSummary
	Description    string    `json:"description"`
	WordCount      int       `json:"wordCount"`
	ReadingMinutes int       `json:"readingMinutes"`
	Liked          bool      `json:"liked"`
	AttachLinks    *[]string `json:"attachLinks,omitzero"`
	AttachLink     *string   `json:"attachLink,omitzero"`
	// MediaAlt is the cover's alt text as the owner gave it ("" when not: pages use the title).
	MediaAlt string `json:"mediaAlt"`
}

// Excerpt is the item's description as plain text, cut at n characters.
func Excerpt(rec *core.Record, n int) string {
	return richtext.Excerpt(rec.GetString(c.FieldDescription), n)
}

// FileURL is the site-relative URL of a record's file, optionally a thumb of it.
func FileURL(rec *core.Record, name, thumb string) *string {
	if name == "" {
		return nil
	}
	u := "/api/files/" + rec.Collection().Id + "/" + rec.Id + "/" + name
	if thumb != "" {
		u += "?thumb=" + thumb
	}
	return &u
}

// StringList reads a JSON-array field as []string, never nil.
func StringList(rec *core.Record, field string) []string {
	return Strings(rec.GetString(field))
}

// Strings decodes a stored JSON array of strings, never nil; anything else reads as empty.
func Strings(raw string) []string {
	var out []string
	if raw != "" && json.Unmarshal([]byte(raw), &out) != nil {
		out = nil
	}
	if out == nil {
		out = []string{}
	}
	return out
}

// NewItemSummary converts a blogs or projects record.
func NewItemSummary(rec *core.Record) ItemSummary {
	cats := StringList(rec, c.FieldCategories)
	if len(cats) == 0 {
		cats = []string{Uncategorized}
	}
	media := rec.GetString(c.FieldMedia)
	return ItemSummary{
		ID:           rec.Id,
		Type:         c.ItemType(rec.Collection().Name),
		Title:        rec.GetString(c.FieldTitle),
		Date:         c.Day(rec.GetString(c.FieldDate)),
		Author:       rec.GetString(c.FieldAuthor),
		Excerpt:      Excerpt(rec, ExcerptLength),
		Categories:   cats,
		Tags:         StringList(rec, c.FieldTags),
		Thumbnail:    FileURL(rec, media, c.ThumbCard),
		Media:        FileURL(rec, media, ""),
		LikeCount:    rec.GetInt(c.FieldLikeCount),
		ShareCount:   rec.GetInt(c.FieldShareCount),
		ViewCount:    rec.GetInt(c.FieldViewCount),
		CommentCount: rec.GetInt(c.FieldCommentCount),
		Updated:      rec.GetDateTime("updated").Time().UTC().Format(time.RFC3339),
	}
}

// NewItemDetail converts a record; liked tells whether the caller's account likes it.
func NewItemDetail(rec *core.Record, liked bool) ItemDetail {
	desc := rec.GetString(c.FieldDescription)
	words := richtext.WordCount(desc)
	d := ItemDetail{
		ItemSummary:    NewItemSummary(rec),
		Description:    desc,
		WordCount:      words,
		ReadingMinutes: richtext.ReadingMinutes(words),
		Liked:          liked,
		MediaAlt:       rec.GetString(c.FieldMediaAlt),
	}
	if rec.Collection().Name == c.Projects {
		link := rec.GetString(c.FieldAttachLink)
		d.AttachLink = &link
	} else {
		links := StringList(rec, c.FieldAttachLinks)
		d.AttachLinks = &links
	}
	return d
}

// LikedBy reports whether account likes the item (false for guests).
func LikedBy(app core.App, account *core.Record, itemID string) bool {
	if account == nil {
		return false
	}
	var n int
	err := app.DB().Select("count(*)").From(c.Likes).
		Where(dbx.HashExp{"item": itemID, "account": account.Id}).Row(&n)
	return err == nil && n > 0
}

// LikedAmong returns which of records account likes, in one query.
func LikedAmong(app core.App, account *core.Record, records []*core.Record) map[string]bool {
	out := map[string]bool{}
	if account == nil || len(records) == 0 {
		return out
	}
	ids := make([]any, len(records))
	for i, r := range records {
		ids[i] = r.Id
	}
	var liked []string
	_ = app.DB().Select(c.FieldItem).From(c.Likes).
		Where(dbx.HashExp{c.FieldAccount: account.Id}).AndWhere(dbx.In(c.FieldItem, ids...)).Column(&liked)
	for _, id := range liked {
		out[id] = true
	}
	return out
}

// PagePath is the site path of an item's page.
func PagePath(typ, id string) string {
	if typ == c.TypeProject {
		return "/projects/" + url.PathEscape(id)
	}
	return "/blogs/" + url.PathEscape(id)
}
