package pb_migrations

import "github.com/pocketbase/pocketbase/core"

// editCollection finds the collection name, lets edit change it and saves it.
func editCollection(app core.App, name string, edit func(col *core.Collection)) error {
	col, err := app.FindCollectionByNameOrId(name)
	if err != nil {
		return err
	}
	edit(col)
	return app.Save(col)
}
