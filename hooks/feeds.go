package hooks

import (
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"
)

// bindFeedRoutes serves /rss.xml, /atom.xml, /feed.json, /sitemap.xml and /robots.txt.
// Placeholder until the feeds work lands.
func bindFeedRoutes(app core.App, r *router.Router[*core.RequestEvent]) {}
