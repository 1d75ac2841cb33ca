package hooks

import (
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"

	"github.com/folio/folio/cache"
	"github.com/folio/folio/catalog"
	c "github.com/folio/folio/collections"
)

// bindPublicApi binds what a visitor's browser reads (API.md "Public routes"). Every answer
// goes through the content cache (package cache): strong ETag, 304, CDN-friendly Cache-Control.
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
	return cache.JSON(e, keyProfile, func() (any, error) {
		rec, err := catalog.Singleton(e.App, c.Profile)
		if err != nil {
			return nil, err
		}
		return catalog.Profile(rec), nil
	})
}

// publicAbout answers the About page, empty before it is set.
func publicAbout(e *core.RequestEvent) error {
	return cache.JSON(e, keyAbout, func() (any, error) {
		rec, err := catalog.Singleton(e.App, c.About)
		if err != nil {
			return nil, err
		}
		return catalog.About(rec), nil
	})
}
