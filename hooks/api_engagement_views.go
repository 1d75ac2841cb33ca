package hooks

import (
	"net/http"

	"github.com/pocketbase/dbx"
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
			return e.JSON(http.StatusOK, map[string]int{"viewCount": count})
		}
		ev := newEngagementEvent(e, typ, id, c.ActionView)
		ev.Visitor = visitorHash(e.App, e.RealIP(), ua)
		var count int
		var counted bool
		err := e.App.RunInTransaction(func(txApp core.App) error {
			var err error
			if count, err = readCounter(txApp, typ, id, c.FieldViewCount); err != nil {
				return err
			}
			// Transactions run one at a time (PocketBase's single writer connection),
			// so this check and the insert below cannot interleave with a twin request.
			if seen, err := seenRecently(txApp, ev.Visitor, id); err != nil || seen {
				return err
			}
			if err := saveEngagementEvent(txApp, ev); err != nil {
				return err
			}
			count, err = bumpCounter(txApp, typ, id, c.FieldViewCount)
			counted = err == nil
			return err
		})
		if err != nil {
			return engagementError(e, typ, err)
		}
		if counted {
			invalidateCounters(e.App)
		}
		return e.JSON(http.StatusOK, map[string]int{"viewCount": count})
	}
}

// engagementViewWebsite counts a site visit, with the same visitor and bot rules as
// item views. The body's userId and ip are ignored.
func engagementViewWebsite(e *core.RequestEvent) error {
	ua := e.Request.UserAgent()
	if isBot(ua) {
		return e.NoContent(http.StatusNoContent)
	}
	ev := newEngagementEvent(e, c.TypeSite, "", c.ActionView)
	ev.Visitor = visitorHash(e.App, e.RealIP(), ua)
	err := e.App.RunInTransaction(func(txApp core.App) error {
		if seen, err := seenRecently(txApp, ev.Visitor, ""); err != nil || seen {
			return err
		}
		return saveEngagementEvent(txApp, ev)
	})
	if err != nil {
		return e.InternalServerError("", err)
	}
	return e.NoContent(http.StatusNoContent)
}

// seenRecently reports whether visitor viewed itemID ("" for the site) within viewWindow.
func seenRecently(app core.App, visitor, itemID string) (bool, error) {
	since := now(app).Add(-viewWindow).UTC()
	var ids []string
	err := app.DB().Select("id").From(c.Events).
		Where(dbx.HashExp{c.FieldVisitor: visitor, c.FieldItemID: itemID, c.FieldAction: c.ActionView}).
		AndWhere(dbx.NewExp("[[created]] >= {:since}", dbx.Params{"since": c.DBTime(since)})).
		Limit(1).Column(&ids)
	return len(ids) > 0, err
}
