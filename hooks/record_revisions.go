package hooks

import (
	"sync"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	c "github.com/folio/folio/collections"
)

// revisionBySuperuser is a revision's author when no users account saved it: /_/, commands.
const revisionBySuperuser = "superuser"

// RevisionFields are the fields a revision keeps (API.md "Publishing"), per collection.
var revisionFields = map[string][]string{
	c.Blogs: {c.FieldTitle, c.FieldDate, c.FieldAuthor, c.FieldDescription, c.FieldTags, c.FieldCategories,
		c.FieldAttachLinks, c.FieldStatus, c.FieldPublishAt, c.FieldMedia},
	c.Projects: {c.FieldTitle, c.FieldDate, c.FieldAuthor, c.FieldDescription, c.FieldTags, c.FieldCategories,
		c.FieldAttachLink, c.FieldStatus, c.FieldPublishAt, c.FieldMedia},
}

// savers remembers who is saving a record, from the admin route that saves it to the record
// hook that writes its revision (record hooks carry no request). Keyed by the record.
var savers sync.Map // *core.Record -> email

// savingAs notes that account (nil: a superuser) saves rec; call before the save.
func savingAs(rec *core.Record, account *core.Record) func() {
	by := revisionBySuperuser
	if account != nil {
		by = account.Email()
	}
	savers.Store(rec, by)
	return func() { savers.Delete(rec) }
}

// bindRevisionHooks keeps a revision of every create and update of an item (admin routes,
// /_/ and commands alike), the newest c.RevisionsKept per item. The admin routes name their
// account (savingAs); any other save is a superuser's: the items' write rules let no users
// account write through PocketBase's records API.
func bindRevisionHooks(app core.App) {
	keep := func(e *core.RecordEvent) error {
		if err := e.Next(); err != nil {
			return err
		}
		return saveRevision(e.App, e.Record)
	}
	app.OnRecordCreate(c.Blogs, c.Projects).BindFunc(keep)
	app.OnRecordUpdate(c.Blogs, c.Projects).BindFunc(keep)
}

// saveRevision stores rec's fields as a new revision and drops the item's oldest past the cap.
func saveRevision(app core.App, rec *core.Record) error {
	col, err := app.FindCachedCollectionByNameOrId(c.Revisions)
	if err != nil {
		return err
	}
	by, _ := savers.Load(rec)
	if by == nil {
		by = revisionBySuperuser
	}
	data := map[string]any{}
	for _, f := range revisionFields[rec.Collection().Name] {
		data[f] = rec.Get(f)
	}
	rev := core.NewRecord(col)
	rev.Set(c.FieldRevisionItem, rec.Id)
	rev.Set(c.FieldRevisionType, c.ItemType(rec.Collection().Name))
	rev.Set(c.FieldRevisionBy, by)
	rev.Set(c.FieldRevisionData, data)
	if err := app.SaveNoValidate(rev); err != nil {
		return err
	}
	_, err = app.DB().NewQuery(`DELETE FROM {{` + c.Revisions + `}} WHERE [[item]] = {:item} AND [[id]] NOT IN (` +
		`SELECT [[id]] FROM {{` + c.Revisions + `}} WHERE [[item]] = {:item} ORDER BY [[created]] DESC, _rowid_ DESC LIMIT {:keep})`).
		Bind(dbx.Params{"item": rec.Id, "keep": c.RevisionsKept}).Execute()
	return err
}

// deleteRevisionsSQL deletes an item's revisions (with the item: deleteItemTraces).
const deleteRevisionsSQL = `DELETE FROM {{` + c.Revisions + `}} WHERE [[item]] = {:item} AND [[type]] = {:type}`
