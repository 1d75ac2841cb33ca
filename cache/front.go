package cache

import (
	"net/http"
	"slices"
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
	a *Answer
	// The headers of a 200 with the plain, the gzip and the brotli body, and of a 304, as
	// lists: copying a list into the response's header map is cheaper than ranging over a map.
	plain, zipped, brotli, notModified []headerField
}

// headerField is one header with its values, shared read-only by every answer.
type headerField struct {
	key    string
	values []string
}

// fields lists h's entries, leaving out the keys in skip.
func fields(h http.Header, skip ...string) []headerField {
	out := make([]headerField, 0, len(h))
	for k, v := range h {
		if !slices.Contains(skip, k) {
			out = append(out, headerField{k, v})
		}
	}
	return out
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
	plain := h.Clone()
	plain.Set("Content-Type", contentType)
	plain.Set("Cache-Control", cacheControl)
	if vary != "" {
		plain.Set("Vary", vary)
	}
	if a.ETag != "" {
		plain.Set("ETag", a.ETag)
	}
	zipped, br := plain.Clone(), plain.Clone()
	plain.Set("Content-Length", strconv.Itoa(len(a.Body)))
	zipped.Set("Content-Length", strconv.Itoa(len(a.Gz)))
	zipped.Set("Content-Encoding", "gzip")
	br.Set("Content-Length", strconv.Itoa(len(a.Br)))
	br.Set("Content-Encoding", "br")
	e := &frontEntry{a: a, plain: fields(plain), zipped: fields(zipped), brotli: fields(br), notModified: fields(plain, "Content-Length")}
	cc.frontMu.Lock()
	if len(cc.front) >= frontMaxEntries {
		cc.front = map[string]*frontEntry{}
	}
	cc.front[k] = e
	cc.frontMu.Unlock()
}

// lookup returns the entry for r while its answer is still the cached one.
func (cc *store) lookup(r *http.Request) *frontEntry {
	cc.expireIfDue()
	var buf [256]byte
	k := frontKey(buf[:0], r)
	cc.frontMu.RLock()
	e := cc.front[string(k)] // no allocation: the conversion is only for the lookup
	cc.frontMu.RUnlock()
	if e == nil || e.a.current() {
		return e
	}
	// dropped by a write, replaced, or past its TTL: forget it, unless a new pass replaced it
	cc.frontMu.Lock()
	if cc.front[string(k)] == e {
		delete(cc.front, string(k))
	}
	cc.frontMu.Unlock()
	return nil
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
	switch {
	case notModified:
		hdr = e.notModified
	case e.a.Br != nil && accepts(r.Header.Get("Accept-Encoding"), "br"):
		hdr, body = e.brotli, e.a.Br
	case e.a.Gz != nil && accepts(r.Header.Get("Accept-Encoding"), "gzip"):
		hdr, body = e.zipped, e.a.Gz
	}
	h := w.Header()
	for _, f := range hdr { // shared slices: net/http only reads them
		h[f.key] = f.values
	}
	if notModified {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	oneWrite(r, len(body))
	w.WriteHeader(http.StatusOK)
	w.Write(body)
}
