package hooks

import (
	"time"

	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/clock"
)

// SetClock gives app its own clock (events, visitor salts, analytics ranges, sign-in
// locks, default item dates). Each test app has its own, so tests may run in parallel.
func SetClock(app core.App, now func() time.Time) { clock.Set(app, now) }

// DeleteItemEventsSQL deletes a deleted item's events.
const DeleteItemEventsSQL = deleteItemEventsSQL
