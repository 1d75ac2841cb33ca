package cache

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// wireServer serves, on a real TCP listener wrapped by Listener:
//
//	/armed?n=N  N bytes as a cached answer does (armed for one write)
//	/miscounted?n=N  N bytes, armed for more: only net/http's end of the answer sends them
//	/plain?n=N  N bytes as any other handler does
//	/sent       how many writes the connection has made so far
//	/stream     4096 bytes, flushed, then nothing until release is closed
//	/file       a file, through http.ServeFile (sendfile)
func wireServer(t *testing.T, release chan struct{}, file string) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n, _ := strconv.Atoi(r.URL.Query().Get("n"))
		switch r.URL.Path {
		case "/armed", "/plain", "/miscounted":
			w.Header().Set("Content-Length", strconv.Itoa(n))
			switch r.URL.Path {
			case "/armed":
				oneWrite(r, n)
			case "/miscounted":
				oneWrite(r, n+1000)
			}
			w.WriteHeader(http.StatusOK)
			w.Write(pattern(n))
		case "/sent":
			wc := r.Context().Value(wireKey{}).(*wireConn)
			wc.mu.Lock()
			fmt.Fprint(w, wc.sent)
			wc.mu.Unlock()
		case "/stream":
			w.Write(pattern(wireBuffer))
			http.NewResponseController(w).Flush()
			<-release
		case "/file":
			http.ServeFile(w, r, file)
		}
	})
	srv := &http.Server{Handler: h, ConnContext: WireContext, ConnState: WireState}
	go srv.Serve(Listener(l))
	t.Cleanup(func() { srv.Close() })
	return l.Addr().String()
}

// wireBuffer is net/http's write buffer per connection (server.go, newBufioWriterSize 4<<10).
const wireBuffer = 4 << 10

func pattern(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte('a' + i%26)
	}
	return b
}

// wireClient speaks HTTP/1.1 on one keep-alive connection.
type wireClient struct {
	t    *testing.T
	conn net.Conn
	r    *bufio.Reader
}

func dialWire(t *testing.T, addr string) *wireClient {
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return &wireClient{t, c, bufio.NewReader(c)}
}

func (c *wireClient) send(paths ...string) {
	var b bytes.Buffer
	for _, p := range paths {
		method, path, ok := strings.Cut(p, " ")
		if !ok {
			method, path = "GET", p
		}
		fmt.Fprintf(&b, "%s %s HTTP/1.1\r\nHost: folio.test\r\n\r\n", method, path)
	}
	if _, err := c.conn.Write(b.Bytes()); err != nil {
		c.t.Fatal(err)
	}
}

func (c *wireClient) read(head ...bool) []byte {
	c.t.Helper()
	c.conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	var req *http.Request
	if len(head) > 0 {
		req = &http.Request{Method: http.MethodHead}
	}
	res, err := http.ReadResponse(c.r, req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		c.t.Fatal(err)
	}
	return b
}

func (c *wireClient) get(path string) []byte {
	c.t.Helper()
	c.send(path)
	return c.read()
}

func (c *wireClient) sent() int {
	c.t.Helper()
	n, err := strconv.Atoi(string(c.get("/sent")))
	if err != nil {
		c.t.Fatal(err)
	}
	return n
}

// A cached answer larger than net/http's 4 KB buffer leaves in one write; any other answer
// in as many as before.
func TestWireOneWrite(t *testing.T) {
	c := dialWire(t, wireServer(t, nil, ""))
	for _, tc := range []struct {
		path string
		want int
	}{
		{"/armed?n=10000", 1},
		{"/plain?n=10000", 2},
		{"/armed?n=45000", 1},
		{"/armed?n=1000", 1},
		{"/plain?n=1000", 1},
		{"/miscounted?n=10000", 1}, // sent whole when net/http has finished the answer
	} {
		before := c.sent()
		if got := c.get(tc.path); len(got) == 0 {
			t.Fatalf("%s: empty body", tc.path)
		}
		// the /sent answer that read `before` made one write too
		if got := c.sent() - before - 1; got != tc.want {
			t.Errorf("%s: %d writes, want %d", tc.path, got, tc.want)
		}
	}
}

// Every size around the buffer's edges arrives whole, one after another and pipelined, armed
// or not, and so does an answer armed for more bytes than it has.
func TestWireBodiesIntact(t *testing.T) {
	c := dialWire(t, wireServer(t, nil, ""))
	var sizes []int
	for n := 0; n <= 3*wireBuffer+64; n += 97 {
		sizes = append(sizes, n)
	}
	for k := 1; k <= 3; k++ {
		for d := -300; d <= 0; d++ { // headers take the first ~100 bytes: some size ends a buffer exactly
			sizes = append(sizes, k*wireBuffer+d)
		}
	}
	for _, n := range sizes {
		for _, kind := range []string{"armed", "plain"} {
			if got := c.get(fmt.Sprintf("/%s?n=%d", kind, n)); !bytes.Equal(got, pattern(n)) {
				t.Fatalf("%s n=%d: %d bytes back, not the body", kind, n, len(got))
			}
		}
	}
	for _, n := range []int{0, 3, 5000, 9000} {
		if got := c.get(fmt.Sprintf("/miscounted?n=%d", n)); !bytes.Equal(got, pattern(n)) {
			t.Fatalf("miscounted n=%d: %d bytes back", n, len(got))
		}
	}
	// A HEAD sends no body: never armed, it does not wait for one.
	c.send("HEAD /armed?n=9000")
	if got := c.read(true); len(got) != 0 {
		t.Fatalf("HEAD: %d bytes of body", len(got))
	}
	paths := []string{"/armed?n=9000", "/plain?n=5000", "/miscounted?n=7000", "/armed?n=12288", "/armed?n=3"}
	c.send(paths...)
	for _, p := range paths {
		_, q, _ := strings.Cut(p, "n=")
		n, _ := strconv.Atoi(q)
		if got := c.read(); !bytes.Equal(got, pattern(n)) {
			t.Fatalf("pipelined %s: %d bytes back", p, len(got))
		}
	}
}

// A handler that streams is never held back: a full buffer it flushes arrives while it waits.
// A file after an armed answer still goes out whole.
func TestWireStreamAndFile(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	file := filepath.Join(t.TempDir(), "f.bin")
	if err := os.WriteFile(file, pattern(70000), 0o644); err != nil {
		t.Fatal(err)
	}
	addr := wireServer(t, release, file)
	c := dialWire(t, addr)
	if got := c.get("/armed?n=20000"); len(got) != 20000 {
		t.Fatalf("armed: %d bytes", len(got))
	}
	if got := c.get("/file"); !bytes.Equal(got, pattern(70000)) {
		t.Fatalf("file: %d bytes back", len(got))
	}

	c.get("/armed?n=8000") // the stream comes right after an armed answer on the same connection
	s := c
	s.send("/stream")
	s.conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	res, err := http.ReadResponse(s.r, nil)
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, wireBuffer)
	if _, err := io.ReadFull(res.Body, buf); err != nil || !bytes.Equal(buf, pattern(wireBuffer)) {
		t.Fatalf("stream: the flushed 4 KB did not arrive while the handler waits: %v", err)
	}
}

// The server closing a connection whose answer is stuck on a client that does not read
// returns at once: the close does not wait behind the write.
func TestWireCloseDuringWrite(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	writing := make(chan struct{})
	srv := &http.Server{ConnContext: WireContext, ConnState: WireState, Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body := pattern(64 << 20)
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		oneWrite(r, len(body))
		close(writing)
		w.Write(body) // far beyond the sockets' buffers: blocks, as the client reads nothing
	})}
	go srv.Serve(Listener(l))
	c := dialWire(t, l.Addr().String())
	c.send("/big")
	<-writing
	time.Sleep(200 * time.Millisecond)
	closed := make(chan struct{})
	go func() { srv.Close(); close(closed) }()
	select {
	case <-closed:
	case <-time.After(5 * time.Second):
		t.Fatal("the server's Close waited behind a blocked write")
	}
}

// Listen opens and wraps the server's listener on its address, and leaves a server without an
// address (as tests build one) or with its own listener alone.
func TestWireListen(t *testing.T) {
	if l, err := Listen(&core.ServeEvent{Server: &http.Server{}}); l != nil || err != nil {
		t.Fatalf("no address: %v, %v", l, err)
	}
	se := &core.ServeEvent{Server: &http.Server{Addr: "127.0.0.1:0"}}
	l, err := Listen(se)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	if _, ok := se.Listener.(wireListener); !ok || l != se.Listener || se.Server.ConnContext == nil || se.Server.ConnState == nil {
		t.Fatalf("listener %T, ConnContext and ConnState not set", se.Listener)
	}
	if again, err := Listen(se); again != nil || err != nil {
		t.Fatalf("a server with its listener got another: %v, %v", again, err)
	}
	se.Server.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", "10000")
		oneWrite(r, 10000)
		w.Write(pattern(10000))
	})
	go se.Server.Serve(se.Listener)
	defer se.Server.Close()
	c := dialWire(t, l.Addr().String())
	if got := c.get("/"); !bytes.Equal(got, pattern(10000)) {
		t.Fatalf("%d bytes back", len(got))
	}
}
