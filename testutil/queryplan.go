package testutil

import (
	"strconv"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// QueryPlan is EXPLAIN QUERY PLAN of q (its ? placeholders bound to "x"), one line.
func QueryPlan(t testing.TB, app core.App, q string) string {
	t.Helper()
	var plan []struct {
		Detail string `db:"detail"`
	}
	args := dbx.Params{}
	sql := q
	for i := 0; strings.Contains(sql, "?"); i++ {
		name := "p" + strconv.Itoa(i)
		idx := strings.Index(sql, "?")
		end := idx + 1
		for end < len(sql) && sql[end] >= '0' && sql[end] <= '9' {
			end++
		}
		if end > idx+1 { // ?N: the same parameter wherever it appears
			name = "n" + sql[idx+1:end]
			sql = strings.ReplaceAll(sql, sql[idx:end], "{:"+name+"}")
		} else {
			sql = sql[:idx] + "{:" + name + "}" + sql[end:]
		}
		args[name] = "x"
	}
	if err := app.DB().NewQuery("EXPLAIN QUERY PLAN " + sql).Bind(args).All(&plan); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	details := make([]string, len(plan))
	for i, p := range plan {
		details[i] = p.Detail
	}
	return strings.Join(details, "; ")
}
