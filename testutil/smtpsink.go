package testutil

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/mailer"
)

// SMTPSink is a real SMTP server on 127.0.0.1 that keeps every message it receives.
type SMTPSink struct {
	Host string
	Port int

	server *smtp.Server
	mu     sync.Mutex
	msgs   []SMTPMessage
	notify chan struct{}
}

// SMTPMessage is one received message.
type SMTPMessage struct {
	From     string
	To       []string
	Username string // the AUTH PLAIN user, "" without auth
	Raw      []byte
}

// StartSMTPSink starts a sink on a random port; it stops when t ends.
func StartSMTPSink(t testing.TB) *SMTPSink {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &SMTPSink{Host: "127.0.0.1", Port: ln.Addr().(*net.TCPAddr).Port, notify: make(chan struct{}, 100)}
	s.server = smtp.NewServer(s)
	s.server.Domain = "localhost"
	s.server.AllowInsecureAuth = true // plain auth over loopback, as net/smtp allows
	s.server.ReadTimeout = 10 * time.Second
	s.server.WriteTimeout = 10 * time.Second
	go s.server.Serve(ln)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = s.server.Shutdown(ctx)
	})
	return s
}

// UseSMTPSink points app's SMTP settings at a new sink and makes app's mailer really talk
// SMTP (a TestApp otherwise swaps in its in-memory TestMailer).
func UseSMTPSink(t testing.TB, app *tests.TestApp) *SMTPSink {
	t.Helper()
	sink := StartSMTPSink(t)
	s := app.Settings()
	s.SMTP.Enabled = true
	s.SMTP.Host = sink.Host
	s.SMTP.Port = sink.Port
	s.SMTP.TLS = false
	// Runs after the TestApp's handler (priority -99999), which set e.Mailer to TestMailer:
	// a fresh client from the settings makes PocketBase send through it instead.
	app.OnMailerSend().Bind(&hook.Handler[*core.MailerEvent]{
		Id:       "folioRealSMTP",
		Priority: -99998,
		Func: func(e *core.MailerEvent) error {
			cfg := e.App.Settings().SMTP
			e.Mailer = &mailer.SMTPClient{
				Host: cfg.Host, Port: cfg.Port, TLS: cfg.TLS, Username: cfg.Username,
				Password: cfg.Password, AuthMethod: cfg.AuthMethod, LocalName: cfg.LocalName,
			}
			return e.Next()
		},
	})
	return sink
}

// Messages returns a copy of what the sink received so far.
func (s *SMTPSink) Messages() []SMTPMessage {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]SMTPMessage(nil), s.msgs...)
}

// Wait returns the n-th message (1-based) once it arrived, or fails t after timeout.
func (s *SMTPSink) Wait(t testing.TB, n int, timeout time.Duration) SMTPMessage {
	t.Helper()
	deadline := time.After(timeout)
	for {
		if msgs := s.Messages(); len(msgs) >= n {
			return msgs[n-1]
		}
		select {
		case <-s.notify:
		case <-deadline:
			t.Fatalf("SMTP sink: message %d did not arrive within %s", n, timeout)
		}
	}
}

// Header returns a decoded header of the message.
func (m SMTPMessage) Header(name string) string {
	msg, err := mail.ReadMessage(bytes.NewReader(m.Raw))
	if err != nil {
		return ""
	}
	v := msg.Header.Get(name)
	if dec, err := new(mime.WordDecoder).DecodeHeader(v); err == nil {
		return dec
	}
	return v
}

// Bodies returns the decoded text parts of the message (text/plain and text/html).
func (m SMTPMessage) Bodies() []string {
	msg, err := mail.ReadMessage(bytes.NewReader(m.Raw))
	if err != nil {
		return nil
	}
	return textParts(msg.Header.Get("Content-Type"), msg.Header.Get("Content-Transfer-Encoding"), msg.Body)
}

func textParts(contentType, encoding string, body io.Reader) []string {
	mediaType, params, err := mime.ParseMediaType(contentType)
	if err != nil {
		mediaType = "text/plain"
	}
	if strings.HasPrefix(mediaType, "multipart/") {
		var out []string
		mr := multipart.NewReader(body, params["boundary"])
		for {
			p, err := mr.NextRawPart()
			if err != nil {
				return out
			}
			out = append(out, textParts(p.Header.Get("Content-Type"), p.Header.Get("Content-Transfer-Encoding"), p)...)
		}
	}
	if !strings.HasPrefix(mediaType, "text/") {
		return nil
	}
	switch strings.ToLower(encoding) {
	case "quoted-printable":
		body = quotedprintable.NewReader(body)
	case "base64":
		body = base64.NewDecoder(base64.StdEncoding, body)
	}
	b, _ := io.ReadAll(body)
	return []string{string(b)}
}

// NewSession implements smtp.Backend.
func (s *SMTPSink) NewSession(*smtp.Conn) (smtp.Session, error) {
	return &sinkSession{sink: s}, nil
}

type sinkSession struct {
	sink     *SMTPSink
	username string
	from     string
	to       []string
}

func (ss *sinkSession) AuthMechanisms() []string { return []string{sasl.Plain} }

func (ss *sinkSession) Auth(mech string) (sasl.Server, error) {
	if mech != sasl.Plain {
		return nil, errors.New("unsupported mechanism")
	}
	return sasl.NewPlainServer(func(identity, username, password string) error {
		ss.username = username
		return nil
	}), nil
}

func (ss *sinkSession) Mail(from string, _ *smtp.MailOptions) error {
	ss.from = from
	return nil
}

func (ss *sinkSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	ss.to = append(ss.to, to)
	return nil
}

func (ss *sinkSession) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	ss.sink.mu.Lock()
	ss.sink.msgs = append(ss.sink.msgs, SMTPMessage{From: ss.from, To: ss.to, Username: ss.username, Raw: raw})
	ss.sink.mu.Unlock()
	select {
	case ss.sink.notify <- struct{}{}:
	default:
	}
	return nil
}

func (ss *sinkSession) Reset() { ss.from, ss.to = "", nil }

func (ss *sinkSession) Logout() error { return nil }
