package hooks

import (
	"time"

	"github.com/pocketbase/pocketbase/tools/types"
)

// dbDate converts a clock time to the DateTime PocketBase stores (UTC, milliseconds).
func dbDate(t time.Time) types.DateTime {
	d, _ := types.ParseDateTime(t.UTC())
	return d
}

// dbTime is dbDate as stored text, so SQL text comparisons on dates order correctly.
func dbTime(t time.Time) string {
	return dbDate(t).String()
}

// rfc3339 turns a stored date into API.md's RFC 3339 UTC form.
func rfc3339(stored string) string {
	t, err := time.Parse(types.DefaultDateLayout, stored)
	if err != nil {
		return stored
	}
	return t.UTC().Format(time.RFC3339)
}
