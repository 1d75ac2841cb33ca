package hooks_test

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"time"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/settings"
	"github.com/folio/folio/testutil"
)

var resetLink = regexp.MustCompile(`https://folio\.example/reset-password/([A-Za-z0-9_.-]+)`)

// TestPasswordResetByEmail: requestPasswordReset mails a link to the site's reset screen
// through real SMTP; its token resets the password through confirmPasswordReset.
func TestPasswordResetByEmail(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	sink := testutil.UseSMTPSink(t, app)
	app.Settings().Meta.AppURL = "https://folio.example"
	app.Settings().Meta.AppName = "Ann's Folio"
	app.Settings().Meta.SenderAddress = "owner@folio.example"
	testutil.CreateUser(t, app, "ann@folio.test", c.StatusApproved, false)

	got := testutil.Do(t, app, "POST", "/api/collections/users/request-password-reset", "", `{"email":"ann@folio.test"}`)
	if got.Code != 204 {
		t.Fatalf("request: %d %s", got.Code, got.Body)
	}
	msg := sink.Wait(t, 1, 15*time.Second)
	if len(msg.To) != 1 || msg.To[0] != "ann@folio.test" || msg.From != "owner@folio.example" {
		t.Errorf("envelope from %q to %v", msg.From, msg.To)
	}
	if subject := msg.Header("Subject"); subject != "Reset your Ann's Folio password" {
		t.Errorf("subject %q", subject)
	}
	bodies := strings.Join(msg.Bodies(), "\n")
	if !strings.Contains(bodies, "Ann's Folio") && !strings.Contains(bodies, "Ann&#39;s Folio") {
		t.Errorf("the site's name is not in the email:\n%s", bodies)
	}
	if strings.Contains(bodies, "/_/") {
		t.Errorf("the email links to the admin UI:\n%s", bodies)
	}
	m := resetLink.FindStringSubmatch(bodies)
	if m == nil {
		t.Fatalf("no reset link in the email:\n%s", bodies)
	}

	confirm, _ := json.Marshal(map[string]string{"token": m[1], "password": "brand-new-pass", "passwordConfirm": "brand-new-pass"})
	if got := testutil.Do(t, app, "POST", "/api/collections/users/confirm-password-reset", "", string(confirm)); got.Code != 204 {
		t.Fatalf("confirm: %d %s", got.Code, got.Body)
	}
	if code, body := acctSignIn(t, app, "ann@folio.test", "brand-new-pass"); code != 200 {
		t.Fatalf("sign-in with the new password: %d %s", code, body)
	}
	if code, _ := acctSignIn(t, app, "ann@folio.test", "password123"); code != 400 {
		t.Fatalf("the old password still works: %d", code)
	}
	// The token is single use.
	if got := testutil.Do(t, app, "POST", "/api/collections/users/confirm-password-reset", "", string(confirm)); got.Code != 400 {
		t.Fatalf("token reuse: %d %s", got.Code, got.Body)
	}
}

// TestEnvSettingsAtBootstrap: the variables apply when the app boots.
func TestEnvSettingsAtBootstrap(t *testing.T) {
	t.Setenv(settings.EnvAppURL, "https://boot.example")
	t.Setenv(settings.EnvSMTPHost, "127.0.0.1")
	app := testutil.NewApp(t)
	if err := app.Bootstrap(); err != nil {
		t.Fatal(err)
	}
	if s := app.Settings(); s.Meta.AppURL != "https://boot.example" || !s.SMTP.Enabled || s.SMTP.Host != "127.0.0.1" {
		t.Fatalf("after bootstrap: %+v %+v", s.Meta, s.SMTP)
	}
}
