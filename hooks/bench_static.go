package hooks

import (
	"os"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"
)

// BenchStaticEnv names a folder that, only when set, is served under /api/bench-static/:
// the benchmark's static-file baseline, through the same binary and middleware chain.
const BenchStaticEnv = "FOLIO_BENCH_STATIC_DIR"

func bindBenchStatic(rg *router.RouterGroup[*core.RequestEvent]) {
	dir := os.Getenv(BenchStaticEnv)
	if dir == "" {
		return
	}
	files := os.DirFS(dir)
	rg.GET("/bench-static/{name}", func(e *core.RequestEvent) error {
		return e.FileFS(files, e.Request.PathValue("name"))
	})
}
