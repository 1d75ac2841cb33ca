package records

import (
	"errors"
	"regexp"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/filesystem"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/richtext"
)

// StoreBodyImages moves every data: image of an item's (clean) description into itemImages and
// points its src at the stored file, so no data: image is ever stored or served. An image
// that is refused (not an image, too large) fails the save with the reason, under description.
func StoreBodyImages(app core.App, rec *core.Record) validation.Errors {
	images, err := app.FindCachedCollectionByNameOrId(c.ItemImages)
	if err != nil {
		return validation.Errors{c.FieldDescription: err}
	}
	out, err := richtext.ReplaceDataImages(rec.GetString(c.FieldDescription), func(data []byte) (string, error) {
		f, err := filesystem.NewFileFromBytes(data, "image")
		if err != nil {
			return "", err
		}
		img := core.NewRecord(images)
		img.Set(c.FieldMedia, f)
		if err := app.Save(img); err != nil {
			return "", err
		}
		return itemImageURL(img), nil
	})
	if err != nil {
		msg := "An image in the description could not be stored."
		var verrs validation.Errors
		if errors.As(err, &verrs) {
			if fe, ok := verrs[c.FieldMedia].(FieldError); ok {
				msg = "An image in the description was refused: " + fe.message
			}
		}
		return validation.Errors{c.FieldDescription: NewFieldError("validation_body_image", msg)}
	}
	rec.Set(c.FieldDescription, out)
	return nil
}

func itemImageURL(img *core.Record) string {
	return c.ItemImageURLPrefix + img.Id + "/" + img.GetString(c.FieldMedia)
}

var itemImageIDRe = regexp.MustCompile(regexp.QuoteMeta(c.ItemImageURLPrefix) + `([a-z0-9]{15})/`)

// AdoptBodyImages records the item as the owner of the not yet adopted images its body shows,
// so they go when it goes; an image stays where an earlier version (a revision) may show it.
func AdoptBodyImages(app core.App, rec *core.Record) error {
	var ids []any
	for _, m := range itemImageIDRe.FindAllStringSubmatch(rec.GetString(c.FieldDescription), -1) {
		ids = append(ids, m[1])
	}
	if len(ids) == 0 {
		return nil
	}
	_, err := app.DB().Update(c.ItemImages, dbx.Params{c.FieldItem: rec.Id},
		dbx.And(dbx.In("id", ids...), dbx.HashExp{c.FieldItem: ""})).Execute()
	return err
}

// DeleteItemImages deletes a deleted item's images and their files.
func DeleteItemImages(app core.App, itemID string) error {
	imgs, err := app.FindAllRecords(c.ItemImages, dbx.HashExp{c.FieldItem: itemID})
	if err != nil {
		return err
	}
	for _, img := range imgs {
		if err := app.Delete(img); err != nil {
			return err
		}
	}
	return nil
}
