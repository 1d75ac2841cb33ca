package main

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// prepareDataDir seeds dir through the binary, adds a superuser (so serve does not open
// the installer), creates the like accounts with `admins create` and exempts the bench
// client from rate limits.
func prepareDataDir(bin, dir string, items int, accounts []string) error {
	if err := runQuiet(bin, "seed", "--demo", "--items", strconv.Itoa(items), "--dir", dir); err != nil {
		return fmt.Errorf("seed: %w", err)
	}
	if err := runQuiet(bin, "superuser", "upsert", "bench@folio.local", "bench-password-1", "--dir", dir); err != nil {
		return fmt.Errorf("superuser: %w", err)
	}
	// A few at a time: each run is a process start plus one bcrypt hash.
	var wg sync.WaitGroup
	errs := make(chan error, len(accounts))
	sem := make(chan struct{}, 4)
	for _, email := range accounts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			if err := runQuiet(bin, "admins", "create", email, accountPassword, "--dir", dir); err != nil {
				errs <- fmt.Errorf("admins create %s: %w", email, err)
			}
		}()
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return err
	}
	app := core.NewBaseApp(core.BaseAppConfig{DataDir: dir})
	if err := app.Bootstrap(); err != nil {
		return err
	}
	defer app.ResetBootstrapState()
	s := app.Settings()
	s.RateLimits.ExcludedIPs = append(s.RateLimits.ExcludedIPs, "127.0.0.1", "::1")
	return app.Save(s)
}

func runQuiet(bin string, args ...string) error {
	out, err := exec.Command(bin, args...).CombinedOutput()
	if err != nil {
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		return fmt.Errorf("%v: %s", err, strings.Join(lines[max(0, len(lines)-5):], "\n"))
	}
	return nil
}

// server is a running `folio serve`.
type server struct {
	cmd  *exec.Cmd
	base string
	done chan struct{}
}

// startServer starts bin on a free port and waits for its first 200.
func startServer(bin, dir string) (*server, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	addr := l.Addr().String()
	l.Close()
	cmd := exec.Command(bin, "serve", "--http="+addr, "--dir="+dir)
	logFile, err := os.Create(filepath.Join(dir, "benchwrites-serve.log"))
	if err != nil {
		return nil, err
	}
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s := &server{cmd: cmd, base: "http://" + addr, done: make(chan struct{})}
	go func() { _ = cmd.Wait(); logFile.Close(); close(s.done) }()
	client := &http.Client{Timeout: time.Second}
	for start := time.Now(); time.Since(start) < 30*time.Second; time.Sleep(5 * time.Millisecond) {
		if res, err := client.Get(s.base + "/api/health"); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return s, nil
			}
		}
	}
	s.Close()
	return nil, fmt.Errorf("no 200 from %s within 30 s (see %s)", s.base, logFile.Name())
}

// Close stops the server (SIGTERM, then SIGKILL after 5 s) and waits for it.
func (s *server) Close() {
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.done:
	case <-time.After(5 * time.Second):
		_ = s.cmd.Process.Kill()
		<-s.done
	}
}
