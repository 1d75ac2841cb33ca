package collections

import (
	"time"

	"github.com/pocketbase/pocketbase/tools/types"
)

// DBDate converts a clock time to the DateTime PocketBase stores (UTC, milliseconds).
func DBDate(t time.Time) types.DateTime {
	d, _ := types.ParseDateTime(t.UTC())
	return d
}

// DBTime is DBDate as stored text, so SQL text comparisons on dates order correctly.
func DBTime(t time.Time) string {
	return DBDate(t).String()
}

// RFC3339 turns a stored date into API.md's RFC 3339 UTC form.
func RFC3339(stored string) string {
	t, err := time.Parse(types.DefaultDateLayout, stored)
	if err != nil {
		return stored
	}
	return t.UTC().Format(time.RFC3339)
}

// Day is the YYYY-MM-DD of a stored date ("" when unset).
func Day(stored string) string {
	if len(stored) < 10 {
		return ""
	}
	return stored[:10]
}
