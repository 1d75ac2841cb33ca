package hooks

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/catalog"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/records"
	"github.com/folio/folio/search"
)

// bindItemHooks binds every record hook of the item collections, blogs and projects (the
// two keep the same invariants), in the order they run. They hold for every save, /_/ and
// commands included; the rules themselves are package records'.
func bindItemHooks(app core.App) {
	items := []string{c.Blogs, c.Projects}

	// Before the save: normalise, sanitise, store the body's data: images, process the
	// cover; default the status; fold the search title; the row's counters are zeros (the
	// counters live in itemCounters, so an edit in /_/ never sets one apart from its events).
	normalize := func(e *core.RecordEvent) error {
		bodyChanged := records.Changed(e.Record, c.FieldDescription)
		records.NormalizeItem(e.App, e.Record)
		if bodyChanged {
			if errs := records.StoreBodyImages(e.App, e.Record); len(errs) > 0 {
				return records.MergeFieldErrors(e.App.Validate(e.Record), errs)
			}
		}
		return processUploads(e)
	}
	status := func(e *core.RecordEvent) error {
		records.NormalizeStatus(e.Record)
		return e.Next()
	}
	// A revision of every create and update, the newest c.RevisionsKept per item. The admin
	// routes name their account (records.SavingAs); any other save is a superuser's.
	revision := afterSave(records.SaveRevision)
	searchTitle := func(e *core.RecordEvent) error {
		records.SetSearchTitle(e.Record)
		return e.Next()
	}
	zeroCounters := func(e *core.RecordEvent) error {
		for _, f := range c.CounterFields {
			e.Record.Set(f, 0)
		}
		return e.Next()
	}
	for _, save := range []func(e *core.RecordEvent) error{normalize, status, revision, searchTitle, zeroCounters} {
		app.OnRecordCreate(items...).BindFunc(save)
		app.OnRecordUpdate(items...).BindFunc(save)
	}

	// Validation: link schemes and the title's length, then status and publishAt.
	app.OnRecordValidate(items...).BindFunc(func(e *core.RecordEvent) error {
		return records.MergeFieldErrors(e.Next(), records.LinkErrors(e.Record), records.TitleErrors(e.Record))
	})
	app.OnRecordValidate(items...).BindFunc(func(e *core.RecordEvent) error {
		return records.MergeFieldErrors(e.Next(), records.PublishingErrors(e.App, e.Record))
	})

	app.OnRecordDelete(items...).BindFunc(deleteItemTraces)

	// The full-text index (package search) follows every save and delete, in its transaction.
	index := afterSave(search.Index)
	app.OnRecordCreateExecute(items...).BindFunc(index)
	app.OnRecordUpdateExecute(items...).BindFunc(index)
	app.OnRecordDeleteExecute(items...).BindFunc(afterSave(func(app core.App, rec *core.Record) error {
		return search.Remove(app, c.ItemType(rec.Collection().Name), rec.Id)
	}))

	// After the save: the item owns the images its body shows; cached answers go.
	adopt := afterSave(records.AdoptBodyImages)
	app.OnRecordAfterCreateSuccess(items...).BindFunc(adopt)
	app.OnRecordAfterUpdateSuccess(items...).BindFunc(adopt)
	bindContentChanged(app, items...)

	// Wherever PocketBase itself shows an item (records API, /_/, realtime), its counter
	// fields come from itemCounters (migration 1763770200).
	app.OnRecordEnrich(items...).BindFunc(func(e *core.RecordEnrichEvent) error {
		if err := catalog.FillCounters(e.App, e.Record); err != nil {
			return err
		}
		return e.Next()
	})
}

// afterSave is a hook that runs then, with the event's app (the save's transaction), once the
// rest of the chain has succeeded.
func afterSave(then func(app core.App, rec *core.Record) error) func(e *core.RecordEvent) error {
	return func(e *core.RecordEvent) error {
		if err := e.Next(); err != nil {
			return err
		}
		return then(e.App, e.Record)
	}
}

// deleteItemTraces removes a deleted item's likes, counters, revisions and analytics events in the delete's
// transaction, so analytics never list a vanished item (we delete rather than orphan:
// counts of a deleted item have nothing left to link to).
func deleteItemTraces(e *core.RecordEvent) error {
	orig := e.App
	defer func() { e.App = orig }()
	return orig.RunInTransaction(func(tx core.App) error {
		e.App = tx
		if err := e.Next(); err != nil {
			return err
		}
		typ := c.ItemType(e.Record.Collection().Name)
		if _, err := tx.DB().Delete(c.Likes, dbx.HashExp{c.FieldItem: e.Record.Id}).Execute(); err != nil {
			return err
		}
		if _, err := tx.DB().Delete(c.ItemCounters, dbx.HashExp{c.FieldCounterItem: e.Record.Id, c.FieldType: typ}).Execute(); err != nil {
			return err
		}
		if _, err := tx.DB().NewQuery(records.DeleteRevisionsSQL).Bind(dbx.Params{"item": e.Record.Id, "type": typ}).Execute(); err != nil {
			return err
		}
		if _, err := tx.DB().NewQuery(deleteItemEventsSQL).Bind(dbx.Params{"item": e.Record.Id, "type": typ}).Execute(); err != nil {
			return err
		}
		return records.DeleteItemImages(tx, e.Record.Id)
	})
}

// deleteItemEventsSQL deletes an item's events in one pass over the table: events are in no
// index by item (migration 1763770400: such an index cost a quarter of every engagement
// write), and the unary + keeps SQLite from walking the type's whole index instead, which
// read every row of the type through it and took a quarter longer (1M events: 0.7 s).
const deleteItemEventsSQL = `DELETE FROM {{` + c.Events + `}} WHERE [[` + c.FieldItemID + `]] = {:item} AND +[[` + c.FieldType + `]] = {:type}`
