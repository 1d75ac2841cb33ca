package main

import (
	"fmt"
	"sync"

	"github.com/folio/folio/cmd/internal/benchkit"
)

// prepareDataDir prepares dir as benchkit does (seed, superuser, rate-limit exemption)
// and creates the like accounts with `admins create`.
func prepareDataDir(bin, dir string, items int, accounts []string) error {
	if err := benchkit.PrepareDataDir(bin, dir, items); err != nil {
		return err
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
