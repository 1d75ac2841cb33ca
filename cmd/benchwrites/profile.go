package main

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"time"
)

// profiler takes a CPU profile of the server during each workload, through the pprof
// port of a binary built with `-tags pprof` (main_pprof.go), or with trace a one-second
// execution trace (`go tool trace`: where the writer goroutine waits). Zero value: off.
type profiler struct {
	addr, dir     string
	trace, allocs bool
}

// during starts a profile of about d named name and returns a wait for it to be written.
// With allocs it saves the server's allocation profile now (DIR/<name>.allocs.base) and
// when the wait is called (DIR/<name>.allocs): `go tool pprof -sample_index=alloc_space
// -base X.allocs.base BIN X.allocs` shows what the workload allocated.
func (p profiler) during(name string, d time.Duration) func() error {
	if p.addr == "" {
		return func() error { return nil }
	}
	if p.allocs {
		get := func(file string) error { return p.save("/debug/pprof/allocs", filepath.Join(p.dir, file)) }
		if err := get(name + ".allocs.base"); err != nil {
			return func() error { return err }
		}
		return func() error { return get(name + ".allocs") }
	}
	secs := max(1, int(d.Seconds())-1)
	path, ext := fmt.Sprintf("/debug/pprof/profile?seconds=%d", secs), ".pprof"
	if p.trace {
		path, ext = "/debug/pprof/trace?seconds=1", ".trace"
	}
	errc := make(chan error, 1)
	go func() { errc <- p.save(path, filepath.Join(p.dir, name+ext)) }()
	return func() error { return <-errc }
}

// save writes what the pprof port answers at path into file.
func (p profiler) save(path, file string) error {
	res, err := http.Get("http://" + p.addr + path)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("pprof %s: status %d (was the binary built with -tags pprof?)", path, res.StatusCode)
	}
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	_, err = io.Copy(f, res.Body)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
