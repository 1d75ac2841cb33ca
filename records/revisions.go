package records

import (
	"sync"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	c "github.com/folio/folio/collections"
)

// revisionBySuperuser is a revision's author when no users account saved it: /_/, commands.
const revisionBySuperuser = "superuser"

// RevisionFields are the fields a revision keeps (API.md "Publishing"), per collection.
var RevisionFields = map[string][]string{
	c.Blogs: {c.FieldTitle, c.FieldDate, c.FieldAuthor, c.FieldDescription, c.FieldTags, c.FieldCategories,
		c.FieldAttachLinks, c.FieldStatus, c.FieldPublishAt, c.FieldMedia},
	c.Projects: {c.FieldTitle, c.FieldDate, c.FieldAuthor, c.FieldDescription, c.FieldTags, c.FieldCategories,
		c.FieldAttachLink, c.FieldStatus, c.FieldPublishAt, c.FieldMedia},
}

// savers remembers who is saving a record, from the admin route that saves it (SavingAs) to the record
// hook that writes its revision (record hooks carry no request). Keyed by the record.
var savers sync.Map // *core.Record -> email

// SavingAs notes that account (nil: a superuser) saves rec; call before the save.
func SavingAs(rec *core.Record, account *core.Record) func() {
	by := revisionBySuperuser
	if account != nil {
		by = account.Email()
	}
	savers.Store(rec, by)
	return func() { savers.Delete(rec) }
}

// SaveRevision stores rec's fields as a new revision and drops the item's oldest past the cap.
func SaveRevision(app core.App, rec *core.Record) error {
	col, err := app.FindCachedCollectionByNameOrId(c.Revisions)
	if err != nil {
		return err
	}
	by, _ := savers.Load(rec)
	if by == nil {
		by = revisionBySuperuser
	}
	data := map[string]any{}
	for _, f := range RevisionFields[rec.Collection().Name] {
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

// DeleteRevisionsSQL deletes an item's revisions (with the item: hooks' deleteItemTraces).
const DeleteRevisionsSQL = `DELETE FROM {{` + c.Revisions + `}} WHERE [[item]] = {:item} AND [[type]] = {:type}`
