package hooks

// Exported for the external tests of the content cache.
var (
	InvalidateContent  = invalidateContent
	InvalidateCounters = invalidateCounters
)
