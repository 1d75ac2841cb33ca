package hooks

import (
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/content"
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
}

// itemExcerpt is the item's description as plain text, cut at n characters.
func itemExcerpt(rec *core.Record, n int) string {
	return content.Excerpt(rec.GetString(c.FieldDescription), n)
}

// fileURL is the site-relative URL of a record's file, optionally a thumb of it.
func fileURL(rec *core.Record, name, thumb string) *string {
	if name == "" {
		return nil
	}
	u := "/api/files/" + rec.Collection().Id + "/" + rec.Id + "/" + name
	if thumb != "" {
		u += "?thumb=" + thumb
	}
	return &u
}

// stringList reads a JSON-array field as []string, never nil.
func stringList(rec *core.Record, field string) []string {
	var out []string
	_ = rec.UnmarshalJSONField(field, &out)
	if out == nil {
		out = []string{}
	}
	return out
}

// dayString formats a date field as YYYY-MM-DD ("" when unset).
func dayString(rec *core.Record, field string) string {
	d := rec.GetDateTime(field)
	if d.IsZero() {
		return ""
	}
	return d.Time().UTC().Format(time.DateOnly)
}

// newItemSummary converts a blogs or projects record.
func newItemSummary(rec *core.Record) ItemSummary {
	cats := stringList(rec, c.FieldCategories)
	if len(cats) == 0 {
		cats = []string{Uncategorized}
	}
	media := rec.GetString(c.FieldMedia)
	return ItemSummary{
		ID:           rec.Id,
		Type:         c.ItemType(rec.Collection().Name),
		Title:        rec.GetString(c.FieldTitle),
		Date:         dayString(rec, c.FieldDate),
		Author:       rec.GetString(c.FieldAuthor),
		Excerpt:      itemExcerpt(rec, ExcerptLength),
		Categories:   cats,
		Tags:         stringList(rec, c.FieldTags),
		Thumbnail:    fileURL(rec, media, c.ThumbCard),
		Media:        fileURL(rec, media, ""),
		LikeCount:    rec.GetInt(c.FieldLikeCount),
		ShareCount:   rec.GetInt(c.FieldShareCount),
		ViewCount:    rec.GetInt(c.FieldViewCount),
		CommentCount: rec.GetInt(c.FieldCommentCount),
		Updated:      rec.GetDateTime("updated").Time().UTC().Format(time.RFC3339),
	}
}

// newItemDetail converts a record; liked tells whether the caller's account likes it.
func newItemDetail(rec *core.Record, liked bool) ItemDetail {
	desc := rec.GetString(c.FieldDescription)
	words := content.WordCount(desc)
	d := ItemDetail{
		ItemSummary:    newItemSummary(rec),
		Description:    desc,
		WordCount:      words,
		ReadingMinutes: content.ReadingMinutes(words),
		Liked:          liked,
	}
	if rec.Collection().Name == c.Projects {
		link := rec.GetString(c.FieldAttachLink)
		d.AttachLink = &link
	} else {
		links := stringList(rec, c.FieldAttachLinks)
		d.AttachLinks = &links
	}
	return d
}

// likedBy reports whether account likes the item (false for guests).
func likedBy(app core.App, account *core.Record, itemID string) bool {
	if account == nil {
		return false
	}
	var n int
	err := app.DB().Select("count(*)").From(c.Likes).
		Where(dbx.HashExp{"item": itemID, "account": account.Id}).Row(&n)
	return err == nil && n > 0
}
