package forms_test

import (
	"errors"
	"testing"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/filesystem"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/forms"
	"github.com/folio/folio/testutil"
)

// The item form's own checks, without HTTP: required fields on create (only when sent on
// update), a day, a status and an RFC 3339 publish time; an oversized cover is TooLargeError.
func TestItemFormValidate(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	form := func(rec *core.Record, values map[string]string) error {
		d := forms.NewData()
		for k, v := range values {
			d.Values[k] = v
		}
		return forms.NewItemForm(app, rec, d).Validate()
	}
	fields := func(err error) map[string]string {
		out := map[string]string{}
		var errs validation.Errors
		if errors.As(err, &errs) {
			for k, v := range errs {
				out[k] = v.Error()
			}
		}
		return out
	}
	got := fields(form(testutil.NewRecord(t, app, c.Blogs), map[string]string{c.FieldTitle: " ", c.FieldDate: "21/11/2026",
		c.FieldStatus: "hidden", c.FieldPublishAt: "tomorrow"}))
	want := map[string]string{c.FieldTitle: "Title is required", c.FieldAuthor: "Author is required",
		c.FieldDate: "Date must be a day written YYYY-MM-DD", c.FieldStatus: "Status must be published, draft or scheduled",
		c.FieldPublishAt: "Publish time must be a date and time (RFC 3339)"}
	if len(got) != len(want) {
		t.Errorf("create: %v, want %v", got, want)
	}
	for k, msg := range want {
		if got[k] != msg {
			t.Errorf("create: %s is %q, want %q", k, got[k], msg)
		}
	}

	saved := testutil.NewRecord(t, app, c.Blogs)
	saved.Id = "formsaved000001"
	saved.MarkAsNotNew()
	if err := form(saved, map[string]string{c.FieldDate: "2026-11-21"}); err != nil {
		t.Errorf("update without title or author: %v", err)
	}

	d := forms.NewData()
	d.Values[c.FieldTitle], d.Values[c.FieldAuthor] = "T", "A"
	big, err := filesystem.NewFileFromBytes(make([]byte, c.MaxImageBytes+1), "big.jpg")
	if err != nil {
		t.Fatal(err)
	}
	d.Files[c.FieldMedia] = big
	var tooLarge *forms.TooLargeError
	if err := forms.NewItemForm(app, testutil.NewRecord(t, app, c.Blogs), d).Validate(); !errors.As(err, &tooLarge) || tooLarge.Field != c.FieldMedia {
		t.Errorf("oversized cover: %v", err)
	}
}
