// Package hooks wires Folio's behaviour into a PocketBase app: record hooks that keep
// the data model's invariants and the custom HTTP routes of API.md, over the services
// Register builds (engagement's write side, the geo locator).
package hooks

import (
	"io/fs"
	"os"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"github.com/folio/folio/cache"
	"github.com/folio/folio/catalog"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/engagement"
	"github.com/folio/folio/records"
	"github.com/folio/folio/search"
	"github.com/folio/folio/settings"
)

// Register binds every Folio hook and route to app, in this order. public holds the built
// React app (index.html and assets/); tests may pass a small fstest.MapFS. It returns
// the engagement write service it built (tests drive and size it).
func Register(app core.App, public fs.FS) *engagement.Service {
	// The services, stopped when the app terminates: the engagement write side (writer,
	// statements, counters, views memory, token memo, visitor salt, like rule, WAL
	// checkpointer; it starts with the server, below) and the IP locator of events and
	// accounts (its optional .mmdb file).
	writes := engagement.New(app, engagement.Config{CountersChanged: invalidateCounters})
	places := newGeoLocator(app)
	// The served site, once it serves: a redirect's `from` must be no page of it.
	site := &siteProbe{}
	// Thumbs: made by Folio's encoder on first request (thumbsFirst) or, for a saved cover or
	// About image, right after the save (thumbWarmer), both through one thumbMaker.
	thumbMaker := &thumbMaker{}
	thumbs := newThumbWarmer(app, thumbMaker)
	thumbs.bind(c.FieldMedia, c.Blogs, c.Projects, c.About)
	thumbs.bind(c.FieldImage, c.Profile)
	app.OnTerminate().Bind(&hook.Handler[*core.TerminateEvent]{
		Id: "folioServicesStop",
		Func: func(e *core.TerminateEvent) error {
			writes.Stop()
			places.close()
			thumbs.stop()
			return e.Next()
		},
	})

	// Settings from the environment, once they are loaded.
	app.OnBootstrap().BindFunc(func(e *core.BootstrapEvent) error {
		if err := e.Next(); err != nil {
			return err
		}
		return settings.ApplyEnv(e.App, os.LookupEnv)
	})

	// Record hooks, one file per collection (record_<collection>.go), their rules in package
	// records: they hold for every save, /_/ and commands included.
	bindUserHooks(app, places)   // users: record_users.go
	bindSignInProtection(app)    // users' sign-ins: record_users_signin.go
	bindItemHooks(app)           // blogs and projects: record_blogs_projects.go
	bindProfileHooks(app)        // record_profile.go
	bindAboutHooks(app)          // record_about.go
	bindItemImageHooks(app)      // record_item_images.go
	bindRedirectHooks(app, site) // record_redirects.go
	// Cached answers expire by themselves when the next scheduled item goes out.
	cache.OnNextChange(app, catalog.NextPublishAt)
	bindLikeHooks(app, writes)  // record_likes.go: likes changed outside the like routes, the service's like rule
	bindEventHooks(app, writes) // record_events.go: events written outside the writer (rollups, views memory)

	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		se.Router.Bind(securityHeaders(), strictJSON(), siteRedirects())
		se.Router.BindFunc(thumbsFirst(thumbMaker))
		// Rows written around the hooks (raw SQL imports, older data) get their searchTitle.
		if err := records.BackfillSearchTitles(se.App); err != nil {
			se.App.Logger().Warn("searchTitle backfill failed", "error", err)
		}
		// The full-text index is built when empty or out of date (rows written around the hooks).
		if err := search.EnsureFresh(se.App); err != nil {
			se.App.Logger().Warn("search index rebuild failed", "error", err)
		}

		// Routes: each bind<Area>Api in api_<area>.go, each site route in site_*.go.
		api := se.Router.Group("/api")
		// Every /api/admin/* route but the account ones is for approved accounts only.
		api.Bind(adminGate())
		bindPublicApi(app, api)
		bindSearchApi(app, api)
		writes.Start()
		bindEngagementApi(writes, places, api)
		bindAccountsApi(app, api, places)
		bindAdminUsersApi(app, api)
		bindAdminItemsApi(app, api)
		bindAdminRevisionsApi(app, api)
		bindAdminSingletonsApi(app, api)
		bindAdminRedirectsApi(app, api)
		bindAdminMoveApi(app, api)
		bindAnalyticsApi(app, api)
		bindFeedRoutes(app, se.Router)
		bindShareCardRoutes(se.Router)
		bindManifestRoutes(se.Router)
		bindSiteRoutes(app, se.Router, public)
		// Cached answers leave in one write (cache/wire.go).
		opened, err := cache.Listen(se)
		if err != nil {
			return err
		}
		if err := se.Next(); err != nil {
			if opened != nil {
				opened.Close()
			}
			return err
		}
		// Repeated anonymous GETs of cached answers skip the router and its middleware chain
		// (cache/front.go); the server is not serving yet.
		if se.Server != nil {
			se.Server.Handler = cache.Front(se.App, se.Server.Handler)
			site.handler.Store(se.Server.Handler) // a redirect's `from` is tried against it
		}
		return nil
	})
	return writes
}
