package main

import (
	"errors"
	"fmt"

	"github.com/pocketbase/dbx"
	"modernc.org/libc"
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
