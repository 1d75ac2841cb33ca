package main

import (
	"bufio"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/hooks"
)

// prepareDataDir seeds dir with n demo items through the binary itself, adds a superuser
// (so serve does not open the installer) and exempts the bench client from rate limits.
// n 0 keeps the data as it is.
func prepareDataDir(bin, dir string, n int) error {
	if n > 0 {
		if err := runQuiet(bin, "seed", "--demo", "--items", strconv.Itoa(n), "--dir", dir); err != nil {
			return fmt.Errorf("seed: %w", err)
		}
	}
	if err := runQuiet(bin, "superuser", "upsert", "bench@folio.local", "bench-password-1", "--dir", dir); err != nil {
		return fmt.Errorf("superuser: %w", err)
	}
	app := core.NewBaseApp(core.BaseAppConfig{DataDir: dir})
	if err := app.Bootstrap(); err != nil {
		return err
	}
	defer app.ResetBootstrapState()
	s := app.Settings()
	for _, ip := range []string{"127.0.0.1", "::1"} {
		if !slices.Contains(s.RateLimits.ExcludedIPs, ip) {
			s.RateLimits.ExcludedIPs = append(s.RateLimits.ExcludedIPs, ip)
		}
	}
	return app.Save(s)
}

func runQuiet(bin string, args ...string) error {
	out, err := exec.Command(bin, args...).CombinedOutput()
	if err != nil {
		return fmt.Errorf("%v: %s", err, lastLines(string(out), 5))
	}
	return nil
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

// server is a running `folio serve`.
type server struct {
	cmd       *exec.Cmd
	base      string
	ColdStart time.Duration
	peakRSS   atomic.Int64
	stop      chan struct{}
}

// startServer starts bin on a free port and waits for its first 200.
func startServer(bin, dir, staticDir string) (*server, error) {
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	addr := "127.0.0.1:" + strconv.Itoa(port)
	cmd := exec.Command(bin, "serve", "--http="+addr, "--dir="+dir)
	cmd.Env = append(os.Environ(), hooks.BenchStaticEnv+"="+staticDir)
	logFile, err := os.Create(dir + "/bench-serve.log")
	if err != nil {
		return nil, err
	}
	cmd.Stdout, cmd.Stderr = logFile, logFile
	s := &server{cmd: cmd, base: "http://" + addr, stop: make(chan struct{})}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	client := &http.Client{Timeout: time.Second}
	for time.Since(start) < 30*time.Second {
		res, err := client.Get(s.base + "/api/health")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				s.ColdStart = time.Since(start)
				go s.sampleRSS()
				return s, nil
			}
		}
		time.Sleep(2 * time.Millisecond)
	}
	s.Close()
	return nil, fmt.Errorf("no 200 from %s within 30 s (see %s/bench-serve.log)", s.base, dir)
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// RSS is the server's resident set size now, in bytes.
func (s *server) RSS() int64 {
	f, err := os.Open("/proc/" + strconv.Itoa(s.cmd.Process.Pid) + "/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}

// sampleRSS keeps the peak RSS since the last ResetPeak.
func (s *server) sampleRSS() {
	t := time.NewTicker(50 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-s.stop:
			return
		case <-t.C:
			if r := s.RSS(); r > s.peakRSS.Load() {
				s.peakRSS.Store(r)
			}
		}
	}
}

// ResetPeak starts a new peak-RSS window and returns the previous window's peak.
func (s *server) ResetPeak() int64 { return s.peakRSS.Swap(s.RSS()) }

func (s *server) Close() {
	select {
	case <-s.stop:
	default:
		close(s.stop)
	}
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan struct{})
	go func() { s.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		_ = s.cmd.Process.Kill()
		<-done
	}
}
