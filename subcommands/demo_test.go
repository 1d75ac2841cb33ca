package subcommands

import (
	"net"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

// freeAddr is a loopback address nothing listens on (the kernel's pick, released at once).
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

func runDemo(t *testing.T, app core.App, args ...string) (string, error) {
	t.Helper()
	return execute(newDemoCommand(app), append([]string{"--items", "4", "--http", freeAddr(t)}, args...)...)
}

func superuserWorks(app core.App, email, pw string) bool {
	return signInWorks(app, core.CollectionNameSuperusers, email, pw)
}

// Defect 1: `make run` (folio demo) never resets a changed superuser password.
func TestDemoKeepsAChangedSuperuserPassword(t *testing.T) {
	app := testutil.NewApp(t)
	out, err := runDemo(t, app)
	if err != nil {
		t.Fatalf("first run: %v\n%s", err, out)
	}
	if !superuserWorks(app, DemoSuperuserEmail, DemoSuperuserPassword) ||
		!strings.Contains(out, "superuser "+DemoSuperuserEmail+" / "+DemoSuperuserPassword) {
		t.Fatalf("first run made no working demo superuser:\n%s", out)
	}

	root, err := app.FindAuthRecordByEmail(core.CollectionNameSuperusers, DemoSuperuserEmail)
	if err != nil {
		t.Fatal(err)
	}
	root.SetPassword("the-owner-changed-it")
	if err := app.Save(root); err != nil {
		t.Fatal(err)
	}
	out, err = runDemo(t, app)
	if err != nil {
		t.Fatalf("second run: %v\n%s", err, out)
	}
	if superuserWorks(app, DemoSuperuserEmail, DemoSuperuserPassword) || !superuserWorks(app, DemoSuperuserEmail, "the-owner-changed-it") {
		t.Fatal("the second run reset the changed superuser password")
	}
	if strings.Contains(out, DemoSuperuserPassword) {
		t.Fatalf("the second run printed a sign-in that no longer works:\n%s", out)
	}
}

// Defect 1: another superuser (made by `superuser upsert`) means no demo superuser at all;
// PocketBase's own installer account does not count as one.
func TestDemoSuperuserOnlyWhenNoneExists(t *testing.T) {
	app := testutil.NewApp(t)
	col, _ := app.FindCollectionByNameOrId(core.CollectionNameSuperusers)
	installer := core.NewRecord(col)
	installer.SetEmail(core.DefaultInstallerEmail)
	installer.SetRandomPassword()
	if err := app.Save(installer); err != nil {
		t.Fatal(err)
	}
	if rep, err := RunDemo(app, DemoOptions{Items: 2, SuperuserEmail: DemoSuperuserEmail, SuperuserPassword: DemoSuperuserPassword}, &strings.Builder{}); err != nil || !rep.SuperuserCreated {
		t.Fatalf("with only the installer account: %+v %v", rep, err)
	}

	app2 := testutil.NewApp(t)
	testutil.SuperuserToken(t, app2) // root@folio.test
	out, err := runDemo(t, app2)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := app2.FindAuthRecordByEmail(core.CollectionNameSuperusers, DemoSuperuserEmail); err == nil {
		t.Fatal("a demo superuser was added beside an existing one")
	}
	if strings.Contains(out, DemoSuperuserPassword) {
		t.Fatalf("printed a superuser sign-in that does not exist:\n%s", out)
	}
}

// Defect 1: a busy port fails the run before anything changes.
func TestDemoChangesNothingOnABusyPort(t *testing.T) {
	app := testutil.NewApp(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	out, err := execute(newDemoCommand(app), "--items", "4", "--http", ln.Addr().String())
	if err == nil || !strings.Contains(err.Error(), "not free") {
		t.Fatalf("busy port: %v\n%s", err, out)
	}
	for _, col := range []string{core.CollectionNameSuperusers, c.Users, c.Blogs, c.Projects, c.Profile, c.About} {
		if n := countRecords(t, app, col); n != 0 {
			t.Errorf("%s: %d records after a failed run", col, n)
		}
	}
}

// Defect 2: a data dir made by another command (migrations only, or accounts but no owner
// and no items) gets the demo; a dir with the owner or items does not, and a sign-in is
// printed only when it works.
func TestDemoSeedsWhenTheDemoIsAbsent(t *testing.T) {
	t.Run("fresh migrated dir", func(t *testing.T) {
		app := testutil.NewApp(t) // as `./folio` alone or `./folio seed` without --demo leave it
		out, err := runDemo(t, app)
		if err != nil {
			t.Fatal(err)
		}
		if countRecords(t, app, c.Blogs)+countRecords(t, app, c.Projects) != 4 ||
			!signInWorks(app, c.Users, DemoOwnerEmail, DemoOwnerPassword) ||
			!strings.Contains(out, "Demo owner:   "+DemoOwnerEmail+" / "+DemoOwnerPassword) {
			t.Fatalf("fresh dir not seeded:\n%s", out)
		}
		// The Analytics tab opens on a history: 20,000 events over 90 days.
		if n, err := app.CountRecords(c.Events); err != nil || n != demoEvents || !strings.Contains(out, "Events: 20000 over 90 days") {
			t.Fatalf("%d demo events (%v):\n%s", n, err, out)
		}
	})
	t.Run("a pending reader only", func(t *testing.T) {
		app := testutil.NewApp(t)
		testutil.CreateUser(t, app, "reader@folio.test", c.StatusPending, false)
		if rep, err := RunDemo(app, DemoOptions{Items: 2}, &strings.Builder{}); err != nil || !rep.Seeded || !rep.OwnerSignIn {
			t.Fatalf("%+v %v", rep, err)
		}
	})
	t.Run("the owner's own account and content", func(t *testing.T) {
		app := testutil.NewApp(t)
		testutil.CreateUser(t, app, "me@folio.test", c.StatusApproved, true)
		out, err := runDemo(t, app)
		if err != nil {
			t.Fatal(err)
		}
		if n := countRecords(t, app, c.Blogs) + countRecords(t, app, c.Projects); n != 0 {
			t.Fatalf("seeded %d items beside the owner's account", n)
		}
		if strings.Contains(out, DemoOwnerPassword) {
			t.Fatalf("printed the demo owner's sign-in, which does not exist:\n%s", out)
		}
	})
	t.Run("items but no owner", func(t *testing.T) {
		app := testutil.NewApp(t)
		testutil.SaveRecord(t, app, c.Blogs, "", map[string]any{c.FieldTitle: "Mine", c.FieldAuthor: "Me", c.FieldDate: "2026-01-02"})
		if rep, err := RunDemo(app, DemoOptions{Items: 2}, &strings.Builder{}); err != nil || rep.Seeded || rep.OwnerSignIn {
			t.Fatalf("%+v %v", rep, err)
		}
	})
	t.Run("the demo owner changed its password", func(t *testing.T) {
		app := testutil.NewApp(t)
		if _, err := runDemo(t, app); err != nil {
			t.Fatal(err)
		}
		owner, _ := app.FindAuthRecordByEmail(c.Users, DemoOwnerEmail)
		owner.SetPassword("changed-by-the-owner")
		if err := app.Save(owner); err != nil {
			t.Fatal(err)
		}
		out, err := runDemo(t, app)
		if err != nil || strings.Contains(out, DemoOwnerPassword) || countRecords(t, app, c.Blogs)+countRecords(t, app, c.Projects) != 4 {
			t.Fatalf("%v\n%s", err, out)
		}
		if !signInWorks(app, c.Users, DemoOwnerEmail, "changed-by-the-owner") {
			t.Fatal("the owner's password was reset")
		}
	})
}
