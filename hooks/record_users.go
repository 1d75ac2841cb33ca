package hooks

import (
	"github.com/pocketbase/pocketbase/core"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/geo"
	"github.com/folio/folio/records"
)

// bindUserHooks keeps users' invariants for every save, /_/ included.
func bindUserHooks(app core.App, places *geoLocator) {
	// New accounts start pending and unlocated unless a status was set on purpose (commands, superusers).
	app.OnRecordCreate(c.Users).BindFunc(func(e *core.RecordEvent) error {
		if e.Record.GetString(c.FieldStatus) == "" {
			e.Record.Set(c.FieldStatus, c.StatusPending)
		}
		if raw := e.Record.GetString(c.FieldLocation); raw == "" || raw == "null" {
			e.Record.Set(c.FieldLocation, geo.Location{})
		}
		return e.Next()
	})

	// Registration through the API: whatever the body says, the server decides these fields.
	// A superuser (/_/ or API) may set them on purpose.
	app.OnRecordCreateRequest(c.Users).BindFunc(func(e *core.RecordRequestEvent) error {
		if e.HasSuperuserAuth() {
			return e.Next()
		}
		rec := e.Record
		rec.Set(c.FieldStatus, c.StatusPending)
		rec.Set(c.FieldIsSuperAdmin, false)
		rec.Set(c.FieldBlockedUntil, "")
		rec.Set(c.FieldIPAddress, e.RealIP())
		rec.Set(c.FieldLocation, places.requestLocation(e.RequestEvent))
		device, browser := records.DescribeUserAgent(e.Request.UserAgent())
		rec.Set(c.FieldDeviceInfo, device)
		rec.Set(c.FieldBrowserInfo, browser)
		return e.Next()
	})

	app.OnRecordUpdate(c.Users).BindFunc(func(e *core.RecordEvent) error {
		// The stored row, not Original(): a record saved from memory has a blank Original.
		if !records.IsApprovedSuperAdmin(e.Record) && records.StoredApprovedSuperAdmin(e.App, e.Record.Id) {
			if err := records.EnsureAnotherSuperAdmin(e.App, e.Record.Id); err != nil {
				return err
			}
		}
		return e.Next()
	})

	app.OnRecordDelete(c.Users).BindFunc(func(e *core.RecordEvent) error {
		if records.StoredApprovedSuperAdmin(e.App, e.Record.Id) {
			if err := records.EnsureAnotherSuperAdmin(e.App, e.Record.Id); err != nil {
				return err
			}
		}
		return e.Next()
	})

	// A removed account gets no token, whatever the auth method (password, refresh, OTP...).
	app.OnRecordAuthRequest(c.Users).BindFunc(func(e *core.RecordAuthRequestEvent) error {
		if e.Record.GetString(c.FieldStatus) == c.StatusRemoved {
			return e.ForbiddenError(msgRemoved, nil)
		}
		return e.Next()
	})
}
