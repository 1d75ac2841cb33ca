package hooks

import (
	"strings"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"github.com/folio/folio/pages"
	"github.com/folio/folio/site"
)

// siteCSP lets the site run its own scripts only (no eval, and no inline script but the
// colour-scheme one and the speculation rules, allowed by their hashes). Styles are
// the site's own plus inline ones, which Mantine injects at run time (<style> elements with
// its CSS variables, style attributes). Images come from anywhere over http(s) or data:
// (rich text may embed them; the editor shows a pasted data: image until the save stores it),
// and from blob: (the dashboard's preview of a picked cover or About video before upload);
// frames only from the video hosts richtext.Sanitize keeps.
var siteCSP = "default-src 'self'; script-src 'self' " + pages.ThemeScriptCSP + " " + pages.SpeculationRulesCSP + "; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' http: https: data: blob:; media-src 'self' blob:; font-src 'self' data:; connect-src 'self'; " +
	"frame-src https://www.youtube.com https://www.youtube-nocookie.com https://player.vimeo.com; " +
	"object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'"

// securityHeaders sets the site's Content-Security-Policy on everything outside /api/ and
// /_/ (PocketBase's admin UI sets its own policy, which this must not override), and the
// referrer and nosniff policies on every answer. It is the one place these headers are set.
//
// The server's public pages go without PocketBase's Cross-Origin-Opener-Policy: same-origin,
// which the API, /_/ and the React app's routes (sign-in, the dashboard) keep. On a public
// page it bought nothing (the same cached page for every reader; framing is still refused by
// frame-ancestors and X-Frame-Options) and cost every arrival a browsing-context-group swap:
// 20-40 ms more on a phone's main thread, Lighthouse's Total Blocking Time 10-100 ms with it
// against 0-1 ms without, for the same bytes (see the README's "Speed").
func securityHeaders() *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id: "folioSecurityHeaders",
		Func: func(e *core.RequestEvent) error {
			h := e.Response.Header()
			h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
			h.Set("X-Content-Type-Options", "nosniff")
			p := e.Request.URL.Path
			if p != "/_" && !strings.HasPrefix(p, "/_/") && p != "/api" && !strings.HasPrefix(p, "/api/") {
				h.Set("Content-Security-Policy", siteCSP)
				if _, app := site.AppRoute(p); !app {
					h.Del("Cross-Origin-Opener-Policy")
				}
			}
			return e.Next()
		},
	}
}
