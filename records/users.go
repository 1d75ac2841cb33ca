package records

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

// MsgLastSuperAdmin answers any change that would leave no approved super admin.
const MsgLastSuperAdmin = "The last approved super admin cannot be demoted or removed."

// errLastSuperAdmin is the field error the model hooks return, so /_/ shows it on status.
var errLastSuperAdmin = validation.Errors{
	c.FieldStatus: validation.NewError("validation_last_super_admin", MsgLastSuperAdmin),
}

// IsApprovedSuperAdmin tells whether rec is an approved super admin.
func IsApprovedSuperAdmin(rec *core.Record) bool {
	return rec != nil && rec.GetString(c.FieldStatus) == c.StatusApproved && rec.GetBool(c.FieldIsSuperAdmin)
}

// StoredApprovedSuperAdmin tells whether the saved row of id is an approved super admin.
func StoredApprovedSuperAdmin(app core.App, id string) bool {
	var n int
	_ = app.DB().Select("count(*)").From(c.Users).
		Where(dbx.HashExp{"id": id, c.FieldStatus: c.StatusApproved, c.FieldIsSuperAdmin: true}).Row(&n)
	return n > 0
}

// EnsureAnotherSuperAdmin fails unless an approved super admin other than id exists.
func EnsureAnotherSuperAdmin(app core.App, id string) error {
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

// IsLastSuperAdminErr tells the model hooks' guard apart from other save errors.
func IsLastSuperAdminErr(err error) bool {
	var ve validation.Errors
	if !errors.As(err, &ve) {
		return false
	}
	fe, ok := ve[c.FieldStatus].(validation.Error)
	return ok && fe.Code() == "validation_last_super_admin"
}

// RecordLocation reads an account's location field, tolerating empty or foreign JSON.
func RecordLocation(rec *core.Record) geo.Location {
	var loc geo.Location
	_ = rec.UnmarshalJSONField(c.FieldLocation, &loc)
	return loc
}

// DescribeUserAgent turns a User-Agent into short device and browser descriptions,
// e.g. "Mobile · Pixel 8 · Android 14" and "Chrome 120.0.0.0"; both "" for an empty one.
func DescribeUserAgent(ua string) (device, browser string) {
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
	return ClipRunes(strings.Join(parts, " · "), 255), ClipRunes(browser, 255)
}

// ClipRunes cuts s to at most n runes (the users text fields' limits).
func ClipRunes(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n])
}
