package benchkit

import (
	"fmt"
	"os/exec"
	"regexp"
	"strconv"
	"time"
)

// WrkResult is what one wrk run reported.
type WrkResult struct {
	Requests int64
	RPS      float64
	P50, P99 time.Duration
	Errors   int64 // socket errors plus answers outside 2xx/3xx
}

// Wrk runs `wrk -t threads -c conns -d d --latency [-H header]... url` and parses its report.
func Wrk(url string, threads, conns int, d time.Duration, headers ...string) (WrkResult, error) {
	secs := max(1, int(d.Round(time.Second)/time.Second))
	args := []string{"-t" + strconv.Itoa(threads), "-c" + strconv.Itoa(conns), "-d" + strconv.Itoa(secs) + "s", "--latency"}
	for _, h := range headers {
		args = append(args, "-H", h)
	}
	out, err := exec.Command("wrk", append(args, url)...).CombinedOutput()
	if err != nil {
		return WrkResult{}, fmt.Errorf("wrk %s: %v: %s", url, err, out)
	}
	return ParseWrk(string(out))
}

var (
	wrkRPS      = regexp.MustCompile(`(?m)^Requests/sec:\s+([0-9.]+)`)
	wrkRequests = regexp.MustCompile(`(?m)^\s+(\d+) requests in `)
	wrkPct      = regexp.MustCompile(`(?m)^\s+(50|99)(?:\.000)?%\s+([0-9.]+)(us|ms|s|m)\s*$`)
	wrkSocket   = regexp.MustCompile(`Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)`)
	wrkNon2xx   = regexp.MustCompile(`Non-2xx or 3xx responses: (\d+)`)
)

// ParseWrk reads the report wrk prints with --latency.
func ParseWrk(out string) (WrkResult, error) {
	var r WrkResult
	m := wrkRPS.FindStringSubmatch(out)
	if m == nil {
		return r, fmt.Errorf("no Requests/sec in wrk output: %.300s", out)
	}
	r.RPS, _ = strconv.ParseFloat(m[1], 64)
	if m := wrkRequests.FindStringSubmatch(out); m != nil {
		r.Requests, _ = strconv.ParseInt(m[1], 10, 64)
	}
	for _, m := range wrkPct.FindAllStringSubmatch(out, -1) {
		v, _ := strconv.ParseFloat(m[2], 64)
		unit := map[string]time.Duration{"us": time.Microsecond, "ms": time.Millisecond, "s": time.Second, "m": time.Minute}[m[3]]
		d := time.Duration(v * float64(unit))
		if m[1] == "50" {
			r.P50 = d
		} else {
			r.P99 = d
		}
	}
	if m := wrkSocket.FindStringSubmatch(out); m != nil {
		for _, s := range m[1:] {
			n, _ := strconv.ParseInt(s, 10, 64)
			r.Errors += n
		}
	}
	if m := wrkNon2xx.FindStringSubmatch(out); m != nil {
		n, _ := strconv.ParseInt(m[1], 10, 64)
		r.Errors += n
	}
	return r, nil
}

// HasWrk reports whether wrk is on PATH.
func HasWrk() bool {
	_, err := exec.LookPath("wrk")
	return err == nil
}
