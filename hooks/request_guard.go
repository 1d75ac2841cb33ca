package hooks

import (
	"bytes"
	"encoding/json"
	"io"
	"mime"
	"strings"
	"unicode/utf8"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/router"
)

// strictJSONMax is the largest JSON body the guard reads; larger ones go on unread to the
// route, whose body limit answers them. It is also the body limit of every route that
// takes no upload (an engagement POST that reads no body still refuses 10 MB of one).
const strictJSONMax = 1 << 20

// uploadRoutes take bodies over strictJSONMax, under their own limits.
var uploadRoutes = []string{"/api/admin/blogs", "/api/admin/projects", "/api/admin/profile", "/api/admin/about", "/api/collections/", "/api/batch", "/api/backups"}

func takesUploads(path string) bool {
	for _, p := range uploadRoutes {
		if strings.HasPrefix(path, p) {
			return true
		}
	}
	return false
}

// strictJSON refuses a body over strictJSONMax on a route that takes no upload (413), and
// refuses a JSON body that is not exactly one valid JSON value in valid UTF-8
// (Go's decoder would stop after the first value and replace bad bytes silently), for
// every route: Folio's and PocketBase's own.
func strictJSON() *hook.Handler[*core.RequestEvent] {
	return &hook.Handler[*core.RequestEvent]{
		Id: "folioStrictJSON",
		// Before PocketBase's body limit wraps the body: the guard reads PocketBase's own
		// rereadable body, which rewinds at its end for the route.
		Priority: apis.DefaultBodyLimitMiddlewarePriority - 5,
		Func: func(e *core.RequestEvent) error {
			if e.Request.ContentLength > strictJSONMax && !takesUploads(e.Request.URL.Path) {
				return apis.ErrRequestEntityTooLarge
			}
			ct, _, _ := mime.ParseMediaType(e.Request.Header.Get("Content-Type"))
			if ct != "application/json" || e.Request.Body == nil || e.Request.ContentLength > strictJSONMax {
				return e.Next()
			}
			head, err := io.ReadAll(io.LimitReader(e.Request.Body, strictJSONMax+1))
			if err != nil {
				return e.BadRequestError("Failed to read the request body.", err)
			}
			if len(head) <= strictJSONMax && len(bytes.TrimSpace(head)) > 0 && (!utf8.Valid(head) || !json.Valid(head)) {
				return e.BadRequestError("Invalid request body.", nil)
			}
			orig := e.Request.Body
			switch _, rereads := orig.(router.Rereader); {
			case len(head) <= strictJSONMax && rereads:
				// PocketBase's body rewound itself at EOF: the route reads it whole again.
			case len(head) <= strictJSONMax:
				// Another wrapper (a body limit) was read to its end: hand the bytes on, rereadable.
				e.Request.Body = &router.RereadableReadCloser{ReadCloser: io.NopCloser(bytes.NewReader(head))}
			default:
				e.Request.Body = &router.RereadableReadCloser{ReadCloser: readCloser{io.MultiReader(bytes.NewReader(head), orig), orig}}
			}
			return e.Next()
		},
	}
}

type readCloser struct {
	io.Reader
	io.Closer
}
