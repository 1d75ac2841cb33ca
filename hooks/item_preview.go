package hooks

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/security"

	"github.com/folio/folio/catalog"
	c "github.com/folio/folio/collections"
)

// previewValidity is how long a preview link works (API.md "Publishing").
const previewValidity = 7 * 24 * time.Hour

// A preview token is "<expiry, unix seconds>.<HMAC-SHA256 of type, id and expiry>", keyed by
// the item's hidden previewSecret: renewing the secret (DELETE) revokes every link at once.

// errPreviewInvalid is a forged, expired or revoked token: answered as an unknown item.
var errPreviewInvalid = errors.New("invalid preview token")

// previewSign is the token of rec's page valid until exp.
func previewSign(rec *core.Record, exp time.Time) string {
	expiry := strconv.FormatInt(exp.Unix(), 10)
	return expiry + "." + previewMAC(rec, expiry)
}

func previewMAC(rec *core.Record, expiry string) string {
	mac := hmac.New(sha256.New, []byte(rec.GetString(c.FieldPreviewSecret)))
	mac.Write([]byte(c.ItemType(rec.Collection().Name) + "/" + rec.Id + "/" + expiry))
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

// previewRecord returns the item id of typ, whatever its status, when token is a valid
// preview token of it at the app clock's now.
func previewRecord(app core.App, typ, id, token string) (*core.Record, error) {
	expiry, sig, ok := strings.Cut(token, ".")
	exp, err := strconv.ParseInt(expiry, 10, 64)
	if !ok || err != nil || now(app).Unix() >= exp {
		return nil, errPreviewInvalid
	}
	rec, err := app.FindRecordById(c.ItemCollection(typ), id)
	if err != nil || rec.GetString(c.FieldPreviewSecret) == "" {
		return nil, errPreviewInvalid
	}
	if !hmac.Equal([]byte(sig), []byte(previewMAC(rec, expiry))) {
		return nil, errPreviewInvalid
	}
	return rec, nil
}

// setPreviewSecret writes rec's secret without saving the record: a preview link is no edit
// (no revision, no new `updated`, no cache drop).
func setPreviewSecret(app core.App, rec *core.Record, secret string) error {
	_, err := app.DB().Update(rec.Collection().Name, dbx.Params{c.FieldPreviewSecret: secret}, dbx.HashExp{"id": rec.Id}).Execute()
	if err == nil {
		rec.Set(c.FieldPreviewSecret, secret)
	}
	return err
}

// previewAnswer is POST /api/admin/{blogs|projects}/{id}/preview.
type previewAnswer struct {
	URL     string `json:"url"`
	Expires string `json:"expires"`
}

// adminItemsPreview creates a preview link of the item (its secret made on the first one).
func adminItemsPreview(col string) func(e *core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		rec, err := e.App.FindRecordById(col, e.Request.PathValue("id"))
		if err != nil {
			return e.NotFoundError("", err)
		}
		if rec.GetString(c.FieldPreviewSecret) == "" {
			if err := setPreviewSecret(e.App, rec, security.RandomString(40)); err != nil {
				return e.InternalServerError("", err)
			}
		}
		exp := now(e.App).Add(previewValidity).UTC().Truncate(time.Second)
		path := catalog.PagePath(c.ItemType(col), rec.Id) + "?preview=" + previewSign(rec, exp)
		return e.JSON(200, previewAnswer{URL: path, Expires: exp.Format(time.RFC3339)})
	}
}

// adminItemsPreviewRevoke renews the item's secret: every link made before stops working.
func adminItemsPreviewRevoke(col string) func(e *core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		rec, err := e.App.FindRecordById(col, e.Request.PathValue("id"))
		if err != nil {
			return e.NotFoundError("", err)
		}
		if err := setPreviewSecret(e.App, rec, security.RandomString(40)); err != nil {
			return e.InternalServerError("", err)
		}
		return e.NoContent(204)
	}
}
