package main

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase"
)

// TestDBConnectCapsThePageCache: every connection gets the 512 KB cache, keeps temporary
// tables and sorts in files (SQLite's default, not PocketBase's MEMORY) and keeps PocketBase's
// other pragmas.
func TestDBConnectCapsThePageCache(t *testing.T) {
	db, err := dbConnect(filepath.Join(t.TempDir(), "data.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.DB().SetMaxOpenConns(3)
	for _, c := range []struct{ pragma, want string }{
		{"cache_size", "-512"}, {"journal_mode", "wal"}, {"busy_timeout", "10000"},
		{"foreign_keys", "1"}, {"synchronous", "1"}, {"temp_store", "0"}, {"wal_autocheckpoint", "1000"},
	} {
		var got string
		if err := db.NewQuery("PRAGMA " + c.pragma).Row(&got); err != nil {
			t.Fatal(err)
		}
		if got != c.want {
			t.Errorf("PRAGMA %s = %s, want %s", c.pragma, got, c.want)
		}
	}
	// A sort bigger than the sorter's 1 MB buffer spills to a temporary file and works.
	var n int
	err = db.NewQuery("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c WHERE x < 40000) " +
		"SELECT count(*) FROM (SELECT x, randomblob(100) AS b FROM c ORDER BY b)").Row(&n)
	if err != nil || n != 40000 {
		t.Errorf("a 4 MB sort: %d rows, %v", n, err)
	}
}

// TestAppKeepsAFixedReadPool: the app's data.db read pool opens at most dataConns
// connections and keeps every one of them when they all fall idle at once (PocketBase's
// default closes all but 15).
func TestAppKeepsAFixedReadPool(t *testing.T) {
	cfg := appConfig()
	cfg.DefaultDataDir = t.TempDir()
	app := pocketbase.NewWithConfig(cfg)
	if err := app.Bootstrap(); err != nil {
		t.Fatal(err)
	}
	defer app.ResetBootstrapState()
	db := app.ConcurrentDB().(*dbx.DB).DB()
	if got := db.Stats().MaxOpenConnections; got != dataConns {
		t.Fatalf("max open connections %d, want %d", got, dataConns)
	}
	var held []*sql.Conn
	for range dataConns {
		c, err := db.Conn(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		held = append(held, c)
	}
	for _, c := range held {
		c.Close()
	}
	if s := db.Stats(); s.OpenConnections != dataConns || s.Idle != dataConns || s.MaxIdleClosed != 0 {
		t.Errorf("after %d connections fell idle: %d open, %d idle, %d closed past the idle limit; want all kept",
			dataConns, s.OpenConnections, s.Idle, s.MaxIdleClosed)
	}
	var cache string
	if err := app.ConcurrentDB().NewQuery("PRAGMA cache_size").Row(&cache); err != nil || cache != "-512" {
		t.Errorf("the app's connections: cache_size %q (%v), want -512 from dbConnect", cache, err)
	}
}

// TestSQLiteKeepsStatementJournalsInMemory: SQLite accepted the statement-journal setting
// before any connection opened (configureSQLite in init), and a statement whose journal holds
// far more than the old 64 KiB spill threshold still commits and rolls back correctly.
func TestSQLiteKeepsStatementJournalsInMemory(t *testing.T) {
	if sqliteConfigErr != nil {
		t.Fatal(sqliteConfigErr)
	}
	db, err := dbConnect(filepath.Join(t.TempDir(), "data.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.DB().SetMaxOpenConns(1)
	seed := "CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT UNIQUE);" +
		"WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c WHERE x < 5000) INSERT INTO t SELECT x, hex(randomblob(32)) FROM c"
	if _, err := db.NewQuery(seed).Execute(); err != nil {
		t.Fatal(err)
	}
	tx, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	// One statement rewrites every page of the table and its index (~1 MB of journal), then a
	// second one fails halfway on the unique index: only that statement is undone.
	if _, err := tx.NewQuery("UPDATE t SET v = hex(randomblob(32))").Execute(); err != nil {
		t.Fatal(err)
	}
	if _, err := tx.NewQuery("UPDATE t SET v = 'same' WHERE id > 4000").Execute(); err == nil {
		t.Fatal("a duplicate value passed the unique index")
	}
	var same int
	if err := tx.NewQuery("SELECT count(*) FROM t WHERE v = 'same'").Row(&same); err != nil || same != 0 {
		t.Fatalf("the failed statement left %d rows changed (%v)", same, err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := db.NewQuery("SELECT count(DISTINCT v) FROM t").Row(&n); err != nil || n != 5000 {
		t.Fatalf("%d distinct values after commit (%v), want 5000", n, err)
	}
}

// TestMain gives the tests' SQLite the page-cache buffer, as `serve` does (main.go), before
// any connection opens.
func TestMain(m *testing.M) {
	pageCacheErr = configurePageCache()
	os.Exit(m.Run())
}

var pageCacheErr error

// TestServesFindsTheCommand: only `serve` gets the page-cache buffer, wherever root's flags
// and their values stand.
func TestServesFindsTheCommand(t *testing.T) {
	root := pocketbase.NewWithConfig(appConfig()).RootCmd
	for _, c := range []struct {
		args string
		want bool
	}{
		{"serve", true}, {"serve --http=127.0.0.1:8130", true}, {"--dir /tmp/x serve", true},
		{"--dir=/tmp/x --dev serve", true}, {"--dir serve seed --events 10", false},
		{"seed --events 2000000", false}, {"analytics rebuild", false}, {"", false}, {"--help", false},
	} {
		if got := serves(root, strings.Fields(c.args)); got != c.want {
			t.Errorf("serves(%q) = %v, want %v", c.args, got, c.want)
		}
	}
}

// TestSQLitePageCacheInItsBuffer: SQLite took the page-cache buffer before any connection
// opened, and a connection's cached pages sit in its slots (none from the general heap) and
// go back to it when the connection closes.
func TestSQLitePageCacheInItsBuffer(t *testing.T) {
	if pageCacheErr != nil {
		t.Fatal(pageCacheErr)
	}
	if pageCacheSlot < 4096+64 || pageCacheSlot > 4096+1024 {
		t.Fatalf("slot of %d bytes, want a 4096-byte page and its header", pageCacheSlot)
	}
	before := pageCacheUse()
	db, err := dbConnect(filepath.Join(t.TempDir(), "data.db"))
	if err != nil {
		t.Fatal(err)
	}
	db.DB().SetMaxOpenConns(1)
	seed := "CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT);" +
		"WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c WHERE x < 20000) INSERT INTO t SELECT x, hex(randomblob(32)) FROM c"
	if _, err := db.NewQuery(seed).Execute(); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := db.NewQuery("SELECT count(*) FROM t WHERE v LIKE 'A%'").Row(&n); err != nil {
		t.Fatal(err)
	}
	during := pageCacheUse()
	// 20,000 rows of ~70 bytes are ~350 pages; the 512 KB cache holds some 110 of them.
	if got := during.Slots - before.Slots; got < 50 || got > 130 {
		t.Errorf("%d page-cache slots in use for one connection's 512 KB cache, want ~110", got)
	}
	if during.Overflow != before.Overflow {
		t.Errorf("%d bytes of pages outside the buffer", during.Overflow-before.Overflow)
	}
	db.Close()
	if after := pageCacheUse(); after.Slots != before.Slots {
		t.Errorf("%d slots still in use after the connection closed, want %d", after.Slots, before.Slots)
	}
}
