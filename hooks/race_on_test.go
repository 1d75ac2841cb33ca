//go:build race

package hooks_test

// raceDetector: the race detector's shadow memory and instrumented copies inflate
// allocation counts, so bounds on them are looser in -race runs.
const raceDetector = true
