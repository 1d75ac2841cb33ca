package testutil

import (
	"sync"
	"testing"

	"github.com/folio/folio/engagement"
)

// HoldRounds makes svc's writer hold its first batch before writing it, and the first
// group that joins a batch before writing that: entered and joined report each batch's
// and each joining group's size, free1 and free2 release the two holds.
func HoldRounds(t *testing.T, svc *engagement.Service) (entered, joined chan int, free1, free2 func()) {
	release1, release2 := make(chan struct{}), make(chan struct{})
	entered, joined = make(chan int, 4), make(chan int, 4)
	var batches, joins int // the writer's own
	svc.SetOptions(engagement.Options{
		BeforeCommit: func(n int) {
			entered <- n
			if batches++; batches == 1 {
				<-release1
			}
		},
		Joined: func(n int) {
			joined <- n
			if joins++; joins == 1 {
				<-release2
			}
		},
	})
	var once1, once2 sync.Once
	free1, free2 = func() { once1.Do(func() { close(release1) }) }, func() { once2.Do(func() { close(release2) }) }
	t.Cleanup(func() { free1(); free2() }) // a failed step never leaves the writer held
	return entered, joined, free1, free2
}
