package records

import (
	"slices"
	"strings"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/clock"
	c "github.com/folio/folio/collections"
)

// Publishing messages (API.md "Publishing").
const (
	MsgPublishAtFuture = "Publish time must be in the future"
	MsgStatusUnknown   = "Status must be published, draft or scheduled"
)

// NormalizeStatus makes no status published and keeps publishAt only while scheduled.
func NormalizeStatus(rec *core.Record) {
	status := strings.TrimSpace(rec.GetString(c.FieldStatus))
	if status == "" {
		status = c.ItemPublished
	}
	rec.Set(c.FieldStatus, status)
	if status != c.ItemScheduled {
		rec.Set(c.FieldPublishAt, "")
	}
}

// PublishingErrors checks status and publishAt of rec: a scheduled item's publish time,
// when it is set or changed, lies in the future.
func PublishingErrors(app core.App, rec *core.Record) validation.Errors {
	errs := validation.Errors{}
	status := rec.GetString(c.FieldStatus)
	if status != "" && !slices.Contains(c.ItemStatuses, status) {
		errs[c.FieldStatus] = NewFieldError("validation_invalid_status", MsgStatusUnknown)
		return errs
	}
	if status != c.ItemScheduled {
		return errs
	}
	// An item scheduled earlier that went out keeps its past time through later edits.
	if !rec.IsNew() && !Changed(rec, c.FieldStatus) && !Changed(rec, c.FieldPublishAt) {
		return errs
	}
	if at := rec.GetDateTime(c.FieldPublishAt); at.IsZero() || !at.Time().After(clock.Now(app)) {
		errs[c.FieldPublishAt] = NewFieldError("validation_publish_at_future", MsgPublishAtFuture)
	}
	return errs
}
