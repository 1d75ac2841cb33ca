package pb_migrations

import (
	"slices"

	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// engagementRateLimits are the per-IP limits of the public write routes (API.md "Rate
// limits"): views, site views, likes and shares 60 a minute, comments 5 a minute. A label
// ending in "/" covers every id under it. Sign-in keeps PocketBase's default "*:auth".
var engagementRateLimits = []core.RateLimitRule{
	{Label: "POST /api/view-website", MaxRequests: 60, Duration: 60},
	{Label: "POST /api/view/", MaxRequests: 60, Duration: 60},
	{Label: "POST /api/view-project/", MaxRequests: 60, Duration: 60},
	{Label: "POST /api/like/", MaxRequests: 60, Duration: 60},
	{Label: "POST /api/like-project/", MaxRequests: 60, Duration: 60},
	{Label: "POST /api/share/", MaxRequests: 60, Duration: 60},
	{Label: "POST /api/share-project/", MaxRequests: 60, Duration: 60},
	{Label: "POST /api/comment/", MaxRequests: 5, Duration: 60},
	{Label: "POST /api/comment-project/", MaxRequests: 5, Duration: 60},
}

func isEngagementRule(r core.RateLimitRule) bool {
	return slices.ContainsFunc(engagementRateLimits, func(e core.RateLimitRule) bool {
		return e.Label == r.Label && e.Audience == r.Audience
	})
}

func init() {
	m.Register(func(app core.App) error {
		s := app.Settings()
		rules := slices.DeleteFunc(slices.Clone(s.RateLimits.Rules), isEngagementRule)
		s.RateLimits.Rules = append(append([]core.RateLimitRule{}, engagementRateLimits...), rules...)
		s.RateLimits.Enabled = true
		return app.Save(s)
	}, func(app core.App) error {
		s := app.Settings()
		s.RateLimits.Rules = slices.DeleteFunc(slices.Clone(s.RateLimits.Rules), isEngagementRule)
		return app.Save(s)
	})
}
