package cache

import (
	"strconv"
	"sync/atomic"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/clock"
)

// Content may change with no write: a scheduled item becomes public at its publish time.
// The store asks, once per generation, when that next happens (a func the app registers
// with OnNextChange) and drops every answer and value at the first use from that moment on
// the app clock, so no answer built before it is served after it.

const (
	nextUnknown = -1 // not asked since the last invalidation
	nextNone    = 0  // nothing changes by itself
)

// nextChange is the store's next self-change, in Unix nanoseconds (or nextUnknown/nextNone).
type nextChange struct {
	at     atomic.Int64
	source atomic.Pointer[nextSource]
}

// nextSource is the app (not a transaction's: it outlives them) and how it finds its next change.
type nextSource struct {
	app  core.App
	find func(core.App) (time.Time, error)
}

// OnNextChange registers how app finds the next moment its content changes by itself
// (zero time: none). Call it before serving.
func OnNextChange(app core.App, find func(core.App) (time.Time, error)) {
	cc := of(app)
	cc.next.source.Store(&nextSource{app: app, find: find})
	cc.next.at.Store(nextUnknown)
}

// NextChange is the moment the store will drop its answers by itself; zero when none (tests).
func NextChange(app core.App) time.Time {
	cc := of(app)
	cc.expireIfDue()
	if n := cc.next.at.Load(); n > 0 {
		return time.Unix(0, n).UTC()
	}
	return time.Time{}
}

// expireIfDue drops the store's answers once the app clock reaches the next self-change,
// asking for that moment first when it is not known for this generation.
func (cc *store) expireIfDue() {
	n := cc.next.at.Load()
	if n == nextNone {
		return
	}
	if n == nextUnknown {
		if n = cc.findNext(); n <= 0 {
			return
		}
	}
	if src := cc.next.source.Load(); src != nil && clock.Now(src.app).UnixNano() >= n {
		Invalidate(src.app)
	}
}

// findNext asks for the next self-change once per generation (single-flight) and keeps it
// unless an invalidation came meanwhile.
func (cc *store) findNext() int64 {
	src := cc.next.source.Load()
	if src == nil {
		cc.next.at.CompareAndSwap(nextUnknown, nextNone)
		return nextNone
	}
	gen := cc.generation()
	v, err, _ := cc.flight.Do("next:"+strconv.FormatUint(gen, 10), func() (any, error) {
		t, err := src.find(src.app)
		if err != nil {
			return int64(nextUnknown), err
		}
		n := int64(nextNone)
		if !t.IsZero() {
			n = t.UnixNano()
		}
		cc.mu.Lock()
		if cc.gen == gen {
			cc.next.at.Store(n)
		}
		cc.mu.Unlock()
		return n, nil
	})
	if err != nil {
		src.app.Logger().Warn("cache: next publish time unknown", "error", err)
		return nextUnknown
	}
	return v.(int64)
}
