package catalog

import (
	"database/sql"
	"errors"
	"path/filepath"
	"strings"

	"github.com/pocketbase/pocketbase/core"

	c "github.com/folio/folio/collections"
)

// AboutLink is one About attachment button (API.md "GET /api/about").
type AboutLink struct {
	Title string `json:"title"`
	URL   string `json:"url"`
}

// Profile is the public profile shape {heading, bio, image, socialLinks}; rec may be nil
// (not set yet).
func Profile(rec *core.Record) map[string]any {
	out := map[string]any{"heading": "", "bio": "", "image": nil, "socialLinks": []AboutLink{}}
	if rec == nil {
		return out
	}
	out["socialLinks"] = TitledLinks(rec, c.FieldSocialLinks)
	out["heading"] = rec.GetString(c.FieldHeading)
	out["bio"] = rec.GetString(c.FieldBio)
	if u := FileURL(rec, rec.GetString(c.FieldImage), ""); u != nil {
		out["image"] = *u
	}
	return out
}

// About is the public About shape; rec may be nil (not set yet).
func About(rec *core.Record) map[string]any {
	out := make(map[string]any, len(c.AboutRichFields)+2)
	for _, f := range c.AboutRichFields {
		out[f] = ""
	}
	out["media"] = nil
	out["attachLinks"] = []AboutLink{}
	if rec == nil {
		return out
	}
	for _, f := range c.AboutRichFields {
		out[f] = rec.GetString(f)
	}
	if name := rec.GetString(c.FieldMedia); name != "" {
		out["media"] = map[string]any{"url": *FileURL(rec, name, ""), "kind": mediaKind(name)}
	}
	out["attachLinks"] = TitledLinks(rec, c.FieldAttachLinks)
	return out
}

// TitledLinks reads a JSON [{title, url}] field (About's attachLinks, the profile's
// socialLinks), never nil.
func TitledLinks(rec *core.Record, field string) []AboutLink {
	var links []AboutLink
	_ = rec.UnmarshalJSONField(field, &links)
	if links == nil {
		links = []AboutLink{}
	}
	return links
}

// mediaKind tells the client how to render a stored file: "image", "gif" or "video".
// Stored names keep the extension PocketBase derived from the upload.
func mediaKind(name string) string {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".gif":
		return "gif"
	case ".mp4", ".webm", ".ogg", ".ogv", ".mov", ".qt":
		return "video"
	}
	return "image"
}

// Singleton returns the one record of the profile or about collection (the oldest, should
// there be more), nil before the owner creates it.
func Singleton(app core.App, collection string) (*core.Record, error) {
	rec := &core.Record{}
	err := app.RecordQuery(collection).OrderBy("created ASC", "id ASC").Limit(1).One(rec)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return rec, nil
}
