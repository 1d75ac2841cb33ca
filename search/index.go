package search

import (
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/catalog"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/richtext"
)

// Snippet markers: private characters the index never holds (docText drops them), swapped
// for <mark> and </mark> after the snippet is HTML-escaped.
const (
	markOpen  = "\x02"
	markClose = "\x03"
)

// doc is an item's indexed text.
type doc struct {
	title, body, tags, categories string
}

func docOf(rec *core.Record) doc {
	return doc{
		title:      clean(rec.GetString(c.FieldTitle)),
		body:       clean(richtext.PlainText(rec.GetString(c.FieldDescription))),
		tags:       clean(strings.Join(catalog.StringList(rec, c.FieldTags), " ")),
		categories: clean(strings.Join(catalog.StringList(rec, c.FieldCategories), " ")),
	}
}

func clean(s string) string {
	return strings.NewReplacer(markOpen, " ", markClose, " ").Replace(s)
}

// Index writes rec (a blogs or projects record) into the index, replacing what it held of it.
// It runs on app, so inside a transaction the index moves with the rows. Outside one (the row
// is written already) it opens its own and indexes the row as it is then, not rec: two saves
// of one item never interleave their delete and insert of its index row, and the one indexed
// last is the one written last, even when the other's index write comes after it.
func Index(app core.App, rec *core.Record) error {
	if !app.IsTransactional() {
		return app.RunInTransaction(func(tx core.App) error {
			fresh, err := tx.FindRecordById(rec.Collection(), rec.Id)
			if isNoRows(err) {
				return remove(tx, c.ItemType(rec.Collection().Name), rec.Id)
			}
			if err != nil {
				return err
			}
			return index(tx, fresh)
		})
	}
	return index(app, rec)
}

// typeBit is the parity of the index rows of each item type: blogs even, projects odd, so a
// count of one type's matches reads the rowids alone, not each match's doc row (ranked.go).
func typeBit(typ string) int {
	if typ == c.TypeProject {
		return 1
	}
	return 0
}

// rowParity is SQL telling whether the index row id has its type's parity.
const rowParity = `("id" % 2) = ("type" = '` + c.TypeProject + `')`

func index(app core.App, rec *core.Record) error {
	typ := c.ItemType(rec.Collection().Name)
	var id int64
	// a new row takes the next id of its type's parity; an existing one keeps its id
	err := app.DB().NewQuery(`INSERT INTO "itemSearchDocs" ("id", "type", "item", "updated", "date", "created", "status", "publishAt")
		VALUES ((SELECT coalesce(max("id"), 0) + 2 - (coalesce(max("id"), 0) + {:bit}) % 2 FROM "itemSearchDocs"),
			{:type}, {:item}, {:updated}, {:date}, {:created}, {:status}, {:publishAt})
		ON CONFLICT ("item", "type") DO UPDATE SET "updated" = excluded."updated", "date" = excluded."date",
			"created" = excluded."created", "status" = excluded."status", "publishAt" = excluded."publishAt" RETURNING "id"`).
		Bind(dbx.Params{"bit": typeBit(typ), "type": typ, "item": rec.Id, "updated": rec.GetString("updated"), "date": rec.GetString(c.FieldDate),
			"created": rec.GetString("created"), "status": rec.GetString(c.FieldStatus), "publishAt": rec.GetString(c.FieldPublishAt)}).Row(&id)
	if err != nil {
		return err
	}
	d := docOf(rec)
	if _, err := app.DB().NewQuery(`DELETE FROM "itemSearch" WHERE rowid = {:id}`).Bind(dbx.Params{"id": id}).Execute(); err != nil {
		return err
	}
	params := dbx.Params{"id": id, "title": d.title, "body": d.body, "tags": d.tags, "categories": d.categories}
	for _, q := range []string{
		`INSERT INTO "itemSearch" (rowid, title, body, tags, categories) VALUES ({:id}, {:title}, {:body}, {:tags}, {:categories})`,
		`DELETE FROM "itemSearchHead" WHERE rowid = {:id}`,
		`INSERT INTO "itemSearchHead" (rowid, title, tags, categories) VALUES ({:id}, {:title}, {:tags}, {:categories})`,
	} {
		if _, err := app.DB().NewQuery(q).Bind(params).Execute(); err != nil {
			return err
		}
	}
	return nil
}

// Remove drops the item of type typ and id from the index (in a transaction, as Index).
func Remove(app core.App, typ, id string) error {
	if !app.IsTransactional() {
		return app.RunInTransaction(func(tx core.App) error { return remove(tx, typ, id) })
	}
	return remove(app, typ, id)
}

func remove(app core.App, typ, id string) error {
	var docID int64
	err := app.DB().NewQuery(`DELETE FROM "itemSearchDocs" WHERE "item" = {:item} AND "type" = {:type} RETURNING "id"`).
		Bind(dbx.Params{"type": typ, "item": id}).Row(&docID)
	if err != nil {
		if isNoRows(err) {
			return nil
		}
		return err
	}
	for _, q := range []string{`DELETE FROM "itemSearch" WHERE rowid = {:id}`, `DELETE FROM "itemSearchHead" WHERE rowid = {:id}`} {
		if _, err := app.DB().NewQuery(q).Bind(dbx.Params{"id": docID}).Execute(); err != nil {
			return err
		}
	}
	return nil
}

// Stale tells whether the index misses an item, holds one that is gone, or holds an older
// version of one (rows written around the hooks: raw SQL, data from before the index), or its
// head table is out of step, or a row id has not its type's parity (an index from before).
func Stale(app core.App) (bool, error) {
	var n int
	err := app.DB().NewQuery(`SELECT
		EXISTS (SELECT 1 FROM "blogs" t LEFT JOIN "itemSearchDocs" d ON d."item" = t."id" AND d."type" = 'blog' WHERE d."id" IS NULL OR d."updated" <> t."updated")
		OR EXISTS (SELECT 1 FROM "projects" t LEFT JOIN "itemSearchDocs" d ON d."item" = t."id" AND d."type" = 'project' WHERE d."id" IS NULL OR d."updated" <> t."updated")
		OR (SELECT count(*) FROM "itemSearchDocs") <> (SELECT count(*) FROM "blogs") + (SELECT count(*) FROM "projects")
		OR (SELECT count(*) FROM "itemSearchHead") <> (SELECT count(*) FROM "itemSearchDocs")
		OR EXISTS (SELECT 1 FROM "itemSearchDocs" WHERE NOT ` + rowParity + `)`).Row(&n)
	return n != 0, err
}

const rebuildBatch = 500

// Rebuild empties the index and indexes every item again, in one transaction.
func Rebuild(app core.App) error {
	return app.RunInTransaction(func(tx core.App) error {
		for _, q := range []string{`DELETE FROM "itemSearch"`, `DELETE FROM "itemSearchHead"`, `DELETE FROM "itemSearchDocs"`} {
			if _, err := tx.DB().NewQuery(q).Execute(); err != nil {
				return err
			}
		}
		for _, col := range []string{c.Blogs, c.Projects} {
			for offset := 0; ; offset += rebuildBatch { // a batch at a time: descriptions are big
				var recs []*core.Record
				if err := tx.RecordQuery(col).OrderBy("id").Limit(rebuildBatch).Offset(int64(offset)).All(&recs); err != nil {
					return err
				}
				for _, rec := range recs {
					if err := Index(tx, rec); err != nil {
						return err
					}
				}
				if len(recs) < rebuildBatch {
					break
				}
			}
		}
		return nil
	})
}

// EnsureFresh rebuilds the index when it is stale (on every start; the check reads the ids).
func EnsureFresh(app core.App) error {
	stale, err := Stale(app)
	if err != nil || !stale {
		return err
	}
	return Rebuild(app)
}
