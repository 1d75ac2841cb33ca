package subcommands

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/pocketbase/pocketbase/core"
	"github.com/spf13/cobra"

	"github.com/folio/folio/move"
)

// newImportCommand is `folio import FILE` (API.md "Moving in and out").
func newImportCommand(app core.App) *cobra.Command {
	var siteURL string
	cmd := &cobra.Command{
		Use:   "import FILE",
		Short: "Import a Ghost JSON export, a WordPress WXR file or a zip of Markdown files",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := migrated(app); err != nil {
				return err
			}
			site, err := move.SiteURL(siteURL)
			if err != nil {
				return err
			}
			st, err := os.Stat(args[0])
			if err != nil {
				return err
			}
			if st.Size() > move.MaxUploadBytes {
				return fmt.Errorf("%s is over 200 MB", args[0])
			}
			data, err := os.ReadFile(args[0])
			if err != nil {
				return err
			}
			res, err := move.Import(app, data, move.Options{Fetch: move.FetchImage, SiteURL: site})
			if err != nil {
				return err
			}
			enc := json.NewEncoder(cmd.OutOrStdout())
			enc.SetEscapeHTML(false) // titles as written: "Sourdough & patience"
			enc.SetIndent("", "  ")
			return enc.Encode(res)
		},
	}
	cmd.Flags().StringVar(&siteURL, "site-url", "", "the old site's address (https://example.com): a Ghost export's images are fetched from it")
	return cmd
}

// newExportCommand is `folio export FILE.zip`.
func newExportCommand(app core.App) *cobra.Command {
	return &cobra.Command{
		Use:   "export FILE.zip",
		Short: "Export every item, its media, the profile and About as a zip of Markdown files and folio.json",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := migrated(app); err != nil {
				return err
			}
			f, err := os.Create(args[0])
			if err != nil {
				return err
			}
			if err := move.Export(app, f); err != nil {
				f.Close()
				os.Remove(args[0])
				return err
			}
			if err := f.Close(); err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "Exported to %s\n", args[0])
			return nil
		},
	}
}
