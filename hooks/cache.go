package hooks

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"golang.org/x/sync/singleflight"

	c "github.com/folio/folio/collections"
)

// HTTP caching of public GET answers (API.md "Public routes").
const (
	// CachePublic lets browsers and CDNs keep an answer a minute and serve it stale while refetching.
	CachePublic = "public, max-age=60, stale-while-revalidate=600"
	// CachePrivate is for requests with Authorization, whose answer may carry a personal `liked`.
	CachePrivate = "private, no-cache"

	cacheStoreKey   = "folio.contentCache"
	cacheTTL        = time.Minute // bounds staleness from writers outside this process (CLI)
	cacheMaxEntries = 2048        // distinct query strings are unbounded; the cache is not
	cacheMaxKeyLen  = 512
	gzipMinBytes    = 1400 // below one packet compression does not pay
	summaryMemoMax  = 100_000
)

// answer is one cached response body with its validator.
type answer struct {
	body, gz []byte
	etag     string
	born     time.Time
	detail   *ItemDetail // set for item details, to render a personal `liked` variant
}

// contentCache holds whole public answers and computed aggregates of one app.
type contentCache struct {
	mu      sync.RWMutex
	gen     uint64
	answers map[string]*answer
	values  map[string]any // aggregates (taxonomy index), same lifetime as answers
	flight  singleflight.Group

	memoMu sync.Mutex
	memo   map[string]memoExcerpt // item id -> excerpt; survives invalidation, checked by `updated`
}

// cacheOf returns app's content cache; transaction apps share their parent's store.
func cacheOf(app core.App) *contentCache {
	return app.Store().GetOrSet(cacheStoreKey, func() any {
		return &contentCache{answers: map[string]*answer{}, values: map[string]any{}, memo: map[string]memoExcerpt{}}
	}).(*contentCache)
}

// bindCacheHooks drops cached public answers whenever public content changes,
// including saves from /_/ and commands (record hooks fire for every app.Save).
func bindCacheHooks(app core.App) {
	drop := func(e *core.RecordEvent) error {
		invalidateContent(e.App)
		return e.Next()
	}
	cols := []string{c.Blogs, c.Projects, c.Profile, c.About}
	app.OnRecordAfterCreateSuccess(cols...).BindFunc(drop)
	app.OnRecordAfterUpdateSuccess(cols...).BindFunc(drop)
	app.OnRecordAfterDeleteSuccess(cols...).BindFunc(drop)
}

// invalidateContent drops every cached public answer of app. Call it after any write
// that changes what a public GET shows and that bypasses record hooks (raw SQL counters).
func invalidateContent(app core.App) {
	cc := cacheOf(app)
	cc.mu.Lock()
	cc.gen++
	cc.answers = map[string]*answer{}
	cc.values = map[string]any{}
	cc.mu.Unlock()
}

// Cache keys of the answers that carry no engagement counter.
const (
	keyCategories = "categories"
	keyTags       = "tags"
	keyArchives   = "archives"
	keyProfile    = "profile"
	keyAbout      = "about"
)

var counterFreeAnswers = []string{keyCategories, keyTags, keyArchives, keyProfile, keyAbout}

// counterFreePrefix starts the keys of site files (feeds, sitemap) that show no counter.
const counterFreePrefix = "site:"

// invalidateCounters drops the cached answers that show like, share, view or comment
// counts (lists, details, category and tag items) after a raw SQL counter write, keeping
// the answers (category, tag and archive lists, profile, About) that counters never change.
func invalidateCounters(app core.App) {
	cc := cacheOf(app)
	cc.mu.Lock()
	cc.gen++
	kept := map[string]*answer{}
	for _, k := range counterFreeAnswers {
		if a := cc.answers[k]; a != nil {
			kept[k] = a
		}
	}
	for k, a := range cc.answers {
		if strings.HasPrefix(k, counterFreePrefix) {
			kept[k] = a
		}
	}
	cc.answers = kept
	cc.values = map[string]any{} // the taxonomy's rows carry counters; rebuilding it reads only the list index
	cc.mu.Unlock()
}

func (cc *contentCache) generation() uint64 {
	cc.mu.RLock()
	defer cc.mu.RUnlock()
	return cc.gen
}

func (cc *contentCache) getAnswer(key string) *answer {
	cc.mu.RLock()
	a := cc.answers[key]
	cc.mu.RUnlock()
	if a != nil && time.Since(a.born) > cacheTTL {
		return nil
	}
	return a
}

// putAnswer stores a only when nothing was invalidated since gen was read, so an answer
// computed from pre-write data never outlives the write.
func (cc *contentCache) putAnswer(key string, a *answer, gen uint64) {
	if len(key) > cacheMaxKeyLen {
		return
	}
	cc.mu.Lock()
	defer cc.mu.Unlock()
	if cc.gen != gen {
		return
	}
	if len(cc.answers) >= cacheMaxEntries {
		cc.answers = map[string]*answer{}
	}
	cc.answers[key] = a
}

// value returns the aggregate under key, computing it once per generation.
func (cc *contentCache) value(key string, build func() (any, error)) (any, error) {
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
		if cc.gen == gen {
			cc.values[key] = v
		}
		cc.mu.Unlock()
		return v, nil
	})
	return v, err
}

// newAnswer encodes v as JSON (HTML left unescaped: descriptions are HTML) with its ETag.
func newAnswer(v any) (*answer, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return newBytesAnswer(buf.Bytes()), nil
}

// newBytesAnswer wraps an encoded body with its strong ETag and, when worth it, a gzip form.
func newBytesAnswer(body []byte) *answer {
	sum := sha256.Sum256(body)
	a := &answer{body: body, etag: `"` + base64.RawURLEncoding.EncodeToString(sum[:16]) + `"`, born: time.Now()}
	if len(body) >= gzipMinBytes {
		a.gz = gzipSmaller(body, gzip.BestSpeed)
	}
	return a
}

// cachedJSON answers a public GET from the cache under key, building it on a miss.
// build returns the value to encode or an API error (never cached).
func cachedJSON(e *core.RequestEvent, key string, build func() (any, error)) error {
	a, err := cachedAnswer(e.App, key, build)
	if err != nil {
		return err
	}
	return writeAnswer(e, a)
}

// cachedAnswer returns the JSON answer under key, building it at most once at a time.
func cachedAnswer(app core.App, key string, build func() (any, error)) (*answer, error) {
	return cachedBuild(app, key, func() (*answer, error) {
		v, err := build()
		if err != nil {
			return nil, err
		}
		a, err := newAnswer(v)
		if err != nil {
			return nil, err
		}
		if d, ok := v.(ItemDetail); ok {
			a.detail = &d
		}
		return a, nil
	})
}

// cachedBuild returns the answer under key; on a miss one caller builds it while the
// others wait, and it is kept only if no content changed meanwhile.
func cachedBuild(app core.App, key string, build func() (*answer, error)) (*answer, error) {
	cc := cacheOf(app)
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
	return v.(*answer), nil
}

// writeAnswer sends a JSON answer: public for CDNs, private when the request is signed in.
func writeAnswer(e *core.RequestEvent, a *answer) error {
	cache := CachePublic
	if e.Request.Header.Get("Authorization") != "" {
		cache = CachePrivate
	}
	return a.send(e, http.StatusOK, "application/json", cache, "Authorization, Accept-Encoding")
}

// send writes a with its validators: a 200 with a matching If-None-Match answers 304, and
// the gzip form goes to clients that accept it.
func (a *answer) send(e *core.RequestEvent, status int, contentType, cacheControl, vary string) error {
	h := e.Response.Header()
	h.Set("Cache-Control", cacheControl)
	h.Set("Vary", vary)
	if a.etag != "" && status == http.StatusOK {
		h.Set("ETag", a.etag)
		if etagMatches(e.Request.Header.Get("If-None-Match"), a.etag) {
			return e.NoContent(http.StatusNotModified)
		}
	}
	body := a.body
	if a.gz != nil && acceptsGzip(e.Request.Header.Get("Accept-Encoding")) {
		h.Set("Content-Encoding", "gzip")
		body = a.gz
	}
	h.Set("Content-Length", strconv.Itoa(len(body))) // not chunked: clients size their buffer once
	return e.Blob(status, contentType, body)
}

// etagMatches applies If-None-Match's weak comparison (RFC 9110 13.1.2).
func etagMatches(header, etag string) bool {
	if header == "" {
		return false
	}
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimSpace(t)
		if t == "*" || strings.TrimPrefix(t, "W/") == etag {
			return true
		}
	}
	return false
}

func acceptsGzip(header string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), "gzip") {
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
