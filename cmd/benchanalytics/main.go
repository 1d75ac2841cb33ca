// Command benchanalytics measures the owner's analytics answers over millions of events
// against the real binary (issue 28): for each size it seeds the demo items and `folio
// seed --events N` into a fresh data dir (timed), starts `folio serve`, calls every range
// × type of /api/admin/analytics, every range of /api/admin/website-analytics and of
// /api/admin/analytics/sources one at a time as the owner, and prints p50, p99 and the
// worst call of each with the server's peak RSS. It then stops the server and times the
// same answers through the query path Folio used before the rollups (analytics' Direct*
// functions, in this process, over the same database), once each, as a ratio.
//
// Targets: at 10M events p50 ≤ 50 ms and p99 ≤ 150 ms; at 2M p50 ≤ 100 ms and the worst
// of 7 ≤ 250 ms; RSS below 250 MB throughout. A miss exits 1.
//
//	go run ./cmd/benchanalytics -bin ./folio [-sizes 2000000,10000000] [-calls 7] [-direct=true]
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/analytics"
	"github.com/folio/folio/cmd/internal/benchkit"
	c "github.com/folio/folio/collections"
)

const (
	ownerEmail    = "owner@bench.folio.local"
	ownerPassword = "bench-password-1"
	rssLimit      = 250 << 20
)

var (
	ranges = []string{"day", "week", "month", "year", "all"}
	types  = []string{"all", "blog", "project"}
)

// call is one measured answer.
type call struct {
	answer, rng, typ string
	path             string
	times            []time.Duration
	direct           time.Duration // the old query path, once (0: not measured)
}

func main() {
	bin := flag.String("bin", "./folio", "the folio binary (make build)")
	sizes := flag.String("sizes", "2000000,10000000", "event counts, comma-separated")
	calls := flag.Int("calls", 0, "calls per answer (default: 7 up to 2M events, 21 above)")
	direct := flag.Bool("direct", true, "also time the old query path (up to 2M events; minutes)")
	items := flag.Int("items", 24, "demo items")
	keep := flag.Bool("keep", false, "keep the data dirs")
	flag.StringVar(&serveAddr, "addr", "", "HOST:PORT to serve on (default: a free port)")
	flag.Parse()
	log.SetFlags(0)
	path, err := benchkit.Binary(*bin)
	if err != nil {
		log.Fatal(err)
	}
	ok := true
	for _, s := range strings.Split(*sizes, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n <= 0 {
			log.Fatalf("bad size %q", s)
		}
		k := *calls
		if k <= 0 {
			k = 7
			if n > 2_000_000 {
				k = 21
			}
		}
		met, err := benchSize(path, n, k, *items, *direct && n <= 2_000_000, *keep)
		if err != nil {
			log.Fatal(err)
		}
		ok = ok && met
	}
	if !ok {
		os.Exit(1)
	}
}

// serveAddr is -addr: where the server listens ("" = a free port).
var serveAddr string

func benchSize(bin string, n, k, items int, direct, keep bool) (bool, error) {
	root, err := os.MkdirTemp("", "folio-benchanalytics-*")
	if err != nil {
		return false, err
	}
	if keep {
		fmt.Printf("Data dir: %s\n", root)
	} else {
		defer os.RemoveAll(root)
	}
	dir := filepath.Join(root, "pb_data")
	if err := benchkit.PrepareDataDir(bin, dir, items); err != nil {
		return false, err
	}
	if err := benchkit.RunQuiet(bin, "admins", "create", ownerEmail, ownerPassword, "--super", "--dir", dir); err != nil {
		return false, err
	}
	start := time.Now()
	if err := benchkit.RunQuiet(bin, "seed", "--events", strconv.Itoa(n), "--dir", dir); err != nil {
		return false, err
	}
	seeded := time.Since(start)

	srv, err := benchkit.StartAt(bin, dir, serveAddr)
	if err != nil {
		return false, err
	}
	token, err := signIn(srv.Base)
	if err != nil {
		srv.Close()
		return false, err
	}
	var list []*call
	for _, rng := range ranges {
		for _, typ := range types {
			list = append(list, &call{answer: "analytics", rng: rng, typ: typ, path: "/api/admin/analytics?range=" + rng + "&type=" + typ})
		}
		list = append(list, &call{answer: "website", rng: rng, typ: "site", path: "/api/admin/website-analytics?range=" + rng},
			&call{answer: "sources", rng: rng, typ: "all", path: "/api/admin/analytics/sources?range=" + rng})
	}
	client := benchkit.NewClient(1)
	srv.ResetPeak()
	for _, cl := range list { // one warm-up call each: the first read of a cold page cache
		if _, err := get(client, srv.Base+cl.path, token); err != nil {
			srv.Close()
			return false, err
		}
	}
	for i := 0; i < k; i++ {
		for _, cl := range list {
			d, err := get(client, srv.Base+cl.path, token)
			if err != nil {
				srv.Close()
				return false, err
			}
			cl.times = append(cl.times, d)
		}
	}
	peak := max(srv.ResetPeak(), srv.RSS())
	srv.Close()
	if direct {
		if err := timeDirect(dir, list); err != nil {
			return false, err
		}
	}
	return report(n, k, seeded, peak, list), nil
}

func signIn(base string) (string, error) {
	body, _ := json.Marshal(map[string]string{"identity": ownerEmail, "password": ownerPassword})
	res, err := http.Post(base+"/api/collections/users/auth-with-password", "application/json", bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	var auth struct{ Token string }
	_ = json.NewDecoder(res.Body).Decode(&auth)
	if auth.Token == "" {
		return "", fmt.Errorf("owner sign-in: %d", res.StatusCode)
	}
	return auth.Token, nil
}

func get(client *http.Client, url, token string) (time.Duration, error) {
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	req.Header.Set("Authorization", token)
	start := time.Now()
	res, err := client.Do(req)
	if err != nil {
		return 0, err
	}
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	d := time.Since(start)
	if res.StatusCode != http.StatusOK {
		return 0, fmt.Errorf("%s: %d", url, res.StatusCode)
	}
	return d, nil
}

// timeDirect times each answer through the query path before the rollups, once.
func timeDirect(dir string, list []*call) error {
	app := core.NewBaseApp(core.BaseAppConfig{DataDir: dir})
	if err := app.Bootstrap(); err != nil {
		return err
	}
	defer app.ResetBootstrapState()
	now := time.Now()
	for _, cl := range list {
		win, err := analytics.ParseWindow(cl.rng, now)
		if err != nil {
			return err
		}
		start := time.Now()
		switch cl.answer {
		case "analytics":
			name, ts, _ := analytics.ParseType(cl.typ)
			_, err = analytics.Query{App: app, Win: win, Types: ts}.DirectItemReport(name, now)
		case "website":
			_, err = analytics.Query{App: app, Win: win, Types: []string{c.TypeSite}}.DirectSiteReport()
		default:
			continue // sources did not exist
		}
		if err != nil {
			return err
		}
		cl.direct = time.Since(start)
	}
	return nil
}

func percentile(ts []time.Duration, p float64) time.Duration {
	s := slices.Clone(ts)
	slices.Sort(s)
	i := int(float64(len(s)-1)*p + 0.5)
	return s[min(i, len(s)-1)]
}

// report prints the size's markdown table and says whether every target was met.
func report(n, k int, seeded time.Duration, peak int64, list []*call) bool {
	big := n > 2_000_000
	p50Max, tailMax, tailName := 100*time.Millisecond, 250*time.Millisecond, "worst"
	if big {
		p50Max, tailMax, tailName = 50*time.Millisecond, 150*time.Millisecond, "p99"
	}
	fmt.Printf("\n### %d events (seeded in %s), %d calls per answer, one at a time\n\n", n, seeded.Round(time.Second), k)
	fmt.Printf("Targets: p50 ≤ %s, %s ≤ %s, peak RSS < %d MB.\n\n", benchkit.Ms(p50Max), tailName, benchkit.Ms(tailMax), rssLimit>>20)
	fmt.Println("| answer | range | type | p50 | p99 | worst | before (once) | ratio | met |")
	fmt.Println("|---|---|---|---:|---:|---:|---:|---:|:-:|")
	ok := true
	for _, cl := range list {
		p50, p99, worst := percentile(cl.times, 0.5), percentile(cl.times, 0.99), slices.Max(cl.times)
		tail := worst
		if big {
			tail = p99
		}
		met := p50 <= p50Max && tail <= tailMax
		ok = ok && met
		before, ratio := "–", "–"
		if cl.direct > 0 {
			before, ratio = benchkit.Ms(cl.direct), fmt.Sprintf("%.1f×", float64(cl.direct)/float64(max(p50, time.Microsecond)))
		}
		mark := "yes"
		if !met {
			mark = "**no**"
		}
		fmt.Printf("| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", cl.answer, cl.rng, cl.typ, benchkit.Ms(p50), benchkit.Ms(p99), benchkit.Ms(worst), before, ratio, mark)
	}
	rssOK := peak < rssLimit
	fmt.Printf("\nServer peak RSS: %.1f MB (%s)\n", float64(peak)/(1<<20), map[bool]string{true: "met", false: "**missed**"}[rssOK])
	return ok && rssOK
}
