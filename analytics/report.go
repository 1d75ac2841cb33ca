package analytics

import (
	"sort"
	"time"

	"github.com/pocketbase/dbx"

	c "github.com/folio/folio/collections"
)

// The answers of /api/admin/analytics and /api/admin/website-analytics, read from the
// rollups (Sum); the Direct* functions in direct.go count the raw rows as Folio did
// before (the tests and cmd/benchanalytics compare both).

// ItemSeries counts views, shares, comments and standing likes per bucket.
func (q Query) ItemSeries() ([]Point, error) {
	rows, err := q.Sum(DimTotal, true)
	if err != nil {
		return nil, err
	}
	byKey := map[string]*Totals{}
	seen := make([]string, 0, len(rows))
	for _, r := range rows {
		t := byKey[r.Bucket]
		if t == nil {
			t = &Totals{}
			byKey[r.Bucket] = t
			seen = append(seen, r.Bucket)
		}
		t.add(r.Action, r.N)
	}
	return q.Win.points(seen, byKey), nil
}

// points is the window's series: every bucket key of the window (those seen included), each
// with its totals from byKey (zero when none).
func (w Window) points(seen []string, byKey map[string]*Totals) []Point {
	keys := w.keys(seen)
	out := make([]Point, len(keys))
	for i, k := range keys {
		out[i].Date = k
		if t := byKey[k]; t != nil {
			out[i].Totals = *t
		}
	}
	return out
}

func (t *Totals) add(action string, n int) {
	switch action {
	case c.ActionView:
		t.Views += n
	case c.ActionLike:
		t.Likes += n
	case c.ActionShare:
		t.Shares += n
	case c.ActionComment:
		t.Comments += n
	}
}

// SiteSeries counts counted site views per bucket.
func (q Query) SiteSeries() ([]SitePoint, error) {
	rows, err := q.Sum(DimTotal, true)
	if err != nil {
		return nil, err
	}
	counts := map[string]int{}
	seen := make([]string, 0, len(rows))
	for _, r := range rows {
		if r.Action == c.ActionView {
			counts[r.Bucket] += r.N
			seen = append(seen, r.Bucket)
		}
	}
	keys := q.Win.keys(seen)
	out := make([]SitePoint, len(keys))
	for i, k := range keys {
		out[i] = SitePoint{Date: k, Count: counts[k]}
	}
	return out, nil
}

// TopItems are the most viewed existing items of the range (those with a view, share or
// comment in it), with their other counts.
func (q Query) TopItems() ([]TopItem, error) {
	rows, err := q.Sum(DimItem, false)
	if err != nil {
		return nil, err
	}
	type ik struct{ typ, id string }
	byItem := map[ik]*TopItem{}
	for _, r := range rows {
		k := ik{r.Type, r.K1}
		it := byItem[k]
		if it == nil {
			it = &TopItem{ID: r.K1, Type: r.Type}
			byItem[k] = it
		}
		it.add(r.Action, r.N)
	}
	cands := make([]*TopItem, 0, len(byItem))
	for _, it := range byItem {
		if it.Views+it.Shares+it.Comments > 0 {
			cands = append(cands, it)
		}
	}
	sort.Slice(cands, func(i, j int) bool {
		a, b := cands[i], cands[j]
		if a.Views != b.Views {
			return a.Views > b.Views
		}
		if a.Shares+a.Comments != b.Shares+b.Comments {
			return a.Shares+a.Comments > b.Shares+b.Comments
		}
		return a.ID < b.ID
	})
	out := []TopItem{}
	// Titles for the best candidates, a page at a time (an item deleted since has none).
	for from := 0; from < len(cands) && len(out) < topItemsLimit; from += 4 * topItemsLimit {
		page := cands[from:min(from+4*topItemsLimit, len(cands))]
		titles, err := q.titles(page)
		if err != nil {
			return nil, err
		}
		for _, it := range page {
			title, ok := titles[it.Type+"/"+it.ID]
			if !ok {
				continue
			}
			it.Title = title
			out = append(out, *it)
			if len(out) == topItemsLimit {
				break
			}
		}
	}
	return out, nil
}

// titles reads the titles of items, by "type/id".
func (q Query) titles(items []*TopItem) (map[string]string, error) {
	out := map[string]string{}
	for _, typ := range []string{c.TypeBlog, c.TypeProject} {
		var ids []any
		for _, it := range items {
			if it.Type == typ {
				ids = append(ids, it.ID)
			}
		}
		if len(ids) == 0 {
			continue
		}
		params := dbx.Params{}
		var rows []struct {
			ID    string `db:"id"`
			Title string `db:"title"`
		}
		err := q.App.DB().NewQuery(`SELECT "id", "title" FROM "` + c.ItemCollection(typ) + `" WHERE ` + inList("id", ids, params)).
			Bind(params).All(&rows)
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			out[typ+"/"+r.ID] = r.Title
		}
	}
	return out, nil
}

func (it *TopItem) add(action string, n int) { it.Totals.add(action, n) }

// Locations counts the range's events per (country, city), most frequent first.
func (q Query) Locations() ([]Location, error) {
	rows, err := q.Sum(DimPlace, false)
	if err != nil {
		return nil, err
	}
	return topLocations(rows), nil
}

func topLocations(rows []Row) []Location {
	type place struct{ country, city string }
	counts := map[place]int{}
	for _, r := range rows {
		counts[place{r.K1, r.K2}] += r.N
	}
	out := make([]Location, 0, len(counts))
	for p, n := range counts {
		if n > 0 {
			out = append(out, Location{Country: p.country, City: p.city, Count: n})
		}
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Count != b.Count {
			return a.Count > b.Count
		}
		if a.Country != b.Country {
			return a.Country < b.Country
		}
		return a.City < b.City
	})
	if len(out) > locationsLimit {
		out = out[:locationsLimit]
	}
	return out
}

// ItemReport is /api/admin/analytics' answer for type typ.
func (q Query) ItemReport(typ string, now time.Time) (ItemReport, error) {
	return q.itemReport(typ, now, q.ItemSeries, q.TopItems, q.Locations)
}

// DirectItemReport is the same answer counted over the raw rows.
func (q Query) DirectItemReport(typ string, now time.Time) (ItemReport, error) {
	return q.itemReport(typ, now, q.DirectItemSeries, q.DirectTopItems, q.DirectLocations)
}

func (q Query) itemReport(typ string, now time.Time, series func() ([]Point, error), top func() ([]TopItem, error),
	places func() ([]Location, error)) (ItemReport, error) {
	out := ItemReport{Range: q.Win.Name, Type: typ}
	var err error
	if out.Series, err = series(); err != nil {
		return out, err
	}
	for _, p := range out.Series {
		out.Totals.Views += p.Views
		out.Totals.Likes += p.Likes
		out.Totals.Shares += p.Shares
		out.Totals.Comments += p.Comments
	}
	if out.TopItems, err = top(); err != nil {
		return out, err
	}
	if out.Locations, err = places(); err != nil {
		return out, err
	}
	if out.RecentComments, err = q.RecentComments(); err != nil {
		return out, err
	}
	out.RecentLoginAttempts, err = RecentLoginAttempts(q.App, now)
	return out, err
}

// SiteReport is /api/admin/website-analytics' answer (q's types: the site).
func (q Query) SiteReport() (SiteReport, error) {
	return q.siteReport(q.SiteSeries, q.Locations)
}

// DirectSiteReport is the same answer counted over the raw rows.
func (q Query) DirectSiteReport() (SiteReport, error) {
	return q.siteReport(q.DirectSiteSeries, q.DirectLocations)
}

func (q Query) siteReport(series func() ([]SitePoint, error), places func() ([]Location, error)) (SiteReport, error) {
	out := SiteReport{Range: q.Win.Name}
	var err error
	if out.Series, err = series(); err != nil {
		return out, err
	}
	for _, p := range out.Series {
		out.Total += p.Count
	}
	out.Locations, err = places()
	return out, err
}
