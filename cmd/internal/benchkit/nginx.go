package benchkit

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
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
	server {
		listen %[2]s;
		root %[3]s;
	}
}
`

// StartNginx serves root on addr (host:port) with a config and prefix under prefix.
func StartNginx(prefix, root, addr string) (*Nginx, error) {
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
	if err := os.WriteFile(conf, fmt.Appendf(nil, nginxConf, prefix, addr, root, workerUser()), 0o644); err != nil {
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
