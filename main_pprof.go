//go:build pprof

package main

import (
	"net/http"
	_ "net/http/pprof" // registers /debug/pprof on http.DefaultServeMux
	"os"
)

// Profiling builds (`go build -tags pprof`) serve net/http/pprof on FOLIO_PPROF_ADDR, a
// separate port of the benchmark's choosing; the product binary carries none of it.
func init() {
	if addr := os.Getenv("FOLIO_PPROF_ADDR"); addr != "" {
		go func() { _ = http.ListenAndServe(addr, nil) }()
	}
}
