package engagement_test

import (
	"testing"
	"time"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/engagement"
	"github.com/folio/folio/testutil"
)

// A token the check remembers is still held to its time claims: once it has expired the
// check no longer vouches for it (and PocketBase's own check, which then decides, refuses
// it: the route answers 401).
func TestEngagementAuthRemembersNoExpiredToken(t *testing.T) {
	app, svc := engineApp(t)
	ann := testutil.CreateUser(t, app, "ann@folio.test", c.StatusApproved, false)
	tok := testutil.Token(t, ann)
	for range 2 { // verified, then remembered
		if acc := accountOf(svc, tok); acc == nil || acc.Id != ann.Id {
			t.Fatalf("the check does not vouch for a valid token: %v", acc)
		}
	}
	engagement.SetTokenClock(svc, func() time.Time { return time.Now().AddDate(1, 0, 0) })
	if acc := accountOf(svc, tok); acc != nil {
		t.Errorf("a remembered token is vouched for after its expiry")
	}
}
