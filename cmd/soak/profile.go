package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// prof reads the server's Go memory through the pprof port of a binary built with
// `-tags pprof` (main_pprof.go). Zero value: off.
type profiler struct{ addr, dir string }

var prof profiler

var profClient = &http.Client{Timeout: 30 * time.Second}

// goMemory summarises runtime.MemStats (the tail of /debug/pprof/heap?debug=1), in MB.
func (p *profiler) goMemory(pid int) string {
	res, err := profClient.Get("http://" + p.addr + "/debug/pprof/heap?debug=1")
	if err != nil {
		return "pprof: " + err.Error()
	}
	defer res.Body.Close()
	stats := map[string]float64{}
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		name, val, ok := strings.Cut(strings.TrimPrefix(sc.Text(), "# "), " = ")
		if !ok {
			continue
		}
		val, _, _ = strings.Cut(val, " / ") // "Stack = inuse / sys"
		if f, err := strconv.ParseFloat(strings.TrimSpace(val), 64); err == nil {
			stats[name] = f / (1 << 20)
		}
	}
	goTotal := stats["Sys"] - stats["HeapReleased"]
	anon := float64(rssAnon(pid)) / (1 << 20)
	return fmt.Sprintf("anonymous RSS %.1f = Go %.1f (heap in use %.1f, free but kept %.1f, stacks %.1f) + C heap (SQLite) and the rest %.1f; file-backed RSS %.1f (binary, shared %.1f)",
		anon, goTotal, stats["HeapInuse"], stats["HeapIdle"]-stats["HeapReleased"], stats["Stack"], anon-goTotal,
		mb(rssPart(pid, "RssFile:")), mb(rssPart(pid, "RssShmem:"))) + p.cMemory()
}

// cMemory reads /debug/cmem: what SQLite's allocator (modernc.org/memory) has mapped and how
// many allocations are live (with memory.counters), the data.db pool (open connections, and
// how many were closed because more than the idle limit were idle) and what SQLite says its
// idle connections hold.
func (p *profiler) cMemory() string {
	res, err := profClient.Get("http://" + p.addr + "/debug/cmem")
	if err != nil {
		return ""
	}
	defer res.Body.Close()
	var m struct {
		Alloc struct{ Allocs, Bytes int }
		Pool  struct{ OpenConnections, InUse, Idle, MaxIdleClosed, MaxIdleTimeClosed int64 }
		Idle  struct{ Conns, Cache, Schema, Stmt int }
		Pages struct{ Slot, Slots, Used, UsedMax, Overflow, OverflowMax int } `json:"pagecache"`
	}
	if json.NewDecoder(res.Body).Decode(&m) != nil {
		return ""
	}
	per := func(n int) float64 { return float64(n) / float64(max(1, m.Idle.Conns)) / 1024 }
	return fmt.Sprintf("\n      SQLite's allocator %.1f mapped, %d live allocations; pool: %d open, %d closed past the idle limit, %d closed idle;"+
		" %d idle connections hold each (kB) cache %.0f, schema %.0f, statements %.0f",
		float64(m.Alloc.Bytes)/(1<<20), m.Alloc.Allocs, m.Pool.OpenConnections, m.Pool.MaxIdleClosed, m.Pool.MaxIdleTimeClosed,
		m.Idle.Conns, per(m.Idle.Cache), per(m.Idle.Schema), per(m.Idle.Stmt)) +
		fmt.Sprintf("\n      page caches: %d of %d slots of %d B in use (most %d), %.1f MB beyond them (most %.1f)",
			m.Pages.Used, m.Pages.Slots, m.Pages.Slot, m.Pages.UsedMax, float64(m.Pages.Overflow)/(1<<20), float64(m.Pages.OverflowMax)/(1<<20))
}

// heap writes a heap profile (inuse and alloc samples) to dir/name.pprof.
func (p *profiler) heap(name string) {
	if p.addr == "" || p.dir == "" {
		return
	}
	res, err := profClient.Get("http://" + p.addr + "/debug/pprof/heap")
	if err != nil {
		log.Printf("pprof %s: %v", name, err)
		return
	}
	defer res.Body.Close()
	os.MkdirAll(p.dir, 0o755)
	f, err := os.Create(filepath.Join(p.dir, name+".pprof"))
	if err != nil {
		log.Print(err)
		return
	}
	defer f.Close()
	io.Copy(f, res.Body)
}

// dbFiles counts the server's open descriptors of data.db: one per SQLite connection.
func dbFiles(pid int) int {
	fds, _ := os.ReadDir(fmt.Sprintf("/proc/%d/fd", pid))
	n := 0
	for _, fd := range fds {
		if t, err := os.Readlink(fmt.Sprintf("/proc/%d/fd/%s", pid, fd.Name())); err == nil && strings.HasSuffix(t, "/data.db") {
			n++
		}
	}
	return n
}

// rssAnon is the server's anonymous resident memory (RssAnon), in bytes: RSS without the
// mapped binary and files.
func rssAnon(pid int) int64 { return rssPart(pid, "RssAnon:") }

// rssPart reads one of the RSS lines of /proc/PID/status (RssAnon, RssFile, RssShmem), in bytes.
func rssPart(pid int, key string) int64 {
	b, _ := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, key); ok {
			kb, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return kb << 10
		}
	}
	return 0
}
