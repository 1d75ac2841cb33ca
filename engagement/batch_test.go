package engagement_test

import (
	"testing"

	"github.com/pocketbase/dbx"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/engagement"
)

// The writer's connection keeps a 4 MB page cache once it has committed a batch; the
// app's read connections keep dbConnect's 512 KB.
func TestEngagementWriterCache(t *testing.T) {
	app, svc := engineApp(t)
	startWriter(t, svc)
	if _, err := submit(t, svc, c.TypeBlog, engBlogID, c.ActionShare, ""); err != nil {
		t.Fatalf("share: %v", err)
	}
	var writer, reader string
	if err := app.NonconcurrentDB().NewQuery("PRAGMA cache_size").Row(&writer); err != nil {
		t.Fatal(err)
	}
	if err := app.ConcurrentDB().NewQuery("PRAGMA cache_size").Row(&reader); err != nil {
		t.Fatal(err)
	}
	if writer != "-4096" {
		t.Errorf("writer's cache_size %s, want -4096", writer)
	}
	if reader == "-4096" {
		t.Errorf("a read connection's cache_size is the writer's")
	}

	// The pragmas run once per connection: a change made on the writer's connection since
	// stays (they are not parsed again in each batch)...
	if _, err := app.NonconcurrentDB().NewQuery("PRAGMA cache_size = -1000").Execute(); err != nil {
		t.Fatal(err)
	}
	share := func() (cache string, every int) {
		t.Helper()
		if _, err := submit(t, svc, c.TypeBlog, engBlogID, c.ActionShare, ""); err != nil {
			t.Fatalf("share: %v", err)
		}
		if err := app.NonconcurrentDB().NewQuery("PRAGMA cache_size").Row(&cache); err != nil {
			t.Fatal(err)
		}
		if err := app.NonconcurrentDB().NewQuery("PRAGMA wal_autocheckpoint").Row(&every); err != nil {
			t.Fatal(err)
		}
		return cache, every
	}
	opens := engagement.SQLiteOpens()
	for i := range 2 { // a PRAGMA statement run again is parsed again (and applied) in its next run
		if cache, _ := share(); cache != "-1000" && engagement.SQLiteOpens() == opens { // (no other test's connection opened meanwhile)
			t.Errorf("writer's cache_size after batch %d on the same connection: %s, want -1000 (pragmas run once)", i+1, cache)
		}
	}
	// ...and a connection opened since (PocketBase closes the writer's after three idle
	// minutes) gets them in its first batch.
	pool := app.NonconcurrentDB().(*dbx.DB).DB()
	pool.SetMaxIdleConns(0) // closes the idle writer connection
	pool.SetMaxIdleConns(1)
	if cache, every := share(); cache != "-4096" || every != 0 {
		t.Errorf("a new writer connection after a batch: cache_size %s, wal_autocheckpoint %d; want -4096 and 0", cache, every)
	}
}

// The statements of a batch are prepared once on the writer's connection, after the batch
// that first ran them, and bound to the later batches' transactions: the Service is built
// before its app opens the database (main builds it before app.Start bootstraps), and its
// cache still finds the writer's pool.
func TestEngagementStatementsPreparedOnce(t *testing.T) {
	app, _ := engineApp(t)
	if err := app.ClearBootstrap(); err != nil {
		t.Fatal(err)
	}
	svc := engagement.New(app, engagement.Config{})
	if err := app.Bootstrap(); err != nil {
		t.Fatal(err)
	}
	startWriter(t, svc)
	if n := engagement.PreparedStatements(svc); n != 0 {
		t.Fatalf("%d statements prepared before any batch", n)
	}
	for range 2 {
		if _, err := submit(t, svc, c.TypeBlog, engBlogID, c.ActionShare, ""); err != nil {
			t.Fatalf("share: %v", err)
		}
	}
	n := engagement.PreparedStatements(svc)
	if n == 0 {
		t.Fatal("no statement prepared for later batches")
	}
	if _, err := submit(t, svc, c.TypeBlog, engBlogID, c.ActionShare, ""); err != nil {
		t.Fatalf("share: %v", err)
	}
	if m := engagement.PreparedStatements(svc); m != n {
		t.Errorf("%d statements prepared after a third share, %d after two: a batch of the same shape prepares none", m, n)
	}
}
