package hooks

import (
	"encoding/json"

	"github.com/pocketbase/pocketbase/core"
)

// Body limits of the admin content writes: the upload plus the text fields around it
// (a description may reach 5 MB, About's eleven sections 1 MB each).
const (
	itemBodyLimit    = 16 << 20
	profileBodyLimit = 11 << 20
	aboutBodyLimit   = 62 << 20
)

// adminJSON writes v with encoding/json, as the public answers are written: PocketBase's
// e.JSON (json v2) would drop catalog.ItemDetail's empty attachLink/attachLinks (omitempty).
func adminJSON(e *core.RequestEvent, status int, v any) error {
	body, err := json.Marshal(v)
	if err != nil {
		return e.InternalServerError("", err)
	}
	return e.Blob(status, "application/json", body)
}
