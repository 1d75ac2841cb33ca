package catalog

import (
	"time"

	"github.com/pocketbase/pocketbase/core"

	c "github.com/folio/folio/collections"
)

// AdminItem is an item in the admin answers: ItemDetail plus its publishing state
// (API.md "Publishing"); PublishAt is null unless the item is scheduled.
type AdminItem struct {
	ItemDetail
	Status    string  `json:"status"`
	PublishAt *string `json:"publishAt"`
}

// NewAdminItem converts a record whose counters are filled; liked is the caller's like.
func NewAdminItem(rec *core.Record, liked bool) AdminItem {
	out := AdminItem{ItemDetail: NewItemDetail(rec, liked), Status: rec.GetString(c.FieldStatus)}
	if out.Status == "" {
		out.Status = c.ItemPublished
	}
	if at := rec.GetDateTime(c.FieldPublishAt); out.Status == c.ItemScheduled && !at.IsZero() {
		s := at.Time().UTC().Format(time.RFC3339)
		out.PublishAt = &s
	}
	return out
}
