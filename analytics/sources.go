package analytics

import (
	"sort"
	"time"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	c "github.com/folio/folio/collections"
)

// Sources limits (API.md): at most 20 rows a list; live visitors of the last 5 minutes.
const (
	sourcesLimit = 20
	LiveWindow   = 5 * time.Minute
)

type SourceCount struct {
	Source string `json:"source"`
	Views  int    `json:"views"`
}

type CampaignCount struct {
	Campaign string `json:"campaign"`
	Source   string `json:"source"`
	Medium   string `json:"medium"`
	Views    int    `json:"views"`
}

type DeviceCount struct {
	Device string `json:"device"`
	Views  int    `json:"views"`
}

type NameCount struct {
	Name  string `json:"name"`
	Views int    `json:"views"`
}

type PathCount struct {
	Path  string `json:"path"`
	Views int    `json:"views"`
}

type SourcesReport struct {
	Range     string          `json:"range"`
	Sources   []SourceCount   `json:"sources"`
	Campaigns []CampaignCount `json:"campaigns"`
	Devices   []DeviceCount   `json:"devices"`
	Browsers  []NameCount     `json:"browsers"`
	Systems   []NameCount     `json:"systems"`
	Pages     []PathCount     `json:"pages"`
}

// ParseSourcesType maps the sources' type parameter to the views it covers: all (every
// view, the site's pages included), blog, project or site.
func ParseSourcesType(raw string) ([]string, error) {
	switch raw {
	case "", "all":
		return []string{c.TypeBlog, c.TypeProject, c.TypeSite}, nil
	case c.TypeBlog, c.TypeProject, c.TypeSite:
		return []string{raw}, nil
	}
	return nil, validation.NewError("validation_invalid_type", "Must be all, blog, project or site.")
}

type keyCount struct {
	k [3]string
	n int
}

// top sums a dimension's rows over types by their keys, most viewed first (then by key),
// at most sourcesLimit; rename maps a stored key (false: leave the row out).
func (q Query) top(dim string, rename func(k [3]string) ([3]string, bool)) ([]keyCount, error) {
	rows, err := q.Sum(dim, false)
	if err != nil {
		return nil, err
	}
	sums := map[[3]string]int{}
	for _, r := range rows {
		k, ok := rename([3]string{r.K1, r.K2, r.K3})
		if ok {
			sums[k] += r.N
		}
	}
	out := make([]keyCount, 0, len(sums))
	for k, n := range sums {
		if n > 0 {
			out = append(out, keyCount{k, n})
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].n != out[j].n {
			return out[i].n > out[j].n
		}
		a, b := out[i].k, out[j].k
		if a[0] != b[0] {
			return a[0] < b[0]
		}
		if a[1] != b[1] {
			return a[1] < b[1]
		}
		return a[2] < b[2]
	})
	if len(out) > sourcesLimit {
		out = out[:sourcesLimit]
	}
	return out, nil
}

func nonEmpty(k [3]string) ([3]string, bool) { return k, k[0] != "" }

// SourcesReport is /api/admin/analytics/sources' answer.
func (q Query) SourcesReport() (SourcesReport, error) {
	out := SourcesReport{Range: q.Win.Name, Sources: []SourceCount{}, Campaigns: []CampaignCount{}, Devices: []DeviceCount{},
		Browsers: []NameCount{}, Systems: []NameCount{}, Pages: []PathCount{}}
	rows, err := q.top(DimSource, func(k [3]string) ([3]string, bool) {
		if k[0] == "" { // a view from before sources were kept
			k[0] = Direct
		}
		return k, true
	})
	if err != nil {
		return out, err
	}
	for _, r := range rows {
		out.Sources = append(out.Sources, SourceCount{r.k[0], r.n})
	}
	if rows, err = q.top(DimCampaign, nonEmpty); err != nil {
		return out, err
	}
	for _, r := range rows {
		out.Campaigns = append(out.Campaigns, CampaignCount{r.k[0], r.k[1], r.k[2], r.n})
	}
	if rows, err = q.top(DimDevice, nonEmpty); err != nil {
		return out, err
	}
	for _, r := range rows {
		out.Devices = append(out.Devices, DeviceCount{r.k[0], r.n})
	}
	for _, d := range []struct {
		dim  string
		list *[]NameCount
	}{{DimBrowser, &out.Browsers}, {DimOS, &out.Systems}} {
		if rows, err = q.top(d.dim, nonEmpty); err != nil {
			return out, err
		}
		for _, r := range rows {
			*d.list = append(*d.list, NameCount{r.k[0], r.n})
		}
	}
	if rows, err = q.top(DimPath, nonEmpty); err != nil {
		return out, err
	}
	for _, r := range rows {
		out.Pages = append(out.Pages, PathCount{r.k[0], r.n})
	}
	return out, nil
}

// LiveVisitors counts the distinct visitors with a view in the last LiveWindow
// (idx_events_type_action_created: a few minutes of views).
func LiveVisitors(app core.App, now time.Time) (int, error) {
	var n int
	err := app.DB().NewQuery(`SELECT count(DISTINCT "visitor") FROM "` + c.Events + `" WHERE "type" IN ('blog', 'project', 'site') ` +
		`AND "action" = 'view' AND "created" >= {:since}`).Bind(dbx.Params{"since": c.DBTime(now.Add(-LiveWindow))}).Row(&n)
	return n, err
}
