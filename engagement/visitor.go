package engagement

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"hash"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/x-way/crawlerdetect"
)

const visitorSecretParam = "folioVisitorSecret" // _params row holding the per-install secret

// visitorKeys are the install's visitor secret and the current day's salt.
type visitorKeys struct {
	mu     sync.Mutex
	secret []byte
	salt   atomic.Pointer[daySalt]
}

// visitorSecret is a random per-install secret, kept in _params so the 30-minute
// window survives restarts; generated on first use.
func (s *Service) visitorSecret() []byte {
	v := &s.visitors
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.secret == nil {
		v.secret = loadVisitorSecret(s.app)
	}
	return v.secret
}

func loadVisitorSecret(app core.App) []byte {
	fresh := make([]byte, 32)
	_, _ = rand.Read(fresh)
	raw, _ := json.Marshal(hex.EncodeToString(fresh))
	// INSERT OR IGNORE keeps the first secret when two requests race on a fresh dir.
	_, _ = app.NonconcurrentDB().NewQuery("INSERT OR IGNORE INTO {{_params}} ([[id]], [[value]]) VALUES ({:id}, {:value})").
		Bind(dbx.Params{"id": visitorSecretParam, "value": string(raw)}).Execute()
	var stored string
	err := app.DB().NewQuery("SELECT [[value]] FROM {{_params}} WHERE [[id]] = {:id}").
		Bind(dbx.Params{"id": visitorSecretParam}).Row(&stored)
	if err == nil {
		var h string
		if json.Unmarshal([]byte(stored), &h) == nil {
			if b, err := hex.DecodeString(h); err == nil && len(b) >= 16 {
				return b
			}
		}
	}
	return fresh // unreadable store: a per-process secret still hides the IP
}

// VisitorHash identifies a visitor for one UTC day without keeping the IP: the salt is
// HMAC(secret, day), so hashes of different days cannot be linked.
func (svc *Service) VisitorHash(ip, userAgent string) string {
	s := svc.visitorSalt(now(svc.app))
	mac := s.macs.Get().(hash.Hash) // keyed with the day's salt; Reset returns it to that key
	mac.Reset()
	io.WriteString(mac, ip)
	mac.Write([]byte{0})
	io.WriteString(mac, userAgent)
	var sum [sha256.Size]byte
	var out [40]byte
	hex.Encode(out[:], mac.Sum(sum[:0])[:20])
	s.macs.Put(mac)
	return string(out[:])
}

// daySalt is one UTC day's salt, and a pool of HMACs keyed with it: building one is two
// SHA-256 blocks and a few allocations (about 2 % of a view's server CPU with the day's
// salt computed each time too).
type daySalt struct {
	day  int64 // the UTC day's midnight, Unix seconds
	salt []byte
	macs sync.Pool
}

// visitorSalt is the salt of t's UTC day, HMAC(secret, day), computed once a day.
func (svc *Service) visitorSalt(t time.Time) *daySalt {
	day := t.UTC().Truncate(24 * time.Hour).Unix() // the UTC day's midnight
	if s := svc.visitors.salt.Load(); s != nil && s.day == day {
		return s
	}
	h := hmac.New(sha256.New, svc.visitorSecret())
	h.Write([]byte(t.UTC().Format(time.DateOnly)))
	s := &daySalt{day: day, salt: h.Sum(nil)}
	s.macs.New = func() any { return hmac.New(sha256.New, s.salt) }
	svc.visitors.salt.Store(s)
	return s
}

// IsBot reports a request that must not count as a view: a known crawler, bot,
// headless browser or HTTP library (the maintained Crawler-Detect list), or no
// User-Agent at all. Verdicts are memoised: the list is one large regexp (~0.1 ms a
// match) and real traffic repeats a few thousand User-Agents.
func IsBot(userAgent string) bool {
	userAgent = strings.TrimSpace(userAgent)
	if userAgent == "" {
		return true
	}
	botMemo.Lock()
	verdict, ok := botMemo.m[userAgent]
	botMemo.Unlock()
	if ok {
		return verdict
	}
	verdict = crawlerdetect.IsCrawler(userAgent)
	if len(userAgent) > botMemoMaxLen {
		return verdict
	}
	botMemo.Lock()
	if len(botMemo.m) >= botMemoMax {
		clear(botMemo.m) // crude bound; refilling costs one regexp match per agent
	}
	botMemo.m[userAgent] = verdict
	botMemo.Unlock()
	return verdict
}

const (
	botMemoMax    = 4096
	botMemoMaxLen = 512 // longer agents are rare and would make the memo's size unbounded
)

var botMemo = struct {
	sync.Mutex
	m map[string]bool
}{m: map[string]bool{}}
