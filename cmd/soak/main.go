// Command soak runs Folio under a bounded mixed load for minutes against the real binary:
// reads of every public route and page, and writes (views by a pool of returning visitors,
// likes, shares, comments, admin edits) at a fixed number of keep-alive connections. It reports throughput, p50/p99/max
// latency, the status classes and RSS after warm-up and at the end, and fails on any 5xx or
// when RSS at the end is more than 10% above its level after warm-up (issue 28). Both levels
// are 30-second means of RSS sampled every second: the baseline the warm-up's last 30 s
// (after a minute of the same load, by when the 16 read connections are open and SQLite's
// and Go's memory have reached their working size), the end the run's last 30 s. The Go
// heap alone swings by some 10 MB between collections and the scavenger's returns, so a
// single sample or a 10 s mean could read ±8% on a flat process.
//
//	go run ./cmd/soak -bin ./folio [-duration 5m] [-warmup 30s] [-conns 32] [-items 200]
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/folio/folio/cmd/internal/benchkit"
)

const browserUA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"

func main() {
	bin := flag.String("bin", "./folio", "the folio binary (make build)")
	duration := flag.Duration("duration", 5*time.Minute, "measured load, after the warm-up")
	warmup := flag.Duration("warmup", time.Minute, "load before the RSS baseline is taken (the server's 16 read connections open and their page caches fill meanwhile)")
	conns := flag.Int("conns", 32, "concurrent keep-alive connections")
	items := flag.Int("items", 200, "demo items to seed")
	addr := flag.String("addr", "", "HOST:PORT to serve on (default: a free port)")
	visitors := flag.Int("visitors", 20, "returning readers whose views are sent (each counts once per item per 30 min)")
	flag.StringVar(&prof.addr, "pprof", "", "pprof address of a `-tags pprof` binary (FOLIO_PPROF_ADDR): Go memory is printed beside RSS")
	flag.StringVar(&prof.dir, "profiles", "", "with -pprof, where heap profiles after warm-up and at the end are written")
	flag.Parse()
	log.SetFlags(0)

	binPath, err := benchkit.Binary(*bin)
	if err != nil {
		log.Fatal(err)
	}
	tmp, err := os.MkdirTemp("", "folio-soak-*")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(tmp)
	if err := soak(binPath, filepath.Join(tmp, "pb_data"), *addr, *items, *conns, *visitors, *warmup, *duration); err != nil {
		log.Print(err)
		os.RemoveAll(tmp)
		os.Exit(1)
	}
}

type stats struct {
	mu        sync.Mutex
	latencies []time.Duration
	classes   [6]int64 // by status / 100; 0 = transport error
}

func (s *stats) add(code int, d time.Duration) {
	s.mu.Lock()
	s.latencies = append(s.latencies, d)
	s.classes[min(code/100, 5)]++
	s.mu.Unlock()
}

func soak(bin, dir, addr string, items, conns, visitors int, warmup, duration time.Duration) error {
	if err := benchkit.PrepareDataDir(bin, dir, items); err != nil {
		return err
	}
	const admin = "soak-admin@folio.local"
	if err := benchkit.RunQuiet(bin, "admins", "create", admin, "soak-password-1", "--super", "--dir", dir); err != nil {
		return err
	}
	var srv *benchkit.Server
	var err error
	var env []string
	if prof.addr != "" {
		env = append(env, "FOLIO_PPROF_ADDR="+prof.addr)
	}
	srv, err = benchkit.StartAt(bin, dir, addr, env...)
	if err != nil {
		return err
	}
	defer srv.Close()
	client := benchkit.NewClient(conns)

	var list struct {
		Items []struct{ ID, Type string }
	}
	if err := getJSON(client, srv.Base+"/api/content?perPage=100", &list); err != nil {
		return err
	}
	var auth struct{ Token string }
	body, _ := json.Marshal(map[string]string{"identity": admin, "password": "soak-password-1"})
	res, err := client.Post(srv.Base+"/api/collections/users/auth-with-password", "application/json", bytes.NewReader(body))
	if err != nil {
		return err
	}
	json.NewDecoder(res.Body).Decode(&auth)
	res.Body.Close()
	if auth.Token == "" {
		return fmt.Errorf("admin sign-in: %d", res.StatusCode)
	}

	var seq atomic.Int64
	op := func(r *rand.Rand) *http.Request {
		it := list.Items[r.IntN(len(list.Items))]
		route, suffix := "blogs", ""
		if it.Type == "project" {
			route, suffix = "projects", "-project"
		}
		n := seq.Add(1)
		var req *http.Request
		switch x := r.IntN(100); {
		case x < 20:
			req, _ = http.NewRequest("GET", srv.Base+fmt.Sprintf("/api/content?page=%d", 1+r.IntN(5)), nil)
		case x < 35, x >= 90 && x < 98:
			req, _ = http.NewRequest("GET", srv.Base+"/api/"+route+"/"+it.ID, nil)
		case x < 40:
			req, _ = http.NewRequest("GET", srv.Base+[]string{"/api/categories", "/api/tags", "/api/archives", "/api/about", "/api/profile"}[r.IntN(5)], nil)
		case x < 45:
			req, _ = http.NewRequest("GET", srv.Base+[]string{"/rss.xml", "/atom.xml", "/feed.json", "/sitemap.xml"}[r.IntN(4)], nil)
		case x < 55:
			req, _ = http.NewRequest("GET", srv.Base+"/"+route+"/"+it.ID, nil)
		case x < 58:
			// The dashboard's Analytics tab: its reads, at every range (issue 28).
			rng := []string{"day", "week", "month", "year", "all"}[r.IntN(5)]
			path := []string{"/api/admin/analytics?range=" + rng + "&type=" + []string{"all", "blog", "project"}[r.IntN(3)],
				"/api/admin/website-analytics?range=" + rng, "/api/admin/analytics/sources?range=" + rng, "/api/admin/analytics/live",
				"/api/admin/analytics.csv?range=" + rng}[r.IntN(5)]
			req, _ = http.NewRequest("GET", srv.Base+path, nil)
			req.Header.Set("Authorization", auth.Token)
		case x < 75:
			// Readers come back: a pool of visitors, each counted once per item per 30 minutes.
			req, _ = http.NewRequest("POST", srv.Base+"/api/view"+suffix+"/"+it.ID, nil)
			req.Header.Set("User-Agent", fmt.Sprintf("%s soak/%d", browserUA, r.IntN(visitors)))
			return req
		case x < 82:
			req, _ = http.NewRequest("POST", srv.Base+"/api/like"+suffix+"/"+it.ID, nil)
			req.Header.Set("Authorization", auth.Token)
		case x < 87:
			req, _ = http.NewRequest("POST", srv.Base+"/api/share"+suffix+"/"+it.ID, nil)
		case x < 90:
			b, _ := json.Marshal(map[string]string{"email": "soak@folio.local", "content": fmt.Sprintf("Soak comment %d", n)})
			req, _ = http.NewRequest("POST", srv.Base+"/api/comment"+suffix+"/"+it.ID, bytes.NewReader(b))
			req.Header.Set("Content-Type", "application/json")
		default:
			var buf bytes.Buffer
			w := multipart.NewWriter(&buf)
			w.WriteField("title", fmt.Sprintf("Soak edit %d", n))
			w.Close()
			req, _ = http.NewRequest("PUT", srv.Base+"/api/admin/"+route+"/"+it.ID, &buf)
			req.Header.Set("Content-Type", w.FormDataContentType())
			req.Header.Set("Authorization", auth.Token)
		}
		req.Header.Set("User-Agent", browserUA)
		return req
	}

	run := func(d time.Duration) *stats {
		st := &stats{}
		deadline := time.Now().Add(d)
		var wg sync.WaitGroup
		for w := range conns {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := rand.New(rand.NewPCG(uint64(w), uint64(time.Now().UnixNano())))
				for time.Now().Before(deadline) {
					req := op(r)
					t0 := time.Now()
					res, err := client.Do(req)
					code := 0
					if err == nil && res.StatusCode >= 500 {
						b, _ := io.ReadAll(io.LimitReader(res.Body, 300))
						log.Printf("%s %s: %d %s", req.Method, req.URL.Path, res.StatusCode, b)
					}
					if err == nil {
						io.Copy(io.Discard, res.Body)
						res.Body.Close()
						code = res.StatusCode
					}
					st.add(code, time.Since(t0))
				}
			}()
		}
		wg.Wait()
		return st
	}

	fmt.Printf("Soak: %d connections, %s warm-up, then %s of mixed reads (66%%) and writes (34%%: views by %d returning visitors, likes, shares, comments, edits), %d items\n", conns, warmup, duration, visitors, len(list.Items))
	// RSS every second: the baseline is the mean of the warm-up's last 30 s, the end the mean
	// of the run's last 30 s (one sample can fall just before or after a GC); every 30th is
	// printed, to tell a plateau (caches filling) from steady growth (a leak).
	var rss []int64
	var goMem []string // Go's own memory every 30 s, with -pprof
	var rssMu sync.Mutex
	stopSampling, sampled := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(sampled)
		tick := time.NewTicker(time.Second)
		defer tick.Stop()
		for {
			select {
			case <-stopSampling:
				return
			case <-tick.C:
				rssMu.Lock()
				rss = append(rss, srv.RSS())
				n := len(rss)
				rssMu.Unlock()
				if prof.addr != "" && n%30 == 0 {
					m := prof.goMemory(srv.Pid()) + fmt.Sprintf(", data.db fds %d", dbFiles(srv.Pid()))
					rssMu.Lock()
					goMem = append(goMem, fmt.Sprintf("%ds: RSS %.0f, %s", n, mb(rss[n-1]), m))
					rssMu.Unlock()
				}
			}
		}
	}()
	mean := func(xs []int64) int64 {
		var sum int64
		for _, x := range xs {
			sum += x
		}
		return sum / int64(max(1, len(xs)))
	}
	warm := run(warmup)
	rssMu.Lock()
	warmSamples := len(rss)
	rssWarm := mean(rss[max(0, warmSamples-rssMeanSamples):])
	rssMu.Unlock()
	srv.ResetPeak()
	prof.heap("heap-warm")
	st := run(duration)
	prof.heap("heap-end")
	close(stopSampling)
	<-sampled
	rssEnd := mean(rss[max(warmSamples, len(rss)-rssMeanSamples):])
	peak := srv.ResetPeak()
	var samples []string
	for i := warmSamples + 29; i < len(rss); i += 30 {
		samples = append(samples, fmt.Sprintf("%.0f", mb(rss[i])))
	}

	slices.Sort(st.latencies)
	p := func(q float64) time.Duration {
		if len(st.latencies) == 0 {
			return 0
		}
		return st.latencies[min(len(st.latencies)-1, int(q*float64(len(st.latencies))))]
	}
	total := len(st.latencies)
	growth := float64(rssEnd-rssWarm) / float64(rssWarm) * 100
	fmt.Println()
	fmt.Println("| soak | value |")
	fmt.Println("|---|---:|")
	fmt.Printf("| requests (after warm-up) | %d |\n", total)
	fmt.Printf("| req/s | %.0f |\n", float64(total)/duration.Seconds())
	fmt.Printf("| p50 / p99 / max | %s / %s / %s |\n", benchkit.Ms(p(0.50)), benchkit.Ms(p(0.99)), benchkit.Ms(st.latencies[max(0, total-1)]))
	fmt.Printf("| 2xx / 3xx / 4xx / 5xx / transport errors | %d / %d / %d / %d / %d |\n", st.classes[2], st.classes[3], st.classes[4], st.classes[5], st.classes[0])
	fmt.Printf("| RSS after warm-up / at end (30 s means) / peak | %.1f / %.1f / %.1f MB (%+.1f%%) |\n", mb(rssWarm), mb(rssEnd), mb(peak), growth)
	fmt.Printf("| RSS every 30 s (MB) | %s |\n", strings.Join(samples, ", "))
	fmt.Printf("| warm-up requests, 5xx | %d, %d |\n", len(warm.latencies), warm.classes[5])
	if len(goMem) > 0 {
		fmt.Println("\nGo memory beside RSS (MB; the rest of RSS is SQLite's C heap, binary and stacks):")
		for _, l := range goMem {
			fmt.Println("  " + l)
		}
	}

	switch {
	case st.classes[5]+warm.classes[5] > 0:
		return fmt.Errorf("FAIL: %d answers were 5xx", st.classes[5]+warm.classes[5])
	case st.classes[0] > 0:
		return fmt.Errorf("FAIL: %d requests got no answer", st.classes[0])
	case growth > rssGrowthMax:
		return fmt.Errorf("FAIL: RSS grew %.1f%% after the warm-up (limit %d%%)", growth, rssGrowthMax)
	}
	fmt.Printf("\nPASS: zero 5xx, RSS within %d%% of its level after warm-up\n", rssGrowthMax)
	return nil
}

const (
	rssGrowthMax   = 10 // percent (issue 28)
	rssMeanSamples = 30 // one a second
)

func mb(b int64) float64 { return float64(b) / (1 << 20) }

func getJSON(c *http.Client, url string, v any) error {
	res, err := c.Get(url)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode != 200 {
		return fmt.Errorf("%s: %d", url, res.StatusCode)
	}
	return json.NewDecoder(res.Body).Decode(v)
}
