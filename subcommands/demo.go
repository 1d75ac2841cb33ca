package subcommands

import (
	"cmp"
	"fmt"
	"io"
	"net"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/spf13/cobra"

	c "github.com/folio/folio/collections"
)

// The demo superuser of `/_/`, created by `folio demo` only when no superuser exists.
const (
	DemoSuperuserEmail    = "admin@folio.local"
	DemoSuperuserPassword = "folio-admin-2026"
)

// The demo's analytics history: about 20,000 events over the last 90 days.
const (
	demoEvents    = 20_000
	demoEventDays = 90
)

// DemoOptions are the flags of `folio demo`.
type DemoOptions struct {
	HTTP              string // the address `serve` will listen on; checked free before any write
	Items             int
	SuperuserEmail    string
	SuperuserPassword string
}

// DemoReport says what `folio demo` did.
type DemoReport struct {
	Seeded, SuperuserCreated bool
	OwnerSignIn, RootSignIn  bool // printed: the account exists with the demo password
}

func newDemoCommand(app core.App) *cobra.Command {
	opts := DemoOptions{}
	cmd := &cobra.Command{
		Use:   "demo [--http HOST:PORT]",
		Short: "Prepares `make run`: demo content when none is there, a /_/ superuser when none exists",
		Long: "Loads the demo content when the demo is absent (no owner account and no items) and creates " +
			"the demo /_/ superuser only when no superuser exists; an existing password is never changed. " +
			"Prints the sign-ins that work. Changes nothing when --http is busy.",
		Args:         cobra.NoArgs,
		SilenceUsage: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := migrated(app); err != nil {
				return err
			}
			_, err := RunDemo(app, opts, cmd.OutOrStdout())
			return err
		},
	}
	cmd.Flags().StringVar(&opts.HTTP, "http", "127.0.0.1:8090", "the address serve will use (must be free)")
	cmd.Flags().IntVar(&opts.Items, "items", defaultDemoItems, "demo items when seeding")
	cmd.Flags().StringVar(&opts.SuperuserEmail, "superuser", DemoSuperuserEmail, "the demo superuser's email")
	cmd.Flags().StringVar(&opts.SuperuserPassword, "superuser-password", DemoSuperuserPassword, "the demo superuser's password")
	return cmd
}

// RunDemo checks opts.HTTP is free (else changes nothing), seeds the demo when it is absent,
// creates the demo superuser when no superuser exists, and prints the sign-ins that work.
func RunDemo(app core.App, opts DemoOptions, out io.Writer) (DemoReport, error) {
	var rep DemoReport
	if opts.SuperuserEmail == "" {
		opts.SuperuserEmail, opts.SuperuserPassword = DemoSuperuserEmail, DemoSuperuserPassword
	}
	if opts.HTTP != "" {
		ln, err := net.Listen("tcp", opts.HTTP)
		if err != nil {
			return rep, fmt.Errorf("%s is not free (is Folio already running?): %w", opts.HTTP, err)
		}
		ln.Close()
	}

	absent, err := demoAbsent(app)
	if err != nil {
		return rep, err
	}
	if absent {
		if _, err := SeedDemo(app, opts.Items, out); err != nil {
			return rep, err
		}
		// A modest history, so a new owner's Analytics tab is not a row of zeros.
		if err := SeedEvents(app, demoEvents, demoEventDays, time.Now(), out); err != nil {
			return rep, err
		}
		rep.Seeded = true
	}

	if rep.SuperuserCreated, err = createFirstSuperuser(app, opts.SuperuserEmail, opts.SuperuserPassword); err != nil {
		return rep, fmt.Errorf("demo superuser: %w", err)
	}

	rep.OwnerSignIn = signInWorks(app, c.Users, DemoOwnerEmail, DemoOwnerPassword)
	rep.RootSignIn = signInWorks(app, core.CollectionNameSuperusers, opts.SuperuserEmail, opts.SuperuserPassword)
	site := "http://" + cmp.Or(opts.HTTP, "127.0.0.1:8090")
	fmt.Fprintf(out, "\n  Folio:        %s/\n", site)
	if rep.OwnerSignIn {
		fmt.Fprintf(out, "  Demo owner:   %s / %s   (sign in at %s/login, dashboard at /admin)\n", DemoOwnerEmail, DemoOwnerPassword, site)
	} else {
		fmt.Fprintf(out, "  Dashboard:    %s/login with your own account (create one: ./folio admins create EMAIL PASSWORD --super)\n", site)
	}
	if rep.RootSignIn {
		fmt.Fprintf(out, "  PocketBase:   %s/_/  superuser %s / %s\n\n", site, opts.SuperuserEmail, opts.SuperuserPassword)
	} else {
		fmt.Fprintf(out, "  PocketBase:   %s/_/  with your superuser (./folio superuser upsert EMAIL PASSWORD)\n\n", site)
	}
	return rep, nil
}

// demoAbsent: no owner account (an approved super admin) and no items.
func demoAbsent(app core.App) (bool, error) {
	owners, err := app.CountRecords(c.Users, dbx.HashExp{c.FieldStatus: c.StatusApproved, c.FieldIsSuperAdmin: true})
	if err != nil || owners > 0 {
		return false, err
	}
	for _, col := range []string{c.Blogs, c.Projects} {
		if n, err := app.CountRecords(col); err != nil || n > 0 {
			return false, err
		}
	}
	return true, nil
}

// createFirstSuperuser creates email/password as a superuser only when none exists
// (PocketBase's own installer account does not count).
func createFirstSuperuser(app core.App, email, password string) (bool, error) {
	n, err := app.CountRecords(core.CollectionNameSuperusers, dbx.Not(dbx.HashExp{"email": core.DefaultInstallerEmail}))
	if err != nil || n > 0 {
		return false, err
	}
	col, err := app.FindCollectionByNameOrId(core.CollectionNameSuperusers)
	if err != nil {
		return false, err
	}
	rec := core.NewRecord(col)
	rec.SetEmail(email)
	rec.SetPassword(password)
	return true, app.Save(rec)
}

// signInWorks: an account email of collection exists and password is its password.
func signInWorks(app core.App, collection, email, password string) bool {
	rec, err := app.FindAuthRecordByEmail(collection, email)
	return err == nil && rec.ValidatePassword(password)
}
