package hooks

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"github.com/folio/folio/catalog"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/richtext"
)

// bindItemHooks binds the record hooks of blogs, projects, profile and about. They run
// for every save, PocketBase's admin UI at /_/ included: create/update hooks normalise
// and process new uploads (before validation), validate hooks check links, delete hooks
// remove what hangs off a deleted item.
func bindItemHooks(app core.App) {
	normalize := func(e *core.RecordEvent) error {
		switch e.Record.Collection().Name {
		case c.Blogs, c.Projects:
			bodyChanged := changed(e.Record, c.FieldDescription)
			normalizeItem(e.App, e.Record)
			if bodyChanged {
				if errs := storeBodyImages(e.App, e.Record); len(errs) > 0 {
					return mergeFieldErrors(e.App.Validate(e.Record), errs)
				}
			}
		case c.Profile:
			e.Record.Set(c.FieldHeading, strings.TrimSpace(e.Record.GetString(c.FieldHeading)))
			e.Record.Set(c.FieldBio, strings.TrimSpace(e.Record.GetString(c.FieldBio)))
			e.Record.Set(c.FieldSocialLinks, cleanAboutLinks(looseAboutLinks(e.Record, c.FieldSocialLinks)))
		case c.About:
			normalizeAbout(e.Record)
		}
		if errs := processMedia(e.Record); len(errs) > 0 {
			// Reported with the record's other field errors, as a failed validation is.
			return mergeFieldErrors(e.App.Validate(e.Record), errs)
		}
		return e.Next()
	}
	app.OnRecordCreate(c.Blogs, c.Projects, c.Profile, c.About).BindFunc(normalize)
	app.OnRecordUpdate(c.Blogs, c.Projects, c.Profile, c.About).BindFunc(normalize)

	app.OnRecordValidate(c.Blogs, c.Projects, c.Profile, c.About).BindFunc(func(e *core.RecordEvent) error {
		return mergeFieldErrors(e.Next(), linkErrors(e.Record), titleErrors(e.Record))
	})

	app.OnRecordDelete(c.Blogs, c.Projects).BindFunc(deleteItemTraces)
}

// titleErrors refuses an item title longer than 255 characters (API.md), /_/ included.
func titleErrors(rec *core.Record) validation.Errors {
	switch rec.Collection().Name {
	case c.Blogs, c.Projects:
		if utf8.RuneCountInString(rec.GetString(c.FieldTitle)) > c.MaxTitleLength {
			return validation.Errors{c.FieldTitle: newFieldError("validation_max_text_constraint",
				fmt.Sprintf("Title must be at most %d characters", c.MaxTitleLength))}
		}
	}
	return nil
}

// mergeFieldErrors adds PocketBase's own field errors (from e.Next()) to ours; ours win.
func mergeFieldErrors(next error, more ...validation.Errors) error {
	errs := validation.Errors{}
	for _, m := range more {
		for k, v := range m {
			if _, ok := errs[k]; !ok {
				errs[k] = v
			}
		}
	}
	if len(errs) == 0 {
		return next
	}
	if next != nil {
		var pbErrs validation.Errors
		if !errors.As(next, &pbErrs) {
			return next
		}
		for k, v := range pbErrs {
			if _, ok := errs[k]; !ok {
				errs[k] = v
			}
		}
	}
	return errs
}

// deleteItemTraces removes a deleted item's likes, counters, revisions and analytics events in the delete's
// transaction, so analytics never list a vanished item (we delete rather than orphan:
// counts of a deleted item have nothing left to link to).
func deleteItemTraces(e *core.RecordEvent) error {
	orig := e.App
	defer func() { e.App = orig }()
	return orig.RunInTransaction(func(tx core.App) error {
		e.App = tx
		if err := e.Next(); err != nil {
			return err
		}
		typ := c.ItemType(e.Record.Collection().Name)
		if _, err := tx.DB().Delete(c.Likes, dbx.HashExp{c.FieldItem: e.Record.Id}).Execute(); err != nil {
			return err
		}
		if _, err := tx.DB().Delete(c.ItemCounters, dbx.HashExp{c.FieldCounterItem: e.Record.Id, c.FieldType: typ}).Execute(); err != nil {
			return err
		}
		if _, err := tx.DB().NewQuery(deleteRevisionsSQL).Bind(dbx.Params{"item": e.Record.Id, "type": typ}).Execute(); err != nil {
			return err
		}
		if _, err := tx.DB().NewQuery(deleteItemEventsSQL).Bind(dbx.Params{"item": e.Record.Id, "type": typ}).Execute(); err != nil {
			return err
		}
		return deleteItemImages(tx, e.Record.Id)
	})
}

// deleteItemEventsSQL deletes an item's events in one pass over the table: events are in no
// index by item (migration 1763770400: such an index cost a quarter of every engagement
// write), and the unary + keeps SQLite from walking the type's whole index instead, which
// read every row of the type through it and took a quarter longer (1M events: 0.7 s).
const deleteItemEventsSQL = `DELETE FROM {{` + c.Events + `}} WHERE [[` + c.FieldItemID + `]] = {:item} AND +[[` + c.FieldType + `]] = {:type}`

// changed reports whether field differs from the last saved value (always true when new),
// so counter updates do not re-sanitise an untouched description.
func changed(rec *core.Record, field string) bool {
	return rec.IsNew() || rec.GetString(field) != rec.Original().GetString(field)
}

func normalizeItem(app core.App, rec *core.Record) {
	title := strings.TrimSpace(rec.GetString(c.FieldTitle))
	rec.Set(c.FieldTitle, title)
	rec.Set(c.FieldAuthor, strings.TrimSpace(rec.GetString(c.FieldAuthor)))
	rec.Set(c.FieldMediaAlt, strings.TrimSpace(rec.GetString(c.FieldMediaAlt)))
	if changed(rec, c.FieldDescription) {
		rec.Set(c.FieldDescription, richtext.Clean(rec.GetString(c.FieldDescription)))
	}
	rec.Set(c.FieldTags, richtext.Unique(looseList(rec, c.FieldTags)))
	rec.Set(c.FieldCategories, richtext.Unique(looseList(rec, c.FieldCategories)))
	day := now(app) // an unset date is today, on the app's clock
	if d := rec.GetDateTime(c.FieldDate); !d.IsZero() {
		day = d.Time()
	}
	rec.Set(c.FieldDate, calendarDay(day))
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

func normalizeAbout(rec *core.Record) {
	for _, f := range c.AboutRichFields {
		if changed(rec, f) {
			rec.Set(f, richtext.CleanAbout(rec.GetString(f)))
		}
	}
	rec.Set(c.FieldAttachLinks, cleanAboutLinks(looseAboutLinks(rec, c.FieldAttachLinks)))
}

// cleanAboutLinks trims entries, drops those with an empty title or url and normalises
// urls (a refused scheme stays as typed for validation to report).
func cleanAboutLinks(in []catalog.AboutLink) []catalog.AboutLink {
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

// calendarDay is t's UTC calendar day at midnight, as items store their date.
func calendarDay(t time.Time) types.DateTime {
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

// linkErrors reports stored links whose scheme is refused (normalisation kept them as typed).
func linkErrors(rec *core.Record) validation.Errors {
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
			errs[field] = newFieldError("validation_link_scheme",
				fmt.Sprintf("%q is not an allowed link: links must use http, https, mailto, tel or sms.", l))
			break
		}
	}
	return errs
}
