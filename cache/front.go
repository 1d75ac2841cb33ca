package cache

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/pocketbase/pocketbase/core"
)

// The front answers a repeated anonymous GET of a cached answer before PocketBase's router
// and middleware chain (activity log, rate limiter, auth, body limit), which cost more than
// sending the bytes: a profile of cached pages under wrk showed the chain at a third of the
// server's time. It replays exactly what the chain's first pass produced, headers included,
// and only while the answer it sent is still the cached one.

const frontMaxEntries = 4096

// frontEntry is what one request URI was last answered with through the full chain: the
// chain's headers plus the answer's, built once for the plain and the gzip body.
type frontEntry struct {
	a             *Answer
	key           string // the answer's store key; "" for a fixed file
	plain, zipped http.Header
}

// frontEligible is a GET whose answer depends on nothing but its URI and host: no account
// (a personal `liked`), no Origin (CORS headers), no range.
func frontEligible(r *http.Request) bool {
	return r.Method == http.MethodGet && r.Header.Get("Authorization") == "" &&
		r.Header.Get("Origin") == "" && r.Header.Get("Range") == ""
}

// frontKey names a request: host, URI and the forwarded headers absolute URLs may come from.
func frontKey(buf []byte, r *http.Request) []byte {
	uri := r.RequestURI
	if uri == "" { // a request made in-process, not read from a connection
		uri = r.URL.RequestURI()
	}
	buf = append(append(append(buf, r.Host...), ' '), uri...)
	if p, h := r.Header["X-Forwarded-Proto"], r.Header["X-Forwarded-Host"]; p != nil || h != nil {
		buf = append(append(append(append(buf, ' '), strings.Join(p, ",")...), ' '), strings.Join(h, ",")...)
	}
	return buf
}

// remember keeps the entry for r after a full pass sent a; h is the chain's headers so far.
func (cc *store) remember(r *http.Request, a *Answer, h http.Header, contentType, cacheControl, vary string) {
	k := string(frontKey(nil, r))
	cc.frontMu.RLock()
	old := cc.front[k]
	cc.frontMu.RUnlock()
	if old != nil && old.a == a {
		return
	}
	e := &frontEntry{a: a, key: a.key, plain: h.Clone()}
	e.plain.Set("Content-Type", contentType)
	e.plain.Set("Cache-Control", cacheControl)
	if vary != "" {
		e.plain.Set("Vary", vary)
	}
	if a.ETag != "" {
		e.plain.Set("ETag", a.ETag)
	}
	e.zipped = e.plain.Clone()
	e.plain.Set("Content-Length", strconv.Itoa(len(a.Body)))
	e.zipped.Set("Content-Length", strconv.Itoa(len(a.Gz)))
	e.zipped.Set("Content-Encoding", "gzip")
	cc.frontMu.Lock()
	if len(cc.front) >= frontMaxEntries {
		cc.front = map[string]*frontEntry{}
	}
	cc.front[k] = e
	cc.frontMu.Unlock()
}

// lookup returns the entry for r while its answer is still the cached one.
func (cc *store) lookup(r *http.Request) *frontEntry {
	var buf [256]byte
	k := frontKey(buf[:0], r)
	cc.frontMu.RLock()
	e := cc.front[string(k)] // no allocation: the conversion is only for the lookup
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
				ent.write(w, r)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// write answers r from e, as Answer.Send would.
func (e *frontEntry) write(w http.ResponseWriter, r *http.Request) {
	notModified := e.a.ETag != "" && etagMatches(r.Header.Get("If-None-Match"), e.a.ETag)
	hdr, body := e.plain, e.a.Body
	if e.a.Gz != nil && !notModified && acceptsGzip(r.Header.Get("Accept-Encoding")) {
		hdr, body = e.zipped, e.a.Gz
	}
	h := w.Header()
	for k, v := range hdr { // shared slices: net/http only reads them
		h[k] = v
	}
	if notModified {
		delete(h, "Content-Length")
		w.WriteHeader(http.StatusNotModified)
		return
	}
	w.WriteHeader(http.StatusOK)
	w.Write(body)
}

// keep marks a as stored under key, so the front can tell when it is no longer current.
func (a *Answer) keep(key string) { a.key = key }
