// Command bench measures Folio's public read API and site pages against the real binary:
// for each data size it seeds a data dir, starts `folio serve`, and drives every public
// route with wrk, beside nginx and a bare Go net/http handler serving the route's exact
// answer bytes, in the same run, and prints a markdown table of the ratios.
//
// It exits 1 when a route misses the target.
//
//	go run ./cmd/bench -bin ./folio [-items 1000,10000] [-duration 2s] [-rounds 3] [-conns 32] [-port 8150] [-body-only]
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"github.com/folio/folio/cmd/internal/benchkit"
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
)

func main() {
	bin := flag.String("bin", "./folio", "the folio binary (make build)")
	items := flag.String("items", "1000,10000", "comma-separated data sizes (items in all)")
	duration := flag.Duration("duration", 2*time.Second, "one wrk run per route and server (whole seconds)")
	rounds := flag.Int("rounds", 3, "interleaved rounds per route; each server's median round is reported")
	bodyOnly := flag.Bool("body-only", false, "nginx and the bare handler send the body and its type only, not Folio's other headers")
	conns := flag.Int("conns", 32, "concurrent keep-alive connections (wrk -c)")
	threads := flag.Int("threads", 2, "wrk threads (wrk -t)")
	gz := flag.Bool("gzip", false, "every request says Accept-Encoding: gzip, as browsers do: Folio answers its cached gzip bytes, and nginx and the bare handler send those same bytes")
	only := flag.String("only", "", "measure only the routes whose name matches this regexp")
	port := flag.Int("port", 0, "Folio on this port, nginx on +1, the bare Go handler on +2 (0: free ports)")
	keep := flag.Bool("keep", false, "keep the data dir")
	reuse := flag.String("data", "", "an already seeded data dir to copy and measure instead of seeding (-items ignored)")
	flag.Parse()
	log.SetFlags(0)
	if *gz {
		acceptEncoding = "gzip"
	}

	binPath, err := benchkit.Binary(*bin)
	if err != nil {
		log.Fatal(err)
	}
	if !benchkit.HasWrk() {
		log.Fatal("wrk is not installed (apt-get install wrk)")
	}
	if _, err := os.Stat(benchkit.NginxBin); err != nil {
		log.Fatalf("%s: %v (apt-get install nginx-light)", benchkit.NginxBin, err)
	}
	fmt.Printf("# Folio public API and pages benchmark\n\nwrk -t%d -c%d -d%s per route and server, %d interleaved round(s) (median kept) after a 1 s warm-up; "+
		"client and servers on this machine; %s; 127.0.0.1 exempt from rate limits. %s "+
		"CPU/req: the server process's CPU time per answered request (median round). "+
		"Target: Folio >= %.0f%% of the bare Go handler on every route, and >= %.1fx nginx, or, where the bare handler itself is below %.1fx nginx, its ceiling; "+
		"pages also >= %.1fx nginx.\n",
		*threads, *conns, *duration, *rounds, encodingNote(), sameBytes(*bodyOnly), targetOfBare*100, targetOfNginx, targetOfNginx, pageTargetOfNginx)
	onlyRE, err := regexp.Compile(*only)
	if err != nil {
		log.Fatalf("-only: %v", err)
	}
	opts := runOpts{threads: *threads, conns: *conns, d: *duration, rounds: *rounds, port: *port, only: onlyRE, bodyOnly: *bodyOnly}
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
	missed := 0
	for _, n := range sizes {
		m, err := benchSize(binPath, dir, n, opts)
		if err != nil {
			log.Printf("%d items: %v", n, err)
			os.RemoveAll(dir)
			os.Exit(1)
		}
		missed += m
	}
	if missed > 0 {
		if !*keep {
			os.RemoveAll(dir)
		}
		log.Fatalf("\n%d route(s) below the target", missed)
	}
}

func sameBytes(bodyOnly bool) string {
	if bodyOnly {
		return "nginx and the bare Go handler send Folio's body and Content-Type only (-body-only)."
	}
	return "nginx and the bare Go handler send Folio's exact answer, its headers (security headers, ETag, Cache-Control, Vary) included, so all three move the same bytes."
}

// route is one public GET to measure; page marks a site page (HTML).
type route struct {
	name, path string
	page       bool
}

type runOpts struct {
	threads, conns, rounds, port int
	d                            time.Duration
	only                         *regexp.Regexp
	bodyOnly                     bool
}

// benchSize measures every route at n items and returns how many miss the target.
func benchSize(bin, dir string, n int, o runOpts) (int, error) {
	data := filepath.Join(dir, "pb_data")
	t0 := time.Now()
	if err := benchkit.PrepareDataDir(bin, data, n); err != nil {
		return 0, err
	}
	seedTime := time.Since(t0)

	folioAddr, err := addr(o.port, 0)
	if err != nil {
		return 0, err
	}
	srv, err := benchkit.StartAt(bin, data, folioAddr)
	if err != nil {
		return 0, err
	}
	defer srv.Close()
	time.Sleep(time.Second) // let start-up work settle before the idle figure
	idle := srv.RSS()

	routes, err := discoverRoutes(srv.Base)
	if err != nil {
		return 0, err
	}
	routes = slices.DeleteFunc(routes, func(r route) bool { return !o.only.MatchString(r.name) })
	bodies := make([][]byte, len(routes))
	headers := make([]http.Header, len(routes))
	for i, r := range routes {
		if bodies[i], headers[i], err = fetchAnswer(srv.Base + r.path); err != nil {
			return 0, fmt.Errorf("%s: %w", r.path, err)
		}
	}
	nginxAddr, err := addr(o.port, 1)
	if err != nil {
		return 0, err
	}
	bareAddr, err := addr(o.port, 2)
	if err != nil {
		return 0, err
	}
	if o.bodyOnly {
		for i := range headers {
			headers[i] = http.Header{"Content-Type": headers[i]["Content-Type"], "Content-Encoding": headers[i]["Content-Encoding"]}
		}
	}
	base, err := startBaselines(dir, routes, bodies, headers, nginxAddr, bareAddr)
	if err != nil {
		return 0, err
	}
	defer base.Close()

	var content struct{ TotalItems int }
	if body, err := fetch(srv.Base + "/api/content?perPage=1"); err == nil {
		_ = json.Unmarshal(body, &content)
	}
	fmt.Printf("\n## %d items\n\nSeeded (added to the previous size) in %s. Cold start (process start to first 200): **%s**. RSS idle: **%.1f MB**.\n\n",
		content.TotalItems, seedTime.Round(time.Millisecond), srv.ColdStart.Round(time.Millisecond), mb(idle))
	printRatioHeader()
	srv.ResetPeak()
	missed := 0
	for i, r := range routes {
		row, err := measureRoute(srv, base, r, o.threads, o.conns, o.d, o.rounds)
		if err != nil {
			return 0, err
		}
		row.bytes = len(bodies[i])
		if err := base.checkSameBytes(srv, r, bodies[i]); err != nil {
			return 0, err
		}
		if row.meets() == "**no**" {
			missed++
		}
		printRatioRow(row)
	}
	fmt.Printf("\nPeak server RSS under load: **%.1f MB**. Routes below the target: **%d** of %d.\n", mb(max(idle, srv.ResetPeak())), missed, len(routes))
	return missed, nil
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
	return append(pageRoutes(blogs.Items[0].ID), []route{
		{name: "/api/content?page=1", path: "/api/content?page=1"},
		{name: "/api/content?page=50", path: "/api/content?page=50"},
		{name: "/api/content?q=" + word, path: "/api/content?q=" + url.QueryEscape(strings.ToLower(word))},
		{name: "/api/blogs?page=1", path: "/api/blogs?page=1"},
		{name: "/api/projects?page=1", path: "/api/projects?page=1"},
		{name: "/api/blogs/{id}", path: "/api/blogs/" + blogs.Items[0].ID},
		{name: "/api/projects/{id}", path: "/api/projects/" + projects.Items[0].ID},
		{name: "/api/categories", path: "/api/categories"},
		{name: "/api/categories/{name}", path: "/api/categories/" + url.PathEscape(cats[0].Name)},
		{name: "/api/tags", path: "/api/tags"},
		{name: "/api/tags/{tag}", path: "/api/tags/" + url.PathEscape(tags[0].Name)},
		{name: "/api/archives", path: "/api/archives"},
		{name: "/api/profile", path: "/api/profile"},
		{name: "/api/about", path: "/api/about"},
	}...), nil
}

func fetch(u string) ([]byte, error) {
	body, _, err := fetchAs(u, "")
	return body, err
}

// acceptEncoding is what wrk and fetchAnswer send as Accept-Encoding ("": none; -gzip).
var acceptEncoding string

// wrkHeaders are wrk's -H arguments.
func wrkHeaders() []string {
	if acceptEncoding == "" {
		return nil
	}
	return []string{"Accept-Encoding: " + acceptEncoding}
}

func encodingNote() string {
	if acceptEncoding == "" {
		return "no Accept-Encoding"
	}
	return "Accept-Encoding: " + acceptEncoding + " (-gzip: the bytes on the wire are Folio's gzip answers where it compresses)"
}

// fetchAnswer GETs u as wrk does and returns a 200's body (as sent: gzip bytes with -gzip)
// and headers.
func fetchAnswer(u string) ([]byte, http.Header, error) { return fetchAs(u, acceptEncoding) }

func fetchAs(u, encoding string) ([]byte, http.Header, error) {
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return nil, nil, err
	}
	if encoding != "" {
		req.Header.Set("Accept-Encoding", encoding)
	}
	res, err := plainClient.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK {
		return nil, nil, fmt.Errorf("status %d: %.200s", res.StatusCode, body)
	}
	return body, res.Header, err
}

// plainClient neither asks for nor decodes compression: bodies are the bytes on the wire.
var plainClient = &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{DisableCompression: true}}

func mb(b int64) float64 { return float64(b) / (1 << 20) }
