package subcommands

import (
	"errors"
	"fmt"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/spf13/cobra"

	"github.com/folio/folio/analytics"
	c "github.com/folio/folio/collections"
)

// newAnalyticsCommand is `folio analytics rebuild`: every rollup recomputed from the
// events and likes (after a restore, a hand edit of the database, or to check them).
func newAnalyticsCommand(app core.App) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "analytics",
		Short: "Maintains the analytics rollups",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			fmt.Fprint(cmd.OutOrStdout(), cmd.UsageString())
			return errors.New("analytics needs a subcommand: folio analytics rebuild")
		},
		SilenceUsage: true,
	}
	cmd.AddCommand(&cobra.Command{
		Use:          "rebuild",
		Short:        "Recomputes every analytics rollup from the events",
		Args:         cobra.NoArgs,
		SilenceUsage: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := migrated(app); err != nil {
				return err
			}
			start := time.Now()
			if err := analytics.Rebuild(app); err != nil {
				return err
			}
			var rows int
			_ = app.DB().NewQuery(`SELECT count(*) FROM "` + c.AnalyticsRollups + `"`).Row(&rows)
			fmt.Fprintf(cmd.OutOrStdout(), "Rebuilt the analytics rollups: %d rows in %s\n", rows, time.Since(start).Round(time.Millisecond))
			return nil
		},
	})
	return cmd
}
