package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// counts is one item's state in the database.
type counts struct {
	ViewCount, ViewEvents, LikeCount, LikeRows, LikeEvents, BenchLikes int
	ShareCount, ShareEvents, CommentCount, CommentEvents               int
}

// state is the database after (or before) the load.
type state struct {
	items     map[string]counts
	siteViews int
}

// sum adds up every item's counters.
func (s state) sum() analyticsTotals {
	var t analyticsTotals
	for _, c := range s.items {
		t.Views += c.ViewCount
		t.Likes += c.LikeCount
		t.Shares += c.ShareCount
		t.Comments += c.CommentCount
	}
	t.SiteViews = s.siteViews
	return t
}

// snapshot reads every item's counters and the rows behind them (server stopped).
func snapshot(dir string, accounts []string) (state, error) {
	out := state{items: map[string]counts{}}
	app := core.NewBaseApp(core.BaseAppConfig{DataDir: dir})
	if err := app.Bootstrap(); err != nil {
		return out, err
	}
	defer app.ResetBootstrapState()
	params := dbx.Params{}
	names := make([]string, len(accounts))
	for i, a := range accounts {
		names[i] = fmt.Sprintf("{:e%d}", i)
		params[fmt.Sprintf("e%d", i)] = a
	}
	events := func(action string) string {
		return "(SELECT count(*) FROM events e WHERE e.itemId = i.id AND e.action = '" + action + "') AS " + action + "Events"
	}
	for _, table := range []string{"blogs", "projects"} {
		var rows []struct {
			ID            string `db:"id"`
			ViewCount     int    `db:"viewCount"`
			ViewEvents    int    `db:"viewEvents"`
			LikeCount     int    `db:"likeCount"`
			LikeRows      int    `db:"likeRows"`
			LikeEvents    int    `db:"likeEvents"`
			BenchLikes    int    `db:"benchLikes"`
			ShareCount    int    `db:"shareCount"`
			ShareEvents   int    `db:"shareEvents"`
			CommentCount  int    `db:"commentCount"`
			CommentEvents int    `db:"commentEvents"`
		}
		// The counters live in itemCounters (migration 1763770200); no row reads as zeros.
		q := app.DB().Select("i.id", "COALESCE(k.viewCount, 0) AS viewCount", "COALESCE(k.likeCount, 0) AS likeCount",
			"COALESCE(k.shareCount, 0) AS shareCount", "COALESCE(k.commentCount, 0) AS commentCount",
			events("view"), events("like"), events("share"), events("comment"),
			"(SELECT count(*) FROM likes l WHERE l.item = i.id) AS likeRows",
			"(SELECT count(*) FROM likes l JOIN users u ON u.id = l.account WHERE l.item = i.id AND "+
				"u.email IN ("+joinComma(names)+")) AS benchLikes").
			From(table+" i").LeftJoin("itemCounters k", dbx.NewExp("k.item = i.id AND k.type = '"+strings.TrimSuffix(table, "s")+"'"))
		if err := q.Bind(params).All(&rows); err != nil {
			return out, err
		}
		for _, r := range rows {
			out.items[r.ID] = counts{r.ViewCount, r.ViewEvents, r.LikeCount, r.LikeRows, r.LikeEvents, r.BenchLikes,
				r.ShareCount, r.ShareEvents, r.CommentCount, r.CommentEvents}
		}
	}
	err := app.DB().NewQuery("SELECT count(*) FROM events WHERE type = 'site' AND action = 'view'").Row(&out.siteViews)
	return out, err
}

func joinComma(parts []string) string {
	s := ""
	for i, p := range parts {
		if i > 0 {
			s += ", "
		}
		s += p
	}
	return s
}

// check is the verdict on one workload.
type check struct {
	lost, duplicated int
	consistent       bool
	problems         []string
}

func (c check) ok() bool { return c.lost == 0 && c.duplicated == 0 && c.consistent }

// tally compares how much a counter grew with how many writes were answered yes.
func (c *check) tally(answered, grew int) {
	if grew < answered {
		c.lost += answered - grew
	} else {
		c.duplicated += grew - answered
	}
}

// checkCounted: each item's counter and its events grew by exactly the writes answered
// yes, and the answered counts never repeat (no two requests saw the same increment).
func checkCounted(name string, before, after state, r *countResult, counter, events func(counts) int) check {
	c := check{consistent: true}
	for id, a := range after.items {
		b := before.items[id]
		answered := len(r.answers[id])
		grew := counter(a) - counter(b)
		c.tally(answered, grew)
		if counter(a)-events(a) != counter(b)-events(b) {
			c.consistent = false
			c.problems = append(c.problems, fmt.Sprintf("%s of %s: counter moved %d, events %d", name, id, grew, events(a)-events(b)))
		}
		seen := slices.Clone(r.answers[id])
		slices.Sort(seen)
		if len(slices.Compact(seen)) != answered {
			c.duplicated++
			c.problems = append(c.problems, fmt.Sprintf("%s of %s: two answers carried the same count", name, id))
		}
	}
	return c
}

// checkComments: each item's commentCount and comment events grew by the comments answered 201.
func checkComments(before, after state, r *commentResult) check {
	c := check{consistent: true}
	for id, a := range after.items {
		b := before.items[id]
		grew := a.CommentCount - b.CommentCount
		c.tally(r.answered[id], grew)
		if a.CommentEvents-b.CommentEvents != grew {
			c.consistent = false
			c.problems = append(c.problems, fmt.Sprintf("comments of %s: counter moved %d, events %d", id, grew, a.CommentEvents-b.CommentEvents))
		}
	}
	return c
}

// checkSiteViews: site view events grew by the site views answered 204 (every one a new visitor).
func checkSiteViews(before, after state, r *loadResult) check {
	c := check{consistent: true}
	c.tally(int(r.OK), after.siteViews-before.siteViews)
	return c
}

// checkLikes: likeCount equals likes rows and like events for every item, and the bench
// accounts hold exactly the likes their last answers said.
func checkLikes(before, after state, r *likeResult) check {
	c := check{consistent: r.misflips == 0}
	if r.misflips > 0 {
		c.problems = append(c.problems, fmt.Sprintf("%d like answers did not toggle", r.misflips))
	}
	for id, a := range after.items {
		if a.LikeCount != a.LikeRows || a.LikeCount != a.LikeEvents {
			c.consistent = false
			c.problems = append(c.problems, fmt.Sprintf("likes of %s: likeCount %d, rows %d, events %d", id, a.LikeCount, a.LikeRows, a.LikeEvents))
		}
		c.tally(before.items[id].BenchLikes+r.standing[id], a.BenchLikes)
	}
	return c
}

// checkAnalytics: the dashboard's totals moved exactly as the counters did.
func checkAnalytics(before, after state, aBefore, aAfter analyticsTotals) []string {
	var out []string
	cb, ca := before.sum(), after.sum()
	pairs := []struct {
		name               string
		counters, analytic int
	}{
		{"views", ca.Views - cb.Views, aAfter.Views - aBefore.Views},
		{"likes", ca.Likes - cb.Likes, aAfter.Likes - aBefore.Likes},
		{"shares", ca.Shares - cb.Shares, aAfter.Shares - aBefore.Shares},
		{"comments", ca.Comments - cb.Comments, aAfter.Comments - aBefore.Comments},
		{"site views", ca.SiteViews - cb.SiteViews, aAfter.SiteViews - aBefore.SiteViews},
	}
	for _, p := range pairs {
		if p.counters != p.analytic {
			out = append(out, fmt.Sprintf("analytics %s moved %d, counters %d", p.name, p.analytic, p.counters))
		}
	}
	return out
}
