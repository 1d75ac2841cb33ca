//go:build !race

package hooks_test

const raceDetector = false
