package pb_migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/types"

	c "github.com/folio/folio/collections"
)

// Rule fragments. Every write to these collections goes through Folio's routes and record
// hooks (or a superuser in /_/), so create/update/delete rules stay nil (superusers only).
const (
	ruleApproved    = `@request.auth.collectionName = "users" && @request.auth.status = "approved"`
	ruleSuperAdmin  = ruleApproved + ` && @request.auth.isSuperAdmin = true`
	ruleSelfOrSuper = `id = @request.auth.id || (` + ruleSuperAdmin + `)`
)

func init() {
	m.Register(func(app core.App) error {
		steps := []func(core.App) error{
			updateUsers, createLoginAttempts, createItems(c.Blogs), createItems(c.Projects),
			createProfile, createAbout, createEvents, createLikes,
		}
		for _, step := range steps {
			if err := step(app); err != nil {
				return err
			}
		}
		return nil
	}, func(app core.App) error {
		for _, name := range []string{c.Likes, c.Events, c.About, c.Profile, c.Projects, c.Blogs, c.LoginAttempts} {
			col, err := app.FindCollectionByNameOrId(name)
			if err != nil {
				continue
			}
			if err := app.Delete(col); err != nil {
				return err
			}
		}
		return nil
	})
}

func autodates(col *core.Collection) {
	col.Fields.Add(&core.AutodateField{Name: "created", OnCreate: true})
	col.Fields.Add(&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true})
}

func updateUsers(app core.App) error {
	users, err := app.FindCollectionByNameOrId(c.Users)
	if err != nil {
		return err
	}
	users.ListRule = types.Pointer(ruleSelfOrSuper)
	users.ViewRule = types.Pointer(ruleSelfOrSuper)
	users.CreateRule = types.Pointer("") // registration; the users hooks force pending / not super admin
	users.UpdateRule = nil
	users.DeleteRule = nil
	users.Fields.Add(
		&core.SelectField{Name: c.FieldStatus, Values: c.Statuses, MaxSelect: 1},
		&core.BoolField{Name: c.FieldIsSuperAdmin},
		&core.TextField{Name: c.FieldIPAddress, Max: 64},
		&core.JSONField{Name: c.FieldLocation, MaxSize: 1024},
		&core.TextField{Name: c.FieldDeviceInfo, Max: 255},
		&core.TextField{Name: c.FieldBrowserInfo, Max: 255},
		&core.DateField{Name: c.FieldBlockedUntil},
	)
	users.AddIndex("idx_users_status", false, "status", "")
	return app.Save(users)
}

func createLoginAttempts(app core.App) error {
	users, err := app.FindCollectionByNameOrId(c.Users)
	if err != nil {
		return err
	}
	col := core.NewBaseCollection(c.LoginAttempts, "pbc_loginattempts")
	col.Fields.Add(
		&core.RelationField{Name: c.FieldAccount, CollectionId: users.Id, MaxSelect: 1, CascadeDelete: true},
		&core.TextField{Name: c.FieldEmail, Max: 255},
		&core.TextField{Name: c.FieldIP, Max: 64},
		&core.TextField{Name: c.FieldUserAgent, Max: 1024},
		&core.BoolField{Name: c.FieldSuccess},
	)
	autodates(col)
	col.AddIndex("idx_loginattempts_email_created", false, "email, created", "")
	col.AddIndex("idx_loginattempts_account_created", false, "account, created", "")
	col.AddIndex("idx_loginattempts_created", false, "created", "")
	return app.Save(col)
}

func createItems(name string) func(core.App) error {
	return func(app core.App) error {
		col := core.NewBaseCollection(name, "pbc_"+name)
		col.ListRule = types.Pointer(ruleApproved)
		col.ViewRule = types.Pointer(ruleApproved)
		col.Fields.Add(
			&core.TextField{Name: c.FieldTitle, Required: true, Max: 300},
			&core.TextField{Name: c.FieldSearchTitle, Hidden: true, Max: 1200},
			&core.DateField{Name: c.FieldDate},
			&core.TextField{Name: c.FieldAuthor, Required: true, Max: 200},
			&core.FileField{Name: c.FieldMedia, MaxSelect: 1, MaxSize: c.MaxImageBytes,
				MimeTypes: c.ImageMimeTypes, Thumbs: []string{c.ThumbCard, c.ThumbShare}},
			&core.EditorField{Name: c.FieldDescription, MaxSize: 5 << 20, ConvertURLs: false},
			&core.JSONField{Name: c.FieldTags, MaxSize: 16 << 10},
			&core.JSONField{Name: c.FieldCategories, MaxSize: 16 << 10},
		)
		if name == c.Blogs {
			col.Fields.Add(&core.JSONField{Name: c.FieldAttachLinks, MaxSize: 64 << 10})
		} else {
			col.Fields.Add(&core.TextField{Name: c.FieldAttachLink, Max: 2048})
		}
		for _, f := range []string{c.FieldLikeCount, c.FieldShareCount, c.FieldViewCount, c.FieldCommentCount} {
			col.Fields.Add(&core.NumberField{Name: f, OnlyInt: true, Min: types.Pointer(0.0)})
		}
		autodates(col)
		col.AddIndex("idx_"+name+"_date_created", false, "date DESC, created DESC", "")
		col.AddIndex("idx_"+name+"_searchtitle", false, "searchTitle", "")
		col.AddIndex("idx_"+name+"_updated", false, "updated", "")
		return app.Save(col)
	}
}

func createProfile(app core.App) error {
	col := core.NewBaseCollection(c.Profile, "pbc_profile")
	col.Fields.Add(
		&core.TextField{Name: c.FieldHeading, Required: true, Max: 200},
		&core.TextField{Name: c.FieldBio, Required: true, Max: 2000},
		&core.FileField{Name: c.FieldImage, MaxSelect: 1, MaxSize: c.MaxImageBytes,
			MimeTypes: c.ImageMimeTypes, Thumbs: []string{"256x256", c.ThumbShare}},
	)
	autodates(col)
	return app.Save(col)
}

func createAbout(app core.App) error {
	col := core.NewBaseCollection(c.About, "pbc_about")
	for _, f := range c.AboutRichFields {
		col.Fields.Add(&core.EditorField{Name: f, MaxSize: 1 << 20})
	}
	col.Fields.Add(
		&core.FileField{Name: c.FieldMedia, MaxSelect: 1, MaxSize: c.MaxVideoBytes,
			MimeTypes: c.AboutMediaMimeTypes, Thumbs: []string{c.ThumbCard}},
		&core.JSONField{Name: c.FieldAttachLinks, MaxSize: 64 << 10},
	)
	autodates(col)
	return app.Save(col)
}

func createEvents(app core.App) error {
	col := core.NewBaseCollection(c.Events, "pbc_events")
	col.ListRule = types.Pointer(ruleApproved)
	col.ViewRule = types.Pointer(ruleApproved)
	col.Fields.Add(
		&core.SelectField{Name: c.FieldType, Values: []string{c.TypeBlog, c.TypeProject, c.TypeSite}, MaxSelect: 1, Required: true},
		&core.TextField{Name: c.FieldItemID, Max: 64},
		&core.SelectField{Name: c.FieldAction, Values: []string{c.ActionView, c.ActionLike, c.ActionShare, c.ActionComment}, MaxSelect: 1, Required: true},
		&core.TextField{Name: c.FieldUserID, Max: 64},
		&core.TextField{Name: c.FieldEmail, Max: 255},
		&core.TextField{Name: c.FieldContent, Max: 5000},
		&core.TextField{Name: c.FieldCity, Max: 128},
		&core.TextField{Name: c.FieldCountry, Max: 128},
		&core.TextField{Name: c.FieldVisitor, Max: 128},
	)
	autodates(col)
	col.AddIndex("idx_events_created", false, "created", "")
	col.AddIndex("idx_events_type_action_created", false, "type, action, created", "")
	col.AddIndex("idx_events_item_action_created", false, "itemId, action, created", "")
	col.AddIndex("idx_events_visitor_item_created", false, "visitor, itemId, created", "")
	return app.Save(col)
}

func createLikes(app core.App) error {
	users, err := app.FindCollectionByNameOrId(c.Users)
	if err != nil {
		return err
	}
	col := core.NewBaseCollection(c.Likes, "pbc_likes")
	col.Fields.Add(
		&core.TextField{Name: c.FieldItem, Required: true, Max: 64},
		&core.SelectField{Name: c.FieldType, Values: []string{c.TypeBlog, c.TypeProject}, MaxSelect: 1, Required: true},
		&core.RelationField{Name: c.FieldAccount, CollectionId: users.Id, MaxSelect: 1, Required: true, CascadeDelete: true},
	)
	autodates(col)
	col.AddIndex("idx_likes_item_account", true, "item, account", "")
	col.AddIndex("idx_likes_account", false, "account", "")
	col.AddIndex("idx_likes_created", false, "created", "")
	return app.Save(col)
}
