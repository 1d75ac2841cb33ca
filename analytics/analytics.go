// Package analytics computes the owner's numbers: time windows with their buckets and the
// aggregate SQL over events, likes and sign-in attempts. It knows no routes.
package analytics

import (
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	c "github.com/folio/folio/collections"
)

// Analytics limits (API.md "Admin routes").
const (
	topItemsLimit       = 10
	recentCommentsLimit = 20
	locationsLimit      = 100
	loginAttemptsWindow = 5 * time.Minute
)

// Window is a range's start (zero for all), its bucket unit and the end of the
// bucket holding now (so series and totals cover exactly the same rows).
type Window struct {
	Name  string
	start time.Time
	unit  string // "hour", "day" or "month"
	now   time.Time
	end   time.Time
}

// Bucket keys as API.md writes them, in SQLite strftime and Go layouts.
var bucketFormats = map[string][2]string{
	"hour":  {"%Y-%m-%dT%H:00:00Z", "2006-01-02T15:00:00Z"},
	"day":   {"%Y-%m-%d", time.DateOnly},
	"month": {"%Y-%m", "2006-01"},
}

func ParseWindow(raw string, now time.Time) (Window, error) {
	now = now.UTC()
	w := Window{Name: raw, now: now}
	switch raw {
	case "day":
		w.start, w.unit = now.Add(-24*time.Hour), "hour"
	case "", "week":
		w.Name, w.start, w.unit = "week", now.AddDate(0, 0, -7), "day"
	case "month":
		w.start, w.unit = now.AddDate(0, 0, -30), "day"
	case "year":
		w.start, w.unit = now.AddDate(0, 0, -365), "month"
	case "all":
		w.unit = "month"
	default:
		return w, validation.NewError("validation_invalid_range", "Must be day, week, month, year or all.")
	}
	w.end = w.next(w.truncate(now))
	return w, nil
}

func (w Window) truncate(t time.Time) time.Time {
	t = t.UTC()
	switch w.unit {
	case "hour":
		return t.Truncate(time.Hour)
	case "day":
		return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
	}
	return time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC)
}

func (w Window) next(t time.Time) time.Time {
	switch w.unit {
	case "hour":
		return t.Add(time.Hour)
	case "day":
		return t.AddDate(0, 0, 1)
	}
	return t.AddDate(0, 1, 0)
}

// keys lists every bucket from the window's start (or, for all, the earliest bucket
// seen in data) to now, so charts are continuous.
func (w Window) keys(seen []string) []string {
	layout := bucketFormats[w.unit][1]
	from := w.start
	if from.IsZero() {
		from = w.now
		for _, k := range seen {
			if t, err := time.Parse(layout, k); err == nil && t.Before(from) {
				from = t
			}
		}
	}
	var out []string
	for t := w.truncate(from); t.Before(w.end); t = w.next(t) {
		out = append(out, t.Format(layout))
	}
	return out
}

// Query runs one answer's aggregates for some events types.
type Query struct {
	App   core.App
	Win   Window
	Types []string
}

// filter is the WHERE shared by every aggregate: types, then the time range.
// Column names get the prefix p ("" or "e.").
func (q Query) filter(p string, params dbx.Params) string {
	names := make([]string, len(q.Types))
	for i, t := range q.Types {
		key := "t" + strconv.Itoa(i)
		params[key] = t
		names[i] = "{:" + key + "}"
	}
	params["start"] = ""
	if !q.Win.start.IsZero() {
		params["start"] = c.DBTime(q.Win.start)
	}
	params["end"] = c.DBTime(q.Win.end)
	return p + "[[type]] IN (" + strings.Join(names, ", ") + ") AND " +
		p + "[[created]] >= {:start} AND " + p + "[[created]] < {:end}"
}

// everyAction is "action IN (every action an event can have)": it selects nothing, but
// with it a query over all actions searches idx_events_type_action_created by time (events
// has no index on the time alone: one more B-tree for every engagement write).
func (q Query) everyAction(params dbx.Params) string {
	actions := []string{c.ActionView, c.ActionLike, c.ActionShare, c.ActionComment}
	if col, err := q.App.FindCachedCollectionByNameOrId(c.Events); err == nil {
		if f, ok := col.Fields.GetByName(c.FieldAction).(*core.SelectField); ok && len(f.Values) > 0 {
			actions = f.Values // with any value added in /_/
		}
	}
	names := make([]string, len(actions))
	for i, a := range actions {
		key := "a" + strconv.Itoa(i)
		params[key] = a
		names[i] = "{:" + key + "}"
	}
	return "[[action]] IN (" + strings.Join(names, ", ") + ")"
}

type bucketRow struct {
	Bucket string `db:"bucket"`
	Action string `db:"action"`
	N      int    `db:"n"`
}

func (q Query) bucketExpr() string {
	return "strftime('" + bucketFormats[q.Win.unit][0] + "', [[created]])"
}

// DirectItemSeries counts views, shares and comments from events and standing likes from
// likes, per bucket.
func (q Query) DirectItemSeries() ([]Point, error) {
	params := dbx.Params{}
	where := q.filter("", params)
	var rows []bucketRow
	err := q.App.DB().NewQuery("SELECT " + q.bucketExpr() + " AS bucket, [[action]] AS action, count(*) AS n FROM {{" + c.Events + "}} " +
		"WHERE " + where + " AND [[action]] IN ('view', 'share', 'comment') GROUP BY bucket, action").Bind(params).All(&rows)
	if err != nil {
		return nil, err
	}
	var likes []bucketRow
	err = q.App.DB().NewQuery("SELECT " + q.bucketExpr() + " AS bucket, 'like' AS action, count(*) AS n FROM {{" + c.Likes + "}} " +
		"WHERE " + where + " GROUP BY bucket").Bind(params).All(&likes)
	if err != nil {
		return nil, err
	}
	rows = append(rows, likes...)
	seen := make([]string, len(rows))
	byKey := map[string]*Totals{}
	for i, r := range rows {
		seen[i] = r.Bucket
		t := byKey[r.Bucket]
		if t == nil {
			t = &Totals{}
			byKey[r.Bucket] = t
		}
		switch r.Action {
		case c.ActionView:
			t.Views += r.N
		case c.ActionLike:
			t.Likes += r.N
		case c.ActionShare:
			t.Shares += r.N
		case c.ActionComment:
			t.Comments += r.N
		}
	}
	return q.Win.points(seen, byKey), nil
}

// DirectSiteSeries counts counted site views per bucket.
func (q Query) DirectSiteSeries() ([]SitePoint, error) {
	params := dbx.Params{}
	var rows []bucketRow
	err := q.App.DB().NewQuery("SELECT " + q.bucketExpr() + " AS bucket, count(*) AS n FROM {{" + c.Events + "}} " +
		"WHERE " + q.filter("", params) + " AND [[action]] = 'view' GROUP BY bucket").Bind(params).All(&rows)
	if err != nil {
		return nil, err
	}
	seen := make([]string, len(rows))
	counts := map[string]int{}
	for i, r := range rows {
		seen[i] = r.Bucket
		counts[r.Bucket] += r.N
	}
	keys := q.Win.keys(seen)
	out := make([]SitePoint, len(keys))
	for i, k := range keys {
		out[i] = SitePoint{Date: k, Count: counts[k]}
	}
	return out, nil
}

// itemTitles is a derived table of every item's id, type and title, for joins.
const itemTitles = "(SELECT [[id]], 'blog' AS [[itype]], [[title]] FROM {{" + c.Blogs + "}} " +
	"UNION ALL SELECT [[id]], 'project', [[title]] FROM {{" + c.Projects + "}})"

// DirectTopItems are the most viewed existing items of the range, with their other counts.
func (q Query) DirectTopItems() ([]TopItem, error) {
	params := dbx.Params{"limit": topItemsLimit}
	var rows []struct {
		ID       string `db:"id"`
		Type     string `db:"type"`
		Title    string `db:"title"`
		Views    int    `db:"views"`
		Shares   int    `db:"shares"`
		Comments int    `db:"comments"`
	}
	err := q.App.DB().NewQuery("SELECT e.[[itemId]] AS id, e.[[type]] AS type, i.[[title]] AS title, " +
		"sum(e.[[action]] = 'view') AS views, sum(e.[[action]] = 'share') AS shares, sum(e.[[action]] = 'comment') AS comments " +
		"FROM {{" + c.Events + "}} e JOIN " + itemTitles + " i ON i.[[id]] = e.[[itemId]] AND i.[[itype]] = e.[[type]] " +
		"WHERE " + q.filter("e.", params) + " AND e.[[action]] IN ('view', 'share', 'comment') " +
		"GROUP BY e.[[itemId]], e.[[type]] ORDER BY views DESC, shares + comments DESC, id LIMIT {:limit}").Bind(params).All(&rows)
	if err != nil || len(rows) == 0 {
		return []TopItem{}, err
	}
	ids := make([]any, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	likeParams := dbx.Params{}
	var likes []struct {
		ID string `db:"item"`
		N  int    `db:"n"`
	}
	err = q.App.DB().NewQuery("SELECT [[item]], count(*) AS n FROM {{" + c.Likes + "}} WHERE " + q.filter("", likeParams) + " AND " +
		inList("item", ids, likeParams) + " GROUP BY [[item]]").Bind(likeParams).All(&likes)
	if err != nil {
		return nil, err
	}
	likeCount := map[string]int{}
	for _, l := range likes {
		likeCount[l.ID] = l.N
	}
	out := make([]TopItem, len(rows))
	for i, r := range rows {
		out[i] = TopItem{ID: r.ID, Type: r.Type, Title: r.Title, Totals: Totals{
			Views: r.Views, Likes: likeCount[r.ID], Shares: r.Shares, Comments: r.Comments,
		}}
	}
	return out, nil
}

// inList renders "[[col]] IN ({:col0}, ...)" and binds the values into params.
func inList(col string, values []any, params dbx.Params) string {
	names := make([]string, len(values))
	for i, v := range values {
		key := col + strconv.Itoa(i)
		params[key] = v
		names[i] = "{:" + key + "}"
	}
	return "[[" + col + "]] IN (" + strings.Join(names, ", ") + ")"
}

// DirectLocations counts the range's events per (country, city), most frequent first;
// unknown places are the empty strings.
func (q Query) DirectLocations() ([]Location, error) {
	params := dbx.Params{"limit": locationsLimit}
	out := []Location{}
	err := q.App.DB().NewQuery("SELECT [[country]] AS country, [[city]] AS city, count(*) AS n FROM {{" + c.Events + "}} " +
		"WHERE " + q.filter("", params) + " AND " + q.everyAction(params) + " GROUP BY [[country]], [[city]] ORDER BY n DESC, country, city LIMIT {:limit}").
		Bind(params).All(&out)
	return out, err
}

// RecentComments are the range's newest comments, newest first: the newest of each type
// read in its index order (idx_events_type_action_created), then merged.
func (q Query) RecentComments() ([]Comment, error) {
	out := []Comment{}
	for _, typ := range q.Types {
		params := dbx.Params{"limit": recentCommentsLimit}
		var rows []struct {
			ItemID  string `db:"itemId"`
			Type    string `db:"type"`
			Title   string `db:"title"`
			Email   string `db:"email"`
			Content string `db:"content"`
			Created string `db:"created"`
			ID      string `db:"id"`
		}
		err := q.App.DB().NewQuery("SELECT e.[[itemId]] AS itemId, e.[[type]] AS type, COALESCE(i.[[title]], '') AS title, " +
			"e.[[email]] AS email, e.[[content]] AS content, e.[[created]] AS created, e.[[id]] AS id " +
			"FROM {{" + c.Events + "}} e LEFT JOIN {{" + c.ItemCollection(typ) + "}} i ON i.[[id]] = e.[[itemId]] " +
			"WHERE " + Query{App: q.App, Win: q.Win, Types: []string{typ}}.filter("e.", params) + " AND e.[[action]] = 'comment' " +
			"ORDER BY e.[[created]] DESC, e.[[id]] DESC LIMIT {:limit}").Bind(params).All(&rows)
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			out = append(out, Comment{ItemID: r.ItemID, Type: r.Type, Title: r.Title, Email: r.Email, Content: r.Content,
				Created: c.RFC3339(r.Created), stored: r.Created, id: r.ID})
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].stored != out[j].stored {
			return out[i].stored > out[j].stored
		}
		return out[i].id > out[j].id
	})
	if len(out) > recentCommentsLimit {
		out = out[:recentCommentsLimit]
	}
	return out, nil
}

// RecentLoginAttempts counts sign-in attempts of the last five minutes, whatever the range.
func RecentLoginAttempts(app core.App, now time.Time) (int, error) {
	var n int
	err := app.DB().Select("count(*)").From(c.LoginAttempts).
		Where(dbx.NewExp("[[created]] >= {:since}", dbx.Params{"since": c.DBTime(now.Add(-loginAttemptsWindow))})).
		Row(&n)
	return n, err
}

type Totals struct {
	Views    int `json:"views"`
	Likes    int `json:"likes"`
	Shares   int `json:"shares"`
	Comments int `json:"comments"`
}

type Point struct {
	Date string `json:"date"`
	Totals
}

type TopItem struct {
	ID    string `json:"id"`
	Type  string `json:"type"`
	Title string `json:"title"`
	Totals
}

type Location struct {
	Country string `json:"country" db:"country"`
	City    string `json:"city" db:"city"`
	Count   int    `json:"count" db:"n"`
}

type Comment struct {
	ItemID  string `json:"itemId"`
	Type    string `json:"type"`
	Title   string `json:"title"`
	Email   string `json:"email"`
	Content string `json:"content"`
	Created string `json:"created"`
	stored  string // created as stored, and the id: the order
	id      string
}

type ItemReport struct {
	Range               string     `json:"range"`
	Type                string     `json:"type"`
	Totals              Totals     `json:"totals"`
	Series              []Point    `json:"series"`
	TopItems            []TopItem  `json:"topItems"`
	Locations           []Location `json:"locations"`
	RecentComments      []Comment  `json:"recentComments"`
	RecentLoginAttempts int        `json:"recentLoginAttempts"`
}

type SitePoint struct {
	Date  string `json:"date"`
	Count int    `json:"count"`
}

type SiteReport struct {
	Range     string      `json:"range"`
	Total     int         `json:"total"`
	Series    []SitePoint `json:"series"`
	Locations []Location  `json:"locations"`
}

// ParseType maps the type parameter to the events types it covers.
func ParseType(raw string) (string, []string, error) {
	switch raw {
	case "", "all":
		return "all", []string{c.TypeBlog, c.TypeProject}, nil
	case c.TypeBlog, c.TypeProject:
		return raw, []string{raw}, nil
	}
	return "", nil, validation.NewError("validation_invalid_type", "Must be all, blog or project.")
}
