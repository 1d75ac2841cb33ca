package hooks

import (
	"database/sql"
	"errors"
	"net/http"
	"strconv"

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

// errAccountGone refuses a like whose account's tokenKey changed, or that was deleted,
// after the request vouched for its token (accountProof): answered 401 as requireAccount
// answers a token it does not accept.
var errAccountGone = errors.New("account token no longer valid")

// bindEngagementApi binds the public write routes: views, likes, shares and comments.
// Every action writes its events row and moves the item's counter in one transaction,
// shared with the other writes of its batch (engagement_batch.go).
func bindEngagementApi(app core.App, rg *router.RouterGroup[*core.RequestEvent]) {
	actions := rateLimitMessage(msgTooManyActions)
	arrival, auth, likeAuth := engagementArrival(), engagementAuth(false), engagementAuth(true)
	// A successful engagement write is an events row already; PocketBase's activity log
	// keeps only its failures (the log's row per request cost ~8 % of a share's CPU).
	quiet := apis.SkipSuccessActivityLog()
	rg.POST("/view-website", engagementViewWebsite).Bind(arrival, auth, quiet, actions)
	for _, typ := range []string{c.TypeBlog, c.TypeProject} {
		suffix := ""
		if typ == c.TypeProject {
			suffix = "-project"
		}
		rg.POST("/view"+suffix+"/{id}", engagementView(typ)).Bind(arrival, auth, quiet, actions)
		rg.POST("/like"+suffix+"/{id}", engagementLike(typ)).Bind(arrival, likeAuth, quiet, actions, requireAccount())
		rg.POST("/share"+suffix+"/{id}", engagementShare(typ)).Bind(arrival, auth, quiet, actions)
		rg.POST("/comment"+suffix+"/{id}", engagementComment(typ)).Bind(arrival, auth, quiet, rateLimitMessage(msgTooManyComments))
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
		op := &engagementOp{ev: newEngagementEvent(e, typ, e.Request.PathValue("id"), c.ActionShare)}
		if err := submitEngagement(e, op); err != nil {
			return err
		}
		return countAnswer(e, "shareCount", op.count, nil)
	}
}

// countAnswer answers {"liked":…,"<name>":n} (liked nil: {"<name>":n}) with the bytes
// e.JSON writes for the same map or struct, without its reflection (about 3 % of a view's
// server CPU). A request with a query string may ask for ?fields=, which e.JSON's picker
// answers: it takes e.JSON.
func countAnswer(e *core.RequestEvent, name string, n int, liked *bool) error {
	if e.Request.URL.RawQuery != "" {
		if liked != nil {
			return e.JSON(http.StatusOK, likeAnswer{Liked: *liked, LikeCount: n})
		}
		return e.JSON(http.StatusOK, map[string]int{name: n})
	}
	b := make([]byte, 0, 48)
	b = append(b, '{')
	if liked != nil {
		b = append(b, `"liked":`...)
		b = strconv.AppendBool(b, *liked)
		b = append(b, ',')
	}
	b = append(b, '"')
	b = append(b, name...)
	b = append(b, `":`...)
	b = strconv.AppendInt(b, int64(n), 10)
	b = append(b, '}')
	if e.Response.Header().Get("Content-Type") == "" {
		e.Response.Header().Set("Content-Type", "application/json")
	}
	e.Response.WriteHeader(http.StatusOK)
	_, err := e.Response.Write(b)
	return err
}

// engagementEvent is one events row.
type engagementEvent struct {
	Type, ItemID, Action, UserID, Email, Content, Visitor string
	Location                                              geo.Location
	Source                                                viewSource // views: where from, on what (engagement_source.go)
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

// readCounter returns an item's counter; errItemNotFound when the id is not of that type.
func readCounter(app core.App, typ, id, field string) (int, error) {
	if err := notHidden(app, typ, id); err != nil {
		return 0, err
	}
	var n int
	err := app.DB().NewQuery(readCounterSQL(typ, field, "{:id}")).Bind(dbx.Params{"id": id}).Row(&n)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, errItemNotFound
	}
	return n, err
}

// engagementError maps a failed action to its answer: 404 for an unknown item, 401 for
// a like's account gone.
func engagementError(e *core.RequestEvent, typ string, err error) error {
	if errors.Is(err, errAccountGone) {
		return e.UnauthorizedError(msgNoAuth, nil)
	}
	if errors.Is(err, errItemNotFound) {
		if typ == c.TypeProject {
			return e.NotFoundError("Project not found.", nil)
		}
		return e.NotFoundError("Blog not found.", nil)
	}
	return e.InternalServerError("", err)
}
