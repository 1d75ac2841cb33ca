package main

import (
	"cmp"
	"fmt"
	"mime"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/folio/folio/cmd/internal/benchkit"
)

// Speed target of issue 12: every cached page and public JSON answer at >= 0.7x nginx on the
// same bytes, or, where a bare Go handler cannot reach that itself, >= 90% of that handler.
const (
	targetOfNginx = 0.7
	targetOfBare  = 0.9
)

// baselines are the two static servers every route is compared with in the same run.
type baselines struct {
	nginx *benchkit.Nginx
	bare  *benchkit.Bare
	files map[string]string // route path -> file name under the static root
}

// startBaselines writes each route's answer bytes into root and serves them with nginx on
// nginxAddr and with a bare Go handler on bareAddr.
func startBaselines(dir string, routes []route, bodies [][]byte, nginxAddr, bareAddr string) (*baselines, error) {
	root := filepath.Join(dir, "static")
	if err := os.RemoveAll(root); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(root, 0o755); err != nil {
		return nil, err
	}
	b := &baselines{files: map[string]string{}}
	bare := map[string]benchkit.BareFile{}
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
		bare["/"+name] = benchkit.BareFile{ContentType: mime.TypeByExtension(ext), Body: bodies[i]}
	}
	var err error
	if b.nginx, err = benchkit.StartNginx(filepath.Join(dir, "nginx"), root, nginxAddr); err != nil {
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

// ratioRow is one route measured against both baselines: the median of rounds per server.
type ratioRow struct {
	r                  route
	bytes              int
	folio, nginx, bare benchkit.WrkResult
}

func (row ratioRow) ofNginx() float64 { return row.folio.RPS / row.nginx.RPS }
func (row ratioRow) ofBare() float64  { return row.folio.RPS / row.bare.RPS }

// meets says whether the route reaches the target, and by which rule.
func (row ratioRow) meets() string {
	switch {
	case row.ofNginx() >= targetOfNginx:
		return "yes"
	case row.bare.RPS/row.nginx.RPS < targetOfNginx && row.ofBare() >= targetOfBare:
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
		if _, err := benchkit.Wrk(u, threads, conns, time.Second); err != nil {
			return ratioRow{}, err
		}
	}
	runs := make([][]benchkit.WrkResult, len(urls))
	for range rounds {
		for i, u := range urls {
			res, err := benchkit.Wrk(u, threads, conns, d)
			if err != nil {
				return ratioRow{}, err
			}
			runs[i] = append(runs[i], res)
		}
	}
	med := func(rs []benchkit.WrkResult) benchkit.WrkResult {
		slices.SortFunc(rs, func(a, b benchkit.WrkResult) int { return cmp.Compare(a.RPS, b.RPS) })
		return rs[len(rs)/2]
	}
	return ratioRow{r: r, folio: med(runs[0]), nginx: med(runs[1]), bare: med(runs[2])}, nil
}

func printRatioHeader() {
	fmt.Println("| route | bytes | Folio req/s | p50 | p99 | nginx req/s | bare Go req/s | Folio/nginx | Folio/bare Go | bare Go/nginx | errors | target met |")
	fmt.Println("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
}

func printRatioRow(row ratioRow) {
	fmt.Printf("| `%s` | %d | %.0f | %s | %s | %.0f | %.0f | %.2f | %.2f | %.2f | %d | %s |\n",
		row.r.name, row.bytes, row.folio.RPS, benchkit.Ms(row.folio.P50), benchkit.Ms(row.folio.P99),
		row.nginx.RPS, row.bare.RPS, row.ofNginx(), row.ofBare(), row.bare.RPS/row.nginx.RPS,
		row.folio.Errors+row.nginx.Errors+row.bare.Errors, row.meets())
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
