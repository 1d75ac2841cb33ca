package records

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"github.com/folio/folio/catalog"
	"github.com/folio/folio/clock"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/richtext"
)

// NormalizeProfile trims the profile's heading and bio and cleans its social links.
func NormalizeProfile(rec *core.Record) {
	rec.Set(c.FieldHeading, strings.TrimSpace(rec.GetString(c.FieldHeading)))
	rec.Set(c.FieldBio, strings.TrimSpace(rec.GetString(c.FieldBio)))
	rec.Set(c.FieldSocialLinks, CleanAboutLinks(looseAboutLinks(rec, c.FieldSocialLinks)))
}

// TitleErrors refuses an item title longer than 255 characters (API.md), /_/ included.
func TitleErrors(rec *core.Record) validation.Errors {
	switch rec.Collection().Name {
	case c.Blogs, c.Projects:
		if utf8.RuneCountInString(rec.GetString(c.FieldTitle)) > c.MaxTitleLength {
			return validation.Errors{c.FieldTitle: NewFieldError("validation_max_text_constraint",
				fmt.Sprintf("Title must be at most %d characters", c.MaxTitleLength))}
		}
	}
	return nil
}

// NormalizeItem trims a blog's or project's text fields, sanitises a changed description,
// dedupes tags and categories, dates it (today on the app's clock when unset) and
// normalises its links (a refused one stays as typed, for validation to report).
func NormalizeItem(app core.App, rec *core.Record) {
	title := strings.TrimSpace(rec.GetString(c.FieldTitle))
	rec.Set(c.FieldTitle, title)
	rec.Set(c.FieldAuthor, strings.TrimSpace(rec.GetString(c.FieldAuthor)))
	rec.Set(c.FieldMediaAlt, strings.TrimSpace(rec.GetString(c.FieldMediaAlt)))
	if Changed(rec, c.FieldDescription) {
		rec.Set(c.FieldDescription, richtext.Clean(rec.GetString(c.FieldDescription)))
	}
	rec.Set(c.FieldTags, richtext.Unique(looseList(rec, c.FieldTags)))
	rec.Set(c.FieldCategories, richtext.Unique(looseList(rec, c.FieldCategories)))
	day := clock.Now(app) // an unset date is today, on the app's clock
	if d := rec.GetDateTime(c.FieldDate); !d.IsZero() {
		day = d.Time()
	}
	rec.Set(c.FieldDate, CalendarDay(day))
	if rec.Collection().Name == c.Projects {
		rec.Set(c.FieldAttachLink, normalizeLinkLoose(rec.GetString(c.FieldAttachLink)))
	} else {
		links := []string{}
		for _, l := range looseList(rec, c.FieldAttachLinks) {
			if l = normalizeLinkLoose(l); l != "" {
				links = append(links, l)
			}
		}
		rec.Set(c.FieldAttachLinks, links)
	}
}

// NormalizeAbout sanitises About's changed rich-text sections and cleans its links.
func NormalizeAbout(rec *core.Record) {
	for _, f := range c.AboutRichFields {
		if Changed(rec, f) {
			rec.Set(f, richtext.CleanAbout(rec.GetString(f)))
		}
	}
	rec.Set(c.FieldAttachLinks, CleanAboutLinks(looseAboutLinks(rec, c.FieldAttachLinks)))
}

// CleanAboutLinks trims entries, drops those with an empty title or url and normalises
// urls (a refused scheme stays as typed for validation to report).
func CleanAboutLinks(in []catalog.AboutLink) []catalog.AboutLink {
	out := []catalog.AboutLink{}
	for _, l := range in {
		l.Title, l.URL = strings.TrimSpace(l.Title), strings.TrimSpace(l.URL)
		if l.Title == "" || l.URL == "" {
			continue
		}
		l.URL = normalizeLinkLoose(l.URL)
		out = append(out, l)
	}
	return out
}

// normalizeLinkLoose normalises a link, keeping a refused one as typed (trimmed).
func normalizeLinkLoose(s string) string {
	n, err := richtext.NormalizeLink(s)
	if err != nil {
		return strings.TrimSpace(s)
	}
	return n
}

// CalendarDay is t's UTC calendar day at midnight, as items store their date.
func CalendarDay(t time.Time) types.DateTime {
	t = t.UTC()
	out, _ := types.ParseDateTime(time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC))
	return out
}

// looseList reads a list field as strings whether it holds a JSON array or, as typed in
// /_/, a comma-joined JSON string; entries are trimmed and empty ones dropped.
func looseList(rec *core.Record, field string) []string {
	raw, _ := rec.GetRaw(field).(types.JSONRaw)
	if raw == nil {
		if s, ok := rec.GetRaw(field).(string); ok {
			raw = types.JSONRaw(s)
		}
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return richtext.SplitList(string(raw))
	}
	out := []string{}
	switch t := v.(type) {
	case string:
		return richtext.SplitList(t)
	case []any:
		for _, item := range t {
			if item == nil {
				continue
			}
			s, ok := item.(string)
			if !ok {
				s = fmt.Sprint(item)
			}
			if s = strings.TrimSpace(s); s != "" {
				out = append(out, s)
			}
		}
	}
	return out
}

// looseAboutLinks reads a JSON [{title, url}] field (About's attachLinks, the profile's
// socialLinks), ignoring entries that are not objects.
func looseAboutLinks(rec *core.Record, field string) []catalog.AboutLink {
	var items []any
	_ = rec.UnmarshalJSONField(field, &items)
	out := []catalog.AboutLink{}
	for _, item := range items {
		m, ok := item.(map[string]any)
		if !ok {
			continue
		}
		title, _ := m["title"].(string)
		url, _ := m["url"].(string)
		out = append(out, catalog.AboutLink{Title: title, URL: url})
	}
	return out
}

// LinkErrors reports stored links whose scheme is refused (normalisation kept them as typed).
func LinkErrors(rec *core.Record) validation.Errors {
	errs := validation.Errors{}
	var links []string
	switch rec.Collection().Name {
	case c.Blogs:
		links = looseList(rec, c.FieldAttachLinks)
	case c.Projects:
		links = []string{rec.GetString(c.FieldAttachLink)}
	case c.About:
		for _, l := range catalog.TitledLinks(rec, c.FieldAttachLinks) {
			links = append(links, l.URL)
		}
	case c.Profile:
		for _, l := range catalog.TitledLinks(rec, c.FieldSocialLinks) {
			links = append(links, l.URL)
		}
	}
	field := c.FieldAttachLinks
	switch rec.Collection().Name {
	case c.Projects:
		field = c.FieldAttachLink
	case c.Profile:
		field = c.FieldSocialLinks
	}
	for _, l := range links {
		if _, err := richtext.NormalizeLink(l); err != nil {
			errs[field] = NewFieldError("validation_link_scheme",
				fmt.Sprintf("%q is not an allowed link: links must use http, https, mailto, tel or sms.", l))
			break
		}
	}
	return errs
}
