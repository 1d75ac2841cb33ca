package search

// SetRankedKeep sets how many hits a tier of a kept ranking holds at first and at most, and
// looks for the newest matches of common words among the newest 1 item and more, until the
// returned func restores them. Only for tests that do not run in parallel.
func SetRankedKeep(first, most int) (restore func()) {
	oldFirst, oldMost, oldNewest := firstKeep, rankedKeep, newestMin
	firstKeep, rankedKeep, newestMin = first, most, 1
	return func() { firstKeep, rankedKeep, newestMin = oldFirst, oldMost, oldNewest }
}

// HeadExpr is headExpr, for the query parser's fuzz target.
var HeadExpr = headExpr
