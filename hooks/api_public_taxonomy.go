package hooks

import (
	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/cache"
	"github.com/folio/folio/catalog"
)

// The taxonomy routes answer from catalog's aggregate index, built once per cache generation.

func publicCategories(e *core.RequestEvent) error {
	return cache.JSON(e, keyCategories, func() (any, error) {
		t, err := catalog.LoadTaxonomy(e.App)
		if err != nil {
			return nil, err
		}
		return t.Categories, nil
	})
}

func publicTags(e *core.RequestEvent) error {
	return cache.JSON(e, keyTags, func() (any, error) {
		t, err := catalog.LoadTaxonomy(e.App)
		if err != nil {
			return nil, err
		}
		return t.Tags, nil
	})
}

func publicArchives(e *core.RequestEvent) error {
	return cache.JSON(e, keyArchives, func() (any, error) {
		t, err := catalog.LoadTaxonomy(e.App)
		if err != nil {
			return nil, err
		}
		return t.Archives, nil
	})
}

// publicCategory answers a main category with its items and its sub-categories' items.
func publicCategory(e *core.RequestEvent) error {
	name := e.Request.PathValue("name")
	return cache.JSON(e, "categories/"+name, func() (any, error) {
		t, err := catalog.LoadTaxonomy(e.App)
		if err != nil {
			return nil, err
		}
		items := t.ByCategory[name]
		if len(items) == 0 {
			return nil, e.NotFoundError("Category not found.", nil)
		}
		sums, err := t.Summaries(e.App, items)
		if err != nil {
			return nil, err
		}
		out := catalog.CategoryDetail{ItemGroup: catalog.ItemGroup{Name: name, Count: len(items), Items: catalog.Pick(sums, items)}, Subcategories: []catalog.ItemGroup{}}
		for _, sc := range t.Category(name).Subcategories {
			sub := t.BySub[name][sc.Name]
			out.Subcategories = append(out.Subcategories, catalog.ItemGroup{Name: sc.Name, Count: len(sub), Items: catalog.Pick(sums, sub)})
		}
		return out, nil
	})
}

// publicTag answers a tag with its items.
func publicTag(e *core.RequestEvent) error {
	name := e.Request.PathValue("tag")
	return cache.JSON(e, "tags/"+name, func() (any, error) {
		t, err := catalog.LoadTaxonomy(e.App)
		if err != nil {
			return nil, err
		}
		items := t.ByTag[name]
		if len(items) == 0 {
			return nil, e.NotFoundError("Tag not found.", nil)
		}
		sums, err := t.Summaries(e.App, items)
		if err != nil {
			return nil, err
		}
		return catalog.ItemGroup{Name: name, Count: len(items), Items: catalog.Pick(sums, items)}, nil
	})
}
