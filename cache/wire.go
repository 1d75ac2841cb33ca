package cache

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"sync"

	"github.com/pocketbase/pocketbase/core"
)

// An answer from memory leaves in one write. net/http buffers a response in 4 KB: the status
// line, the headers and the start of a larger body go out in one write, the rest of the body
// in another, so every cached page cost two writes (and two segments for the client to read)
// where nginx makes one writev. Sending a 10 kB answer in one write instead raised a bare
// net/http server's throughput under wrk by about 18%. The listener's connections let a cached answer (front.go, Answer.write) keep
// its writes until its last byte and send them together in one writev.
//
// Nothing else changes: a connection that is not armed, or a TLS one, writes as before. An
// armed answer is sent at its last byte (the headers' length, read from the first write, plus
// the body's), and at the latest when net/http has finished it (ConnState: idle, closed or
// hijacked), or before a close or a file copy on the connection.

// Listen opens the listener PocketBase would open for se's server (same address), wrapped so
// that cached answers sent on its connections leave in one write, and sets the server's
// ConnContext and ConnState for it. It returns nil and changes nothing for a server without an
// address (tests build one without listening) or one that already has its listener.
func Listen(se *core.ServeEvent) (net.Listener, error) {
	if se.Server == nil || se.Server.Addr == "" || se.Listener != nil {
		return nil, nil
	}
	l, err := net.Listen("tcp", se.Server.Addr)
	if err != nil {
		return nil, err
	}
	se.Listener = Listener(l)
	se.Server.ConnContext, se.Server.ConnState = WireContext, WireState
	return se.Listener, nil
}

// Listener wraps l so that cached answers sent on its connections leave in one write; the
// server that serves it sets ConnContext to WireContext and ConnState to WireState.
func Listener(l net.Listener) net.Listener { return wireListener{l} }

type wireListener struct{ net.Listener }

func (l wireListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &wireConn{Conn: c}, nil
}

type wireKey struct{}

// WireContext is an http.Server's ConnContext: it lets the handlers of c's requests find c.
func WireContext(ctx context.Context, c net.Conn) context.Context {
	if wc, ok := c.(*wireConn); ok {
		return context.WithValue(ctx, wireKey{}, wc)
	}
	return ctx // TLS wraps the connection: its writes are records, not net/http's buffers
}

// WireState is an http.Server's ConnState: once an answer is finished (the connection idle,
// closed or hijacked), nothing of it is kept.
func WireState(c net.Conn, state http.ConnState) {
	if wc, ok := c.(*wireConn); ok && state != http.StateActive && state != http.StateNew {
		wc.sendKept()
	}
}

// oneWrite arms r's connection, when it is a wire connection, for an answer whose body of n
// bytes is about to be written (the front and Answer.write call it right before WriteHeader).
// A HEAD sends no body: it is not armed.
func oneWrite(r *http.Request, n int) {
	if r.Method != http.MethodGet {
		return
	}
	if wc, ok := r.Context().Value(wireKey{}).(*wireConn); ok {
		wc.mu.Lock()
		wc.armed, wc.body, wc.want, wc.got = true, n, 0, 0
		wc.mu.Unlock()
	}
}

// wireConn keeps an armed answer's writes until its last byte. The mutex is there for the
// calls that may come from other goroutines than the handler's (ConnState, Close); reads
// never take it.
type wireConn struct {
	net.Conn
	mu        sync.Mutex
	armed     bool
	body      int // the armed answer's body length
	want, got int // its bytes in all (once its headers were seen), and those written so far
	kept      []byte
	sent      int // writes made on the connection (one writev counts one)
}

var headersEnd = []byte("\r\n\r\n")

func (c *wireConn) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.armed {
		if c.want == 0 { // the answer's first write: its status line and headers, then the body
			if i := bytes.Index(p, headersEnd); i >= 0 {
				c.want = i + len(headersEnd) + c.body
			} else {
				c.armed = false // headers longer than a buffer: written as they come
			}
		}
		if c.armed {
			if c.got += len(p); c.got < c.want {
				c.kept = append(c.kept, p...)
				return len(p), nil
			}
			c.armed = false
		}
	}
	c.sent++
	if len(c.kept) == 0 {
		return c.Conn.Write(p)
	}
	bufs := net.Buffers{c.kept, p}
	n, err := bufs.WriteTo(c.Conn) // one writev
	kept := len(c.kept)
	c.kept = c.kept[:0]
	if int(n) < kept {
		return 0, err
	}
	return int(n) - kept, err
}

// sendKept writes what an armed answer kept and disarms the connection.
func (c *wireConn) sendKept() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.sendKeptLocked()
}

func (c *wireConn) sendKeptLocked() error {
	c.armed = false
	if len(c.kept) == 0 {
		return nil
	}
	c.sent++
	_, err := c.Conn.Write(c.kept)
	c.kept = c.kept[:0]
	return err
}

// Close sends what is kept first, as net/http's own final flush does, unless a write is under
// way on another goroutine (the server closing every connection): closing then unblocks it.
func (c *wireConn) Close() error {
	if c.mu.TryLock() {
		c.sendKeptLocked()
		c.mu.Unlock()
	}
	return c.Conn.Close()
}

// CloseWrite and ReadFrom keep what *net.TCPConn offers net/http: the half-close before a
// connection ends and sendfile for files.
func (c *wireConn) CloseWrite() error {
	if err := c.sendKept(); err != nil {
		return err
	}
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}

func (c *wireConn) ReadFrom(r io.Reader) (int64, error) {
	if err := c.sendKept(); err != nil {
		return 0, err
	}
	if rf, ok := c.Conn.(io.ReaderFrom); ok {
		return rf.ReadFrom(r)
	}
	return io.Copy(c.Conn, r)
}
