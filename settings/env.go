// Package settings applies the FOLIO_* environment variables to PocketBase's settings.
package settings

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pocketbase/pocketbase/core"
)

// Environment variables applied to PocketBase's settings at every start (and saved, so
// /_/ shows them). Unset variables leave the stored settings alone.
const (
	EnvAppURL         = "FOLIO_APP_URL"          // Meta.AppURL: absolute links, reset-password emails
	EnvAppName        = "FOLIO_APP_NAME"         // Meta.AppName: email templates, page titles
	EnvSenderAddress  = "FOLIO_SENDER_ADDRESS"   // Meta.SenderAddress
	EnvSenderName     = "FOLIO_SENDER_NAME"      // Meta.SenderName
	EnvSMTPHost       = "FOLIO_SMTP_HOST"        // SMTP.Host; a non-empty host turns SMTP on
	EnvSMTPPort       = "FOLIO_SMTP_PORT"        // SMTP.Port
	EnvSMTPUsername   = "FOLIO_SMTP_USERNAME"    // SMTP.Username
	EnvSMTPPassword   = "FOLIO_SMTP_PASSWORD"    // SMTP.Password
	EnvSMTPTLS        = "FOLIO_SMTP_TLS"         // SMTP.TLS (implicit TLS, usually port 465): true/false
	EnvSMTPAuthMethod = "FOLIO_SMTP_AUTH_METHOD" // SMTP.AuthMethod: PLAIN (default) or LOGIN
)

// ApplyEnv copies the set variables into the settings and saves them when
// anything changed. A malformed value stops the start with a clear error.
func ApplyEnv(app core.App, lookup func(string) (string, bool)) error {
	s, err := app.Settings().Clone()
	if err != nil {
		return err
	}
	changed := false
	str := func(name string, dst *string, normalize func(string) string) {
		if v, ok := lookup(name); ok {
			v = normalize(v)
			if *dst != v {
				*dst, changed = v, true
			}
		}
	}
	trim := strings.TrimSpace
	str(EnvAppURL, &s.Meta.AppURL, func(v string) string { return strings.TrimRight(trim(v), "/") })
	str(EnvAppName, &s.Meta.AppName, trim)
	str(EnvSenderAddress, &s.Meta.SenderAddress, trim)
	str(EnvSenderName, &s.Meta.SenderName, trim)
	str(EnvSMTPHost, &s.SMTP.Host, trim)
	str(EnvSMTPUsername, &s.SMTP.Username, trim)
	str(EnvSMTPPassword, &s.SMTP.Password, func(v string) string { return v })
	str(EnvSMTPAuthMethod, &s.SMTP.AuthMethod, func(v string) string { return strings.ToUpper(trim(v)) })
	if v, ok := lookup(EnvSMTPHost); ok && trim(v) != "" && !s.SMTP.Enabled {
		s.SMTP.Enabled, changed = true, true
	}
	if v, ok := lookup(EnvSMTPPort); ok {
		port, err := strconv.Atoi(trim(v))
		if err != nil || port < 1 || port > 65535 {
			return fmt.Errorf("%s: %q is not a port number", EnvSMTPPort, v)
		}
		if s.SMTP.Port != port {
			s.SMTP.Port, changed = port, true
		}
	}
	if v, ok := lookup(EnvSMTPTLS); ok {
		tls, err := strconv.ParseBool(trim(v))
		if err != nil {
			return fmt.Errorf("%s: %q is not true or false", EnvSMTPTLS, v)
		}
		if s.SMTP.TLS != tls {
			s.SMTP.TLS, changed = tls, true
		}
	}
	if !changed {
		return nil
	}
	if err := app.Save(s); err != nil {
		return fmt.Errorf("applying FOLIO_* settings: %w", err)
	}
	return nil
}
