package benchkit

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestConnReadsEveryAnswerShape: Conn sends method, path, headers and body as written and
// reads sized, chunked, empty and closing answers, redialling after a close.
func TestConnReadsEveryAnswerShape(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		switch r.URL.Path {
		case "/echo":
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, r.Method+" "+r.Header.Get("X-Test")+" "+r.Header.Get("Content-Type")+" "+string(body))
		case "/chunked":
			for i := range 3 {
				io.WriteString(w, strings.Repeat(string(rune('a'+i)), 5000))
				w.(http.Flusher).Flush()
			}
		case "/empty":
			w.WriteHeader(http.StatusNoContent)
		case "/close":
			w.Header().Set("Connection", "close")
			io.WriteString(w, "bye")
		}
	}))
	defer srv.Close()
	c, err := DialBase(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	for range 2 {
		status, body, err := c.Do("POST", "/echo", []Header{{"X-Test", "yes"}}, []byte(`{"a":1}`))
		if err != nil || status != 200 || string(body) != `POST yes application/json {"a":1}` {
			t.Fatalf("echo: %d %q %v", status, body, err)
		}
	}
	status, body, err := c.Do("GET", "/chunked", nil, nil)
	if err != nil || status != 200 || len(body) != 15000 || body[14999] != 'c' {
		t.Fatalf("chunked: %d, %d bytes, %v", status, len(body), err)
	}
	if status, body, err := c.Do("POST", "/empty", nil, nil); err != nil || status != 204 || len(body) != 0 {
		t.Fatalf("empty: %d %q %v", status, body, err)
	}
	if status, body, err := c.Do("POST", "/close", nil, nil); err != nil || status != 200 || string(body) != "bye" || c.nc != nil {
		t.Fatalf("close: %d %q %v, connection kept: %v", status, body, err, c.nc != nil)
	}
	if status, _, err := c.Do("POST", "/echo", nil, nil); err != nil || status != 200 {
		t.Fatalf("after a close: %d %v", status, err)
	}
	if _, err := DialBase("localhost:80"); err == nil {
		t.Fatal("a base without http:// was taken")
	}
}
