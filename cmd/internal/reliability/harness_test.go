package reliability

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/cmd/internal/benchkit"
)

// bin is the folio binary built for this package's tests. It lives under the package dir,
// not /tmp: PocketBase turns dev mode (SQL logging) on for binaries under the temp dir.
var bin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp(".", ".bin-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	bin, _ = filepath.Abs(filepath.Join(dir, "folio"))
	build := exec.Command("go", "build", "-o", bin, "../../..")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		os.RemoveAll(dir)
		fmt.Fprintln(os.Stderr, "building folio:", err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// ports are the addresses these tests may serve on (FOLIO_TEST_PORTS="lo-hi" overrides).
func freeAddr(t testing.TB) string {
	t.Helper()
	lo, hi := 8140, 8149
	if r := os.Getenv("FOLIO_TEST_PORTS"); r != "" {
		fmt.Sscanf(r, "%d-%d", &lo, &hi)
	}
	for p := lo; p <= hi; p++ {
		addr := "127.0.0.1:" + strconv.Itoa(p)
		if l, err := net.Listen("tcp", addr); err == nil {
			l.Close()
			return addr
		}
	}
	t.Fatalf("no free port in %d-%d", lo, hi)
	return ""
}

// newDataDir prepares a data dir through the binary: n demo items, a superuser, an approved
// super admin admin@rel.test and rate limits off for loopback.
func newDataDir(t testing.TB, items int) string {
	t.Helper()
	dir := t.TempDir()
	if err := benchkit.PrepareDataDir(bin, dir, items); err != nil {
		t.Fatal(err)
	}
	if err := benchkit.RunQuiet(bin, "admins", "create", "admin@rel.test", "password123", "--super", "--dir", dir); err != nil {
		t.Fatal(err)
	}
	return dir
}

// serve starts the binary on dir; it is killed when the test ends.
func serve(t testing.TB, dir string) *benchkit.Server {
	t.Helper()
	s, err := benchkit.StartAt(bin, dir, freeAddr(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s
}

// openData opens dir's database directly (the server stopped or killed).
func openData(t testing.TB, dir string) core.App {
	t.Helper()
	app := core.NewBaseApp(core.BaseAppConfig{DataDir: dir})
	if err := app.Bootstrap(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { app.ResetBootstrapState() })
	return app
}

type client struct {
	base string
	http *http.Client
}

func newClient(base string, conns int) *client {
	return &client{base: base, http: benchkit.NewClient(conns)}
}

// do sends a request and returns its status and body; err only when no answer came.
func (c *client) do(method, path, token, ua, ctype string, body io.Reader) (int, []byte, error) {
	req, err := http.NewRequest(method, c.base+path, body)
	if err != nil {
		return 0, nil, err
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	if token != "" {
		req.Header.Set("Authorization", token)
	}
	req.Header.Set("User-Agent", ua)
	res, err := c.http.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		return 0, nil, err
	}
	return res.StatusCode, b, nil
}

func (c *client) json(method, path, token, ua string, in, out any) (int, error) {
	var body io.Reader
	ctype := ""
	if in != nil {
		b, _ := json.Marshal(in)
		body, ctype = bytes.NewReader(b), "application/json"
	}
	code, b, err := c.do(method, path, token, ua, ctype, body)
	if err != nil {
		return 0, err
	}
	if out != nil && code/100 == 2 && len(b) > 0 {
		if err := json.Unmarshal(b, out); err != nil {
			return code, fmt.Errorf("%s %s: %w: %.200s", method, path, err, b)
		}
	}
	return code, nil
}

// multipart sends fields as multipart/form-data.
func (c *client) multipart(method, path, token string, fields map[string]string, out any) (int, error) {
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for k, v := range fields {
		w.WriteField(k, v)
	}
	w.Close()
	code, b, err := c.do(method, path, token, browserUA, w.FormDataContentType(), &buf)
	if err != nil {
		return 0, err
	}
	if out != nil && code/100 == 2 {
		if err := json.Unmarshal(b, out); err != nil {
			return code, err
		}
	}
	return code, nil
}

const browserUA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36"

// signIn returns a users token for email.
func (c *client) signIn(t testing.TB, email, password string) string {
	t.Helper()
	var out struct{ Token string }
	code, err := c.json("POST", "/api/collections/users/auth-with-password", "", browserUA,
		map[string]string{"identity": email, "password": password}, &out)
	if err != nil || code != 200 {
		t.Fatalf("sign-in %s: %d %v", email, code, err)
	}
	return out.Token
}

// superuserToken signs in the superuser benchkit.PrepareDataDir created.
func (c *client) superuserToken(t testing.TB) string {
	t.Helper()
	var out struct{ Token string }
	code, err := c.json("POST", "/api/collections/_superusers/auth-with-password", "", browserUA,
		map[string]string{"identity": "bench@folio.local", "password": "bench-password-1"}, &out)
	if err != nil || code != 200 {
		t.Fatalf("superuser sign-in: %d %v", code, err)
	}
	return out.Token
}

// waitHealthy polls /api/health until it answers 200.
func (c *client) waitHealthy(t testing.TB, within time.Duration) {
	t.Helper()
	deadline := time.Now().Add(within)
	for time.Now().Before(deadline) {
		if code, _, err := c.do("GET", "/api/health", "", browserUA, "", nil); err == nil && code == 200 {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("%s not healthy within %s", c.base, within)
}
