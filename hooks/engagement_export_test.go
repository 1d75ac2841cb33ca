package hooks

import (
	"net/http/httptest"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/engagement"
)

// SetClock gives app its own clock (events, visitor salts, analytics ranges, sign-in
// locks, default item dates). Each test app has its own, so tests may run in parallel.
func SetClock(app core.App, now func() time.Time) {
	app.Store().Set(clockStore, now)
}

// IsBot exposes isBot to the external tests.
func IsBot(userAgent string) bool { return isBot(userAgent) }

// SetEngagementWriter sizes app's engagement writer (queue, batch, a hook before each
// commit); call it before the app serves.
func SetEngagementWriter(app core.App, opts engagement.Options) {
	app.Store().Set(engagementOptionsStore, opts)
}

// EngagementQueued is the number of writes waiting for app's writer.
func EngagementQueued(app core.App) int {
	if w, ok := app.Store().Get(engagementWriterStore).(*engagement.Writer); ok {
		return w.Queued()
	}
	return 0
}

// EngagementEventsSQL is the engagement writes' statements on events.
var EngagementEventsSQL = append(append([]string{deleteLikeEventsSQL, recentViewsCountSQL, recentViewsSQL}, seenSQLs[:]...), likeEventsDeleteSQLs[:]...)

// DeleteLikeEventsSQL deletes an account's like events on an item; DeleteItemEventsSQL,
// a deleted item's events.
const (
	DeleteLikeEventsSQL = deleteLikeEventsSQL
	DeleteItemEventsSQL = deleteItemEventsSQL
)

// RestartRecentViews drops app's memory of counted views, as a restart would.
func RestartRecentViews(app core.App) { app.Store().Remove(recentViewsStore) }

// SetRecentViewsMax bounds app's memory of counted views to n.
func SetRecentViewsMax(app core.App, n int) { recentViewsOf(app).max = n }

// LikeEventsDeleteSQL deletes likes' events by the likes' ids, for each chunk size.
var LikeEventsDeleteSQL = likeEventsDeleteSQLs[:]

// ItemCounterSQL is the engagement writes' statements on itemCounters and likes.
var ItemCounterSQL = func() []string {
	var out []string
	for _, typ := range []string{c.TypeBlog, c.TypeProject} {
		for _, f := range c.CounterFields {
			out = append(out, readCounterSQL(typ, f, "?"), updateCounterSQL(typ, f), upsertAddCounterSQL(typ, f), addCounterSQL(typ, f))
		}
		out = append(out, recountLikesSQL(typ), likeRowSQL(typ))
	}
	out = append(out, countersSQLs[:]...)
	out = append(out, likeFindSQLs[:]...)
	return append(out, likesDeleteSQLs[:]...)
}()

// EngagementAuthAccount is the account the engagement routes' token check finds for
// token (nil: left to PocketBase's loadAuthToken).
func EngagementAuthAccount(app core.App, token string) *core.Record {
	req := httptest.NewRequest("POST", "/api/like/x", nil)
	req.Header.Set("Authorization", token)
	e := &core.RequestEvent{App: app}
	e.Request = req
	rec, _ := memoAccountIn(e, false)
	return rec
}

// EngagementLikeProof is what the like routes' token check finds for token: the account
// and the tokenKey its batch must find on it ("": the request read the account's row).
func EngagementLikeProof(app core.App, token string) (*core.Record, string) {
	req := httptest.NewRequest("POST", "/api/like/x", nil)
	req.Header.Set("Authorization", token)
	e := &core.RequestEvent{App: app}
	e.Request = req
	return memoAccountIn(e, true)
}

// SetTokenClock moves the clock remembered tokens are validated at; restored on cleanup.
func SetTokenClock(t testing.TB, now func() time.Time) {
	old := tokenClock
	tokenClock = now
	t.Cleanup(func() { tokenClock = old })
}

// WALCheckpoints is how many of app's background checkpoints found frames to copy.
func WALCheckpoints(app core.App) int64 {
	if w, ok := app.Store().Get(walCheckpointerStore).(*walCheckpointer); ok {
		return w.copied.Load()
	}
	return -1
}

// StopWALCheckpointer stops app's background checkpointer.
func StopWALCheckpointer(app core.App) { stopWALCheckpointer(app) }

// WALCheckpointStep runs one step of the background checkpointer, with the WAL's restart
// threshold at frames; between runs between the step's two checkpoints. It returns the
// frames in the WAL.
func WALCheckpointStep(t testing.TB, app core.App, frames int, between func()) int {
	t.Helper()
	n, err := walCheckpointStep(app, frames, between)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// RecentViewsHeld reports whether app's memory of counted views is loaded, and how many
// views it holds.
func RecentViewsHeld(app core.App) (loaded bool, views int) {
	r := recentViewsOf(app)
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.loaded, len(r.order)
}

// VisitorHash is the visitor of ip and userAgent today; VisitorSecret, the install's secret.
func VisitorHash(app core.App, ip, userAgent string) string { return visitorHash(app, ip, userAgent) }
func VisitorSecret(app core.App) []byte                     { return visitorSecret(app) }

// ForgetRecentViews drops app's memory of counted views, as a write to events outside the
// writer does once it has committed.
func ForgetRecentViews(app core.App) { recentViewsOf(app).forget() }

// SQLiteOpens is the number of SQLite connections opened so far in this process.
func SQLiteOpens() int64 { return sqliteOpens.Load() }
