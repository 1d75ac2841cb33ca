// Package benchkit holds what the benchmark programs share: preparing a data dir through
// the folio binary, running `folio serve` with its cold start and RSS, and a load client.
package benchkit

import (
	"bufio"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// Binary resolves the folio binary's path and checks that it was built.
func Binary(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	if _, err := os.Stat(abs); err != nil {
		return "", fmt.Errorf("%s: %w (run `make build` first)", path, err)
	}
	return abs, nil
}

// RunQuiet runs bin with args and, on failure, returns the last lines of its output.
func RunQuiet(bin string, args ...string) error {
	out, err := exec.Command(bin, args...).CombinedOutput()
	if err != nil {
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		return fmt.Errorf("%v: %s", err, strings.Join(lines[max(0, len(lines)-5):], "\n"))
	}
	return nil
}

// PrepareDataDir seeds dir with n demo items through the binary itself (n 0 keeps the
// data as it is), adds a superuser (so serve does not open the installer) and exempts
// the bench client from rate limits.
func PrepareDataDir(bin, dir string, n int) error {
	if n > 0 {
		if err := RunQuiet(bin, "seed", "--demo", "--items", strconv.Itoa(n), "--dir", dir); err != nil {
			return fmt.Errorf("seed: %w", err)
		}
	}
	if err := RunQuiet(bin, "superuser", "upsert", "bench@folio.local", "bench-password-1", "--dir", dir); err != nil {
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

// Server is a running `folio serve`.
type Server struct {
	Base      string
	ColdStart time.Duration // process start to first 200
	cmd       *exec.Cmd
	peakRSS   atomic.Int64
	stop      chan struct{}
	done      chan struct{}
}

// Start starts bin on a free port with extra environment entries (KEY=VALUE), logging
// to dir/bench-serve.log, and waits for its first 200.
func Start(bin, dir string, env ...string) (*Server, error) {
	addr, err := FreeAddr()
	if err != nil {
		return nil, err
	}
	return StartAt(bin, dir, addr, env...)
}

// FreeAddr returns a 127.0.0.1 address whose port was free a moment ago.
func FreeAddr() (string, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer l.Close()
	return l.Addr().String(), nil
}

// StartAt is Start on a given address (host:port; "" picks a free port).
func StartAt(bin, dir, addr string, env ...string) (*Server, error) {
	if addr == "" {
		free, err := FreeAddr()
		if err != nil {
			return nil, err
		}
		addr = free
	}
	cmd := exec.Command(bin, "serve", "--http="+addr, "--dir="+dir)
	cmd.Env = append(os.Environ(), env...)
	logFile, err := os.Create(filepath.Join(dir, "bench-serve.log"))
	if err != nil {
		return nil, err
	}
	cmd.Stdout, cmd.Stderr = logFile, logFile
	s := &Server{Base: "http://" + addr, cmd: cmd, stop: make(chan struct{}), done: make(chan struct{})}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		logFile.Close()
		return nil, err
	}
	go func() { _ = cmd.Wait(); logFile.Close(); close(s.done) }()
	client := &http.Client{Timeout: time.Second}
	for time.Since(start) < 30*time.Second {
		if res, err := client.Get(s.Base + "/api/health"); err == nil {
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
	return nil, fmt.Errorf("no 200 from %s within 30 s (see %s)", s.Base, logFile.Name())
}

// RSS is the server's resident set size now, in bytes.
func (s *Server) RSS() int64 {
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

// CPU is the server's user and system CPU time so far (Linux clock ticks of 10 ms).
func (s *Server) CPU() time.Duration {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(s.cmd.Process.Pid) + "/stat")
	if err != nil {
		return 0
	}
	// The fields after the command name (which may hold spaces) end with ")".
	_, rest, _ := strings.Cut(string(b), ") ")
	f := strings.Fields(rest)
	if len(f) < 13 {
		return 0
	}
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(utime+stime) * 10 * time.Millisecond
}

// sampleRSS keeps the peak RSS since the last ResetPeak.
func (s *Server) sampleRSS() {
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
func (s *Server) ResetPeak() int64 { return s.peakRSS.Swap(s.RSS()) }

// Close stops the server (SIGTERM, then SIGKILL after 5 s) and waits for it.
func (s *Server) Close() {
	select {
	case <-s.stop:
	default:
		close(s.stop)
	}
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.done:
	case <-time.After(5 * time.Second):
		_ = s.cmd.Process.Kill()
		<-s.done
	}
}

// Kill stops the server with SIGKILL, as a crash or power cut would, and waits for it.
func (s *Server) Kill() {
	select {
	case <-s.stop:
	default:
		close(s.stop)
	}
	_ = s.cmd.Process.Kill()
	<-s.done
}

// Pid is the server's process id.
func (s *Server) Pid() int { return s.cmd.Process.Pid }

// NewClient keeps exactly conns keep-alive connections; compression off, so an API
// route and its static copy move the same bytes.
func NewClient(conns int) *http.Client {
	return &http.Client{
		Timeout: 30 * time.Second,
		Transport: &http.Transport{
			DialContext:         (&net.Dialer{Timeout: 2 * time.Second}).DialContext,
			MaxIdleConns:        conns,
			MaxIdleConnsPerHost: conns,
			MaxConnsPerHost:     conns,
			DisableCompression:  true,
		},
	}
}

// Ms formats a duration as milliseconds with two decimals.
func Ms(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d)/float64(time.Millisecond)) }
