package main

import (
	"path/filepath"
	"testing"
)

// TestDBConnectCapsThePageCache: every connection gets the 512 KB cache and keeps
// PocketBase's other pragmas.
func TestDBConnectCapsThePageCache(t *testing.T) {
	db, err := dbConnect(filepath.Join(t.TempDir(), "data.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.DB().SetMaxOpenConns(3)
	for _, c := range []struct{ pragma, want string }{
		{"cache_size", "-512"}, {"journal_mode", "wal"}, {"busy_timeout", "10000"},
		{"foreign_keys", "1"}, {"synchronous", "1"}, {"temp_store", "2"},
	} {
		var got string
		if err := db.NewQuery("PRAGMA " + c.pragma).Row(&got); err != nil {
			t.Fatal(err)
		}
		if got != c.want {
			t.Errorf("PRAGMA %s = %s, want %s", c.pragma, got, c.want)
		}
	}
}
