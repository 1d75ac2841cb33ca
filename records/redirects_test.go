package records_test

import (
	"testing"

	"github.com/pocketbase/pocketbase/core"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/records"
	"github.com/folio/folio/testutil"
)

// A redirect is normalised (from's query and fragment dropped, no code is 301) and then
// refused field by field, with API.md's messages, without any HTTP.
func TestRedirectRules(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	page := func(p string) bool { return p == "/about" }
	check := func(from, to string, code int, want map[string]string) *core.Record {
		t.Helper()
		r := testutil.NewRecord(t, app, c.Redirects)
		r.Set(c.FieldFrom, from)
		r.Set(c.FieldTo, to)
		r.Set(c.FieldCode, code)
		records.NormalizeRedirect(r)
		errs := records.RedirectErrors(r, page)
		if len(errs) != len(want) {
			t.Errorf("%s → %s (%d): %v, want %v", from, to, code, errs, want)
		}
		for field, msg := range want {
			if errs[field] == nil || errs[field].Error() != msg {
				t.Errorf("%s → %s (%d): %s is %v, want %q", from, to, code, field, errs[field], msg)
			}
		}
		return r
	}
	r := check(" /old-post/?utm=x#top ", " https://example.org/new ", 0, nil)
	if r.GetString(c.FieldFrom) != "/old-post/" || r.GetString(c.FieldTo) != "https://example.org/new" || r.GetInt(c.FieldCode) != 301 {
		t.Errorf("normalised to %q %q %d", r.GetString(c.FieldFrom), r.GetString(c.FieldTo), r.GetInt(c.FieldCode))
	}
	check("/a", "/b", 302, nil)
	check("/api/x", "/b", 301, map[string]string{c.FieldFrom: "From must be a site path starting with /."})
	check("//evil.example", "/b", 301, map[string]string{c.FieldFrom: "From must be a site path starting with /."})
	check("/about", "/b", 301, map[string]string{c.FieldFrom: "From is an existing page's path."})
	check("/a", "ftp://example.org", 301, map[string]string{c.FieldTo: "To must be a site path or an http(s) URL."})
	check("/a", "/a", 301, map[string]string{c.FieldTo: "To must differ from From."})
	check("/a", "/b", 307, map[string]string{c.FieldCode: "Code must be 301 or 302."})
}
