package hooks

import (
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/url"

	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/analytics"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/engagement"
)

// engagementView counts a view of an item, once per visitor per engagement.ViewWindow;
// bots are answered with the current count and not counted.
func engagementView(svc *engagement.Service, places *geoLocator, typ string) func(e *core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		id := e.Request.PathValue("id")
		ua := e.Request.UserAgent()
		if engagement.IsBot(ua) {
			count, err := svc.Count(typ, id, c.FieldViewCount)
			if err != nil {
				return engagementError(e, typ, err)
			}
			return countAnswer(e, "viewCount", count, nil)
		}
		op := &engagement.Op{Event: newEngagementEvent(e, places, typ, id, c.ActionView)}
		op.Event.Visitor = svc.VisitorHash(e.RealIP(), ua)
		op.Event.Source = readViewSource(e, ua)
		if err := submitEngagement(svc, e, op); err != nil {
			return err
		}
		return countAnswer(e, "viewCount", op.Count, nil)
	}
}

// engagementViewWebsite counts a site visit, with the same visitor and bot rules as
// item views. The body's userId and ip are ignored.
func engagementViewWebsite(svc *engagement.Service, places *geoLocator) func(e *core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		ua := e.Request.UserAgent()
		if engagement.IsBot(ua) {
			return e.NoContent(http.StatusNoContent)
		}
		op := &engagement.Op{Event: newEngagementEvent(e, places, c.TypeSite, "", c.ActionView)}
		op.Event.Visitor = svc.VisitorHash(e.RealIP(), ua)
		op.Event.Source = readViewSource(e, ua)
		if err := submitEngagement(svc, e, op); err != nil {
			return err
		}
		return e.NoContent(http.StatusNoContent)
	}
}

// A view beacon's body `{referrer?, path?}` (API.md): read leniently, for a view counts
// whatever its body holds; a body that is not that JSON names no source.
const maxBeaconBody = 8 << 10

// readViewSource reads the beacon's body and User-Agent into the view's source.
func readViewSource(e *core.RequestEvent, ua string) analytics.Source {
	var body struct {
		Referrer any `json:"referrer"`
		Path     any `json:"path"`
	}
	if e.Request.Body != nil {
		raw, _ := io.ReadAll(io.LimitReader(e.Request.Body, maxBeaconBody))
		_ = json.Unmarshal(raw, &body)
	}
	ref, _ := body.Referrer.(string)
	path, _ := body.Path.(string)
	return analytics.ParseSource(ref, path, ua, ownHosts(e))
}

// ownHosts are the site's own host names: the request's, and the application URL's.
func ownHosts(e *core.RequestEvent) []string {
	hosts := []string{hostOnly(e.Request.Host)}
	if u, err := url.Parse(e.App.Settings().Meta.AppURL); err == nil && u.Hostname() != "" {
		hosts = append(hosts, u.Hostname())
	}
	return hosts
}

func hostOnly(hostport string) string {
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		return h
	}
	return hostport
}
