package hooks

import (
	"strings"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	c "github.com/folio/folio/collections"
)

// Approval messages (API.md "Accounts").
const (
	msgPending  = "Access denied. Awaiting super admin approval."
	msgRejected = "Access denied. Your admin request was rejected."
	msgRemoved  = "Access denied. This account has been removed."
	msgNoAuth   = "The request requires a signed-in account."
)

// approvalMessage is the message for a status that does not grant admin access.
func approvalMessage(status string) string {
	switch status {
	case c.StatusRejected:
		return msgRejected
	case c.StatusRemoved:
		return msgRemoved
	default:
		return msgPending
	}
}

// authAccount returns the caller's users record, or nil for guests and superusers.
// PocketBase loads e.Auth from the database on every request, so status is current.
func authAccount(e *core.RequestEvent) *core.Record {
	if e.Auth == nil || e.Auth.Collection().Name != c.Users {
		return nil
	}
	return e.Auth
}

// requireAccount lets through any signed-in users account, whatever its status.
func requireAccount() *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id: "folioRequireAccount",
		Func: func(e *core.RequestEvent) error {
			if authAccount(e) == nil {
				return e.UnauthorizedError(msgNoAuth, nil)
			}
			return e.Next()
		},
	}
}

// approvedAccount returns the caller's account when it is approved, else the API error
// every admin route answers: 401 without an account, 403 with the approval message.
func approvedAccount(e *core.RequestEvent) (*core.Record, error) {
	acc := authAccount(e)
	if acc == nil {
		return nil, e.UnauthorizedError(msgNoAuth, nil)
	}
	if status := acc.GetString(c.FieldStatus); status != c.StatusApproved {
		return nil, e.ForbiddenError(approvalMessage(status), nil)
	}
	return acc, nil
}

// requireApproved guards every /api/admin/* route: a users token of an approved account.
func requireApproved() *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id: "folioRequireApproved",
		Func: func(e *core.RequestEvent) error {
			if _, err := approvedAccount(e); err != nil {
				return err
			}
			return e.Next()
		},
	}
}

// requireSuperAdmin guards the admin-users routes: an approved super admin.
func requireSuperAdmin() *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id: "folioRequireSuperAdmin",
		Func: func(e *core.RequestEvent) error {
			acc, err := approvedAccount(e)
			if err != nil {
				return err
			}
			if !acc.GetBool(c.FieldIsSuperAdmin) {
				return e.ForbiddenError("Only a super admin may manage admin accounts.", nil)
			}
			return e.Next()
		},
	}
}

// adminOpenPaths are the /api/admin/* routes any signed-in account reaches, whatever its status.
var adminOpenPaths = map[string]bool{
	"/api/admin/check-approval":   true,
	"/api/admin/login-attempt":    true,
	"/api/admin/register-attempt": true,
}

// adminGate makes requireApproved's decision for every /api/admin/* route of the group it
// is bound to, so an admin route cannot be reached by forgetting its own guard.
func adminGate() *hook.Handler[*core.RequestEvent] {
	approved := requireApproved()
	return &hook.Handler[*core.RequestEvent]{
		Id:       "folioAdminGate",
		Priority: -100,
		Func: func(e *core.RequestEvent) error {
			path := strings.TrimRight(e.Request.URL.Path, "/")
			if !strings.HasPrefix(path, "/api/admin/") || adminOpenPaths[path] {
				return e.Next()
			}
			return approved.Func(e)
		},
	}
}
