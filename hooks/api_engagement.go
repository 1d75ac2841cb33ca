package hooks

import (
	"database/sql"
	"errors"
	"net/http"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/router"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/geo"
)

// Rate-limit answers (the limits themselves are PocketBase rules set in a migration).
const (
	msgTooManyActions  = "Too many requests from your address: at most 60 a minute. Please try again in a minute."
	msgTooManyComments = "Too many comments from your address: at most 5 a minute. Please wait a minute before commenting again."
)

// anonymousUser is the events.userId of a caller without an account token.
const anonymousUser = "anonymous"

// errItemNotFound ends a transaction whose item does not exist (answered 404).
var errItemNotFound = errors.New("item not found")

// bindEngagementApi binds the public write routes: views, likes, shares and comments.
// Every action writes its events row and moves the item's counter in one transaction.
func bindEngagementApi(app core.App, rg *router.RouterGroup[*core.RequestEvent]) {
	actions := rateLimitMessage(msgTooManyActions)
	rg.POST("/view-website", engagementViewWebsite).Bind(actions)
	for _, typ := range []string{c.TypeBlog, c.TypeProject} {
		suffix := ""
		if typ == c.TypeProject {
			suffix = "-project"
		}
		rg.POST("/view"+suffix+"/{id}", engagementView(typ)).Bind(actions)
		rg.POST("/like"+suffix+"/{id}", engagementLike(typ)).Bind(actions, requireAccount())
		rg.POST("/share"+suffix+"/{id}", engagementShare(typ)).Bind(actions)
		rg.POST("/comment"+suffix+"/{id}", engagementComment(typ)).Bind(rateLimitMessage(msgTooManyComments))
	}
}

// rateLimitMessage runs just before PocketBase's rate limiter and replaces its bare
// "Too Many Requests." with a message a visitor can act on.
func rateLimitMessage(msg string) *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id:       "folioRateLimitMessage",
		Priority: apis.DefaultRateLimitMiddlewarePriority - 1,
		Func: func(e *core.RequestEvent) error {
			err := e.Next()
			var apiErr *router.ApiError
			if errors.As(err, &apiErr) && apiErr.Status == http.StatusTooManyRequests {
				return e.TooManyRequestsError(msg, nil)
			}
			return err
		},
	}
}

// engagementShare counts a share (the copy-link button).
func engagementShare(typ string) func(e *core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		id := e.Request.PathValue("id")
		count, err := countAction(e.App, newEngagementEvent(e, typ, id, c.ActionShare), c.FieldShareCount)
		if err != nil {
			return engagementError(e, typ, err)
		}
		return e.JSON(http.StatusOK, map[string]int{"shareCount": count})
	}
}

// countAction records ev and adds one to its item's counter field in one transaction,
// then drops the cached answers that show counters; it returns the new count.
func countAction(app core.App, ev engagementEvent, field string) (int, error) {
	var count int
	err := app.RunInTransaction(func(txApp core.App) error {
		var err error
		if count, err = bumpCounter(txApp, ev.Type, ev.ItemID, field); err != nil {
			return err
		}
		return saveEngagementEvent(txApp, ev)
	})
	if err != nil {
		return 0, err
	}
	invalidateCounters(app)
	return count, nil
}

// engagementEvent is one events row.
type engagementEvent struct {
	Type, ItemID, Action, UserID, Email, Content, Visitor string
	Location                                              geo.Location
}

// newEngagementEvent fills the fields every event shares. The user id comes from the
// token, never from the body.
func newEngagementEvent(e *core.RequestEvent, typ, itemID, action string) engagementEvent {
	userID := anonymousUser
	if acc := authAccount(e); acc != nil {
		userID = acc.Id
	}
	return engagementEvent{Type: typ, ItemID: itemID, Action: action, UserID: userID, Location: requestLocation(e)}
}

// saveEngagementEvent saves ev stamped with the app clock (so tests can place it in
// time). A record save, not raw SQL, so the dashboard's realtime subscribers to events
// hear about it once the transaction commits; the route has checked every field already.
func saveEngagementEvent(txApp core.App, ev engagementEvent) error {
	col, err := txApp.FindCachedCollectionByNameOrId(c.Events)
	if err != nil {
		return err
	}
	stamp := c.DBDate(now(txApp))
	rec := core.NewRecord(col)
	rec.Set(c.FieldType, ev.Type)
	rec.Set(c.FieldItemID, ev.ItemID)
	rec.Set(c.FieldAction, ev.Action)
	rec.Set(c.FieldUserID, ev.UserID)
	rec.Set(c.FieldEmail, ev.Email)
	rec.Set(c.FieldContent, ev.Content)
	rec.Set(c.FieldCity, ev.Location.City)
	rec.Set(c.FieldCountry, ev.Location.Country)
	rec.Set(c.FieldVisitor, ev.Visitor)
	rec.SetRaw("created", stamp)
	rec.SetRaw("updated", stamp)
	return txApp.SaveNoValidate(rec)
}

// bumpCounter adds one to an item's counter with SQL (no record hooks, no "updated"
// change) and returns the new value; errItemNotFound when the id is not of that type.
func bumpCounter(txApp core.App, typ, id, field string) (int, error) {
	var n int
	err := txApp.DB().NewQuery("UPDATE {{" + c.ItemCollection(typ) + "}} SET [[" + field + "]] = COALESCE([[" + field + "]], 0) + 1 WHERE [[id]] = {:id} RETURNING [[" + field + "]]").
		Bind(dbx.Params{"id": id}).Row(&n)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, errItemNotFound
	}
	return n, err
}

// readCounter returns an item's counter; errItemNotFound when the id is not of that type.
func readCounter(app core.App, typ, id, field string) (int, error) {
	var n int
	err := app.DB().NewQuery("SELECT COALESCE([[" + field + "]], 0) FROM {{" + c.ItemCollection(typ) + "}} WHERE [[id]] = {:id}").
		Bind(dbx.Params{"id": id}).Row(&n)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, errItemNotFound
	}
	return n, err
}

// engagementError maps a failed action to its answer: 404 for an unknown item.
func engagementError(e *core.RequestEvent, typ string, err error) error {
	if errors.Is(err, errItemNotFound) {
		if typ == c.TypeProject {
			return e.NotFoundError("Project not found.", nil)
		}
		return e.NotFoundError("Blog not found.", nil)
	}
	return e.InternalServerError("", err)
}
