package benchkit

import (
	"context"
	"net"
	"net/http"
	"strconv"
	"time"
)

// Bare is a bare net/http server in this process writing fixed bytes per path: the ceiling
// of what any Go handler can do on this machine, measured beside Folio and nginx.
type Bare struct {
	Base string
	srv  *http.Server
}

// BareFile is one answer of the bare server; Header, when set, is sent as well (the
// headers of the answer it stands in for), Content-Length and Date aside.
type BareFile struct {
	ContentType string
	Body        []byte
	Header      http.Header
}

// StartBare serves files (path -> answer) on addr.
func StartBare(addr string, files map[string]BareFile) (*Bare, error) {
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f, ok := files[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		h := w.Header()
		for k, v := range f.Header {
			h[k] = v
		}
		h.Set("Content-Type", f.ContentType)
		h.Set("Content-Length", strconv.Itoa(len(f.Body)))
		w.Write(f.Body)
	})
	b := &Bare{Base: "http://" + l.Addr().String(), srv: &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second}}
	go b.srv.Serve(l)
	return b, nil
}

// Close stops the server.
func (b *Bare) Close() {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	_ = b.srv.Shutdown(ctx)
}
