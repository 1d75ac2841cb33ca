package subcommands

import (
	"errors"
	"fmt"
	"strings"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/ozzo-validation/v4/is"
	"github.com/pocketbase/pocketbase/core"
	"github.com/spf13/cobra"

	c "github.com/folio/folio/collections"
)

func newAdminsCommand(app core.App) *cobra.Command {
	cmd := &cobra.Command{Use: "admins", Short: "Manage Folio admin accounts"}
	var super bool
	create := &cobra.Command{
		Use:          "create EMAIL PASSWORD",
		Short:        "Creates an approved admin account (a super admin with --super)",
		Args:         cobra.ExactArgs(2),
		SilenceUsage: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := migrated(app); err != nil {
				return err
			}
			rec, err := CreateAdmin(app, args[0], args[1], super)
			if err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "Created approved admin %s (id %s, super admin: %v)\n", rec.Email(), rec.Id, super)
			return nil
		},
	}
	create.Flags().BoolVar(&super, "super", false, "make the account a super admin")
	promote := &cobra.Command{
		Use:          "promote EMAIL",
		Short:        "Approves an existing account and makes it a super admin",
		Args:         cobra.ExactArgs(1),
		SilenceUsage: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := migrated(app); err != nil {
				return err
			}
			rec, err := PromoteAdmin(app, args[0])
			if err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "Promoted %s to approved super admin\n", rec.Email())
			return nil
		},
	}
	cmd.AddCommand(create, promote)
	return cmd
}

// CreateAdmin creates an approved account; it refuses an invalid or taken email.
func CreateAdmin(app core.App, email, password string, super bool) (*core.Record, error) {
	email = strings.TrimSpace(email)
	if err := validation.Validate(email, validation.Required, is.EmailFormat); err != nil {
		return nil, fmt.Errorf("invalid email %q: %w", email, err)
	}
	if len(password) < 8 {
		return nil, errors.New("the password must be at least 8 characters")
	}
	if _, err := app.FindAuthRecordByEmail(c.Users, email); err == nil {
		return nil, fmt.Errorf("an account with email %s exists already; use `admins promote %s`", email, email)
	}
	col, err := app.FindCollectionByNameOrId(c.Users)
	if err != nil {
		return nil, err
	}
	rec := core.NewRecord(col)
	rec.SetEmail(email)
	rec.SetPassword(password)
	rec.SetVerified(true)
	rec.Set(c.FieldStatus, c.StatusApproved)
	rec.Set(c.FieldIsSuperAdmin, super)
	if err := app.Save(rec); err != nil {
		return nil, err
	}
	return rec, nil
}

// PromoteAdmin approves an existing account and makes it a super admin.
func PromoteAdmin(app core.App, email string) (*core.Record, error) {
	email = strings.TrimSpace(email)
	rec, err := app.FindAuthRecordByEmail(c.Users, email)
	if err != nil {
		return nil, fmt.Errorf("no account with email %q", email)
	}
	rec.Set(c.FieldStatus, c.StatusApproved)
	rec.Set(c.FieldIsSuperAdmin, true)
	if err := app.Save(rec); err != nil {
		return nil, err
	}
	return rec, nil
}
