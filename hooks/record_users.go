package hooks

import (
	"errors"
	"strings"

	"github.com/mssola/useragent"
	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/geo"
)

// msgLastSuperAdmin answers any change that would leave no approved super admin.
const msgLastSuperAdmin = "The last approved super admin cannot be demoted or removed."

// errLastSuperAdmin is the field error the model hooks return, so /_/ shows it on status.
var errLastSuperAdmin = validation.Errors{
	c.FieldStatus: validation.NewError("validation_last_super_admin", msgLastSuperAdmin),
}

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
		device, browser := describeUserAgent(e.Request.UserAgent())
		rec.Set(c.FieldDeviceInfo, device)
		rec.Set(c.FieldBrowserInfo, browser)
		return e.Next()
	})

	app.OnRecordUpdate(c.Users).BindFunc(func(e *core.RecordEvent) error {
		// The stored row, not Original(): a record saved from memory has a blank Original.
		if !isApprovedSuperAdmin(e.Record) && storedApprovedSuperAdmin(e.App, e.Record.Id) {
			if err := ensureAnotherSuperAdmin(e.App, e.Record.Id); err != nil {
				return err
			}
		}
		return e.Next()
	})

	app.OnRecordDelete(c.Users).BindFunc(func(e *core.RecordEvent) error {
		if storedApprovedSuperAdmin(e.App, e.Record.Id) {
			if err := ensureAnotherSuperAdmin(e.App, e.Record.Id); err != nil {
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

func isApprovedSuperAdmin(rec *core.Record) bool {
	return rec != nil && rec.GetString(c.FieldStatus) == c.StatusApproved && rec.GetBool(c.FieldIsSuperAdmin)
}

// storedApprovedSuperAdmin tells whether the saved row of id is an approved super admin.
func storedApprovedSuperAdmin(app core.App, id string) bool {
	var n int
	_ = app.DB().Select("count(*)").From(c.Users).
		Where(dbx.HashExp{"id": id, c.FieldStatus: c.StatusApproved, c.FieldIsSuperAdmin: true}).Row(&n)
	return n > 0
}

// ensureAnotherSuperAdmin fails unless an approved super admin other than id exists.
func ensureAnotherSuperAdmin(app core.App, id string) error {
	var n int
	err := app.DB().Select("count(*)").From(c.Users).
		Where(dbx.HashExp{c.FieldStatus: c.StatusApproved, c.FieldIsSuperAdmin: true}).
		AndWhere(dbx.Not(dbx.HashExp{"id": id})).Row(&n)
	if err != nil {
		return err
	}
	if n == 0 {
		return errLastSuperAdmin
	}
	return nil
}

// isLastSuperAdminErr tells the model hooks' guard apart from other save errors.
func isLastSuperAdminErr(err error) bool {
	var ve validation.Errors
	if !errors.As(err, &ve) {
		return false
	}
	fe, ok := ve[c.FieldStatus].(validation.Error)
	return ok && fe.Code() == "validation_last_super_admin"
}

// recordLocation reads an account's location field, tolerating empty or foreign JSON.
func recordLocation(rec *core.Record) geo.Location {
	var loc geo.Location
	_ = rec.UnmarshalJSONField(c.FieldLocation, &loc)
	return loc
}

// describeUserAgent turns a User-Agent into short device and browser descriptions,
// e.g. "Mobile · Pixel 8 · Android 14" and "Chrome 120.0.0.0"; both "" for an empty one.
func describeUserAgent(ua string) (device, browser string) {
	ua = strings.TrimSpace(ua)
	if ua == "" {
		return "", ""
	}
	p := useragent.New(ua)
	osInfo := p.OSInfo()
	parts := []string{"Desktop"}
	switch {
	case p.Bot():
		parts[0] = "Bot"
	case p.Mobile():
		parts[0] = "Mobile"
	case osInfo.Name == "":
		parts[0] = "Other"
	}
	if m := p.Model(); m != "" {
		parts = append(parts, m)
	}
	if name := strings.TrimSpace(osInfo.Name + " " + osInfo.Version); name != "" {
		parts = append(parts, name)
	}
	name, version := p.Browser()
	browser = strings.TrimSpace(name + " " + version)
	if browser == "" {
		browser = "Unknown"
	}
	return clipRunes(strings.Join(parts, " · "), 255), clipRunes(browser, 255)
}

// clip cuts s to at most n runes (the users text fields' limits).
func clipRunes(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n])
}
