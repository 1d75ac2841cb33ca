package search

// SetRankedKeep sets how many hits a tier of a kept ranking holds at first and at most until
// the returned func restores them. Only for tests that do not run in parallel.
func SetRankedKeep(first, most int) (restore func()) {
	oldFirst, oldMost := firstKeep, rankedKeep
	firstKeep, rankedKeep = first, most
	return func() { firstKeep, rankedKeep = oldFirst, oldMost }
}
