package engagement_test

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"testing"
	"time"

	"github.com/folio/folio/clock"
	"github.com/folio/folio/engagement"
	"github.com/folio/folio/testutil"
)

// TestVisitorHashIsTheDaysHMAC: the visitor is the first 40 hex digits of
// HMAC(HMAC(secret, UTC day), ip NUL user agent), whichever pooled HMAC computes it and
// whatever it hashed before; a new UTC day changes the salt.
func TestVisitorHashIsTheDaysHMAC(t *testing.T) {
	app, svc := testutil.NewEngineApp(t)
	at := time.Date(2026, 11, 21, 23, 59, 0, 0, time.FixedZone("UTC+2", 2*3600))
	clock.Set(app, func() time.Time { return at })
	want := func(ip, ua string) string {
		day := hmac.New(sha256.New, engagement.VisitorSecret(svc))
		day.Write([]byte(at.UTC().Format(time.DateOnly)))
		mac := hmac.New(sha256.New, day.Sum(nil))
		mac.Write([]byte(ip + "\x00" + ua))
		return hex.EncodeToString(mac.Sum(nil))[:40]
	}
	for _, step := range []time.Duration{0, 2 * time.Minute} { // 21:59 UTC, then 22:01 UTC
		at = at.Add(step)
		for i := 0; i < 3; i++ { // the pool's HMACs again, each reset to the day's key
			for _, v := range [][2]string{{"192.0.2.1", "Firefox"}, {"198.51.100.7", ""}, {"", "Chrome"}} {
				if got, w := svc.VisitorHash(v[0], v[1]), want(v[0], v[1]); got != w {
					t.Fatalf("%v %q: %s, want %s", at.UTC(), v, got, w)
				}
			}
		}
	}
	if a, b := svc.VisitorHash("192.0.2.1", "Firefox"), func() string {
		at = at.Add(24 * time.Hour)
		return svc.VisitorHash("192.0.2.1", "Firefox")
	}(); a == b {
		t.Error("the same visitor hashes alike on two days")
	}
}
