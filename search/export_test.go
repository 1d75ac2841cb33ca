package search

// SetRankedKeep sets how many hits a kept ranking holds until the returned func restores it.
// Only for tests that do not run in parallel.
func SetRankedKeep(n int) (restore func()) {
	old := rankedKeep
	rankedKeep = n
	return func() { rankedKeep = old }
}
