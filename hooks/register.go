// Package hooks wires Folio's behaviour into a PocketBase app: record hooks that keep
// the data model's invariants and the custom HTTP routes of API.md.
package hooks

import (
	"io/fs"

	"github.com/pocketbase/pocketbase/core"
)

// Register binds every Folio hook and route to app. public holds the built React app
// (index.html and assets/); tests may pass a small fstest.MapFS.
func Register(app core.App, public fs.FS) {
	bindSettingsHooks(app)
	bindUserHooks(app)
	bindItemHooks(app)
	bindCacheHooks(app)
	bindLikeHooks(app)

	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		se.Router.Bind(securityHeaders(), strictJSON())
		api := se.Router.Group("/api")
		bindPublicApi(app, api)
		bindEngagementApi(app, api)
		bindAccountsApi(app, api)
		bindAdminUsersApi(app, api)
		bindAdminContentApi(app, api)
		bindAnalyticsApi(app, api)
		bindFeedRoutes(app, se.Router)
		bindSiteRoutes(app, se.Router, public)
		return se.Next()
	})
}
