// Package cache keeps whole answers of public GETs per app: generations dropped on
// writes, single-flight builds, strong ETags with 304, and a gzip form. It knows no item types.
package cache

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"golang.org/x/sync/singleflight"
)

// HTTP caching of public GET answers (API.md "Public routes").
const (
	// Public lets browsers and CDNs keep an answer a minute and serve it stale while refetching.
	Public = "public, max-age=60, stale-while-revalidate=600"
	// Private is for requests with Authorization, whose answer may carry a personal `liked`.
	Private = "private, no-cache"

	cacheStoreKey   = "folio.contentCache"
	cacheTTL        = time.Minute // bounds staleness from writers outside this process (CLI)
	cacheMaxEntries = 2048        // distinct query strings are unbounded; the cache is not
	cacheMaxKeyLen  = 512
	gzipMinBytes    = 1400 // below one packet compression does not pay
)

// Answer is one cached response body with its validator and, when worth it, its gzip form
// (and for pages a brotli form, NewPageAnswer).
// An answer with a zero Born is fixed (a file of the build) and never goes stale.
type Answer struct {
	Body, Gz, Br []byte
	ETag         string
	Born         time.Time
	Value        any    // what Body encodes, when the builder keeps it (to render personal variants)
	key          string // the store key, once stored
	dropped      atomic.Bool
}

// current tells whether a is what the store still answers: fixed, or stored, not dropped
// and within its TTL. The front (front.go) replays only current answers.
func (a *Answer) current() bool {
	if a.Born.IsZero() {
		return true
	}
	return a.key != "" && !a.dropped.Load() && time.Since(a.Born) <= cacheTTL
}

// dropAll marks every answer of m as no longer the store's.
func dropAll(m map[string]*Answer) {
	for _, a := range m {
		a.dropped.Store(true)
	}
}

// store holds whole public answers and computed aggregates of one app.
type store struct {
	mu      sync.RWMutex
	gen     uint64
	answers map[string]*Answer
	values  map[string]any // aggregates (taxonomy index, hidden items), same lifetime as answers
	flight  singleflight.Group
	// keeps are the latest invalidations' keep funcs by the generation they started, so a
	// value built across some of them is stored if each kept its key.
	keeps [keepHistory]keepAt

	frontMu sync.RWMutex
	front   map[string]*frontEntry // request -> what the full chain answered (front.go)

	next nextChange // when the content changes by itself (publish.go)
}

// of returns app's cache; transaction apps share their parent's store.
func of(app core.App) *store {
	return app.Store().GetOrSet(cacheStoreKey, func() any {
		cc := &store{answers: map[string]*Answer{}, values: map[string]any{}, front: map[string]*frontEntry{}}
		cc.next.at.Store(nextUnknown)
		return cc
	}).(*store)
}

// keepHistory bounds the invalidations a value's build may span and still be stored.
const keepHistory = 16

// keepAt is an invalidation: the generation it moved to, and what it kept.
type keepAt struct {
	gen  uint64
	keep func(key string) bool
}

// keptSince reports whether every invalidation after gen kept key (cc.mu held).
func (cc *store) keptSince(key string, gen uint64) bool {
	if cc.gen-gen > keepHistory {
		return false
	}
	for g := gen + 1; g <= cc.gen; g++ {
		k := cc.keeps[g%keepHistory]
		if k.gen != g || !k.keep(key) {
			return false
		}
	}
	return true
}

// Invalidate drops every cached answer and value of app. Call it after any write that
// changes what a cached GET shows.
func Invalidate(app core.App) {
	invalidate(app, func(string) bool { return false }, true)
}

// InvalidateExcept drops the cached answers and values whose key keep refuses. It is
// for writes that change no item's publishing (counters): the next self-change stays known.
func InvalidateExcept(app core.App, keep func(key string) bool) {
	invalidate(app, keep, false)
}

// invalidate drops answers and values; content writes (forget) may move the next self-change.
func invalidate(app core.App, keep func(key string) bool, forget bool) {
	cc := of(app)
	cc.mu.Lock()
	cc.gen++
	kept := map[string]*Answer{}
	for k, a := range cc.answers {
		if keep(k) {
			kept[k] = a
		} else {
			a.dropped.Store(true)
		}
	}
	cc.answers = kept
	values := map[string]any{}
	for k, v := range cc.values {
		if keep(k) {
			values[k] = v
		}
	}
	cc.values = values
	cc.keeps[cc.gen%keepHistory] = keepAt{cc.gen, keep}
	if forget {
		cc.next.at.Store(nextUnknown)
	}
	cc.mu.Unlock()
}

// Generation is app's cache generation: every invalidation moves it by one.
func Generation(app core.App) uint64 { return of(app).generation() }

func (cc *store) generation() uint64 {
	cc.mu.RLock()
	defer cc.mu.RUnlock()
	return cc.gen
}

func (cc *store) getAnswer(key string) *Answer {
	cc.mu.RLock()
	a := cc.answers[key]
	cc.mu.RUnlock()
	if a != nil && time.Since(a.Born) > cacheTTL {
		return nil
	}
	return a
}

// putAnswer stores a only when nothing was invalidated since gen was read, so an answer
// computed from pre-write data never outlives the write.
func (cc *store) putAnswer(key string, a *Answer, gen uint64) {
	if len(key) > cacheMaxKeyLen {
		return
	}
	cc.mu.Lock()
	defer cc.mu.Unlock()
	if cc.gen != gen {
		return
	}
	if len(cc.answers) >= cacheMaxEntries {
		dropAll(cc.answers)
		cc.answers = map[string]*Answer{}
	}
	if old := cc.answers[key]; old != nil && old != a {
		old.dropped.Store(true)
	}
	a.key = key
	cc.answers[key] = a
}

// Value returns app's aggregate under key, computing it once per generation.
func Value(app core.App, key string, build func() (any, error)) (any, error) {
	cc := of(app)
	cc.expireIfDue()
	cc.mu.RLock()
	v, ok := cc.values[key]
	gen := cc.gen
	cc.mu.RUnlock()
	if ok {
		return v, nil
	}
	v, err, _ := cc.flight.Do("v:"+key+":"+strconv.FormatUint(gen, 10), func() (any, error) {
		v, err := build()
		if err != nil {
			return nil, err
		}
		cc.mu.Lock()
		if cc.gen == gen || cc.keptSince(key, gen) {
			cc.values[key] = v
		}
		cc.mu.Unlock()
		return v, nil
	})
	return v, err
}

// NewAnswer encodes v as JSON (HTML left unescaped: descriptions are HTML) with its ETag.
func NewAnswer(v any) (*Answer, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return NewBytesAnswer(buf.Bytes()), nil
}

// NewBytesAnswer wraps an encoded body with its strong ETag and, when worth it, a gzip form.
func NewBytesAnswer(body []byte) *Answer {
	sum := sha256.Sum256(body)
	a := &Answer{Body: body, ETag: `"` + base64.RawURLEncoding.EncodeToString(sum[:16]) + `"`, Born: time.Now()}
	if len(body) >= gzipMinBytes {
		// Compressed once per cache fill and sent many times: the default level, not the
		// fastest (a page goes from 19 to 15 kB on the wire, what a phone waits for).
		a.Gz = GzipSmaller(body, gzip.DefaultCompression)
	}
	return a
}

// JSON answers a public GET from the cache under key, building it on a miss.
// build returns the value to encode or an API error (never cached).
func JSON(e *core.RequestEvent, key string, build func() (any, error)) error {
	a, err := Get(e.App, key, build)
	if err != nil {
		return err
	}
	return WriteJSON(e, a)
}

// Get returns the JSON answer under key, building it at most once at a time.
func Get(app core.App, key string, build func() (any, error)) (*Answer, error) {
	return Build(app, key, func() (*Answer, error) {
		v, err := build()
		if err != nil {
			return nil, err
		}
		return NewAnswer(v)
	})
}

// Bytes is Get for a body that is already encoded.
func Bytes(app core.App, key string, build func() ([]byte, error)) (*Answer, error) {
	return buildBytes(app, key, build, NewBytesAnswer)
}

// buildBytes is Build for a body build makes, answered by answer.
func buildBytes(app core.App, key string, build func() ([]byte, error), answer func([]byte) *Answer) (*Answer, error) {
	return Build(app, key, func() (*Answer, error) {
		body, err := build()
		if err != nil {
			return nil, err
		}
		return answer(body), nil
	})
}

// Build returns the answer under key; on a miss one caller builds it while the
// others wait, and it is kept only if nothing was invalidated meanwhile.
func Build(app core.App, key string, build func() (*Answer, error)) (*Answer, error) {
	cc := of(app)
	cc.expireIfDue()
	if a := cc.getAnswer(key); a != nil {
		return a, nil
	}
	gen := cc.generation()
	v, err, _ := cc.flight.Do("a:"+key+":"+strconv.FormatUint(gen, 10), func() (any, error) {
		a, err := build()
		if err != nil {
			return nil, err
		}
		cc.putAnswer(key, a, gen)
		return a, nil
	})
	if err != nil {
		return nil, err
	}
	return v.(*Answer), nil
}

// WriteJSON sends a JSON answer: public for CDNs, private when the request is signed in.
func WriteJSON(e *core.RequestEvent, a *Answer) error {
	cache := Public
	if e.Request.Header.Get("Authorization") != "" {
		cache = Private
	}
	return a.Send(e, http.StatusOK, "application/json", cache, "Authorization, Accept-Encoding")
}

// Send writes a with its validators: a 200 with a matching If-None-Match answers 304, and
// the brotli or gzip form goes to clients that accept it. The front (front.go) answers the same
// anonymous request next time.
func (a *Answer) Send(e *core.RequestEvent, status int, contentType, cacheControl, vary string) error {
	if status == http.StatusOK && frontEligible(e.Request) && a.current() {
		of(e.App).remember(e.Request, a, e.Response.Header(), contentType, cacheControl, vary)
	}
	a.write(e.Response, e.Request, status, contentType, cacheControl, vary)
	return nil
}

func (a *Answer) write(w http.ResponseWriter, r *http.Request, status int, contentType, cacheControl, vary string) {
	h := w.Header()
	h.Set("Cache-Control", cacheControl)
	if vary != "" {
		h.Set("Vary", vary)
	}
	if a.ETag != "" && status == http.StatusOK {
		h.Set("ETag", a.ETag)
		if etagMatches(r.Header.Get("If-None-Match"), a.ETag) {
			w.WriteHeader(http.StatusNotModified)
			return
		}
	}
	body := a.Body
	switch ae := r.Header.Get("Accept-Encoding"); {
	case a.Br != nil && accepts(ae, "br"):
		h.Set("Content-Encoding", "br")
		body = a.Br
	case a.Gz != nil && accepts(ae, "gzip"):
		h.Set("Content-Encoding", "gzip")
		body = a.Gz
	}
	h.Set("Content-Type", contentType)
	h.Set("Content-Length", strconv.Itoa(len(body))) // not chunked: clients size their buffer once
	oneWrite(r, len(body))
	w.WriteHeader(status)
	w.Write(body)
}

// etagMatches applies If-None-Match's weak comparison (RFC 9110 13.1.2).
func etagMatches(header, etag string) bool {
	for header != "" { // no strings.Split: this runs on every cached answer
		var t string
		t, header, _ = strings.Cut(header, ",")
		t = strings.TrimSpace(t)
		if t == "*" || strings.TrimPrefix(t, "W/") == etag {
			return true
		}
	}
	return false
}

// accepts tells whether an Accept-Encoding header takes the coding (with a q above 0).
func accepts(header, coding string) bool {
	for header != "" {
		var part string
		part, header, _ = strings.Cut(header, ",")
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), coding) {
			continue
		}
		q, ok := strings.CutPrefix(strings.ReplaceAll(params, " ", ""), "q=")
		if !ok {
			return true
		}
		f, err := strconv.ParseFloat(q, 64)
		return err == nil && f > 0
	}
	return false
}

// GzipSmaller returns body gzipped at level, or nil when that does not make it smaller.
// The writers are reused (gzipWriters): a new one allocates its compressor's tables and
// history (~800 kB at the default level, 1.2 MB at BestSpeed), and answers are gzipped again
// whenever a write invalidates them; in the soak (cmd/soak) new writers were half of all the
// server's allocation (~200 MB/s), which set the pace of the garbage collector and the height
// of the Go heap's swings.
func GzipSmaller(body []byte, level int) []byte {
	pool := &gzipWriters[level-gzip.HuffmanOnly]
	return compressSmaller(body, pool, func(buf *bytes.Buffer) resetWriter {
		zw, _ := gzip.NewWriterLevel(buf, level)
		return zw
	})
}

// resetWriter is a compressor that can start over on another destination (gzip's, brotli's).
type resetWriter interface {
	io.WriteCloser
	Reset(io.Writer)
}

// compressSmaller compresses body with a writer from pool (newWriter when it is empty) and
// returns the bytes, or nil when they are not smaller; the writer goes back without the body.
func compressSmaller(body []byte, pool *sync.Pool, newWriter func(*bytes.Buffer) resetWriter) []byte {
	var buf bytes.Buffer
	w, _ := pool.Get().(resetWriter)
	if w == nil {
		w = newWriter(&buf)
	} else {
		w.Reset(&buf)
	}
	w.Write(body)
	w.Close()
	w.Reset(nil) // the pool keeps no body
	pool.Put(w)
	if buf.Len() >= len(body) {
		return nil
	}
	return buf.Bytes()
}

// gzipWriters holds idle gzip writers, one pool per level (HuffmanOnly to BestCompression).
var gzipWriters [gzip.BestCompression - gzip.HuffmanOnly + 1]sync.Pool
