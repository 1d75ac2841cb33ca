package hooks_test

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/pages"
	"github.com/folio/folio/testutil"
)

// TestSecurityHeaders: every HTML answer of the site carries the strict policy; API answers
// carry the referrer and nosniff policies; no answer sets a cookie.
func TestSecurityHeaders(t *testing.T) {
	app := testutil.NewApp(t)
	blog := testutil.SaveRecord(t, app, c.Blogs, "", map[string]any{c.FieldTitle: "T", c.FieldAuthor: "A", c.FieldDate: "2026-01-02"})
	owner := testutil.CreateUser(t, app, "owner@folio.test", c.StatusApproved, true)

	for _, p := range []string{"/", "/blogs", "/blogs/" + blog.Id, "/blogs/nope", "/admin", "/login", "/no/such/page", "/rss.xml", "/sitemap.xml"} {
		res := testutil.Do(t, app, "GET", p, "", "")
		csp := res.Header().Get("Content-Security-Policy")
		for _, want := range []string{"default-src 'self'", "script-src 'self' " + pages.ThemeScriptCSP + " " + pages.SpeculationRulesCSP + ";", "img-src 'self' http: https: data: blob:;", "media-src 'self' blob:;", "frame-ancestors 'self'", "object-src 'none'", "base-uri 'self'"} {
			if !strings.Contains(csp, want) {
				t.Errorf("%s: CSP %q lacks %q", p, csp, want)
			}
		}
		if strings.Contains(csp, "unsafe-eval") || strings.Contains(strings.SplitN(strings.SplitN(csp, "script-src", 2)[1], ";", 2)[0], "unsafe-inline") {
			t.Errorf("%s: scripts not limited to the site's own: %q", p, csp)
		}
		checkCommonHeaders(t, p, res.Header().Get)
		if res.Header().Get("Set-Cookie") != "" {
			t.Errorf("%s sets a cookie: %s", p, res.Header().Get("Set-Cookie"))
		}
		// The React app's routes keep PocketBase's opener policy; the server's public pages go
		// without it (a browsing-context-group swap on every arrival, for nothing to guard).
		coop := res.Header().Get("Cross-Origin-Opener-Policy")
		if isApp := p == "/admin" || p == "/login"; isApp && coop != "same-origin" || !isApp && coop != "" {
			t.Errorf("%s: Cross-Origin-Opener-Policy %q", p, coop)
		}
		// A repeated GET, which the content cache's front answers, the same.
		if again := testutil.Do(t, app, "GET", p, "", ""); again.Header().Get("Cross-Origin-Opener-Policy") != coop || again.Header().Get("Content-Security-Policy") != csp {
			t.Errorf("%s: the repeated answer's policies differ", p)
		}
	}

	body := `{"identity":"owner@folio.test","password":"password123"}`
	for _, r := range []struct{ method, path, token, body string }{
		{"GET", "/api/content", "", ""},
		{"GET", "/api/blogs/" + blog.Id, testutil.Token(t, owner), ""},
		{"POST", "/api/collections/users/auth-with-password", "", body},
		{"GET", "/api/admin/blogs", testutil.Token(t, owner), ""},
	} {
		res := testutil.Do(t, app, r.method, r.path, r.token, r.body)
		if res.Code != 200 {
			t.Fatalf("%s %s: %d %s", r.method, r.path, res.Code, res.Body)
		}
		checkCommonHeaders(t, r.path, res.Header().Get)
		if res.Header().Get("Set-Cookie") != "" {
			t.Errorf("%s sets a cookie: %s", r.path, res.Header().Get("Set-Cookie"))
		}
		if coop := res.Header().Get("Cross-Origin-Opener-Policy"); coop != "same-origin" {
			t.Errorf("%s: Cross-Origin-Opener-Policy %q", r.path, coop)
		}
	}
}

func checkCommonHeaders(t *testing.T, p string, get func(string) string) {
	t.Helper()
	if got := get("Referrer-Policy"); got != "strict-origin-when-cross-origin" {
		t.Errorf("%s: Referrer-Policy %q", p, got)
	}
	if got := get("X-Content-Type-Options"); got != "nosniff" {
		t.Errorf("%s: X-Content-Type-Options %q", p, got)
	}
}

// TestThemeScriptIsTheOnlyInlineScript: a server page's one inline script (besides JSON-LD and seed
// data) is pages.ThemeScript, byte for byte, and the CSP's hash is that text's SHA-256, so
// the browser runs it and would refuse any other inline script.
func TestThemeScriptIsTheOnlyInlineScript(t *testing.T) {
	app := testutil.NewApp(t)
	blog := testutil.SaveRecord(t, app, c.Blogs, "", map[string]any{c.FieldTitle: "T", c.FieldAuthor: "A", c.FieldDate: "2026-01-02"})
	script := regexp.MustCompile(`(?s)<script([^>]*)>(.*?)</script>`)
	sum := sha256.Sum256([]byte(pages.ThemeScript))
	hash := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	for _, p := range []string{"/", "/blogs/" + blog.Id, "/about", "/no/such/page"} {
		res := testutil.Do(t, app, "GET", p, "", "")
		rulesSum := sha256.Sum256([]byte(pages.SpeculationRules))
		rules := "'sha256-" + base64.StdEncoding.EncodeToString(rulesSum[:]) + "'"
		if csp := res.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self' "+hash+" "+rules+";") {
			t.Errorf("%s: CSP %q does not allow the theme script's hash %s and the rules' %s", p, csp, hash, rules)
		}
		inline, speculation := 0, 0
		for _, m := range script.FindAllStringSubmatch(res.Body.String(), -1) {
			if strings.Contains(m[1], "src=") || strings.Contains(m[1], `type="application/ld+json"`) {
				continue
			}
			if m[1] == ` type="speculationrules"` && m[2] == pages.SpeculationRules && json.Valid([]byte(m[2])) {
				speculation++
				continue
			}
			inline++
			if m[2] != pages.ThemeScript {
				t.Errorf("%s: an inline script that is not the theme script: %.80q", p, m[2])
			}
		}
		if inline != 1 || speculation != 1 {
			t.Errorf("%s: %d inline scripts and %d speculation rules, want one of each", p, inline, speculation)
		}
	}
}
