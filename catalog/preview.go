package catalog

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

	"github.com/folio/folio/clock"
	c "github.com/folio/folio/collections"
)

// PreviewValidity is how long a preview link works (API.md "Publishing").
const PreviewValidity = 7 * 24 * time.Hour

// A preview token is "<expiry, unix seconds>.<HMAC-SHA256 of type, id and expiry>", keyed by
// the item's hidden previewSecret: renewing the secret (DELETE) revokes every link at once.

// ErrPreviewInvalid is a forged, expired or revoked token: answered as an unknown item.
var ErrPreviewInvalid = errors.New("invalid preview token")

// PreviewSign is the token of rec's page valid until exp.
func PreviewSign(rec *core.Record, exp time.Time) string {
	expiry := strconv.FormatInt(exp.Unix(), 10)
	return expiry + "." + previewMAC(rec, expiry)
}

func previewMAC(rec *core.Record, expiry string) string {
	mac := hmac.New(sha256.New, []byte(rec.GetString(c.FieldPreviewSecret)))
	mac.Write([]byte(c.ItemType(rec.Collection().Name) + "/" + rec.Id + "/" + expiry))
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

// PreviewRecord returns the item id of typ, whatever its status, when token is a valid
// preview token of it at the app clock's now.
func PreviewRecord(app core.App, typ, id, token string) (*core.Record, error) {
	expiry, sig, ok := strings.Cut(token, ".")
	exp, err := strconv.ParseInt(expiry, 10, 64)
	if !ok || err != nil || clock.Now(app).Unix() >= exp {
		return nil, ErrPreviewInvalid
	}
	rec, err := app.FindRecordById(c.ItemCollection(typ), id)
	if err != nil || rec.GetString(c.FieldPreviewSecret) == "" {
		return nil, ErrPreviewInvalid
	}
	if !hmac.Equal([]byte(sig), []byte(previewMAC(rec, expiry))) {
		return nil, ErrPreviewInvalid
	}
	return rec, nil
}

// SetPreviewSecret writes rec's secret without saving the record: a preview link is no edit
// (no revision, no new `updated`, no cache drop).
func SetPreviewSecret(app core.App, rec *core.Record, secret string) error {
	_, err := app.DB().Update(rec.Collection().Name, dbx.Params{c.FieldPreviewSecret: secret}, dbx.HashExp{"id": rec.Id}).Execute()
	if err == nil {
		rec.Set(c.FieldPreviewSecret, secret)
	}
	return err
}
