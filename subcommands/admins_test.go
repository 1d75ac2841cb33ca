package subcommands

import (
	"bytes"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
	"github.com/spf13/cobra"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

// execute runs a cobra command with args and returns what it printed and its error.
func execute(cmd *cobra.Command, args ...string) (string, error) {
	var out bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetErr(&out)
	cmd.SetArgs(args)
	err := cmd.Execute()
	return out.String(), err
}

// runAdmins runs `admins args...` against app and returns its output and error.
func runAdmins(app core.App, args ...string) (string, error) {
	return execute(newAdminsCommand(app), args...)
}

func TestAdminsCreate(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	if out, err := runAdmins(app, "create", "boss@folio.test", "password123", "--super"); err != nil || !strings.Contains(out, "Created approved admin boss@folio.test") {
		t.Fatalf("create --super: %v %s", err, out)
	}
	if _, err := runAdmins(app, "create", " ann@folio.test ", "password123"); err != nil {
		t.Fatalf("create: %v", err)
	}
	for email, super := range map[string]bool{"boss@folio.test": true, "ann@folio.test": false} {
		rec, err := app.FindAuthRecordByEmail(c.Users, email)
		if err != nil {
			t.Fatal(err)
		}
		if rec.GetString(c.FieldStatus) != c.StatusApproved || rec.GetBool(c.FieldIsSuperAdmin) != super || !rec.ValidatePassword("password123") {
			t.Errorf("%s: status %s super %v", email, rec.GetString(c.FieldStatus), rec.GetBool(c.FieldIsSuperAdmin))
		}
	}
	refused := map[string][]string{
		"exists already": {"create", "ann@folio.test", "password123"},
		"invalid email":  {"create", "not-an-email", "password123"},
		"at least 8":     {"create", "short@folio.test", "short"},
		"accepts 2 arg":  {"create", "only@folio.test"},
	}
	for want, args := range refused {
		if _, err := runAdmins(app, args...); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%v: error %v, want %q", args, err, want)
		}
	}
}

func TestAdminsPromote(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	for _, status := range c.Statuses {
		email := status + "@folio.test"
		testutil.CreateUser(t, app, email, status, false)
		if out, err := runAdmins(app, "promote", email); err != nil || !strings.Contains(out, "Promoted "+email) {
			t.Fatalf("promote %s: %v %s", status, err, out)
		}
		rec, _ := app.FindAuthRecordByEmail(c.Users, email)
		if rec.GetString(c.FieldStatus) != c.StatusApproved || !rec.GetBool(c.FieldIsSuperAdmin) {
			t.Errorf("promoted %s account: status %s super %v", status, rec.GetString(c.FieldStatus), rec.GetBool(c.FieldIsSuperAdmin))
		}
	}
	if _, err := runAdmins(app, "promote", "nobody@folio.test"); err == nil || !strings.Contains(err.Error(), `no account with email "nobody@folio.test"`) {
		t.Errorf("unknown email: %v", err)
	}
}
