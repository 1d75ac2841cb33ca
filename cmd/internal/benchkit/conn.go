package benchkit

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"strconv"
	"time"
)

// Conn is one keep-alive HTTP/1.1 connection that sends requests one at a time, as wrk
// does: the request is written from one buffer and the answer read with one bufio.Reader.
// Go's http.Client costs about 45 µs of CPU per request here (its pool, two goroutines
// per connection and a timer per request), a quarter of the machine at the writes' rates,
// and a load generator that heavy pulls every server's throughput towards the same figure.
// Conn answers what a bench needs: the status and the body. It redials after an error or
// a `Connection: close`.
type Conn struct {
	addr, host string
	nc         net.Conn
	r          *bufio.Reader
	req        []byte
}

// Header is one request header.
type Header struct{ Key, Value string }

// DialBase returns a Conn to the server of base (http://host:port), dialled lazily.
func DialBase(base string) (*Conn, error) {
	u, err := url.Parse(base)
	if err != nil || u.Scheme != "http" || u.Host == "" {
		return nil, fmt.Errorf("benchkit: %q is not an http://host:port base", base)
	}
	return &Conn{addr: u.Host, host: u.Host}, nil
}

// Close closes the connection.
func (c *Conn) Close() {
	if c.nc != nil {
		c.nc.Close()
		c.nc = nil
	}
}

// Do sends method path with the headers and body (a JSON body gets its Content-Type) and
// returns the status and the body, which is valid until the next call.
func (c *Conn) Do(method, path string, headers []Header, body []byte) (int, []byte, error) {
	b := append(c.req[:0], method...)
	b = append(append(append(b, ' '), path...), " HTTP/1.1\r\nHost: "...)
	b = append(append(b, c.host...), "\r\n"...)
	for _, h := range headers {
		b = append(append(append(append(b, h.Key...), ": "...), h.Value...), "\r\n"...)
	}
	if body != nil {
		b = append(b, "Content-Type: application/json\r\n"...)
	}
	b = append(strconv.AppendInt(append(b, "Content-Length: "...), int64(len(body)), 10), "\r\n\r\n"...)
	b = append(b, body...)
	c.req = b
	if c.nc == nil {
		nc, err := net.DialTimeout("tcp", c.addr, 2*time.Second)
		if err != nil {
			return 0, nil, err
		}
		c.nc, c.r = nc, bufio.NewReaderSize(nc, 16<<10)
	}
	c.nc.SetDeadline(time.Now().Add(30 * time.Second))
	if _, err := c.nc.Write(b); err != nil {
		c.Close()
		return 0, nil, err
	}
	status, out, keep, err := c.read()
	if err != nil || !keep {
		c.Close()
	}
	return status, out, err
}

var errMalformed = errors.New("benchkit: malformed answer")

// read reads one answer: the status line, the headers (Content-Length, chunked transfer,
// Connection) and the body.
func (c *Conn) read() (status int, body []byte, keep bool, err error) {
	line, err := c.r.ReadSlice('\n')
	if err != nil {
		return 0, nil, false, err
	}
	if len(line) < 12 || !bytes.HasPrefix(line, []byte("HTTP/1.1 ")) {
		return 0, nil, false, errMalformed
	}
	if status, err = strconv.Atoi(string(line[9:12])); err != nil {
		return 0, nil, false, errMalformed
	}
	length, chunked, keep := -1, false, true
	for {
		line, err = c.r.ReadSlice('\n')
		if err != nil {
			return 0, nil, false, err
		}
		line = bytes.TrimRight(line, "\r\n")
		if len(line) == 0 {
			break
		}
		k, v, ok := bytes.Cut(line, []byte(":"))
		if !ok {
			return 0, nil, false, errMalformed
		}
		v = bytes.TrimSpace(v)
		switch {
		case bytes.EqualFold(k, []byte("Content-Length")):
			if length, err = strconv.Atoi(string(v)); err != nil {
				return 0, nil, false, errMalformed
			}
		case bytes.EqualFold(k, []byte("Transfer-Encoding")):
			chunked = bytes.EqualFold(v, []byte("chunked"))
		case bytes.EqualFold(k, []byte("Connection")):
			keep = !bytes.EqualFold(v, []byte("close"))
		}
	}
	switch {
	case chunked:
		body, err = c.readChunked()
	case length >= 0:
		body = make([]byte, length)
		_, err = io.ReadFull(c.r, body)
	case status == 204 || status == 304:
	default:
		body, err = io.ReadAll(c.r)
		keep = false
	}
	return status, body, keep && err == nil, err
}

func (c *Conn) readChunked() ([]byte, error) {
	var body []byte
	for {
		line, err := c.r.ReadSlice('\n')
		if err != nil {
			return nil, err
		}
		size, err := strconv.ParseInt(string(bytes.TrimSpace(bytes.SplitN(line, []byte(";"), 2)[0])), 16, 64)
		if err != nil || size < 0 {
			return nil, errMalformed
		}
		if size == 0 {
			for { // trailers, then the blank line
				line, err = c.r.ReadSlice('\n')
				if err != nil {
					return nil, err
				}
				if len(bytes.TrimRight(line, "\r\n")) == 0 {
					return body, nil
				}
			}
		}
		n := len(body)
		body = append(body, make([]byte, size)...)
		if _, err := io.ReadFull(c.r, body[n:]); err != nil {
			return nil, err
		}
		if _, err := c.r.Discard(2); err != nil {
			return nil, err
		}
	}
}
