package engagement

import (
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	c "github.com/folio/folio/collections"
)

// EventsSQL is the engagement writes' statements on events.
var EventsSQL = append(append([]string{deleteLikeEventsSQL, recentViewsCountSQL, recentViewsSQL}, seenSQLs[:]...), likeEventsDeleteSQLs[:]...)

// DeleteLikeEventsSQL deletes an account's like events on an item.
const DeleteLikeEventsSQL = deleteLikeEventsSQL

// LikeEventsDeleteSQL deletes likes' events by the likes' ids, for each chunk size.
var LikeEventsDeleteSQL = likeEventsDeleteSQLs[:]

// ItemCounterSQL is the engagement writes' statements on itemCounters and likes.
var ItemCounterSQL = func() []string {
	var out []string
	for _, typ := range []string{c.TypeBlog, c.TypeProject} {
		for _, f := range c.CounterFields {
			out = append(out, readCounterSQL(typ, f, "?"), updateCounterSQL(typ, f), upsertAddCounterSQL(typ, f), addCounterSQL(typ, f))
		}
		out = append(out, recountLikesSQL(typ))
	}
	out = append(out, countersSQLs[:]...)
	out = append(out, likeFindSQLs[:]...)
	return append(out, likesDeleteSQLs[:]...)
}()

// RestartRecentViews drops the memory of counted views, as a restart would.
func RestartRecentViews(s *Service) {
	s.views = &recentViews{at: map[visitKey]int64{}, max: recentViewsMax}
}

// SetRecentViewsMax bounds the memory of counted views to n.
func SetRecentViewsMax(s *Service, n int) { s.views.max = n }

// RecentViewsHeld reports whether the memory of counted views is loaded, and how many
// views it holds.
func RecentViewsHeld(s *Service) (loaded bool, views int) {
	r := s.views
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.loaded, len(r.order)
}

// VisitorSecret is the install's secret.
func VisitorSecret(s *Service) []byte { return s.visitorSecret() }

// SetTokenClock moves the clock remembered tokens are validated at.
func SetTokenClock(s *Service, now func() time.Time) { s.accounts.clock = now }

// WALCheckpoints is how many of the background checkpoints found frames to copy (-1: not
// running).
func WALCheckpoints(s *Service) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.wal == nil {
		return -1
	}
	return s.wal.copied.Load()
}

// StopWALCheckpointer stops the background checkpointer.
func StopWALCheckpointer(s *Service) {
	s.mu.Lock()
	w := s.wal
	s.wal = nil
	s.mu.Unlock()
	if w != nil {
		w.stop()
	}
}

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

// SQLiteOpens is the number of SQLite connections opened so far in this process.
func SQLiteOpens() int64 { return sqliteOpens.Load() }

// PreparedStatements is the number of statements prepared on the writer's connection for
// later batches.
func PreparedStatements(s *Service) int {
	s.stmts.mu.Lock()
	defer s.stmts.mu.Unlock()
	return len(s.stmts.stmts)
}
