package subcommands

import (
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/filesystem"
	"github.com/spf13/cobra"

	c "github.com/folio/folio/collections"
)

// The demo owner's sign-in, printed by `seed --demo` and `make run`.
const (
	DemoOwnerEmail    = "owner@folio.local"
	DemoOwnerPassword = "folio-demo-2026"
)

const (
	defaultDemoItems = 24
	maxDemoItems     = 100000
	// seedBatchSize records per transaction: one commit per batch instead of per record.
	seedBatchSize = 250
	// seed --events: at most 100 million events over at most 20 years, 365 days by default.
	maxSeedEvents   = 100_000_000
	maxSeedDays     = 20 * 365
	defaultSeedDays = 365
)

func newSeedCommand(app core.App) *cobra.Command {
	var demo bool
	var items, events, days int
	cmd := &cobra.Command{
		Use:          "seed [--demo [--items N]] [--events N [--days D]]",
		Short:        "Loads demo content: owner account, profile, About and N items; adds only what is missing",
		Args:         cobra.NoArgs,
		SilenceUsage: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			if events < 0 || events > maxSeedEvents || days < 1 || days > maxSeedDays {
				return fmt.Errorf("--events must be between 0 and %d and --days between 1 and %d", maxSeedEvents, maxSeedDays)
			}
			if !demo && events > 0 {
				if err := migrated(app); err != nil {
					return err
				}
				return SeedEvents(app, events, days, time.Now(), cmd.OutOrStdout())
			}
			if !demo {
				// PocketBase silences the root's stderr (errors come back through app.Start).
				fmt.Fprint(cmd.OutOrStdout(), cmd.UsageString())
				return errors.New("seed needs --demo or --events N: folio seed --demo [--items N], folio seed --events N [--days D]")
			}
			if items < 0 || items > maxDemoItems {
				return fmt.Errorf("--items must be between 0 and %d, got %d", maxDemoItems, items)
			}
			if err := migrated(app); err != nil {
				return err
			}
			if _, err := SeedDemo(app, items, cmd.OutOrStdout()); err != nil {
				return err
			}
			if events > 0 {
				return SeedEvents(app, events, days, time.Now(), cmd.OutOrStdout())
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&demo, "demo", false, "load the demo content (required)")
	cmd.Flags().IntVar(&events, "events", 0, "also write N synthetic events (views, likes, shares, comments, site views) through the analytics tables")
	cmd.Flags().IntVar(&days, "days", defaultSeedDays, "spread --events over the last D days")
	cmd.Flags().IntVar(&items, "items", defaultDemoItems, fmt.Sprintf("blogs and projects in all, half each (0..%d)", maxDemoItems))
	return cmd
}

// SeedReport says what SeedDemo created and what it found already there.
type SeedReport struct {
	OwnerCreated, ProfileCreated, AboutCreated bool
	BlogsAdded, ProjectsAdded                  int
	ItemsKept                                  int // demo items found by title, left untouched
}

// SeedDemo loads the demo owner, profile, About and items 0..n-1, skipping whatever exists:
// items are known by their exact title, the owner by email, profile and About by existence.
// Progress and a summary go to out.
func SeedDemo(app core.App, n int, out io.Writer) (SeedReport, error) {
	var rep SeedReport
	start := time.Now()
	var err error
	if rep.OwnerCreated, err = seedDemoOwner(app); err != nil {
		return rep, fmt.Errorf("demo owner: %w", err)
	}
	if rep.ProfileCreated, err = seedDemoProfile(app); err != nil {
		return rep, fmt.Errorf("demo profile: %w", err)
	}
	if rep.AboutCreated, err = seedDemoAbout(app); err != nil {
		return rep, fmt.Errorf("demo About: %w", err)
	}
	if err := seedDemoItems(app, n, &rep, out); err != nil {
		return rep, err
	}

	fmt.Fprintf(out, "Owner account %s: %s\n", DemoOwnerEmail, createdOrKept(rep.OwnerCreated))
	fmt.Fprintf(out, "Profile: %s\n", createdOrKept(rep.ProfileCreated))
	fmt.Fprintf(out, "About: %s\n", createdOrKept(rep.AboutCreated))
	fmt.Fprintf(out, "Items: %d blogs and %d projects added, %d already there (%d requested) in %s\n",
		rep.BlogsAdded, rep.ProjectsAdded, rep.ItemsKept, n, time.Since(start).Round(time.Millisecond))
	// The sign-in is printed only when it works: a changed password stays unprinted.
	if signInWorks(app, c.Users, DemoOwnerEmail, DemoOwnerPassword) {
		fmt.Fprintf(out, "Demo owner: %s / %s\n", DemoOwnerEmail, DemoOwnerPassword)
	} else {
		fmt.Fprintf(out, "Demo owner %s exists with another password: left as it was\n", DemoOwnerEmail)
	}
	return rep, nil
}

func createdOrKept(created bool) string {
	if created {
		return "created"
	}
	return "kept (exists already)"
}

// seedDemoOwner creates the approved super-admin owner unless an account has that email.
func seedDemoOwner(app core.App) (bool, error) {
	if _, err := app.FindAuthRecordByEmail(c.Users, DemoOwnerEmail); err == nil {
		return false, nil
	}
	if _, err := CreateAdmin(app, DemoOwnerEmail, DemoOwnerPassword, true); err != nil {
		return false, err
	}
	return true, nil
}

func seedDemoProfile(app core.App) (bool, error) {
	if n, err := app.CountRecords(c.Profile); err != nil || n > 0 {
		return false, err
	}
	col, err := app.FindCollectionByNameOrId(c.Profile)
	if err != nil {
		return false, err
	}
	avatar, err := demoAvatar()
	if err != nil {
		return false, err
	}
	f, err := filesystem.NewFileFromBytes(avatar, "avatar.png")
	if err != nil {
		return false, err
	}
	rec := core.NewRecord(col)
	rec.Set(c.FieldHeading, DemoOwnerName)
	rec.Set(c.FieldBio, demoBio)
	rec.Set(c.FieldImage, f)
	rec.Set(c.FieldSocialLinks, demoSocialLinks)
	return true, app.Save(rec)
}

func seedDemoAbout(app core.App) (bool, error) {
	if n, err := app.CountRecords(c.About); err != nil || n > 0 {
		return false, err
	}
	col, err := app.FindCollectionByNameOrId(c.About)
	if err != nil {
		return false, err
	}
	media, err := demoLandscape()
	if err != nil {
		return false, err
	}
	f, err := filesystem.NewFileFromBytes(media, "about.jpg")
	if err != nil {
		return false, err
	}
	rec := core.NewRecord(col)
	for _, field := range c.AboutRichFields {
		rec.Set(field, demoAbout[field])
	}
	rec.Set(c.FieldMedia, f)
	rec.Set(c.FieldAttachLinks, demoAboutLinks)
	return true, app.Save(rec)
}

// seedDemoItems saves the missing items through app.Save (so every record hook applies),
// seedBatchSize per transaction.
func seedDemoItems(app core.App, n int, rep *SeedReport, out io.Writer) error {
	cols := map[string]*core.Collection{}
	existing := map[string]map[string]bool{}
	for _, name := range []string{c.Blogs, c.Projects} {
		col, err := app.FindCollectionByNameOrId(name)
		if err != nil {
			return err
		}
		cols[name] = col
		var titles []string
		if err := app.DB().Select(c.FieldTitle).From(name).Column(&titles); err != nil {
			return err
		}
		existing[name] = make(map[string]bool, len(titles))
		for _, t := range titles {
			existing[name][t] = true
		}
	}

	now := time.Now().UTC()
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	var missing []demoItem
	for i := range n {
		it := newDemoItem(i, today)
		if existing[it.collection][it.title] {
			rep.ItemsKept++
			continue
		}
		missing = append(missing, it)
	}

	for lo := 0; lo < len(missing); lo += seedBatchSize {
		batch := missing[lo:min(lo+seedBatchSize, len(missing))]
		err := app.RunInTransaction(func(tx core.App) error {
			for _, it := range batch {
				rec, err := newDemoRecord(cols[it.collection], it)
				if err != nil {
					return err
				}
				if err := tx.Save(rec); err != nil {
					return fmt.Errorf("demo item %q: %w", it.title, err)
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
		for _, it := range batch {
			if it.collection == c.Blogs {
				rep.BlogsAdded++
			} else {
				rep.ProjectsAdded++
			}
		}
		if done := lo + len(batch); len(missing) >= 2000 && (done%2000 < seedBatchSize || done == len(missing)) {
			fmt.Fprintf(out, "  %d/%d items saved\n", done, len(missing))
		}
	}
	return nil
}

// newDemoRecord fills a blogs or projects record from a demo item.
func newDemoRecord(col *core.Collection, it demoItem) (*core.Record, error) {
	desc, _ := demoDescription(it)
	rec := core.NewRecord(col)
	rec.Set(c.FieldTitle, it.title)
	rec.Set(c.FieldDate, it.date)
	rec.Set(c.FieldAuthor, it.author)
	rec.Set(c.FieldDescription, desc)
	rec.Set(c.FieldTags, it.entry.tags)
	rec.Set(c.FieldCategories, it.categories)
	if it.collection == c.Blogs {
		rec.Set(c.FieldAttachLinks, it.links)
	} else {
		rec.Set(c.FieldAttachLink, it.link)
	}
	if it.cover {
		b, err := demoCover(it.index - it.index/3) // covered items numbered in turn, so designs rotate
		if err != nil {
			return nil, err
		}
		f, err := filesystem.NewFileFromBytes(b, "cover.jpg")
		if err != nil {
			return nil, err
		}
		rec.Set(c.FieldMedia, f)
	}
	return rec, nil
}
