package main

import (
	"fmt"
	"sync"

	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/cmd/internal/benchkit"
)

// scratchCollection is the bench-only collection raw PocketBase creates go to; it is
// created in the bench data dir only, never by the product's migrations.
const scratchCollection = "bench_scratch"

// prepareDataDir prepares dir as benchkit does (seed, superuser, rate-limit exemption
// of 127.0.0.1 and ::1), creates the like accounts with `admins create`, adds the
// scratch collection (a public create rule and one small text field) and trusts
// X-Forwarded-For.
func prepareDataDir(bin, dir string, items int, accounts []string) error {
	if err := benchkit.PrepareDataDir(bin, dir, items); err != nil {
		return err
	}
	if err := addScratchCollection(dir); err != nil {
		return fmt.Errorf("scratch collection: %w", err)
	}
	// A few at a time: each run is a process start plus one bcrypt hash.
	var wg sync.WaitGroup
	errs := make(chan error, len(accounts))
	sem := make(chan struct{}, 4)
	for _, email := range accounts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			if err := benchkit.RunQuiet(bin, "admins", "create", email, accountPassword, "--dir", dir); err != nil {
				errs <- fmt.Errorf("admins create %s: %w", email, err)
			}
		}()
	}
	wg.Wait()
	close(errs)
	return <-errs
}

func addScratchCollection(dir string) error {
	app := core.NewBaseApp(core.BaseAppConfig{DataDir: dir})
	if err := app.Bootstrap(); err != nil {
		return err
	}
	defer app.ResetBootstrapState()
	// The server sits behind a proxy, as most deployments do: views from distinct
	// visitors carry distinct X-Forwarded-For addresses (requests without it are 127.0.0.1).
	s := app.Settings()
	s.TrustedProxy.Headers = []string{"X-Forwarded-For"}
	if err := app.Save(s); err != nil {
		return err
	}
	if _, err := app.FindCollectionByNameOrId(scratchCollection); err == nil {
		return nil
	}
	col := core.NewBaseCollection(scratchCollection)
	col.Fields.Add(&core.TextField{Name: "note", Max: 200})
	col.CreateRule = new(string) // "": anyone may create, as a small public write
	return app.Save(col)
}
