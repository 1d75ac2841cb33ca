// Command bench measures Folio's public read API against the real binary: for each data
// size it seeds a data dir, starts `folio serve`, drives every public route at a fixed
// number of keep-alive connections for a fixed duration, does the same for the route's
// exact answer bytes served as a static file by the same binary, and prints a markdown table.
//
//	go run ./cmd/bench -bin ./folio [-items 1000,10000] [-duration 5s] [-conns 32]
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/folio/folio/cmd/internal/benchkit"
)

func main() {
	if dir := os.Getenv(staticDirEnv); dir != "" {
		serveStaticBaseline(dir)
		return
	}
	bin := flag.String("bin", "./folio", "the folio binary (make build)")
	items := flag.String("items", "1000,10000", "comma-separated data sizes (items in all)")
	duration := flag.Duration("duration", 4*time.Second, "measured load per route (and again for its static copy)")
	warmup := flag.Duration("warmup", 300*time.Millisecond, "unmeasured load before each run")
	conns := flag.Int("conns", 32, "concurrent keep-alive connections")
	keep := flag.Bool("keep", false, "keep the data dir")
	reuse := flag.String("data", "", "an already seeded data dir to copy and measure instead of seeding (-items ignored)")
	flag.Parse()
	log.SetFlags(0)

	binPath, err := benchkit.Binary(*bin)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("# Folio public API benchmark\n\n%d connections, %s per run after %s warm-up, client and server on this machine; "+
		"compression off so each route and its static copy move the same bytes; 127.0.0.1 exempt from rate limits.\n",
		*conns, *duration, *warmup)
	var sizes []int
	for _, s := range strings.Split(*items, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < 2 {
			log.Fatalf("bad -items entry %q", s)
		}
		sizes = append(sizes, n)
	}
	slices.Sort(sizes)

	// One data dir grows from size to size: seed only adds the items that are missing.
	dir, err := os.MkdirTemp("", "folio-bench-*")
	if err != nil {
		log.Fatal(err)
	}
	if *keep {
		fmt.Printf("\nData dir: %s\n", dir)
	} else {
		defer os.RemoveAll(dir)
	}
	if *reuse != "" {
		if err := os.CopyFS(filepath.Join(dir, "pb_data"), os.DirFS(*reuse)); err != nil {
			log.Fatal(err)
		}
		sizes = []int{0}
	}
	for _, n := range sizes {
		if err := benchSize(binPath, dir, n, *conns, *duration, *warmup); err != nil {
			log.Printf("%d items: %v", n, err)
			os.RemoveAll(dir)
			os.Exit(1)
		}
	}
}

// route is one public GET to measure.
type route struct{ name, path string }

func benchSize(bin, dir string, n, conns int, d, warmup time.Duration) error {
	data, static := filepath.Join(dir, "pb_data"), filepath.Join(dir, "static")
	if err := os.MkdirAll(static, 0o755); err != nil {
		return err
	}
	t0 := time.Now()
	if err := benchkit.PrepareDataDir(bin, data, n); err != nil {
		return err
	}
	seedTime := time.Since(t0)

	srv, err := benchkit.Start(bin, data)
	if err != nil {
		return err
	}
	defer srv.Close()
	time.Sleep(time.Second) // let start-up work settle before the idle figure
	idle := srv.RSS()

	routes, err := discoverRoutes(srv.Base)
	if err != nil {
		return err
	}
	var content struct{ TotalItems int }
	if body, err := fetch(srv.Base + "/api/content?perPage=1"); err == nil {
		_ = json.Unmarshal(body, &content)
	}
	fmt.Printf("\n## %d items\n\nSeeded (added to the previous size) in %s. Cold start (process start to first 200): **%s**. RSS idle: **%.1f MB**.\n\n",
		content.TotalItems, seedTime.Round(time.Millisecond), srv.ColdStart.Round(time.Millisecond), mb(idle))

	// Every route on the real binary first, then each answer's exact bytes as a static file
	// from the baseline server (this program, same app and middleware chain).
	type row struct {
		body      []byte
		api, stat loadResult
		rss       int64
	}
	rows := make([]row, len(routes))
	peak := idle
	for i, r := range routes {
		body, err := fetch(srv.Base + r.path)
		if err != nil {
			return fmt.Errorf("%s: %w", r.path, err)
		}
		if err := os.WriteFile(filepath.Join(static, fmt.Sprintf("r%02d.json", i)), body, 0o644); err != nil {
			return err
		}
		srv.ResetPeak()
		rows[i].body, rows[i].api = body, drive(srv.Base+r.path, conns, d, warmup)
		rows[i].rss = srv.ResetPeak()
		peak = max(peak, rows[i].rss)
	}
	srv.Close()

	self, err := os.Executable()
	if err != nil {
		return err
	}
	baseline, err := benchkit.Start(self, data, staticDirEnv+"="+static)
	if err != nil {
		return fmt.Errorf("static baseline: %w", err)
	}
	defer baseline.Close()
	for i := range routes {
		rows[i].stat = drive(fmt.Sprintf("%s/api/bench-static/r%02d.json", baseline.Base, i), conns, d, warmup)
	}

	fmt.Println("| route | bytes | req/s | p50 | p99 | errors | server RSS peak | static req/s | static p99 | ratio to static |")
	fmt.Println("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
	for i, r := range routes {
		api, stat := rows[i].api, rows[i].stat
		fmt.Printf("| `%s` | %d | %.0f | %s | %s | %d | %.1f MB | %.0f | %s | %.2f |\n",
			r.name, len(rows[i].body), api.RPS(), benchkit.Ms(api.P(50)), benchkit.Ms(api.P(99)), api.Errors+stat.Errors,
			mb(rows[i].rss), stat.RPS(), benchkit.Ms(stat.P(99)), api.RPS()/stat.RPS())
	}
	fmt.Printf("\nPeak server RSS under load: **%.1f MB**.\n", mb(peak))
	return nil
}

// discoverRoutes picks real ids and names from the seeded data.
func discoverRoutes(base string) ([]route, error) {
	var blogs, projects struct{ Items []struct{ ID, Title string } }
	var cats []struct{ Name string }
	var tags []struct{ Name string }
	for path, v := range map[string]any{"/api/blogs?perPage=1": &blogs, "/api/projects?perPage=1": &projects, "/api/categories": &cats, "/api/tags": &tags} {
		body, err := fetch(base + path)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if err := json.Unmarshal(body, v); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
	}
	if len(blogs.Items) == 0 || len(projects.Items) == 0 || len(cats) == 0 || len(tags) == 0 {
		return nil, fmt.Errorf("the seeded data has no blog, project, category or tag")
	}
	word := regexp.MustCompile(`\p{L}{3,}`).FindString(blogs.Items[0].Title)
	// the top tag is the trending one a visitor clicks; the top category is the first card
	return []route{
		{"/api/content?page=1", "/api/content?page=1"},
		{"/api/content?page=50", "/api/content?page=50"},
		{"/api/content?q=" + word, "/api/content?q=" + url.QueryEscape(strings.ToLower(word))},
		{"/api/blogs?page=1", "/api/blogs?page=1"},
		{"/api/projects?page=1", "/api/projects?page=1"},
		{"/api/blogs/{id}", "/api/blogs/" + blogs.Items[0].ID},
		{"/api/projects/{id}", "/api/projects/" + projects.Items[0].ID},
		{"/api/categories", "/api/categories"},
		{"/api/categories/{name}", "/api/categories/" + url.PathEscape(cats[0].Name)},
		{"/api/tags", "/api/tags"},
		{"/api/tags/{tag}", "/api/tags/" + url.PathEscape(tags[0].Name)},
		{"/api/archives", "/api/archives"},
		{"/api/profile", "/api/profile"},
		{"/api/about", "/api/about"},
	}, nil
}

func fetch(u string) ([]byte, error) {
	res, err := http.Get(u)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("status %d: %.200s", res.StatusCode, body)
	}
	return body, err
}

func mb(b int64) float64 { return float64(b) / (1 << 20) }
