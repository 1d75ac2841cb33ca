package main

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"unsafe"

	"github.com/pocketbase/dbx"
	"github.com/spf13/cobra"
	"modernc.org/libc"
	"modernc.org/libc/sys/types"
	sqlite3 "modernc.org/sqlite/lib"
)

// dbConnect opens PocketBase's SQLite databases with PocketBase v0.40.4's own pragmas
// (core.DefaultDBConnect) except two, both measured by the soak (cmd/soak, README "Soak"):
//   - the page cache: PocketBase gives every connection up to 32 MB (cache_size(-32000)), and
//     each open connection ended up holding its own copy of the hot pages, so memory grew
//     with the data. In WAL mode a connection drops its whole cache whenever another one has
//     written, so a big cache buys little; the OS page cache keeps the file warm. 512 KB per
//     connection.
//   - temp_store: PocketBase sets MEMORY, and then SQLite's sorter keeps every row of a sort
//     in RAM, one allocation per row, with no limit (vdbesort.c skips its spill threshold and
//     its single sort buffer when temps are in memory). The analytics GROUP BYs sort a
//     week of events, so each of them took tens of thousands of small allocations that grew
//     with the data, and SQLite's allocator (modernc.org/memory) keeps the slabs of its
//     high-water mark. With the default (a temp file), a sort stays in one buffer of at most
//     1 MB and spills to a temp file beyond that.
//
// (SQLite's WAL checkpoint stays at its default here, every 1000 pages; while the server
// runs, the engagement writer's connection turns it off and a background checkpointer
// takes over: engagement/wal_checkpoint.go. Every 4000 pages in the commits cut a write's CPU
// by 2-5 %, but each checkpoint then copied four times the pages inside one commit, and
// that commit's wait put the engagement writes' p99 above raw PocketBase create's.)
func dbConnect(dbPath string) (*dbx.DB, error) {
	return dbx.Open("sqlite", dbPath+sqlitePragmas)
}

const sqlitePragmas = "?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=journal_size_limit(200000000)" +
	"&_pragma=synchronous(NORMAL)&_pragma=foreign_keys(ON)&_pragma=cache_size(-512)&_defensive=1"

// dataConns is the size of the pool of data.db read connections, all of them kept open.
// PocketBase allows 120 and keeps 15 idle, so under 32 concurrent requests it closed and
// reopened connections all the time (the soak counted ~190 in 3 minutes), and each new one
// parsed the schema and filled a page cache anew; SQLite's memory rose and fell with the
// number open and kept its high-water mark. 16 readers are plenty for a 2-core server (the
// soak's throughput and p99 were the same) and bound SQLite's memory from the first minute.
const dataConns = 16

// Statement journals stay in SQLite's small heap chunks (SQLITE_CONFIG_STMTJRNL_SPILL = -1).
// Inside a transaction every statement that may abort halfway (an INSERT into a table with a
// unique index, an upsert) keeps a statement journal: the original of each page it changes.
// By default that journal is an in-memory file of 64 KiB chunks that spills to a temp file
// beyond 64 KiB; SQLite's allocator here (modernc.org/memory) serves anything over 16 KiB
// with its own mmap and returns it with munmap, so every such statement of a transaction
// cost an mmap, page faults and an munmap. The engagement writer runs whole batches of
// inserts in one transaction: a CPU profile of shares put those calls at a fifth of the
// server's time. With -1 the journal grows in chunks of about 1 KiB from the allocator's slabs
// and is never written to disk; it holds only the pages one statement changes, freed when
// the statement ends. Process-wide, so set once before the first connection opens.
func init() { configureSQLite() }

var sqliteConfigErr error

func configureSQLite() {
	tls := libc.NewTLS()
	defer tls.Close()
	va := libc.Xmalloc(tls, 8)
	if va == 0 {
		sqliteConfigErr = errors.New("sqlite config: out of memory")
		return
	}
	defer libc.Xfree(tls, va)
	if rc := sqlite3.Xsqlite3_config(tls, sqlite3.SQLITE_CONFIG_STMTJRNL_SPILL, libc.VaList(va, int32(-1))); rc != sqlite3.SQLITE_OK {
		sqliteConfigErr = fmt.Errorf("sqlite config: SQLITE_CONFIG_STMTJRNL_SPILL answered %d", rc)
	}
}

// Page caches live in one buffer of pageCacheSlots fixed slots (SQLITE_CONFIG_PAGECACHE),
// not in SQLite's general heap. A cached page is 4096 bytes plus SQLite's header (~300), so
// modernc.org/memory served each from its 8 KiB size class, seven to a 64 KiB chunk, and
// it returns a chunk to the OS only once all seven are free. Every connection's cache fills
// and empties again (in WAL mode a reader drops its cache whenever another connection has
// written), so the live pages, from 18 connections, sat scattered over ever more chunks: in a
// 10-minute soak that size class held 1,300-1,500 live pages in 282 chunks (17.6 MB for
// ~6 MB of pages) and kept taking new chunks after the warm-up, most of the RSS growth.
// In the buffer a slot costs the page and its header, and the whole buffer is resident from
// the start (SQLite threads its free list through every slot): a fixed 13.4 MB in place of a
// heap that grew. Beyond the buffer (a moment when every cache is full) pages come from the
// general heap as before, and once fewer than 10 slots are free each cache recycles its own
// oldest pages before taking more. Only `serve` has the
// buffer (main.go): a full buffer puts every cache under memory pressure (SQLite then recycles
// and spills pages sooner), and `seed --events` and `analytics rebuild` give their one
// connection a 128 MB cache on purpose. 3,072 slots (13.4 MB) hold the server's caches (16
// readers of 512 KB, the engagement writer's 4 MB, PocketBase's writers); the soak's most at
// once was 2,497.
const pageCacheSlots = 3072

// pageCacheSlot is the size of one slot: a 4096-byte page (PocketBase's databases use
// SQLite's default page size) and the header SQLite keeps with it.
var pageCacheSlot int

// pageHeaderSize receives SQLITE_CONFIG_PCACHE_HDRSZ (a package variable: SQLite writes it
// through a pointer, and globals never move).
var pageHeaderSize int32

func configurePageCache() error {
	tls := libc.NewTLS()
	defer tls.Close()
	va := libc.Xmalloc(tls, 3*8)
	if va == 0 {
		return errors.New("sqlite config: out of memory")
	}
	defer libc.Xfree(tls, va)
	if rc := sqlite3.Xsqlite3_config(tls, sqlite3.SQLITE_CONFIG_PCACHE_HDRSZ, libc.VaList(va, uintptr(unsafe.Pointer(&pageHeaderSize)))); rc != sqlite3.SQLITE_OK {
		return fmt.Errorf("sqlite config: SQLITE_CONFIG_PCACHE_HDRSZ answered %d", rc)
	}
	slot := (4096 + int(pageHeaderSize) + 7) &^ 7
	buf := libc.Xmalloc(tls, types.Size_t(slot*pageCacheSlots)) // for the life of the process
	if buf == 0 {
		return errors.New("sqlite config: out of memory for the page cache")
	}
	if rc := sqlite3.Xsqlite3_config(tls, sqlite3.SQLITE_CONFIG_PAGECACHE, libc.VaList(va, buf, int32(slot), int32(pageCacheSlots))); rc != sqlite3.SQLITE_OK {
		libc.Xfree(tls, buf)
		return fmt.Errorf("sqlite config: SQLITE_CONFIG_PAGECACHE answered %d", rc)
	}
	pageCacheSlot = slot
	return nil
}

// pageCacheUsage is what SQLite says of the page caches (sqlite3_status64): slots of the
// buffer in use and the most ever, and the bytes of pages that did not fit (taken from the
// general heap), now and at most.
type pageCacheUsage struct{ Slots, SlotsMax, Overflow, OverflowMax int64 }

func pageCacheUse() pageCacheUsage {
	statusMu.Lock()
	defer statusMu.Unlock()
	tls := libc.NewTLS()
	defer tls.Close()
	read := func(op int32) (int64, int64) {
		sqlite3.Xsqlite3_status64(tls, op, uintptr(unsafe.Pointer(&status[0])), uintptr(unsafe.Pointer(&status[1])), 0)
		return status[0], status[1]
	}
	var u pageCacheUsage
	u.Slots, u.SlotsMax = read(sqlite3.SQLITE_STATUS_PAGECACHE_USED)
	u.Overflow, u.OverflowMax = read(sqlite3.SQLITE_STATUS_PAGECACHE_OVERFLOW)
	return u
}

// status receives sqlite3_status64's answers (package variables for the same reason as
// pageHeaderSize).
var (
	statusMu sync.Mutex
	status   [2]int64
)

// serves says whether args (os.Args[1:]) run the serve command: the first argument that is
// neither a flag of root nor a flag's value.
func serves(root *cobra.Command, args []string) bool {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "-") {
			return a == "serve"
		}
		if name := strings.TrimLeft(a, "-"); !strings.Contains(name, "=") {
			if f := root.PersistentFlags().Lookup(name); f != nil && f.Value.Type() != "bool" {
				i++ // its value
			}
		}
	}
	return false
}
