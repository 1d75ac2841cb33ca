package hooks_test

import (
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/hooks"
	"github.com/folio/folio/testutil"
)

// fakeClock is a settable clock for one test app (sign-in protection reads it).
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func newFakeClock(t testing.TB, app core.App) *fakeClock {
	clk := &fakeClock{t: time.Now().UTC().Truncate(time.Second)}
	hooks.SetClock(app, clk.now)
	return clk
}

func (f *fakeClock) now() time.Time      { f.mu.Lock(); defer f.mu.Unlock(); return f.t }
func (f *fakeClock) add(d time.Duration) { f.mu.Lock(); f.t = f.t.Add(d); f.mu.Unlock() }
func (f *fakeClock) set(t time.Time)     { f.mu.Lock(); f.t = t; f.mu.Unlock() }

// attemptRows lists the loginAttempts of email, oldest first.
func attemptRows(t testing.TB, app core.App, email string) []*core.Record {
	t.Helper()
	recs, err := app.FindRecordsByFilter(c.LoginAttempts, "email = {:e}", "created", 0, 0, dbx.Params{"e": email})
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

func TestSignInAttemptsRecorded(t *testing.T) {
	app := testutil.NewApp(t)
	ann := testutil.CreateUser(t, app, "ann@folio.test", c.StatusApproved, false)
	if code, body := acctSignIn(t, app, "ann@folio.test", "wrong-password"); code != 400 {
		t.Fatalf("failure: %d %s", code, body)
	}
	if code, body := acctSignIn(t, app, "ann@folio.test", "password123"); code != 200 {
		t.Fatalf("success: %d %s", code, body)
	}
	if code, _ := acctSignIn(t, app, "nobody@folio.test", "password123"); code != 400 {
		t.Fatalf("unknown email: %d", code)
	}
	rows := attemptRows(t, app, "ann@folio.test")
	if len(rows) != 2 {
		t.Fatalf("%d attempts recorded, want 2", len(rows))
	}
	for i, success := range []bool{false, true} {
		r := rows[i]
		if r.GetBool(c.FieldSuccess) != success || r.GetString(c.FieldAccount) != ann.Id ||
			r.GetString(c.FieldIP) != acctIP || r.GetString(c.FieldUserAgent) != uaWindows {
			t.Errorf("attempt %d: %v", i, r.PublicExport())
		}
	}
	if rows := attemptRows(t, app, "nobody@folio.test"); len(rows) != 1 || rows[0].GetString(c.FieldAccount) != "" {
		t.Errorf("unknown email attempt: %d rows", len(rows))
	}
}

// TestSignInLockout walks the lock's timeline on the injectable clock.
func TestSignInLockout(t *testing.T) {
	app := testutil.NewApp(t)
	clk := newFakeClock(t, app)
	testutil.CreateUser(t, app, "ann@folio.test", c.StatusApproved, false)
	start := clk.now()

	for i := 1; i <= 4; i++ {
		if code, body := acctSignIn(t, app, "ann@folio.test", "wrong"); code != 400 {
			t.Fatalf("failure %d: %d %s", i, code, body)
		}
		clk.add(time.Minute)
	}
	// The fifth failure within 15 minutes locks the email for 15 minutes from now.
	lockAt := clk.now()
	until := lockAt.Add(15 * time.Minute).Format(time.RFC3339)
	code, body := acctSignIn(t, app, "ann@folio.test", "wrong")
	if code != 429 || !strings.Contains(body, "locked until "+until) ||
		!strings.Contains(body, `"code":"login-blocked"`) || !strings.Contains(body, `"blockedUntil":"`+until+`"`) {
		t.Fatalf("fifth failure: %d %s", code, body)
	}
	if got := acctFindUser(t, app, "ann@folio.test").GetDateTime(c.FieldBlockedUntil).Time().Format(time.RFC3339); got != until {
		t.Fatalf("blockedUntil = %s, want %s", got, until)
	}

	// While locked, the right password answers 429 too, up to the last second.
	for _, at := range []time.Duration{time.Second, 10 * time.Minute, 15*time.Minute - time.Second} {
		clk.set(lockAt.Add(at))
		if code, body := acctSignIn(t, app, "ann@folio.test", "password123"); code != 429 || !strings.Contains(body, until) {
			t.Fatalf("right password %s into the lock: %d %s", at, code, body)
		}
	}
	// Once it ends, the right password works and clears blockedUntil.
	clk.set(lockAt.Add(15*time.Minute + time.Second))
	if code, body := acctSignIn(t, app, "ann@folio.test", "password123"); code != 200 {
		t.Fatalf("after the lock: %d %s", code, body)
	}
	if !acctFindUser(t, app, "ann@folio.test").GetDateTime(c.FieldBlockedUntil).IsZero() {
		t.Fatal("blockedUntil not cleared by a success")
	}
	// Every attempt was recorded: 5 failures, 3 during the lock, 1 success.
	if rows := attemptRows(t, app, "ann@folio.test"); len(rows) != 9 || !rows[0].GetDateTime("created").Time().Equal(start) {
		t.Fatalf("%d attempts recorded, want 9 (first at %s)", len(rows), start)
	}
}

// TestSignInFailureRuns: what counts towards the five.
func TestSignInFailureRuns(t *testing.T) {
	fail := func(t *testing.T, app core.App, n int, want int) {
		t.Helper()
		for i := 0; i < n; i++ {
			if code, body := acctSignIn(t, app, "ann@folio.test", "wrong"); code != want {
				t.Fatalf("failure %d: %d, want %d: %s", i+1, code, want, body)
			}
		}
	}
	t.Run("failures older than 15 minutes do not count", func(t *testing.T) {
		app := testutil.NewApp(t)
		clk := newFakeClock(t, app)
		testutil.CreateUser(t, app, "ann@folio.test", c.StatusApproved, false)
		fail(t, app, 4, 400)
		clk.add(15*time.Minute + time.Second)
		fail(t, app, 4, 400)
		fail(t, app, 1, 429)
	})
	t.Run("a success clears the run", func(t *testing.T) {
		app := testutil.NewApp(t)
		clk := newFakeClock(t, app)
		testutil.CreateUser(t, app, "ann@folio.test", c.StatusApproved, false)
		fail(t, app, 4, 400)
		clk.add(time.Second)
		if code, _ := acctSignIn(t, app, "ann@folio.test", "password123"); code != 200 {
			t.Fatalf("success: %d", code)
		}
		clk.add(time.Second)
		fail(t, app, 4, 400)
		fail(t, app, 1, 429)
	})
	t.Run("a new run starts when the lock ends", func(t *testing.T) {
		app := testutil.NewApp(t)
		clk := newFakeClock(t, app)
		testutil.CreateUser(t, app, "ann@folio.test", c.StatusApproved, false)
		fail(t, app, 4, 400)
		fail(t, app, 3, 429) // the fifth locks, the next two are refused while locked
		clk.add(15*time.Minute + time.Second)
		fail(t, app, 4, 400)
		fail(t, app, 1, 429)
	})
	t.Run("unknown emails are recorded, never locked", func(t *testing.T) {
		app := testutil.NewApp(t)
		newFakeClock(t, app)
		for i := 0; i < 7; i++ {
			if code, _ := acctSignIn(t, app, "nobody@folio.test", "wrong"); code != 400 {
				t.Fatalf("unknown email attempt %d: %d", i+1, code)
			}
		}
		if rows := attemptRows(t, app, "nobody@folio.test"); len(rows) != 7 {
			t.Fatalf("%d attempts recorded, want 7", len(rows))
		}
	})
	t.Run("the lock is per email", func(t *testing.T) {
		app := testutil.NewApp(t)
		newFakeClock(t, app)
		testutil.CreateUser(t, app, "ann@folio.test", c.StatusApproved, false)
		testutil.CreateUser(t, app, "bob@folio.test", c.StatusApproved, false)
		fail(t, app, 4, 400)
		fail(t, app, 1, 429)
		if code, _ := acctSignIn(t, app, "bob@folio.test", "password123"); code != 200 {
			t.Fatalf("another email: %d", code)
		}
	})
}

// TestAuthRateLimitStaysOn: the migrations leave PocketBase's *:auth rule on, and it answers
// 429 to a burst of sign-ins from one IP.
func TestAuthRateLimitStaysOn(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	if err := app.ReloadSettings(); err != nil { // testutil turned limits off in memory only
		t.Fatal(err)
	}
	rl := app.Settings().RateLimits
	rule, ok := rl.FindRateLimitRule([]string{"*:auth"})
	if !rl.Enabled || !ok || rule.MaxRequests < 1 {
		t.Fatalf("rate limits enabled %v, *:auth rule %v %+v", rl.Enabled, ok, rule)
	}
	limited := false
	for i := 0; i < rule.MaxRequests+3 && !limited; i++ {
		code, _ := acctSignIn(t, app, "nobody@folio.test", "wrong") // an unknown email is never locked
		limited = code == 429
	}
	if !limited {
		t.Fatal("a burst of sign-ins was never rate limited")
	}
}
