package hooks

import (
	"slices"
	"strings"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	c "github.com/folio/folio/collections"
)

// Publishing messages (API.md "Publishing").
const (
	msgPublishAtFuture = "Publish time must be in the future"
	msgStatusUnknown   = "Status must be published, draft or scheduled"
)

// bindPublishingHooks keeps an item's status and publish time valid for every save (/_/
// included): no status means published, publishAt is kept only while scheduled, and a
// scheduled item's publish time, when it is set or changed, lies in the future.
func bindPublishingHooks(app core.App) {
	normalize := func(e *core.RecordEvent) error {
		rec := e.Record
		status := strings.TrimSpace(rec.GetString(c.FieldStatus))
		if status == "" {
			status = c.ItemPublished
		}
		rec.Set(c.FieldStatus, status)
		if status != c.ItemScheduled {
			rec.Set(c.FieldPublishAt, "")
		}
		return e.Next()
	}
	app.OnRecordCreate(c.Blogs, c.Projects).BindFunc(normalize)
	app.OnRecordUpdate(c.Blogs, c.Projects).BindFunc(normalize)
	app.OnRecordValidate(c.Blogs, c.Projects).BindFunc(func(e *core.RecordEvent) error {
		return mergeFieldErrors(e.Next(), publishingErrors(e.App, e.Record))
	})
}

// publishingErrors checks status and publishAt of rec.
func publishingErrors(app core.App, rec *core.Record) validation.Errors {
	errs := validation.Errors{}
	status := rec.GetString(c.FieldStatus)
	if status != "" && !slices.Contains(c.ItemStatuses, status) {
		errs[c.FieldStatus] = newFieldError("validation_invalid_status", msgStatusUnknown)
		return errs
	}
	if status != c.ItemScheduled {
		return errs
	}
	// An item scheduled earlier that went out keeps its past time through later edits.
	if !rec.IsNew() && !changed(rec, c.FieldStatus) && !changed(rec, c.FieldPublishAt) {
		return errs
	}
	if at := rec.GetDateTime(c.FieldPublishAt); at.IsZero() || !at.Time().After(now(app)) {
		errs[c.FieldPublishAt] = newFieldError("validation_publish_at_future", msgPublishAtFuture)
	}
	return errs
}
