package hooks

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"

	c "github.com/folio/folio/collections"
)

// engagementView counts a view of an item, once per visitor per viewWindow; bots are
// answered with the current count and not counted.
func engagementView(typ string) func(e *core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		id := e.Request.PathValue("id")
		ua := e.Request.UserAgent()
		if isBot(ua) {
			count, err := readCounter(e.App, typ, id, c.FieldViewCount)
			if err != nil {
				return engagementError(e, typ, err)
			}
			return countAnswer(e, "viewCount", count, nil)
		}
		op := &engagementOp{ev: newEngagementEvent(e, typ, id, c.ActionView)}
		op.ev.Visitor = visitorHash(e.App, e.RealIP(), ua)
		op.ev.Source = readViewSource(e, ua)
		if err := submitEngagement(e, op); err != nil {
			return err
		}
		return countAnswer(e, "viewCount", op.count, nil)
	}
}

// engagementViewWebsite counts a site visit, with the same visitor and bot rules as
// item views. The body's userId and ip are ignored.
func engagementViewWebsite(e *core.RequestEvent) error {
	ua := e.Request.UserAgent()
	if isBot(ua) {
		return e.NoContent(http.StatusNoContent)
	}
	op := &engagementOp{ev: newEngagementEvent(e, c.TypeSite, "", c.ActionView)}
	op.ev.Visitor = visitorHash(e.App, e.RealIP(), ua)
	op.ev.Source = readViewSource(e, ua)
	if err := submitEngagement(e, op); err != nil {
		return err
	}
	return e.NoContent(http.StatusNoContent)
}
