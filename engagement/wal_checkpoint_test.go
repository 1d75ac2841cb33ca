package engagement_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/engagement"
)

// While the server runs, the writer connection leaves WAL checkpoints to the background
// checkpointer (wal_checkpoint.go), which copies what the writes added.
func TestEngagementWALCheckpointer(t *testing.T) {
	app, svc := engineApp(t)
	startWriter(t, svc)
	for range 5 {
		if _, err := submit(t, svc, c.TypeBlog, engBlogID, c.ActionShare, ""); err != nil {
			t.Fatalf("share: %v", err)
		}
	}
	var every int
	if err := app.NonconcurrentDB().NewQuery("PRAGMA wal_autocheckpoint").Row(&every); err != nil || every != 0 {
		t.Errorf("the writer connection's wal_autocheckpoint: %d (%v), want 0", every, err)
	}
	// The checkpoints run beside the writer: one holding the writer's connection (a
	// transaction on it) does not stop them.
	err := app.RunInTransaction(func(core.App) error {
		from := engagement.WALCheckpoints(svc)
		for deadline := time.Now().Add(5 * time.Second); engagement.WALCheckpoints(svc) <= max(from, 0); time.Sleep(10 * time.Millisecond) {
			if time.Now().After(deadline) {
				return fmt.Errorf("no background checkpoint copied the writes while the writer's connection was busy (%d, then %d)", from, engagement.WALCheckpoints(svc))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// Under sustained writes, a checkpoint beside the writer never copies every frame (some
// land while it copies), and SQLite starts the WAL over only once all are copied: past
// its threshold the checkpointer ends the copy on the writer's connection, so the writer's
// next write starts the WAL over instead of growing it without end. Here a reader's
// snapshot stands for the writes that land during the copy: the copy beside the writer
// stops at it.
func TestEngagementWALStartsOverUnderWrites(t *testing.T) {
	app, svc := engineApp(t)
	startWriter(t, svc)
	engagement.StopWALCheckpointer(svc)
	share := func() {
		t.Helper()
		if _, err := submit(t, svc, c.TypeBlog, engBlogID, c.ActionShare, ""); err != nil {
			t.Fatalf("share: %v", err)
		}
	}
	share()
	reader, err := app.ConcurrentDB().(*dbx.DB).Begin()
	if err != nil {
		t.Fatal(err)
	}
	defer reader.Rollback()
	var n int
	if err := reader.NewQuery("SELECT count(*) FROM " + c.Events).Row(&n); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		share()
	}
	before := engagement.WALCheckpointStep(t, app, 1, func() { _ = reader.Rollback() })
	share()
	after := engagement.WALCheckpointStep(t, app, 1<<30, nil) // the frames in the WAL now
	if after >= before {
		t.Errorf("the WAL did not start over: %d frames after, %d before", after, before)
	}
}
