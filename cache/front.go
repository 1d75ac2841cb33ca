package cache

import (
	"net/http"

	"github.com/pocketbase/pocketbase/core"
)

// The front answers a repeated anonymous GET of a cached answer before PocketBase's router
// and middleware chain (activity log, rate limiter, auth, body limit), which cost more than
// sending the bytes: a profile of cached pages under wrk showed the chain at a third of the
// server's time. It replays exactly what the chain's first pass produced, headers included,
// and only while the answer it sent is still the cached one.

const frontMaxEntries = 4096

// frontEntry is what one request URI was last answered with through the full chain.
type frontEntry struct {
	a                               *Answer
	key                             string // the answer's store key; "" for a fixed file
	contentType, cacheControl, vary string
	header                          http.Header // set by the middleware chain before the handler
}

// frontEligible is a GET whose answer depends on nothing but its URI and host: no account
// (a personal `liked`), no Origin (CORS headers), no range.
func frontEligible(r *http.Request) bool {
	return r.Method == http.MethodGet && r.Header.Get("Authorization") == "" &&
		r.Header.Get("Origin") == "" && r.Header.Get("Range") == ""
}

// frontKey names a request: host, URI and the forwarded headers absolute URLs may come from.
func frontKey(r *http.Request) string {
	uri := r.RequestURI
	if uri == "" { // a request made in-process, not read from a connection
		uri = r.URL.RequestURI()
	}
	return r.Host + " " + uri + " " + r.Header.Get("X-Forwarded-Proto") + " " + r.Header.Get("X-Forwarded-Host")
}

// remember keeps the entry for r after a full pass sent a; h is the chain's headers so far.
func (cc *store) remember(r *http.Request, a *Answer, h http.Header, contentType, cacheControl, vary string) {
	k := frontKey(r)
	cc.frontMu.RLock()
	old := cc.front[k]
	cc.frontMu.RUnlock()
	if old != nil && old.a == a {
		return
	}
	e := &frontEntry{a: a, key: a.key, contentType: contentType, cacheControl: cacheControl, vary: vary, header: h.Clone()}
	cc.frontMu.Lock()
	if len(cc.front) >= frontMaxEntries {
		cc.front = map[string]*frontEntry{}
	}
	cc.front[k] = e
	cc.frontMu.Unlock()
}

// lookup returns the entry for r while its answer is still the cached one.
func (cc *store) lookup(r *http.Request) *frontEntry {
	cc.frontMu.RLock()
	e := cc.front[frontKey(r)]
	cc.frontMu.RUnlock()
	if e == nil || e.key == "" {
		return e
	}
	if cc.getAnswer(e.key) != e.a {
		return nil
	}
	return e
}

// Front wraps the server's handler (PocketBase's router) of app.
func Front(app core.App, next http.Handler) http.Handler {
	cc := of(app)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if frontEligible(r) {
			if ent := cc.lookup(r); ent != nil {
				h := w.Header()
				for k, v := range ent.header {
					h[k] = v
				}
				ent.a.write(w, r, http.StatusOK, ent.contentType, ent.cacheControl, ent.vary)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// keep marks a as stored under key, so the front can tell when it is no longer current.
func (a *Answer) keep(key string) { a.key = key }
