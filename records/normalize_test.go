package records_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/folio/folio/clock"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/records"
	"github.com/folio/folio/testutil"
)

// A blog's save is trimmed, sanitised, deduped and dated on the app's clock; a refused link
// stays as typed for LinkErrors to report, and a title over 255 characters is refused.
func TestNormalizeItem(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	clock.Set(app, func() time.Time { return time.Date(2026, 11, 21, 23, 30, 0, 0, time.UTC) })
	rec := testutil.NewRecord(t, app, c.Blogs)
	rec.Set(c.FieldTitle, "  Hello  ")
	rec.Set(c.FieldDescription, `<p onclick="x()">Hi<script>bad()</script></p>`)
	rec.Set(c.FieldTags, "go, go , sqlite,")
	rec.Set(c.FieldAttachLinks, []string{" github.com/me ", "javascript:alert(1)"})
	records.NormalizeItem(app, rec)
	if got := rec.GetString(c.FieldTitle); got != "Hello" {
		t.Errorf("title %q", got)
	}
	if got := rec.GetString(c.FieldDescription); got != "<p>Hi</p>" {
		t.Errorf("description %q", got)
	}
	if got := rec.GetStringSlice(c.FieldTags); !slices.Equal(got, []string{"go", "sqlite"}) {
		t.Errorf("tags %q", got)
	}
	if got := rec.GetDateTime(c.FieldDate).Time(); !got.Equal(time.Date(2026, 11, 21, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("date %v, want the clock's day", got)
	}
	if got := rec.GetStringSlice(c.FieldAttachLinks); !slices.Equal(got, []string{"https://github.com/me", "javascript:alert(1)"}) {
		t.Errorf("links %q", got)
	}
	if errs := records.LinkErrors(rec); errs[c.FieldAttachLinks] == nil {
		t.Errorf("the javascript: link was not refused: %v", errs)
	}
	if errs := records.TitleErrors(rec); len(errs) != 0 {
		t.Errorf("title errors %v", errs)
	}
	rec.Set(c.FieldTitle, strings.Repeat("é", c.MaxTitleLength+1))
	if errs := records.TitleErrors(rec); errs[c.FieldTitle] == nil {
		t.Error("a 256-character title was accepted")
	}
}
