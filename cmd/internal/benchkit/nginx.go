package benchkit

import (
	"fmt"
	"maps"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"
)

// NginxBin is Debian's nginx-light.
const NginxBin = "/usr/sbin/nginx"

// Nginx is a running nginx serving one folder of static files: the baseline of "the same
// bytes served by a static server".
type Nginx struct {
	Base string
	cmd  *exec.Cmd
	done chan struct{}
}

// nginxConf is tuned as one would for static files: no access log, sendfile, an open-file
// cache, keep-alive without a request limit, one worker per core.
const nginxConf = `%[4]sworker_processes auto;
daemon off;
pid %[1]s/nginx.pid;
error_log %[1]s/error.log warn;
events { worker_connections 4096; }
http {
	access_log off;
	sendfile on;
	tcp_nopush on;
	tcp_nodelay on;
	keepalive_timeout 65;
	keepalive_requests 100000000;
	open_file_cache max=1000 inactive=60s;
	open_file_cache_valid 60s;
	client_body_temp_path %[1]s/body;
	proxy_temp_path %[1]s/proxy;
	fastcgi_temp_path %[1]s/fastcgi;
	uwsgi_temp_path %[1]s/uwsgi;
	scgi_temp_path %[1]s/scgi;
	types { application/json json; text/html html; }
	default_type application/octet-stream;
	server_tokens off;
	server {
		listen %[2]s;
		root %[3]s;
%[5]s	}
}
`

// StartNginx serves root on addr (host:port) with a config and prefix under prefix.
func StartNginx(prefix, root, addr string) (*Nginx, error) {
	return StartNginxWithHeaders(prefix, root, addr, nil)
}

// StartNginxWithHeaders is StartNginx where the files named in headers (name under root ->
// header) are sent with those headers instead of nginx's own ETag and type: the same
// response a dynamic server gives, so both move the same bytes.
func StartNginxWithHeaders(prefix, root, addr string, headers map[string]http.Header) (*Nginx, error) {
	locations, err := nginxLocations(headers)
	if err != nil {
		return nil, err
	}
	// a server already on addr would answer in nginx's place (its 404s counted as errors)
	if l, err := net.Listen("tcp", addr); err != nil {
		return nil, fmt.Errorf("nginx: %s is taken: %w", addr, err)
	} else {
		l.Close()
	}
	if err := os.MkdirAll(prefix, 0o755); err != nil {
		return nil, err
	}
	conf := filepath.Join(prefix, "nginx.conf")
	if err := os.WriteFile(conf, fmt.Appendf(nil, nginxConf, prefix, addr, root, workerUser(), locations), 0o644); err != nil {
		return nil, err
	}
	cmd := exec.Command(NginxBin, "-p", prefix, "-c", conf, "-e", filepath.Join(prefix, "error.log"))
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if out, err := exec.Command(NginxBin, "-t", "-p", prefix, "-c", conf, "-e", filepath.Join(prefix, "error.log")).CombinedOutput(); err != nil {
		return nil, fmt.Errorf("nginx -t: %v: %s", err, out)
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	n := &Nginx{Base: "http://" + addr, cmd: cmd, done: make(chan struct{})}
	go func() { _ = cmd.Wait(); close(n.done) }()
	if err := waitListening(n.Base+"/", n.done); err != nil {
		n.Close()
		return nil, fmt.Errorf("nginx: %w (see %s/error.log)", err, prefix)
	}
	return n, nil
}

// nginxLocations writes one exact location per file of headers, sending its headers with
// add_header (Content-Type as its default_type) and no ETag or range support of nginx's own.
func nginxLocations(headers map[string]http.Header) (string, error) {
	names := slices.Sorted(maps.Keys(headers))
	var b strings.Builder
	for _, name := range names {
		fmt.Fprintf(&b, "\t\tlocation = /%s {\n\t\t\tetag off;\n\t\t\tmax_ranges 0;\n", name)
		h := headers[name]
		for _, k := range slices.Sorted(maps.Keys(h)) {
			for _, v := range h[k] {
				if strings.ContainsAny(v, "$\n\r") {
					return "", fmt.Errorf("nginx: header %s of %s: %q cannot be sent verbatim", k, name, v)
				}
				q := `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(v) + `"`
				switch k {
				case "Content-Type":
					fmt.Fprintf(&b, "\t\t\ttypes { }\n\t\t\tdefault_type %s;\n", q)
				case "Content-Length", "Date":
				default:
					fmt.Fprintf(&b, "\t\t\tadd_header %s %s always;\n", k, q)
				}
			}
		}
		b.WriteString("\t\t}\n")
	}
	return b.String(), nil
}

// workerUser keeps nginx's workers as the caller when that is root (they would drop to
// nobody, who cannot read a private temp dir).
func workerUser() string {
	if os.Geteuid() == 0 {
		return "user root;\n"
	}
	return ""
}

// Close stops nginx (SIGQUIT lets its workers finish) and waits for it.
func (n *Nginx) Close() {
	_ = n.cmd.Process.Signal(syscall.SIGQUIT)
	select {
	case <-n.done:
	case <-time.After(5 * time.Second):
		_ = syscall.Kill(-n.cmd.Process.Pid, syscall.SIGKILL)
		<-n.done
	}
}

// waitListening polls url until it answers at all, the process ends, or 10 s pass.
func waitListening(url string, exited <-chan struct{}) error {
	client := &http.Client{Timeout: time.Second}
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case <-exited:
			return fmt.Errorf("exited at start")
		default:
		}
		if res, err := client.Get(url); err == nil {
			res.Body.Close()
			return nil
		}
		time.Sleep(5 * time.Millisecond)
	}
	return fmt.Errorf("%s did not answer within 10 s", url)
}
