package catalog_test

import (
	"errors"
	"testing"
	"time"

	"github.com/folio/folio/catalog"
	"github.com/folio/folio/clock"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

// A preview token opens its draft until it expires; a forged token, one of another item or
// type, and every token made before the secret was renewed open nothing.
func TestPreviewTokens(t *testing.T) {
	t.Parallel()
	app := catalogApp(t)
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	clock.Set(app, func() time.Time { return now })
	const draft, other = "catprevdraft001", "catprevother001"
	for _, id := range []string{draft, other} {
		testutil.SaveRecord(t, app, c.Blogs, id, map[string]any{c.FieldTitle: "Draft", c.FieldAuthor: "Ann", c.FieldStatus: c.ItemDraft})
	}
	rec, err := app.FindRecordById(c.Blogs, draft)
	if err != nil {
		t.Fatal(err)
	}
	if err := catalog.SetPreviewSecret(app, rec, "first-secret"); err != nil {
		t.Fatal(err)
	}
	token := catalog.PreviewSign(rec, now.Add(catalog.PreviewValidity))
	if got, err := catalog.PreviewRecord(app, c.TypeBlog, draft, token); err != nil || got.Id != draft {
		t.Fatalf("valid token: %v %v", got, err)
	}
	for name, try := range map[string][3]string{
		"forged":      {c.TypeBlog, draft, token[:len(token)-2] + "xx"},
		"other item":  {c.TypeBlog, other, token},
		"other type":  {c.TypeProject, draft, token},
		"not a token": {c.TypeBlog, draft, "nonsense"},
		"past expiry": {c.TypeBlog, draft, catalog.PreviewSign(rec, now)},
	} {
		if _, err := catalog.PreviewRecord(app, try[0], try[1], try[2]); !errors.Is(err, catalog.ErrPreviewInvalid) {
			t.Errorf("%s: %v, want ErrPreviewInvalid", name, err)
		}
	}
	if err := catalog.SetPreviewSecret(app, rec, "second-secret"); err != nil {
		t.Fatal(err)
	}
	if _, err := catalog.PreviewRecord(app, c.TypeBlog, draft, token); !errors.Is(err, catalog.ErrPreviewInvalid) {
		t.Errorf("revoked token: %v", err)
	}
}
