package main

import (
	"fmt"
	"slices"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// counts is one item's state in the database.
type counts struct {
	ViewCount, ViewEvents, LikeCount, LikeRows, LikeEvents, BenchLikes int
}

// snapshot reads every item's counters and the rows behind them (server stopped).
func snapshot(dir string, accounts []string) (map[string]counts, error) {
	app := core.NewBaseApp(core.BaseAppConfig{DataDir: dir})
	if err := app.Bootstrap(); err != nil {
		return nil, err
	}
	defer app.ResetBootstrapState()
	emails := make([]any, len(accounts))
	for i, a := range accounts {
		emails[i] = a
	}
	out := map[string]counts{}
	for _, table := range []string{"blogs", "projects"} {
		var rows []struct {
			ID         string `db:"id"`
			ViewCount  int    `db:"viewCount"`
			ViewEvents int    `db:"viewEvents"`
			LikeCount  int    `db:"likeCount"`
			LikeRows   int    `db:"likeRows"`
			LikeEvents int    `db:"likeEvents"`
			BenchLikes int    `db:"benchLikes"`
		}
		q := app.DB().Select("i.id", "COALESCE(i.viewCount, 0) AS viewCount", "COALESCE(i.likeCount, 0) AS likeCount",
			"(SELECT count(*) FROM events e WHERE e.itemId = i.id AND e.action = 'view') AS viewEvents",
			"(SELECT count(*) FROM likes l WHERE l.item = i.id) AS likeRows",
			"(SELECT count(*) FROM events e WHERE e.itemId = i.id AND e.action = 'like') AS likeEvents",
			"(SELECT count(*) FROM likes l JOIN users u ON u.id = l.account WHERE l.item = i.id AND "+
				"u.email IN ({:"+joinParams(len(emails))+"})) AS benchLikes").
			From(table + " i")
		params := dbx.Params{}
		for i, e := range emails {
			params[fmt.Sprintf("e%d", i)] = e
		}
		if err := q.Bind(params).All(&rows); err != nil {
			return nil, err
		}
		for _, r := range rows {
			out[r.ID] = counts{r.ViewCount, r.ViewEvents, r.LikeCount, r.LikeRows, r.LikeEvents, r.BenchLikes}
		}
	}
	return out, nil
}

func joinParams(n int) string {
	s := ""
	for i := range n {
		if i > 0 {
			s += "}, {:"
		}
		s += fmt.Sprintf("e%d", i)
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

// checkViews: each item's viewCount and view events grew by exactly the views answered
// 200, and the answered counts never repeat (no two requests saw the same increment).
func checkViews(before, after map[string]counts, r *viewResult) check {
	c := check{consistent: true}
	for id, a := range after {
		b := before[id]
		answered := len(r.answers[id])
		grew := a.ViewCount - b.ViewCount
		if grew < answered {
			c.lost += answered - grew
		} else {
			c.duplicated += grew - answered
		}
		if a.ViewCount-a.ViewEvents != b.ViewCount-b.ViewEvents {
			c.consistent = false
			c.problems = append(c.problems, fmt.Sprintf("views of %s: counter moved %d, events %d", id, grew, a.ViewEvents-b.ViewEvents))
		}
		seen := slices.Clone(r.answers[id])
		slices.Sort(seen)
		if len(slices.Compact(seen)) != answered {
			c.duplicated++
			c.problems = append(c.problems, fmt.Sprintf("views of %s: two answers carried the same count", id))
		}
	}
	return c
}

// checkLikes: likeCount equals likes rows and like events for every item, and the bench
// accounts hold exactly the likes their last answers said.
func checkLikes(before, after map[string]counts, r *likeResult) check {
	c := check{consistent: r.misflips == 0}
	if r.misflips > 0 {
		c.problems = append(c.problems, fmt.Sprintf("%d like answers did not toggle", r.misflips))
	}
	for id, a := range after {
		if a.LikeCount != a.LikeRows || a.LikeCount != a.LikeEvents {
			c.consistent = false
			c.problems = append(c.problems, fmt.Sprintf("likes of %s: likeCount %d, rows %d, events %d", id, a.LikeCount, a.LikeRows, a.LikeEvents))
		}
		want, got := before[id].BenchLikes+r.standing[id], a.BenchLikes
		if got < want {
			c.lost += want - got
		} else {
			c.duplicated += got - want
		}
	}
	return c
}
