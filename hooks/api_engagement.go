package hooks

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/router"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/engagement"
)

// Rate-limit answers (the limits themselves are PocketBase rules set in a migration).
const (
	msgTooManyActions  = "Too many requests from your address: at most 60 a minute. Please try again in a minute."
	msgTooManyComments = "Too many comments from your address: at most 5 a minute. Please wait a minute before commenting again."
)

const (
	msgEngagementBusy    = "Too many requests right now. Please try again in a moment."
	engagementRetryAfter = "1" // seconds: a full queue drains within a few batches
)

// bindEngagementApi binds the public write routes: views, likes, shares and comments.
// Every action is an engagement.Op the service writes with the other writes of its batch,
// in one transaction.
func bindEngagementApi(svc *engagement.Service, places *geoLocator, rg *router.RouterGroup[*core.RequestEvent]) {
	actions := rateLimitMessage(msgTooManyActions)
	arrival, auth, likeAuth := engagementArrival(svc), engagementAuth(svc, false), engagementAuth(svc, true)
	// A successful engagement write is an events row already; PocketBase's activity log
	// keeps only its failures (the log's row per request cost ~8 % of a share's CPU).
	quiet := apis.SkipSuccessActivityLog()
	rg.POST("/view-website", engagementViewWebsite(svc, places)).Bind(arrival, auth, quiet, actions)
	for _, typ := range []string{c.TypeBlog, c.TypeProject} {
		suffix := ""
		if typ == c.TypeProject {
			suffix = "-project"
		}
		rg.POST("/view"+suffix+"/{id}", engagementView(svc, places, typ)).Bind(arrival, auth, quiet, actions)
		rg.POST("/like"+suffix+"/{id}", engagementLike(svc, places, typ)).Bind(arrival, likeAuth, quiet, actions, requireAccount())
		rg.POST("/share"+suffix+"/{id}", engagementShare(svc, places, typ)).Bind(arrival, auth, quiet, actions)
		rg.POST("/comment"+suffix+"/{id}", engagementComment(svc, places, typ)).Bind(arrival, auth, quiet, rateLimitMessage(msgTooManyComments))
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
func engagementShare(svc *engagement.Service, places *geoLocator, typ string) func(e *core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		op := &engagement.Op{Event: newEngagementEvent(e, places, typ, e.Request.PathValue("id"), c.ActionShare)}
		if err := submitEngagement(svc, e, op); err != nil {
			return err
		}
		return countAnswer(e, "shareCount", op.Count, nil)
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

// newEngagementEvent fills the fields every event shares. The user id comes from the
// token, never from the body.
func newEngagementEvent(e *core.RequestEvent, places *geoLocator, typ, itemID, action string) engagement.Event {
	userID := engagement.AnonymousUser
	if acc := authAccount(e); acc != nil {
		userID = acc.Id
	}
	return engagement.Event{Type: typ, ItemID: itemID, Action: action, UserID: userID, Location: places.requestLocation(e)}
}

// submitEngagement has svc write op and maps its errors to answers: a full queue 503 with
// Retry-After.
func submitEngagement(svc *engagement.Service, e *core.RequestEvent, op *engagement.Op) error {
	arrival, _ := e.Get(engagementArrivalKey).(*engagement.Arrival)
	err := svc.Submit(op, arrival)
	if errors.Is(err, engagement.ErrBusy) {
		e.Response.Header().Set("Retry-After", engagementRetryAfter)
		return e.Error(http.StatusServiceUnavailable, msgEngagementBusy, nil)
	}
	if err != nil {
		return engagementError(e, op.Event.Type, err)
	}
	return nil
}

// engagementError maps a failed action to its answer: 404 for an unknown item, 401 for
// a like's account gone.
func engagementError(e *core.RequestEvent, typ string, err error) error {
	if errors.Is(err, engagement.ErrAccountGone) {
		return e.UnauthorizedError(msgNoAuth, nil)
	}
	if errors.Is(err, engagement.ErrItemNotFound) {
		if typ == c.TypeProject {
			return e.NotFoundError("Project not found.", nil)
		}
		return e.NotFoundError("Blog not found.", nil)
	}
	return e.InternalServerError("", err)
}

const engagementArrivalKey = "folioEngagementArrival"

// engagementArrival is the first middleware of the engagement routes: it tells the
// writer a write is on its way while the request is checked and parsed.
func engagementArrival(svc *engagement.Service) *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id:       "folioEngagementArrival",
		Priority: -1000,
		Func: func(e *core.RequestEvent) error {
			a := svc.Arrive()
			if a == nil {
				return e.Next()
			}
			defer a.End()
			e.Set(engagementArrivalKey, a)
			return e.Next()
		},
	}
}

const accountProofKey = "folioAccountProof"

// engagementAuth runs just before PocketBase's loadAuthToken on the engagement routes: the
// service's memo of its check vouches for an account token more cheaply (Service.Account);
// what it does not vouch for is left to loadAuthToken. With inBatch (the like routes) the
// request may carry the tokenKey its batch must find on the account (accountProof).
func engagementAuth(svc *engagement.Service, inBatch bool) *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id:       "folioEngagementAuth",
		Priority: apis.DefaultLoadAuthTokenMiddlewarePriority - 1,
		Func: func(e *core.RequestEvent) error {
			if e.Auth == nil {
				if rec, proof := svc.Account(bearerToken(e), inBatch); rec != nil {
					e.Auth = rec
					if proof != "" {
						e.Set(accountProofKey, proof)
					}
				}
			}
			return e.Next()
		},
	}
}

// bearerToken is the request's Authorization token, as PocketBase reads it.
func bearerToken(e *core.RequestEvent) string {
	token := e.Request.Header.Get("Authorization")
	if len(token) > 7 && strings.EqualFold(token[:7], "Bearer ") {
		token = token[7:]
	}
	return token
}

// accountProof is the tokenKey the batch must find on the request's account ("": the
// account was read in the request).
func accountProof(e *core.RequestEvent) string {
	proof, _ := e.Get(accountProofKey).(string)
	return proof
}
