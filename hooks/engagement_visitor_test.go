package hooks_test

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"testing"
	"time"

	"github.com/folio/folio/hooks"
	"github.com/folio/folio/testutil"
)

// TestVisitorHashIsTheDaysHMAC: the visitor is the first 40 hex digits of
// HMAC(HMAC(secret, UTC day), ip NUL user agent), whichever pooled HMAC computes it and
// whatever it hashed before; a new UTC day changes the salt.
func TestVisitorHashIsTheDaysHMAC(t *testing.T) {
	app := testutil.NewApp(t)
	clock := time.Date(2026, 11, 21, 23, 59, 0, 0, time.FixedZone("UTC+2", 2*3600))
	hooks.SetClock(app, func() time.Time { return clock })
	want := func(ip, ua string) string {
		day := hmac.New(sha256.New, hooks.VisitorSecret(app))
		day.Write([]byte(clock.UTC().Format(time.DateOnly)))
		mac := hmac.New(sha256.New, day.Sum(nil))
		mac.Write([]byte(ip + "\x00" + ua))
		return hex.EncodeToString(mac.Sum(nil))[:40]
	}
	for _, day := range []time.Duration{0, 2 * time.Minute} { // 21:59 UTC, then 22:01 UTC
		clock = clock.Add(day)
		for i := 0; i < 3; i++ { // the pool's HMACs again, each reset to the day's key
			for _, v := range [][2]string{{"192.0.2.1", "Firefox"}, {"198.51.100.7", ""}, {"", "Chrome"}} {
				if got, w := hooks.VisitorHash(app, v[0], v[1]), want(v[0], v[1]); got != w {
					t.Fatalf("%v %q: %s, want %s", clock.UTC(), v, got, w)
				}
			}
		}
	}
	if a, b := hooks.VisitorHash(app, "192.0.2.1", "Firefox"), func() string {
		clock = clock.Add(24 * time.Hour)
		return hooks.VisitorHash(app, "192.0.2.1", "Firefox")
	}(); a == b {
		t.Error("the same visitor hashes alike on two days")
	}
}
