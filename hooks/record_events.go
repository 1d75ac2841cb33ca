package hooks

import (
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/engagement"
)

// bindEventHooks keeps the engagement service's views memory and the analytics rollups
// right for writes to events the writer does not make: an events record saved, edited or
// deleted in /_/, by the records API or a command, and an item's deletion (its events go
// in raw SQL).
func bindEventHooks(app core.App, svc *engagement.Service) {
	// An events record saved outside the writer adds to the rollups, in the save's own
	// transaction. Deleted and edited events, and likes, are kept by the rollups' triggers.
	app.OnRecordCreateExecute(c.Events).Bind(&hook.Handler[*core.RecordEvent]{
		Id: "folioEventRollups",
		Func: func(e *core.RecordEvent) error {
			if err := e.Next(); err != nil {
				return err
			}
			return engagement.RollUpRecord(e.App, e.Record)
		},
	})
	// The views memory is loaded again after every write to events it did not make.
	forget := func(e *core.RecordEvent) error {
		if !engagement.FromWriter(e.Context) {
			svc.ForgetViews()
		}
		return e.Next()
	}
	for _, bind := range []*hook.TaggedHook[*core.RecordEvent]{
		app.OnRecordAfterCreateSuccess(c.Events), app.OnRecordAfterUpdateSuccess(c.Events), app.OnRecordAfterDeleteSuccess(c.Events),
		app.OnRecordAfterDeleteSuccess(c.Blogs, c.Projects),
	} {
		bind.BindFunc(forget)
	}
}
