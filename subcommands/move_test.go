package subcommands

import (
	"io"
	"path/filepath"
	"strings"
	"testing"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

func TestExportThenImportCommands(t *testing.T) {
	t.Parallel()
	src := testutil.NewApp(t)
	if _, err := SeedDemo(src, 4, io.Discard); err != nil {
		t.Fatal(err)
	}
	zipPath := filepath.Join(t.TempDir(), "site.zip")
	if out, err := execute(newExportCommand(src), zipPath); err != nil || !strings.Contains(out, "Exported to "+zipPath) {
		t.Fatalf("export: %v %s", err, out)
	}
	dst := testutil.NewApp(t)
	out, err := execute(newImportCommand(dst), zipPath)
	if err != nil || !strings.Contains(out, `"imported": 4`) || !strings.Contains(out, `"errors": []`) {
		t.Fatalf("import: %v %s", err, out)
	}
	if n, _ := dst.CountRecords(c.Blogs); n != 2 {
		t.Errorf("%d blogs", n)
	}
	// a file that is no export: the command fails with the reason, nothing comes in
	if _, err := execute(newImportCommand(dst), filepath.Join("..", "go.mod")); err == nil || !strings.Contains(err.Error(), "not a Ghost JSON export") {
		t.Errorf("bad file: %v", err)
	}
}

// TestImportCommandSiteURL: --site-url resolves a Ghost export's __GHOST_URL__ against the old
// site (its images fetched from there); an address that is no http(s) URL is refused first.
func TestImportCommandSiteURL(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	ghost := filepath.Join("..", "move", "testdata", "ghost5.json")
	if _, err := execute(newImportCommand(app), "--site-url", "ftp://old.example", ghost); err == nil || !strings.Contains(err.Error(), "must be a URL like https://example.com") {
		t.Errorf("ftp address: %v", err)
	}
	if n, _ := app.CountRecords(c.Blogs); n != 0 {
		t.Errorf("%d blogs after a refused address", n)
	}
	// an unreachable old site: the images are listed as not fetched, not as left out
	out, err := execute(newImportCommand(app), "--site-url", "http://127.0.0.1:9/", ghost)
	if err != nil || !strings.Contains(out, `"imported": 2`) || !strings.Contains(out, "Cover image not fetched") || strings.Contains(out, "left out") {
		t.Fatalf("import: %v %s", err, out)
	}
}
