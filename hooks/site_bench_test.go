package hooks_test

import (
	"net/http/httptest"
	"os/exec"
	"regexp"
	"strconv"
	"testing"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

var wrkRPS = regexp.MustCompile(`Requests/sec:\s+([0-9.]+)`)

// BenchmarkServeUnderWrk serves the full app over real TCP in this process and drives cached
// pages and JSON answers with wrk, so a CPU profile shows where a request's time goes:
//
//	go test ./hooks -run x -bench ServeUnderWrk -benchtime 1x -cpuprofile cpu.out
//	go tool pprof -top -cum cpu.out
func BenchmarkServeUnderWrk(b *testing.B) {
	if _, err := exec.LookPath("wrk"); err != nil {
		b.Skip("wrk not installed")
	}
	app := testutil.NewApp(b)
	s := app.Settings()
	s.RateLimits.ExcludedIPs = append(s.RateLimits.ExcludedIPs, "127.0.0.1")
	blog := testutil.SaveRecord(b, app, c.Blogs, "", map[string]any{"title": "T", "author": "A", "description": "<p>x</p>"})
	srv := httptest.NewServer(testutil.Handler(b, app))
	defer srv.Close()
	for _, path := range []string{"/", "/blogs/" + blog.Id, "/api/content?page=1", "/api/blogs/" + blog.Id} {
		b.Run(path, func(b *testing.B) {
			for range b.N {
				out, err := exec.Command("wrk", "-t2", "-c32", "-d3s", srv.URL+path).CombinedOutput()
				m := wrkRPS.FindSubmatch(out)
				if err != nil || m == nil {
					b.Fatalf("wrk: %v %s", err, out)
				}
				rps, _ := strconv.ParseFloat(string(m[1]), 64)
				b.ReportMetric(rps, "req/s")
			}
		})
	}
}
