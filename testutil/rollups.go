package testutil

import (
	"fmt"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	c "github.com/folio/folio/collections"
)

// RollupRows are the analytics rollups' rows with a count, in key order, one string each.
func RollupRows(t testing.TB, app core.App) []string {
	t.Helper()
	var rows []struct {
		Dim, Period, Type, Bucket, Action, K1, K2, K3 string
		N                                             int
	}
	err := app.DB().NewQuery(`SELECT "dim" AS Dim, "period" AS Period, "type" AS Type, "bucket" AS Bucket, "action" AS Action, "k1" AS K1, "k2" AS K2, "k3" AS K3, "n" AS N FROM "` +
		c.AnalyticsRollups + `" WHERE "n" != 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8`).All(&rows)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = fmt.Sprint(r)
	}
	return out
}
