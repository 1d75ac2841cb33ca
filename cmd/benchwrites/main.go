// Command benchwrites measures Folio's engagement writes against the real binary: it
// seeds a fresh data dir, starts `folio serve`, drives views (every request a distinct
// visitor) and like toggles (one account per connection) at a fixed number of keep-alive
// connections, then stops the server and checks in the database that every counter moved
// exactly as many times as the server said yes: zero lost, zero duplicated.
//
//	go run ./cmd/benchwrites -bin ./folio [-items 100] [-conns 32] [-duration 4s]
package main

import (
	"flag"
	"fmt"
	"github.com/folio/folio/cmd/internal/benchkit"
	"log"
	"os"
	"path/filepath"
	"time"
)

const (
	accountPassword = "bench-password-1"
	browserUA       = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
)

func main() {
	bin := flag.String("bin", "./folio", "the folio binary (make build)")
	items := flag.Int("items", 100, "demo items to seed (half blogs, half projects)")
	conns := flag.Int("conns", 32, "concurrent keep-alive connections")
	duration := flag.Duration("duration", 4*time.Second, "load per workload")
	keep := flag.Bool("keep", false, "keep the data dir")
	flag.Parse()
	log.SetFlags(0)

	binPath, err := benchkit.Binary(*bin)
	if err != nil {
		log.Fatal(err)
	}
	dir, err := os.MkdirTemp("", "folio-benchwrites-*")
	if err != nil {
		log.Fatal(err)
	}
	if *keep {
		fmt.Printf("Data dir: %s\n", dir)
	} else {
		defer os.RemoveAll(dir)
	}
	if err := bench(binPath, filepath.Join(dir, "pb_data"), *items, *conns, *duration); err != nil {
		log.Print(err)
		if !*keep {
			os.RemoveAll(dir)
		}
		os.Exit(1)
	}
}

func bench(bin, dir string, items, conns int, d time.Duration) error {
	accounts := make([]string, conns)
	for i := range accounts {
		accounts[i] = fmt.Sprintf("bench-liker-%02d@folio.local", i)
	}
	if err := prepareDataDir(bin, dir, items, accounts); err != nil {
		return err
	}
	before, err := snapshot(dir, accounts)
	if err != nil {
		return err
	}
	srv, err := benchkit.Start(bin, dir)
	if err != nil {
		return err
	}
	ids, err := itemIDs(srv.Base)
	if err != nil {
		srv.Close()
		return err
	}
	tokens, err := signIn(srv.Base, accounts)
	if err != nil {
		srv.Close()
		return err
	}
	views := driveViews(srv.Base, ids, conns, d)
	likes := driveLikes(srv.Base, ids, tokens, d)
	srv.Close() // every write is on disk once the server has stopped
	after, err := snapshot(dir, accounts)
	if err != nil {
		return err
	}

	fmt.Printf("# Folio engagement writes benchmark\n\n%d items, %d connections, %s per workload, client and server on this machine; "+
		"127.0.0.1 exempt from rate limits. Views: every request a distinct visitor (so every one must count). "+
		"Likes: one account per connection toggling likes on random items.\n\n", len(ids), conns, d)
	fmt.Println("| workload | requests | writes/s | p50 | p99 | errors | lost | duplicated | counters = events |")
	fmt.Println("|---|---:|---:|---:|---:|---:|---:|---:|---|")
	vCheck := checkViews(before, after, views)
	lCheck := checkLikes(before, after, likes)
	for _, row := range []struct {
		name string
		r    *loadResult
		c    check
	}{{"`POST /api/view{,-project}/{id}`", &views.loadResult, vCheck}, {"`POST /api/like{,-project}/{id}`", &likes.loadResult, lCheck}} {
		fmt.Printf("| %s | %d | %.0f | %s | %s | %d | %d | %d | %s |\n", row.name, row.r.OK+row.r.Errors, row.r.RPS(),
			benchkit.Ms(row.r.P(50)), benchkit.Ms(row.r.P(99)), row.r.Errors, row.c.lost, row.c.duplicated, yesNo(row.c.consistent))
	}
	for _, c := range []check{vCheck, lCheck} {
		for _, p := range c.problems[:min(len(c.problems), 5)] {
			fmt.Println("\n- " + p)
		}
	}
	if !vCheck.ok() || !lCheck.ok() || views.Errors > 0 || likes.Errors > 0 {
		return fmt.Errorf("engagement writes lost, duplicated or failed")
	}
	return nil
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "**NO**"
}
