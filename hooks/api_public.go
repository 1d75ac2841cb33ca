package hooks

import (
	"database/sql"
	"errors"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"

	c "github.com/folio/folio/collections"
)

// bindPublicApi binds what a visitor's browser reads (API.md "Public routes"). Every answer
// goes through the content cache (cache.go): strong ETag, 304, CDN-friendly Cache-Control.
func bindPublicApi(app core.App, rg *router.RouterGroup[*core.RequestEvent]) {
	rg.GET("/profile", publicProfile)
	rg.GET("/about", publicAbout)
	rg.GET("/content", publicList("content", []string{c.TypeBlog, c.TypeProject}, true))
	rg.GET("/blogs", publicList("blogs", []string{c.TypeBlog}, false))
	rg.GET("/projects", publicList("projects", []string{c.TypeProject}, false))
	rg.GET("/blogs/{id}", publicItem(c.TypeBlog))
	rg.GET("/projects/{id}", publicItem(c.TypeProject))
	rg.GET("/categories", publicCategories)
	rg.GET("/categories/{name}", publicCategory)
	rg.GET("/tags", publicTags)
	rg.GET("/tags/{tag}", publicTag)
	rg.GET("/archives", publicArchives)
}

// publicProfile answers {heading, bio, image}, empty before the owner sets one.
func publicProfile(e *core.RequestEvent) error {
	return cachedJSON(e, keyProfile, func() (any, error) {
		rec, err := singleRecord(e.App, c.Profile)
		if err != nil {
			return nil, err
		}
		return profileJSON(rec), nil
	})
}

// publicAbout answers the About page, empty before it is set.
func publicAbout(e *core.RequestEvent) error {
	return cachedJSON(e, keyAbout, func() (any, error) {
		rec, err := singleRecord(e.App, c.About)
		if err != nil {
			return nil, err
		}
		return aboutJSON(rec), nil
	})
}

// singleRecord returns the oldest record of a one-record collection, or nil when there is none.
func singleRecord(app core.App, collection string) (*core.Record, error) {
	rec := &core.Record{}
	err := app.RecordQuery(collection).OrderBy("created ASC", "id ASC").Limit(1).One(rec)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return rec, nil
}
