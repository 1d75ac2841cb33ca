package hooks

import (
	"slices"
	"strings"

	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/cache"
	"github.com/folio/folio/catalog"
)

// bindContentChanged drops cached public answers whenever a record of cols changes,
// including saves from /_/ and commands (record hooks fire for every app.Save).
func bindContentChanged(app core.App, cols ...string) {
	drop := func(e *core.RecordEvent) error {
		invalidateContent(e.App)
		return e.Next()
	}
	app.OnRecordAfterCreateSuccess(cols...).BindFunc(drop)
	app.OnRecordAfterUpdateSuccess(cols...).BindFunc(drop)
	app.OnRecordAfterDeleteSuccess(cols...).BindFunc(drop)
}

// invalidateContent drops every cached public answer of app. Call it after any write
// that changes what a public GET shows and that bypasses record hooks (raw SQL counters).
func invalidateContent(app core.App) {
	cache.Invalidate(app)
}

// Cache keys of the answers that carry no engagement counter.
const (
	keyCategories = "categories"
	keyTags       = "tags"
	keyArchives   = "archives"
	keyProfile    = "profile"
	keyAbout      = "about"
)

// catalog.HiddenKey: which items are not public; each engagement write checks it, and with
// it dropped by every batch, requests read the items tables again after each commit
// (a seventh of a view's server CPU in cmd/benchwrites).
var counterFreeAnswers = []string{keyCategories, keyTags, keyArchives, keyProfile, keyAbout, catalog.HiddenKey}

// counterFreePrefix starts the keys of site files (feeds, sitemap) that show no counter.
const counterFreePrefix = "site:"

// invalidateCounters drops the cached answers that show like, share, view or comment
// counts (lists, details, category and tag items) after a raw SQL counter write, keeping
// the answers (category, tag and archive lists, profile, About) that counters never change.
func invalidateCounters(app core.App) {
	// The taxonomy value goes too: its rows carry counters; rebuilding it reads only the list index.
	cache.InvalidateExcept(app, func(key string) bool {
		return slices.Contains(counterFreeAnswers, key) || strings.HasPrefix(key, counterFreePrefix)
	})
}
