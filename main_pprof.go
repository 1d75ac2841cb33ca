//go:build pprof

package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"net/http"
	_ "net/http/pprof" // registers /debug/pprof on http.DefaultServeMux
	"os"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"modernc.org/libc"
	"modernc.org/sqlite"
)

// Profiling builds (`go build -tags 'pprof memory.counters'`) serve net/http/pprof on
// FOLIO_PPROF_ADDR, a separate port of the benchmark's choosing, and /debug/cmem: the
// counters of the allocator behind SQLite's malloc (modernc.org/memory; Bytes is what it has
// mapped from the OS, Allocs its live allocations; both zero without memory.counters), the
// data.db pool's statistics and what SQLite says its idle connections hold. The product
// binary carries none of it.
func init() {
	addr := os.Getenv("FOLIO_PPROF_ADDR")
	if addr == "" {
		return
	}
	onApp = func(app core.App) {
		http.HandleFunc("/debug/cmem", func(w http.ResponseWriter, _ *http.Request) {
			out := map[string]any{"alloc": libc.MemStat(), "pagecache": pageCacheStatus()}
			if db, ok := app.ConcurrentDB().(*dbx.DB); ok {
				out["pool"] = db.DB().Stats()
				out["idle"] = idleConnMemory(db.DB())
			}
			_ = json.NewEncoder(w).Encode(out)
		})
		go func() { _ = http.ListenAndServe(addr, nil) }()
	}
}

// idleConnMemory borrows the pool's idle connections for a moment and sums what SQLite says
// each holds (sqlite3_db_status): page cache, schema, prepared statements, in bytes.
func idleConnMemory(db *sql.DB) map[string]int {
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	sum := map[string]int{}
	var held []*sql.Conn
	defer func() {
		for _, c := range held {
			c.Close()
		}
	}()
	for range db.Stats().Idle {
		c, err := db.Conn(ctx)
		if err != nil {
			break
		}
		held = append(held, c)
		_ = c.Raw(func(dc any) error {
			s, ok := dc.(sqlite.DBStatus)
			if !ok {
				return nil
			}
			sum["conns"]++
			for name, op := range map[string]sqlite.DBStatusOp{"cache": sqlite.DBStatusCacheUsed, "schema": sqlite.DBStatusSchemaUsed, "stmt": sqlite.DBStatusStmtUsed} {
				cur, _, _ := s.Status(op, false)
				sum[name] += cur
			}
			return nil
		})
	}
	return sum
}

// pageCacheStatus: the page caches' slots and what did not fit in them (pageCacheUse).
func pageCacheStatus() map[string]int64 {
	u := pageCacheUse()
	return map[string]int64{"slot": int64(pageCacheSlot), "slots": pageCacheSlots,
		"used": u.Slots, "usedMax": u.SlotsMax, "overflow": u.Overflow, "overflowMax": u.OverflowMax}
}
