package forms

import (
	"slices"
	"strings"
	"time"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/media"
	"github.com/folio/folio/records"
	"github.com/folio/folio/richtext"
)

// Field messages of the admin item forms (spec point 5).
const (
	msgTitleRequired  = "Title is required"
	msgAuthorRequired = "Author is required"
	msgDateInvalid    = "Date must be a day written YYYY-MM-DD"
	msgPublishAtBad   = "Publish time must be a date and time (RFC 3339)"
)

// ItemForm is a blog or project create/update submitted by the admin app. Fields it was
// not sent keep their stored value; removeMedia=true clears the media.
type ItemForm struct {
	app    core.App
	record *core.Record
	data   *Data
	date   types.DateTime
	// publishAt is the sent publish time (zero when sent empty).
	publishAt types.DateTime
}

func NewItemForm(app core.App, record *core.Record, data *Data) *ItemForm {
	return &ItemForm{app: app, record: record, data: data}
}

// required reports a field that must not be blank: always on create, when sent on update.
func (f *ItemForm) required(key string) bool {
	return f.record.IsNew() || f.data.has(key)
}

// Validate checks the form's own rules; record-level rules (link schemes, media type,
// image size) run in the record hooks on Submit. An oversized upload answers 413.
func (f *ItemForm) Validate() error {
	if m := f.data.Files[c.FieldMedia]; m != nil && m.Size > c.MaxImageBytes {
		return &TooLargeError{Field: c.FieldMedia, Message: media.TooLargeMessage(c.FieldMedia, c.MaxImageBytes)}
	}
	errs := validation.Errors{}
	if f.required(c.FieldTitle) && strings.TrimSpace(f.data.get(c.FieldTitle)) == "" {
		errs[c.FieldTitle] = records.NewFieldError("validation_required", msgTitleRequired)
	}
	if f.required(c.FieldAuthor) && strings.TrimSpace(f.data.get(c.FieldAuthor)) == "" {
		errs[c.FieldAuthor] = records.NewFieldError("validation_required", msgAuthorRequired)
	}
	if d := strings.TrimSpace(f.data.get(c.FieldDate)); d != "" {
		parsed, ok := parseDay(d)
		if !ok {
			errs[c.FieldDate] = records.NewFieldError("validation_invalid_date", msgDateInvalid)
		}
		f.date = parsed
	}
	if status := strings.TrimSpace(f.data.get(c.FieldStatus)); status != "" && !slices.Contains(c.ItemStatuses, status) {
		errs[c.FieldStatus] = records.NewFieldError("validation_invalid_status", records.MsgStatusUnknown)
	}
	if at := strings.TrimSpace(f.data.get(c.FieldPublishAt)); at != "" {
		t, err := time.Parse(time.RFC3339, at)
		if err != nil {
			errs[c.FieldPublishAt] = records.NewFieldError("validation_invalid_date", msgPublishAtBad)
		}
		f.publishAt, _ = types.ParseDateTime(t.UTC())
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// parseDay accepts YYYY-MM-DD or a full timestamp and keeps its UTC calendar day.
func parseDay(s string) (types.DateTime, bool) {
	if t, err := time.Parse(time.DateOnly, s); err == nil {
		d, _ := types.ParseDateTime(t)
		return d, true
	}
	d, err := types.ParseDateTime(s)
	if err != nil || d.IsZero() {
		return types.DateTime{}, false
	}
	return records.CalendarDay(d.Time()), true
}

// Submit copies the sent fields onto the record and saves it; the record hooks sanitise,
// normalise and process the media.
func (f *ItemForm) Submit() error {
	rec, data := f.record, f.data
	for _, key := range []string{c.FieldTitle, c.FieldAuthor, c.FieldDescription, c.FieldMediaAlt} {
		if data.has(key) {
			rec.Set(key, data.get(key))
		}
	}
	if !f.date.IsZero() {
		rec.Set(c.FieldDate, f.date)
	}
	if data.has(c.FieldStatus) {
		rec.Set(c.FieldStatus, strings.TrimSpace(data.get(c.FieldStatus)))
	}
	if data.has(c.FieldPublishAt) {
		rec.Set(c.FieldPublishAt, f.publishAt)
	}
	for _, key := range []string{c.FieldTags, c.FieldCategories} {
		if data.has(key) {
			rec.Set(key, richtext.SplitList(data.get(key)))
		}
	}
	if rec.Collection().Name == c.Projects {
		if data.has(c.FieldAttachLink) {
			rec.Set(c.FieldAttachLink, strings.TrimSpace(data.get(c.FieldAttachLink)))
		}
	} else if data.has(c.FieldAttachLinks) {
		rec.Set(c.FieldAttachLinks, richtext.SplitList(data.get(c.FieldAttachLinks)))
	}
	if m := data.Files[c.FieldMedia]; m != nil {
		rec.Set(c.FieldMedia, m)
	} else if data.flag("removeMedia") {
		rec.Set(c.FieldMedia, "")
	}
	return f.app.Save(rec)
}
