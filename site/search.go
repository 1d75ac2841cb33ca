package site

import (
	"html/template"
	"net/http"
	"net/url"
	"strings"

	"github.com/folio/folio/catalog"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/pages"
	"github.com/folio/folio/search"
)

// searchPage is the full-text search's ranked results for q (search.Search, as /api/search
// answers them), with their snippets, paged like the lists.
func (sc siteContext) searchPage(q url.Values) (renderedPage, error) {
	query := strings.TrimSpace(q.Get("q"))
	page := pageParam(q)
	s := pages.Search{Q: query}
	h := sc.head("Search", "/search")
	h.NoIndex = true
	if query == "" {
		return renderedPage{status: http.StatusOK, head: h, content: pages.SearchHTML(s)}, nil
	}
	h = sc.head("Search: "+query, "/search?q="+url.QueryEscape(query))
	h.NoIndex = true
	list, err := search.Search(sc.app, search.Params{Q: query, List: catalog.ListParams{Page: page, PerPage: sitePageSize,
		Types: []string{c.TypeBlog, c.TypeProject}}})
	if err != nil {
		return renderedPage{}, err
	}
	s.Total = list.TotalItems
	for _, r := range list.Items {
		card := cards([]catalog.ItemSummary{r.ItemSummary})[0]
		// The snippet is escaped by search.MarkSnippet, its matches in <mark>.
		s.Items = append(s.Items, pages.SearchResult{Card: card, Snippet: template.HTML(r.Snippet)})
	}
	if list.TotalItems > sitePageSize {
		s.Pager = pages.NewPager(page, list.TotalPages, func(n int) string {
			return withPage("/search?q="+url.QueryEscape(query), n)
		})
	}
	return renderedPage{status: http.StatusOK, head: h, content: pages.SearchHTML(s)}, nil
}
