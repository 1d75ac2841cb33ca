package hooks

import (
	"net/http"
	"slices"
	"strings"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"
	"github.com/pocketbase/pocketbase/tools/types"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/geo"
	"github.com/folio/folio/records"
)

// adminUserAttempts is how many of an account's newest sign-in attempts the list shows.
const adminUserAttempts = 20

// bindAdminUsersApi binds the super admins' account management.
func bindAdminUsersApi(app core.App, rg *router.RouterGroup[*core.RequestEvent]) {
	users := rg.Group("/admin/admin-users").Bind(requireSuperAdmin())
	users.GET("", adminUsersList)
	users.PUT("/{id}", adminUsersUpdate)
}

// AdminUser is an entry of GET /api/admin/admin-users.
type AdminUser struct {
	ID            string             `json:"id"`
	Email         string             `json:"email"`
	Status        string             `json:"status"`
	IsSuperAdmin  bool               `json:"isSuperAdmin"`
	IPAddress     string             `json:"ipAddress"`
	Location      geo.Location       `json:"location"`
	DeviceInfo    string             `json:"deviceInfo"`
	BrowserInfo   string             `json:"browserInfo"`
	LoginAttempts []AdminUserAttempt `json:"loginAttempts"`
	BlockedUntil  *string            `json:"blockedUntil"`
	CreatedAt     string             `json:"createdAt"`
}

// AdminUserAttempt is one sign-in attempt of an AdminUser.
type AdminUserAttempt struct {
	Timestamp string `json:"timestamp"`
	Success   bool   `json:"success"`
}

func adminUsersList(e *core.RequestEvent) error {
	recs, err := e.App.FindRecordsByFilter(c.Users, "", "-created,id", 0, 0)
	if err != nil {
		return e.InternalServerError("", err)
	}
	attempts, err := newestAttempts(e.App, nil)
	if err != nil {
		return e.InternalServerError("", err)
	}
	out := make([]AdminUser, 0, len(recs))
	for _, rec := range recs {
		out = append(out, newAdminUser(e.App, rec, attempts[rec.Id]))
	}
	return e.JSON(http.StatusOK, out)
}

type statusBody struct {
	Status string `json:"status"`
}

func adminUsersUpdate(e *core.RequestEvent) error {
	caller := authAccount(e)
	target, err := e.App.FindRecordById(c.Users, e.Request.PathValue("id"))
	if err != nil {
		return e.NotFoundError("Account not found.", err)
	}
	if target.Id == caller.Id {
		return e.ForbiddenError("You cannot change the status of your own account.", nil)
	}
	var body statusBody
	if err := e.BindBody(&body); err != nil {
		return e.BadRequestError("Invalid request body.", err)
	}
	status := strings.TrimSpace(body.Status)
	if !slices.Contains(c.Statuses, status) {
		return e.BadRequestError("Invalid status.", validation.Errors{c.FieldStatus: validation.NewError(
			"validation_invalid_status", "Status must be one of "+strings.Join(c.Statuses, ", ")+".")})
	}
	if status == target.GetString(c.FieldStatus) {
		return e.BadRequestError("The account already has this status.", validation.Errors{c.FieldStatus: validation.NewError(
			"validation_same_status", "The account already has this status.")})
	}
	err = e.App.RunInTransaction(func(tx core.App) error {
		fresh, err := tx.FindRecordById(c.Users, target.Id)
		if err != nil {
			return err
		}
		fresh.Set(c.FieldStatus, status)
		if err := tx.Save(fresh); err != nil {
			return err
		}
		target = fresh
		return nil
	})
	if records.IsLastSuperAdminErr(err) {
		return e.ForbiddenError(records.MsgLastSuperAdmin, nil)
	}
	if err != nil {
		return e.BadRequestError("Failed to update the account.", err)
	}
	attempts, err := newestAttempts(e.App, &target.Id)
	if err != nil {
		return e.InternalServerError("", err)
	}
	return e.JSON(http.StatusOK, newAdminUser(e.App, target, attempts[target.Id]))
}

func newAdminUser(app core.App, rec *core.Record, attempts []AdminUserAttempt) AdminUser {
	if attempts == nil {
		attempts = []AdminUserAttempt{}
	}
	status := rec.GetString(c.FieldStatus)
	if status == "" {
		status = c.StatusPending
	}
	return AdminUser{
		ID:            rec.Id,
		Email:         rec.Email(),
		Status:        status,
		IsSuperAdmin:  rec.GetBool(c.FieldIsSuperAdmin),
		IPAddress:     rec.GetString(c.FieldIPAddress),
		Location:      records.RecordLocation(rec),
		DeviceInfo:    rec.GetString(c.FieldDeviceInfo),
		BrowserInfo:   rec.GetString(c.FieldBrowserInfo),
		LoginAttempts: attempts,
		BlockedUntil:  blockedUntilJSON(app, rec),
		CreatedAt:     c.RFC3339(rec.GetString("created")),
	}
}

// newestAttempts loads the adminUserAttempts newest sign-in attempts of every account
// (or of one), newest first, in one query.
func newestAttempts(app core.App, account *string) (map[string][]AdminUserAttempt, error) {
	var rows []struct {
		Account string         `db:"account"`
		Created types.DateTime `db:"created"`
		Success bool           `db:"success"`
	}
	where, params := "account != ''", dbx.Params{"n": adminUserAttempts}
	if account != nil {
		where, params["account"] = "account = {:account}", *account
	}
	err := app.DB().NewQuery(`SELECT account, created, success FROM (
		SELECT account, created, success,
			ROW_NUMBER() OVER (PARTITION BY account ORDER BY created DESC, id DESC) AS rn
		FROM ` + c.LoginAttempts + ` WHERE ` + where + `
	) WHERE rn <= {:n} ORDER BY account, rn`).Bind(params).All(&rows)
	if err != nil {
		return nil, err
	}
	out := map[string][]AdminUserAttempt{}
	for _, r := range rows {
		out[r.Account] = append(out[r.Account], AdminUserAttempt{Timestamp: c.RFC3339(r.Created.String()), Success: r.Success})
	}
	return out, nil
}
