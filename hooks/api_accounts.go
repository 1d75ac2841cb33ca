package hooks

import (
	"net/http"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/geo"
	"github.com/folio/folio/records"
)

// msgApproved is check-approval's message for an approved account.
const msgApproved = "Access granted."

// bindAccountsApi binds the account routes any signed-in account reaches, whatever its status.
func bindAccountsApi(app core.App, rg *router.RouterGroup[*core.RequestEvent], places *geoLocator) {
	admin := rg.Group("/admin").Bind(requireAccount())
	admin.POST("/check-approval", accountsCheckApproval)
	admin.POST("/login-attempt", accountsRecordAttempt(places))
	admin.POST("/register-attempt", accountsRecordAttempt(places))
}

// approvalResponse is check-approval's body, for 200 and 403 alike.
type approvalResponse struct {
	Approved     bool   `json:"approved"`
	Message      string `json:"message"`
	IsSuperAdmin bool   `json:"isSuperAdmin"`
	Status       string `json:"status"`
}

func accountsCheckApproval(e *core.RequestEvent) error {
	acc := authAccount(e)
	status := acc.GetString(c.FieldStatus)
	if status == "" {
		status = c.StatusPending
	}
	if status != c.StatusApproved {
		return e.JSON(http.StatusForbidden, approvalResponse{Message: approvalMessage(status), Status: status})
	}
	return e.JSON(http.StatusOK, approvalResponse{
		Approved:     true,
		Message:      msgApproved,
		IsSuperAdmin: acc.GetBool(c.FieldIsSuperAdmin),
		Status:       status,
	})
}

// attemptBody is login-attempt's and register-attempt's body. Email and ip are accepted
// for the client's sake and ignored: they never select or change another account.
type attemptBody struct {
	Email     string `json:"email"`
	IP        string `json:"ip"`
	UserAgent string `json:"userAgent"`
}

// accountsRecordAttempt stores the caller's device, browser, IP and location.
func accountsRecordAttempt(places *geoLocator) func(e *core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		var body attemptBody
		if e.Request.ContentLength != 0 {
			if err := e.BindBody(&body); err != nil {
				return e.BadRequestError("Invalid request body.", err)
			}
		}
		ua := strings.TrimSpace(body.UserAgent)
		if ua == "" {
			ua = e.Request.UserAgent()
		}
		acc, err := e.App.FindRecordById(c.Users, authAccount(e).Id)
		if err != nil {
			return e.NotFoundError("", err)
		}
		device, browser := records.DescribeUserAgent(ua)
		acc.Set(c.FieldDeviceInfo, device)
		acc.Set(c.FieldBrowserInfo, browser)
		acc.Set(c.FieldIPAddress, records.ClipRunes(e.RealIP(), 64))
		if loc := places.requestLocation(e); loc != (geo.Location{}) {
			acc.Set(c.FieldLocation, loc)
		}
		if err := e.App.Save(acc); err != nil {
			return e.BadRequestError("Failed to record the attempt.", err)
		}
		return e.JSON(http.StatusOK, map[string]any{"blockedUntil": blockedUntilJSON(e.App, acc)})
	}
}

// blockedUntilJSON is an account's lock end as RFC 3339, or nil when unset or over.
func blockedUntilJSON(app core.App, acc *core.Record) *string {
	until := lockedUntil(acc, now(app))
	if until.IsZero() {
		return nil
	}
	s := until.Format(time.RFC3339)
	return &s
}
