package main

import (
	"bytes"
	"cmp"
	"fmt"
	"mime"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"syscall"
	"time"

	"github.com/folio/folio/cmd/internal/benchkit"
)

// Speed target of issue 12: every cached page and public JSON answer at >= 0.7x nginx on the
// same bytes, or, where a bare Go handler cannot reach that itself, >= 90% of that handler.
// Issue 26 adds: every page and JSON answer at >= 90% of the bare handler, and pages at
// >= 0.5x nginx as well.
const (
	targetOfNginx     = 0.7
	targetOfBare      = 0.9
	pageTargetOfNginx = 0.5
)

// baselines are the two static servers every route is compared with in the same run.
type baselines struct {
	nginx *benchkit.Nginx
	bare  *benchkit.Bare
	files map[string]string // route path -> file name under the static root
}

// startBaselines writes each route's answer bytes into root and serves them, with the
// answer's headers, with nginx on nginxAddr and with a bare Go handler on bareAddr.
func startBaselines(dir string, routes []route, bodies [][]byte, headers []http.Header, nginxAddr, bareAddr string) (*baselines, error) {
	root := filepath.Join(dir, "static")
	if err := os.RemoveAll(root); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(root, 0o755); err != nil {
		return nil, err
	}
	b := &baselines{files: map[string]string{}}
	bare := map[string]benchkit.BareFile{}
	nginxHeaders := map[string]http.Header{}
	for i, r := range routes {
		ext := ".json"
		if r.page {
			ext = ".html"
		}
		name := fmt.Sprintf("r%02d%s", i, ext)
		if err := os.WriteFile(filepath.Join(root, name), bodies[i], 0o644); err != nil {
			return nil, err
		}
		b.files[r.path] = name
		h := headers[i].Clone()
		for _, k := range []string{"Date", "Content-Length", "Connection", "Keep-Alive"} {
			h.Del(k)
		}
		if h.Get("Content-Type") == "" {
			h.Set("Content-Type", mime.TypeByExtension(ext))
		}
		nginxHeaders[name] = h
		bare["/"+name] = benchkit.BareFile{ContentType: h.Get("Content-Type"), Body: bodies[i], Header: h}
	}
	var err error
	if b.nginx, err = benchkit.StartNginxWithHeaders(filepath.Join(dir, "nginx"), root, nginxAddr, nginxHeaders); err != nil {
		return nil, err
	}
	if b.bare, err = benchkit.StartBare(bareAddr, bare); err != nil {
		b.nginx.Close()
		return nil, err
	}
	return b, nil
}

func (b *baselines) Close() {
	b.nginx.Close()
	b.bare.Close()
}

// checkSameBytes fetches r from all three servers after its runs: each must still answer
// exactly want, so the ratios compare the same bytes.
func (b *baselines) checkSameBytes(srv *benchkit.Server, r route, want []byte) error {
	for _, u := range []string{srv.Base + r.path, b.nginx.Base + "/" + b.files[r.path], b.bare.Base + "/" + b.files[r.path]} {
		got, h, err := fetchAnswer(u)
		if err != nil {
			return fmt.Errorf("%s: %w", u, err)
		}
		if !bytes.Equal(got, want) || h.Get("Content-Length") != strconv.Itoa(len(want)) {
			return fmt.Errorf("%s: not the same bytes as Folio's first answer of %s (%d bytes, want %d)", u, r.path, len(got), len(want))
		}
	}
	return nil
}

// ratioRow is one route measured against both baselines: the median of rounds per server,
// and the median CPU time per request of Folio's process and of the bare handler's.
type ratioRow struct {
	r                  route
	bytes              int
	folio, nginx, bare benchkit.WrkResult
	folioCPU, bareCPU  time.Duration
}

func (row ratioRow) ofNginx() float64 { return row.folio.RPS / row.nginx.RPS }
func (row ratioRow) ofBare() float64  { return row.folio.RPS / row.bare.RPS }

// meets says whether the route reaches the target, and by which rule.
func (row ratioRow) meets() string {
	switch {
	case row.ofBare() < targetOfBare, row.r.page && row.ofNginx() < pageTargetOfNginx:
		return "**no**"
	case row.ofNginx() >= targetOfNginx:
		return "yes"
	case row.bare.RPS/row.nginx.RPS < targetOfNginx:
		return "yes (bare Go ceiling)"
	default:
		return "**no**"
	}
}

// measureRoute runs wrk rounds times against Folio, nginx and the bare handler, interleaved
// so that a noisy neighbour hits all three alike, and keeps each server's median round.
func measureRoute(srv *benchkit.Server, b *baselines, r route, threads, conns int, d time.Duration, rounds int) (ratioRow, error) {
	urls := []string{srv.Base + r.path, b.nginx.Base + "/" + b.files[r.path], b.bare.Base + "/" + b.files[r.path]}
	// warm-up: fills Folio's caches and every server's connections
	for _, u := range urls {
		if _, err := benchkit.Wrk(u, threads, conns, time.Second, wrkHeaders()...); err != nil {
			return ratioRow{}, err
		}
	}
	// CPU clocks of the server behind each URL (nginx's workers are not sampled)
	clocks := []func() time.Duration{srv.CPU, nil, selfCPU}
	runs := make([][]benchkit.WrkResult, len(urls))
	cpu := make([][]time.Duration, len(urls))
	for range rounds {
		for i, u := range urls {
			var c0 time.Duration
			if clocks[i] != nil {
				c0 = clocks[i]()
			}
			res, err := benchkit.Wrk(u, threads, conns, d, wrkHeaders()...)
			if err != nil {
				return ratioRow{}, err
			}
			runs[i] = append(runs[i], res)
			if clocks[i] != nil && res.Requests > 0 {
				cpu[i] = append(cpu[i], (clocks[i]()-c0)/time.Duration(res.Requests))
			}
		}
	}
	med := func(rs []benchkit.WrkResult) benchkit.WrkResult {
		slices.SortFunc(rs, func(a, b benchkit.WrkResult) int { return cmp.Compare(a.RPS, b.RPS) })
		return rs[len(rs)/2]
	}
	medCPU := func(ds []time.Duration) time.Duration {
		if len(ds) == 0 {
			return 0
		}
		slices.Sort(ds)
		return ds[len(ds)/2]
	}
	return ratioRow{r: r, folio: med(runs[0]), nginx: med(runs[1]), bare: med(runs[2]), folioCPU: medCPU(cpu[0]), bareCPU: medCPU(cpu[2])}, nil
}

// selfCPU is this process's CPU time so far: the bare handler's, as the rest idles during a run.
func selfCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func printRatioHeader() {
	fmt.Println("| route | bytes | Folio req/s | p50 | p99 | nginx req/s | bare Go req/s | Folio/nginx | Folio/bare Go | bare Go/nginx | CPU/req Folio | CPU/req bare Go | errors | target met |")
	fmt.Println("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
}

func printRatioRow(row ratioRow) {
	fmt.Printf("| `%s` | %d | %.0f | %s | %s | %.0f | %.0f | %.2f | %.2f | %.2f | %s | %s | %d | %s |\n",
		row.r.name, row.bytes, row.folio.RPS, benchkit.Ms(row.folio.P50), benchkit.Ms(row.folio.P99),
		row.nginx.RPS, row.bare.RPS, row.ofNginx(), row.ofBare(), row.bare.RPS/row.nginx.RPS,
		us(row.folioCPU), us(row.bareCPU), row.folio.Errors+row.nginx.Errors+row.bare.Errors, row.meets())
}

func us(d time.Duration) string {
	if d == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f µs", float64(d)/float64(time.Microsecond))
}

// pageRoutes are the site pages measured beside the JSON answers: Home, an item, About and
// a taxonomy page, all served by the Go server as HTML.
func pageRoutes(blogID string) []route {
	return []route{
		{name: "/", path: "/", page: true},
		{name: "/blogs/{id}", path: "/blogs/" + blogID, page: true},
		{name: "/about", path: "/about", page: true},
		{name: "/categories", path: "/categories", page: true},
	}
}

// addr returns 127.0.0.1:port+offset, or a free port's address when port is 0.
func addr(port, offset int) (string, error) {
	if port == 0 {
		return benchkit.FreeAddr()
	}
	return fmt.Sprintf("127.0.0.1:%d", port+offset), nil
}
