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
	addr, dir string
	trace     bool
}

// during starts a profile of about d named name and returns a wait for it to be written.
func (p profiler) during(name string, d time.Duration) func() error {
	if p.addr == "" {
		return func() error { return nil }
	}
	secs := max(1, int(d.Seconds())-1)
	errc := make(chan error, 1)
	go func() {
		url, ext := fmt.Sprintf("http://%s/debug/pprof/profile?seconds=%d", p.addr, secs), ".pprof"
		if p.trace {
			url, ext = fmt.Sprintf("http://%s/debug/pprof/trace?seconds=1", p.addr), ".trace"
		}
		res, err := http.Get(url)
		if err != nil {
			errc <- err
			return
		}
		defer res.Body.Close()
		if res.StatusCode != http.StatusOK {
			errc <- fmt.Errorf("pprof %s: status %d (was the binary built with -tags pprof?)", name, res.StatusCode)
			return
		}
		f, err := os.Create(filepath.Join(p.dir, name+ext))
		if err != nil {
			errc <- err
			return
		}
		_, err = io.Copy(f, res.Body)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		errc <- err
	}()
	return func() error { return <-errc }
}
