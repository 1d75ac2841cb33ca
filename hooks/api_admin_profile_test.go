package hooks_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/pocketbase/pocketbase/tests"

	c "github.com/folio/folio/collections"
)

const acProfileID = "acprofile000001"

func acSeedProfile(t testing.TB, app *tests.TestApp) {
	acSave(t, app, c.Profile, acProfileID, map[string]any{
		c.FieldHeading: "Ann", c.FieldBio: "Writes code", c.FieldImage: acUpload(t, "portrait.png", acPNG(t, 30, 30)),
	})
}

// acJSONMap decodes an object answer.
func acJSONMap(t testing.TB, res *http.Response) map[string]any {
	t.Helper()
	out := map[string]any{}
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestAdminProfile(t *testing.T) {
	t.Parallel()
	for _, s := range []acScenario{
		{name: "guest", method: "GET", url: "/api/admin/profile", code: 401},
		{name: "pending", method: "POST", url: "/api/admin/profile", status: c.StatusPending, code: 403,
			fields: map[string]string{"heading": "H", "bio": "B"}},
		{name: "empty before creation", method: "GET", url: "/api/admin/profile", status: c.StatusApproved, code: 200,
			content: []string{`"id":null`, `"heading":""`, `"bio":""`, `"image":null`, `"socialLinks":[]`}},
		{
			name: "create", method: "POST", url: "/api/admin/profile", status: c.StatusApproved, code: 201,
			fields: map[string]string{"heading": " Ann ", "bio": " Hello "}, files: map[string]acFile{"image": {"me.jpg", acJPEG(t, 2500, 2500)}},
			content: []string{`"heading":"Ann"`, `"bio":"Hello"`, `"image":"/api/files/pbc_profile/`},
			after: func(t testing.TB, app *tests.TestApp, res *http.Response) {
				rec := acOnly(t, app, c.Profile)
				if d := acJSONMap(t, res); d["id"] != rec.Id {
					t.Errorf("id = %v", d["id"])
				}
				img, _ := acDecode(t, acStored(t, app, rec, c.FieldImage))
				if img.Bounds().Dx() != 1920 {
					t.Errorf("image width %d", img.Bounds().Dx())
				}
			},
		},
		{name: "create requires heading and bio", method: "POST", url: "/api/admin/profile", status: c.StatusApproved, code: 400,
			fields: map[string]string{"heading": "  "}, content: []string{`"validation_required"`},
			errs: map[string]string{"heading": "Heading is required", "bio": "Bio is required"}},
		{name: "second create is 409", method: "POST", url: "/api/admin/profile", status: c.StatusApproved, code: 409,
			setup: acSeedProfile, fields: map[string]string{"heading": "H", "bio": "B"}, content: []string{`"status":409`},
			after: func(t testing.TB, app *tests.TestApp, res *http.Response) { acOnly(t, app, c.Profile) }},
		{name: "update before creation is 404", method: "PUT", url: "/api/admin/profile", status: c.StatusApproved, code: 404,
			fields: map[string]string{"heading": "H", "bio": "B"}, content: []string{`"status":404`}},
		{
			name: "update keeps the image it is not sent", method: "PUT", url: "/api/admin/profile", status: c.StatusApproved, code: 200,
			setup: acSeedProfile, fields: map[string]string{"heading": "Ann B."},
			content: []string{`"id":"` + acProfileID + `"`, `"heading":"Ann B."`, `"bio":"Writes code"`, `/portrait_`},
		},
		{name: "update refuses a blank bio", method: "PUT", url: "/api/admin/profile", status: c.StatusApproved, code: 400,
			setup: acSeedProfile, fields: map[string]string{"bio": " "}, content: []string{`"status":400`},
			errs: map[string]string{"bio": "Bio is required"}},
		{name: "update sets social links", method: "PUT", url: "/api/admin/profile", status: c.StatusApproved, code: 200,
			setup: acSeedProfile, fields: map[string]string{"socialLinks": `[{"title":"GitHub","url":"github.com/ann"},{"title":"","url":"https://x.y"},{"title":"Mail","url":"mailto:a@b.c"}]`},
			content: []string{`"socialLinks":[{"title":"GitHub","url":"https://github.com/ann"},{"title":"Mail","url":"mailto:a@b.c"}]`, `"heading":"Ann"`}},
		{name: "update refuses social links that are not JSON", method: "PUT", url: "/api/admin/profile", status: c.StatusApproved, code: 400,
			setup: acSeedProfile, fields: map[string]string{"socialLinks": "GitHub, https://x.y"}, content: []string{`"validation_invalid_json"`},
			errs: map[string]string{"socialLinks": "Links must be a JSON array of {title, url} objects"}},
		{name: "update refuses a social link scheme", method: "PUT", url: "/api/admin/profile", status: c.StatusApproved, code: 400,
			setup: acSeedProfile, fields: map[string]string{"socialLinks": `[{"title":"x","url":"javascript:alert(1)"}]`},
			content: []string{`"validation_link_scheme"`}, errs: map[string]string{"socialLinks": "*"}},
		{name: "update removes the image", method: "PUT", url: "/api/admin/profile", status: c.StatusApproved, code: 200,
			setup: acSeedProfile, fields: map[string]string{"removeImage": "true"}, content: []string{`"image":null`, `"heading":"Ann"`}},
		{name: "update with a non-image", method: "PUT", url: "/api/admin/profile", status: c.StatusApproved, code: 400,
			setup: acSeedProfile, files: map[string]acFile{"image": {"me.gif", []byte("GIF? no")}},
			content: []string{`"validation_invalid_mime_type"`}, errs: map[string]string{"image": "*"}},
		{name: "view after creation", method: "GET", url: "/api/admin/profile", status: c.StatusApproved, code: 200,
			setup: acSeedProfile, content: []string{`"id":"` + acProfileID + `"`, `"heading":"Ann"`}},
	} {
		s.run(t)
	}
}

// TestAdminProfileCreateThenUpdate runs the writes one after the other on one app.
func TestAdminProfileCreateThenUpdate(t *testing.T) {
	t.Parallel()
	acScenario{
		name: "create then update", method: "POST", url: "/api/admin/profile", status: c.StatusApproved, code: 201,
		fields: map[string]string{"heading": "First", "bio": "One"}, files: map[string]acFile{"image": {"portrait.png", acPNG(t, 20, 20)}},
		content: []string{`"heading":"First"`, `"bio":"One"`},
		then: []acStep{
			{method: "PUT", url: "/api/admin/profile", fields: map[string]string{"bio": "Two"}, code: 200,
				content: []string{`"heading":"First"`, `"bio":"Two"`, `/portrait_`}},
			{method: "POST", url: "/api/admin/profile", fields: map[string]string{"heading": "H", "bio": "B"}, code: 409},
			{method: "GET", url: "/api/admin/profile", code: 200, content: []string{`"heading":"First"`, `"bio":"Two"`}},
		},
		after: func(t testing.TB, app *tests.TestApp, res *http.Response) {
			acOnly(t, app, c.Profile)
		},
	}.run(t)
}
