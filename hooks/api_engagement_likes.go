package hooks

import (
	"github.com/pocketbase/pocketbase/core"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/engagement"
)

// engagementLike toggles the caller's like. The account comes from the token; the
// likes collection's unique (item, account) index and the writer's one-at-a-time batches
// make double clicks and races toggle in arrival order, never double-count.
func engagementLike(svc *engagement.Service, places *geoLocator, typ string) func(e *core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		op := &engagement.Op{Event: newEngagementEvent(e, places, typ, e.Request.PathValue("id"), c.ActionLike), Proof: accountProof(e)}
		if err := submitEngagement(svc, e, op); err != nil {
			return err
		}
		return countAnswer(e, "likeCount", op.Count, &op.Liked)
	}
}

// likeAnswer is the answer of the like routes.
type likeAnswer struct {
	Liked     bool `json:"liked"`
	LikeCount int  `json:"likeCount"`
}
