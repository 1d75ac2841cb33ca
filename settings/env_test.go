package settings_test

import (
	"testing"

	"github.com/folio/folio/settings"
	"github.com/folio/folio/testutil"
)

// TestEnvSettings: set variables are applied and saved, unset ones leave settings alone,
// malformed ones are refused.
func TestEnvSettings(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	env := map[string]string{
		settings.EnvAppURL: "https://blog.example.org/", settings.EnvAppName: " Ann's Folio ",
		settings.EnvSenderAddress: "noreply@example.org", settings.EnvSenderName: "Ann",
		settings.EnvSMTPHost: "smtp.example.org", settings.EnvSMTPPort: "465", settings.EnvSMTPUsername: "ann",
		settings.EnvSMTPPassword: "s3cret ", settings.EnvSMTPTLS: "true", settings.EnvSMTPAuthMethod: "login",
	}
	lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	if err := settings.ApplyEnv(app, lookup); err != nil {
		t.Fatal(err)
	}
	if err := app.ReloadSettings(); err != nil { // saved, not only in memory
		t.Fatal(err)
	}
	s := app.Settings()
	if s.Meta.AppURL != "https://blog.example.org" || s.Meta.AppName != "Ann's Folio" ||
		s.Meta.SenderAddress != "noreply@example.org" || s.Meta.SenderName != "Ann" {
		t.Errorf("meta: %+v", s.Meta)
	}
	if !s.SMTP.Enabled || s.SMTP.Host != "smtp.example.org" || s.SMTP.Port != 465 || s.SMTP.Username != "ann" ||
		s.SMTP.Password != "s3cret " || !s.SMTP.TLS || s.SMTP.AuthMethod != "LOGIN" {
		t.Errorf("smtp: %+v", s.SMTP)
	}

	// Unset variables leave settings alone; malformed ones stop the start.
	if err := settings.ApplyEnv(app, func(string) (string, bool) { return "", false }); err != nil {
		t.Fatal(err)
	}
	if app.Settings().Meta.AppName != "Ann's Folio" {
		t.Error("an empty environment changed the settings")
	}
	for k, v := range map[string]string{settings.EnvSMTPPort: "smtp", settings.EnvSMTPTLS: "maybe", settings.EnvSenderAddress: "not-an-email"} {
		err := settings.ApplyEnv(app, func(name string) (string, bool) { return v, name == k })
		if err == nil {
			t.Errorf("%s=%q accepted", k, v)
		}
	}
}
