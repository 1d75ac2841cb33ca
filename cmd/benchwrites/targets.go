package main

import "fmt"

// target is what issue 14 asks of one write in one run, against the raw create it is
// compared with: at least ratio times its writes/s and, with p99Below, a p99 below its p99.
type target struct {
	ratio    float64
	p99Below bool
}

// The targets: shares and views (item and site views) at 2x raw create with a lower p99;
// comments and likes at 1x.
var (
	targetShareView   = target{ratio: 2, p99Below: true}
	targetCommentLike = target{ratio: 1}
)

// String is the target as the table states it.
func (t target) String() string {
	if t.p99Below {
		return fmt.Sprintf("≥ %.0f×, p99 < raw", t.ratio)
	}
	return fmt.Sprintf("≥ %.0f×", t.ratio)
}

// met says whether a write at ratio times raw create's writes/s, with p99Ratio times its
// p99, meets t.
func (t target) met(ratio, p99Ratio float64) bool {
	return ratio >= t.ratio && (!t.p99Below || p99Ratio < 1)
}

// verdict is the table's cell: the target and whether this run met it.
func (t target) verdict(ratio, p99Ratio float64) string {
	if t.met(ratio, p99Ratio) {
		return t.String() + ": met"
	}
	return t.String() + ": **missed**"
}
