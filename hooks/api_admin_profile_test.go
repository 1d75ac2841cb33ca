package hooks_test

import (
	"net/http"
	"testing"

	"github.com/pocketbase/pocketbase/tests"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

const acProfileID = "acprofile000001"

func acSeedProfile(t testing.TB, app *tests.TestApp) {
	acSave(t, app, c.Profile, acProfileID, map[string]any{
		c.FieldHeading: "Ann", c.FieldBio: "Writes code", c.FieldImage: acUpload(t, "portrait.png", acPNG(t, 30, 30)),
	})
}

func TestAdminProfile(t *testing.T) {
	t.Parallel()
	for _, s := range []testutil.Scenario{
		{Name: "guest", Method: "GET", URL: "/api/admin/profile", Status: 401, Content: []string{acctMsgNoAuth}},
		{Name: "pending", Method: "POST", URL: "/api/admin/profile", As: testutil.Pending, Status: 403,
			Fields: map[string]string{"heading": "H", "bio": "B"}, Content: []string{acctMsgPending}},
		{Name: "empty before creation", Method: "GET", URL: "/api/admin/profile", As: testutil.Admin, Status: 200,
			Content: []string{`"id":null`, `"heading":""`, `"bio":""`, `"image":null`, `"socialLinks":[]`}},
		{
			Name: "create", Method: "POST", URL: "/api/admin/profile", As: testutil.Admin, Status: 201,
			Fields: map[string]string{"heading": " Ann ", "bio": " Hello "}, Files: map[string]testutil.File{"image": {Name: "me.jpg", Data: acJPEG(t, 2500, 2500)}},
			Content: []string{`"heading":"Ann"`, `"bio":"Hello"`, `"image":"/api/files/pbc_profile/`},
			After: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				rec := acOnly(t, app, c.Profile)
				if d := acDetail(t, res); d["id"] != rec.Id {
					t.Errorf("id = %v", d["id"])
				}
				img, _ := acDecode(t, acStored(t, app, rec, c.FieldImage))
				if img.Bounds().Dx() != 1920 {
					t.Errorf("image width %d", img.Bounds().Dx())
				}
			},
		},
		{Name: "create requires heading and bio", Method: "POST", URL: "/api/admin/profile", As: testutil.Admin, Status: 400,
			Fields: map[string]string{"heading": "  "}, Content: []string{`"validation_required"`},
			Errors: map[string]string{"heading": "Heading is required", "bio": "Bio is required"}},
		{Name: "second create is 409", Method: "POST", URL: "/api/admin/profile", As: testutil.Admin, Status: 409,
			Setup: acSeedProfile, Fields: map[string]string{"heading": "H", "bio": "B"}, Content: []string{`"status":409`},
			After: func(t testing.TB, app *tests.TestApp, res *http.Response) { acOnly(t, app, c.Profile) }},
		{Name: "update before creation is 404", Method: "PUT", URL: "/api/admin/profile", As: testutil.Admin, Status: 404,
			Fields: map[string]string{"heading": "H", "bio": "B"}, Content: []string{`"status":404`}},
		{
			Name: "update keeps the image it is not sent", Method: "PUT", URL: "/api/admin/profile", As: testutil.Admin, Status: 200,
			Setup: acSeedProfile, Fields: map[string]string{"heading": "Ann B."},
			Content: []string{`"id":"` + acProfileID + `"`, `"heading":"Ann B."`, `"bio":"Writes code"`, `/portrait_`},
		},
		{Name: "update refuses a blank bio", Method: "PUT", URL: "/api/admin/profile", As: testutil.Admin, Status: 400,
			Setup: acSeedProfile, Fields: map[string]string{"bio": " "}, Content: []string{`"status":400`},
			Errors: map[string]string{"bio": "Bio is required"}},
		{Name: "update sets social links", Method: "PUT", URL: "/api/admin/profile", As: testutil.Admin, Status: 200,
			Setup: acSeedProfile, Fields: map[string]string{"socialLinks": `[{"title":"GitHub","url":"github.com/ann"},{"title":"","url":"https://x.y"},{"title":"Mail","url":"mailto:a@b.c"}]`},
			Content: []string{`"socialLinks":[{"title":"GitHub","url":"https://github.com/ann"},{"title":"Mail","url":"mailto:a@b.c"}]`, `"heading":"Ann"`}},
		{Name: "update refuses social links that are not JSON", Method: "PUT", URL: "/api/admin/profile", As: testutil.Admin, Status: 400,
			Setup: acSeedProfile, Fields: map[string]string{"socialLinks": "GitHub, https://x.y"}, Content: []string{`"validation_invalid_json"`},
			Errors: map[string]string{"socialLinks": "Links must be a JSON array of {title, url} objects"}},
		{Name: "update refuses a social link scheme", Method: "PUT", URL: "/api/admin/profile", As: testutil.Admin, Status: 400,
			Setup: acSeedProfile, Fields: map[string]string{"socialLinks": `[{"title":"x","url":"javascript:alert(1)"}]`},
			Content: []string{`"validation_link_scheme"`}, Errors: map[string]string{"socialLinks": "*"}},
		{Name: "update removes the image", Method: "PUT", URL: "/api/admin/profile", As: testutil.Admin, Status: 200,
			Setup: acSeedProfile, Fields: map[string]string{"removeImage": "true"}, Content: []string{`"image":null`, `"heading":"Ann"`}},
		{Name: "update with a non-image", Method: "PUT", URL: "/api/admin/profile", As: testutil.Admin, Status: 400,
			Setup: acSeedProfile, Files: map[string]testutil.File{"image": {Name: "me.gif", Data: []byte("GIF? no")}},
			Content: []string{`"validation_invalid_mime_type"`}, Errors: map[string]string{"image": "*"}},
		{Name: "view after creation", Method: "GET", URL: "/api/admin/profile", As: testutil.Admin, Status: 200,
			Setup: acSeedProfile, Content: []string{`"id":"` + acProfileID + `"`, `"heading":"Ann"`}},
	} {
		s.Test(t)
	}
}

// TestAdminProfileCreateThenUpdate runs the writes one after the other on one app.
func TestAdminProfileCreateThenUpdate(t *testing.T) {
	t.Parallel()
	testutil.Scenario{
		Name: "create then update", Method: "POST", URL: "/api/admin/profile", As: testutil.Admin, Status: 201,
		Fields: map[string]string{"heading": "First", "bio": "One"}, Files: map[string]testutil.File{"image": {Name: "portrait.png", Data: acPNG(t, 20, 20)}},
		Content: []string{`"heading":"First"`, `"bio":"One"`},
		Then: []testutil.Step{
			{Method: "PUT", URL: "/api/admin/profile", Fields: map[string]string{"bio": "Two"}, Status: 200,
				Content: []string{`"heading":"First"`, `"bio":"Two"`, `/portrait_`}},
			{Method: "POST", URL: "/api/admin/profile", Fields: map[string]string{"heading": "H", "bio": "B"}, Status: 409},
			{Method: "GET", URL: "/api/admin/profile", Status: 200, Content: []string{`"heading":"First"`, `"bio":"Two"`}},
		},
		After: func(t testing.TB, app *tests.TestApp, res *http.Response) {
			acOnly(t, app, c.Profile)
		},
	}.Test(t)
}
