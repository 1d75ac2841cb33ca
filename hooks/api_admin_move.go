package hooks

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"time"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/router"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/move"
)

// importBodyLimit is the upload (200 MB, API.md) and the multipart framing around it.
const importBodyLimit = move.MaxUploadBytes + 1<<20

const msgMoveSuperAdmin = "Only a super admin may import or export the site."

// bindAdminMoveApi binds import and export (API.md "Moving in and out"): a super admin's.
func bindAdminMoveApi(app core.App, rg *router.RouterGroup[*core.RequestEvent]) {
	rg.POST("/admin/import", adminImport).Bind(requireMoveAdmin(), apis.BodyLimit(importBodyLimit))
	rg.GET("/admin/export", adminExport).Bind(requireMoveAdmin())
}

// requireMoveAdmin lets through an approved super admin (a superuser too, as in /_/).
func requireMoveAdmin() *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id: "folioRequireMoveAdmin",
		Func: func(e *core.RequestEvent) error {
			if e.HasSuperuserAuth() {
				return e.Next()
			}
			acc, err := approvedAccount(e)
			if err != nil {
				return err
			}
			if !acc.GetBool(c.FieldIsSuperAdmin) {
				return e.ForbiddenError(msgMoveSuperAdmin, nil)
			}
			return e.Next()
		},
	}
}

func adminImport(e *core.RequestEvent) error {
	files, err := e.FindUploadedFiles("file")
	if err != nil || len(files) == 0 {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return uploadTooLarge("file", "The file is over 200 MB.")
		}
		return e.BadRequestError("Choose a file to import: a Ghost JSON export, a WordPress WXR file or a zip of Markdown files.", nil)
	}
	site, err := move.SiteURL(e.Request.FormValue("siteUrl"))
	if err != nil {
		return e.BadRequestError("The old site's address must be a URL like https://example.com.", nil)
	}
	// the multipart form holds the file on disk past 32 MB: its size and first bytes are
	// checked before it is read into memory
	if files[0].Size > move.MaxUploadBytes {
		return uploadTooLarge("file", "The file is over 200 MB.")
	}
	r, err := files[0].Reader.Open()
	if err != nil {
		return e.BadRequestError("The file cannot be read.", err)
	}
	defer r.Close()
	head := make([]byte, move.SniffHeadBytes)
	n, err := io.ReadFull(r, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return e.BadRequestError("The file cannot be read.", err)
	}
	if err := move.Sniff(head[:n]); err != nil {
		return e.BadRequestError(err.Error(), nil)
	}
	data, err := io.ReadAll(io.MultiReader(bytes.NewReader(head[:n]), io.LimitReader(r, move.MaxUploadBytes+1-int64(n))))
	if err != nil {
		return e.BadRequestError("The file cannot be read.", err)
	}
	if len(data) > move.MaxUploadBytes {
		return uploadTooLarge("file", "The file is over 200 MB.")
	}
	res, err := move.Import(e.App, data, move.Options{Fetch: move.FetchImage, SiteURL: site})
	if move.IsBadFile(err) {
		return e.BadRequestError(err.Error(), nil)
	}
	if err != nil {
		return e.InternalServerError("", err)
	}
	return e.JSON(http.StatusOK, res)
}

func adminExport(e *core.RequestEvent) error {
	name := "folio-export-" + time.Now().UTC().Format("2006-01-02") + ".zip"
	e.Response.Header().Set("Content-Type", "application/zip")
	e.Response.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	e.Response.Header().Set("Cache-Control", "no-store")
	e.Response.WriteHeader(http.StatusOK)
	return move.Export(e.App, e.Response)
}
