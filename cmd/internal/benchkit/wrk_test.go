package benchkit

import (
	"testing"
	"time"
)

func freeAddr(t *testing.T) string {
	a, err := FreeAddr()
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func TestParseWrk(t *testing.T) {
	out := `Running 4s test @ http://127.0.0.1:8151/r00.json
  2 threads and 32 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   512.34us  300.10us   9.87ms   90.00%
    Req/Sec    30.12k     1.23k   33.00k    70.00%
  Latency Distribution
     50%  450.00us
     75%  600.00us
     90%  800.00us
     99%    1.50ms
  240000 requests in 4.00s, 100.00MB read
  Socket errors: connect 0, read 2, write 0, timeout 1
  Non-2xx or 3xx responses: 4
Requests/sec:  60000.50
Transfer/sec:     25.00MB
`
	r, err := ParseWrk(out)
	if err != nil {
		t.Fatal(err)
	}
	want := WrkResult{Requests: 240000, RPS: 60000.5, P50: 450 * time.Microsecond, P99: 1500 * time.Microsecond, Errors: 7}
	if r != want {
		t.Fatalf("got %+v, want %+v", r, want)
	}
	if _, err := ParseWrk("unable to connect"); err == nil {
		t.Fatal("no error for output without Requests/sec")
	}
}
