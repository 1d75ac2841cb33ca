package main

import "testing"

// Issue 14's targets: shares and views at 2x raw create with a p99 below raw create's,
// comments and likes at 1x; a miss on either condition is a miss.
func TestTargets(t *testing.T) {
	for _, c := range []struct {
		t               target
		ratio, p99Ratio float64
		want            string
	}{
		{targetShareView, 2.00, 0.40, "≥ 2×, p99 < raw: met"},
		{targetShareView, 2.35, 0.99, "≥ 2×, p99 < raw: met"},
		{targetShareView, 1.99, 0.40, "≥ 2×, p99 < raw: **missed**"}, // too slow
		{targetShareView, 2.50, 1.00, "≥ 2×, p99 < raw: **missed**"}, // p99 not below raw's
		{targetCommentLike, 1.00, 1.70, "≥ 1×: met"},                 // no p99 condition
		{targetCommentLike, 0.97, 0.50, "≥ 1×: **missed**"},
	} {
		if got := c.t.verdict(c.ratio, c.p99Ratio); got != c.want {
			t.Errorf("%v at %.2f×, p99 %.2f: %q, want %q", c.t, c.ratio, c.p99Ratio, got, c.want)
		}
	}
}
