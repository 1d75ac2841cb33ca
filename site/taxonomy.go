package site

import (
	"net/http"
	"net/url"
	"strconv"

	"github.com/folio/folio/catalog"
	"github.com/folio/folio/pages"
)

// Title limits of the compact rows (TRUNCATE in frontend/src/config/constants.ts).
const categoryRowTitle, subcategoryName, archiveRowTitle = 70, 30, 80

func rows(items []catalog.ItemSummary, limit int) []pages.Row {
	out := make([]pages.Row, len(items))
	for i, it := range items {
		out[i] = pages.Row{Type: it.Type, ID: it.ID, Title: it.Title, Date: it.Date, Max: limit}
	}
	return out
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// categoriesPage is the category index with the category (and sub-category) the query opens.
func (sc siteContext) categoriesPage(q url.Values) (renderedPage, error) {
	t, err := catalog.LoadTaxonomy(sc.app)
	if err != nil {
		return renderedPage{}, err
	}
	open, openSub := q.Get("category"), ""
	if open == "" {
		open, openSub = q.Get("main"), q.Get("sub")
	}
	canonical, name := "/categories", "Categories"
	var cats pages.Categories
	for _, ci := range t.Categories {
		note := plural(ci.Count, "item", "items")
		if n := len(ci.Subcategories); n > 0 {
			note = plural(n, "sub-category", "sub-categories") + " · " + note
		}
		row := pages.Category{Name: ci.Name, Href: pages.CategoryHref(ci.Name), Note: note}
		if ci.Name == open {
			row.Open, row.Href = true, "/categories"
			if err := sc.fillCategory(t, &row, ci, openSub); err != nil {
				return renderedPage{}, err
			}
			canonical, name = pages.CategoryHref(ci.Name), ci.Name
			for _, s := range row.Subs {
				if s.Open {
					canonical, name = pages.SubCategoryHref(ci.Name, s.Name), ci.Name+" / "+s.Name
				}
			}
		}
		cats.Items = append(cats.Items, row)
	}
	return renderedPage{status: http.StatusOK, head: sc.head(name, canonical), content: pages.CategoriesHTML(cats)}, nil
}

// fillCategory lists an open category's sub-categories (the open one with its items), or its items.
func (sc siteContext) fillCategory(t *catalog.Taxonomy, row *pages.Category, ci catalog.CategoryInfo, openSub string) error {
	items := t.ByCategory[ci.Name]
	sums, err := t.Summaries(sc.app, items)
	if err != nil {
		return err
	}
	all := catalog.Pick(sums, items)
	if len(ci.Subcategories) == 0 {
		row.Rows = rows(all, categoryRowTitle)
		return nil
	}
	for _, s := range ci.Subcategories {
		sub := pages.SubCategory{Name: s.Name, Shown: pages.Truncate(s.Name, subcategoryName),
			Href: pages.SubCategoryHref(ci.Name, s.Name), Note: plural(s.Count, "item", "items")}
		if s.Name == openSub {
			sub.Open, sub.Href = true, pages.CategoryHref(ci.Name)
			sub.Rows = rows(catalog.Pick(sums, t.BySub[ci.Name][s.Name]), categoryRowTitle)
		}
		row.Subs = append(row.Subs, sub)
	}
	// Items filed under the main category alone would otherwise not be listed anywhere.
	var direct []catalog.ItemSummary
	for _, it := range all {
		if len(it.Categories) == 1 {
			direct = append(direct, it)
		}
	}
	row.Direct = rows(direct, categoryRowTitle)
	return nil
}

// tagsPage is every tag as a toggle, with the selected tag's items.
func (sc siteContext) tagsPage(q url.Values) (renderedPage, error) {
	t, err := catalog.LoadTaxonomy(sc.app)
	if err != nil {
		return renderedPage{}, err
	}
	selected := q.Get("tag")
	tags := pages.Tags{Selected: selected}
	for _, tag := range t.Tags {
		toggle := pages.TagToggle{Name: tag.Name, Count: tag.Count, Href: pages.TagHref(tag.Name)}
		if tag.Name == selected {
			toggle.Pressed, toggle.Href = true, "/tags"
		}
		tags.Tags = append(tags.Tags, toggle)
	}
	h := sc.head("Tags", "/tags")
	if items := t.ByTag[selected]; selected != "" && len(items) > 0 {
		sums, err := t.Summaries(sc.app, items)
		if err != nil {
			return renderedPage{}, err
		}
		tags.Items = cards(catalog.Pick(sums, items))
		h = sc.head(selected, pages.TagHref(selected))
	}
	return renderedPage{status: http.StatusOK, head: h, content: pages.TagsHTML(tags)}, nil
}

// archivesPage links every item by year: from Home, every post is two links away.
func (sc siteContext) archivesPage() (renderedPage, error) {
	t, err := catalog.LoadTaxonomy(sc.app)
	if err != nil {
		return renderedPage{}, err
	}
	years := make([]pages.Year, len(t.Archives))
	for i, y := range t.Archives {
		years[i].Year = y.Year
		for _, it := range y.Items {
			years[i].Rows = append(years[i].Rows, pages.Row{Type: it.Type, ID: it.ID, Title: it.Title, Date: it.Date, Max: archiveRowTitle, Day: true})
		}
	}
	return renderedPage{status: http.StatusOK, head: sc.head("Archives", "/archives"), content: pages.ArchivesHTML(years)}, nil
}
