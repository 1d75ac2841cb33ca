package hooks_test

import (
	"bytes"
	"image/png"
	"regexp"
	"strings"
	"testing"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/pages"
	"github.com/folio/folio/testutil"
)

var ogImageRe = regexp.MustCompile(`<meta property="og:image" content="([^"]+)">`)
var twitterImageRe = regexp.MustCompile(`<meta name="twitter:image" content="([^"]+)">`)

// TestItemShareImage (issue 31, point 6): every item page has an og:image and twitter:image:
// its cover, else the profile image, else a generated card (a 1200×630 PNG served outside
// /api/, for public items only).
func TestItemShareImage(t *testing.T) {
	app := testutil.NewApp(t)
	app.Settings().Meta.AppURL = "https://folio.example"
	app.Settings().Meta.AppName = "Ann's notes"
	covered := testutil.SaveRecord(t, app, c.Blogs, "", map[string]any{"title": "With cover", "author": "Ann",
		"media": acUpload(t, "cover.png", acPNG(t, 40, 30))})
	plain := testutil.SaveRecord(t, app, c.Projects, "", map[string]any{"title": "A project without a cover, whose title is long enough to wrap", "author": "Ann"})

	image := func(path string) string {
		t.Helper()
		res := getPage(t, app, path)
		og, tw := ogImageRe.FindStringSubmatch(res.Body.String()), twitterImageRe.FindStringSubmatch(res.Body.String())
		if res.Code != 200 || og == nil || tw == nil || og[1] != tw[1] {
			t.Fatalf("%s: %d, og:image %v, twitter:image %v", path, res.Code, og, tw)
		}
		return og[1]
	}
	want := "https://folio.example/api/files/" + covered.Collection().Id + "/" + covered.Id + "/" + covered.GetString(c.FieldMedia) + "?thumb=" + c.ThumbShare
	if got := image("/blogs/" + covered.Id); got != want {
		t.Errorf("cover: og:image %q, want %q", got, want)
	}
	card := image("/projects/" + plain.Id)
	if card != "https://folio.example/share-card/project/"+plain.Id+".png" {
		t.Fatalf("no cover, no profile image: og:image %q", card)
	}
	res := getPage(t, app, "/share-card/project/"+plain.Id+".png")
	img, err := png.Decode(bytes.NewReader(res.Body.Bytes()))
	if res.Code != 200 || res.Header().Get("Content-Type") != "image/png" || err != nil ||
		img.Bounds().Dx() != pages.ShareCardWidth || img.Bounds().Dy() != pages.ShareCardHeight {
		t.Fatalf("share card: %d %q %v", res.Code, res.Header().Get("Content-Type"), err)
	}
	again := getPage(t, app, "/share-card/project/"+plain.Id+".png")
	if !bytes.Equal(again.Body.Bytes(), res.Body.Bytes()) || again.Header().Get("ETag") == "" {
		t.Errorf("second card differs or has no ETag")
	}
	for _, bad := range []string{"/share-card/project/nosuchitem0000.png", "/share-card/blog/" + plain.Id + ".png", "/share-card/other/" + plain.Id + ".png", "/share-card/project/" + plain.Id} {
		if code := getPage(t, app, bad).Code; code != 404 {
			t.Errorf("%s: %d, want 404", bad, code)
		}
	}

	// With a profile image, an item without a cover shows it.
	profile := testutil.SaveRecord(t, app, c.Profile, "", map[string]any{"heading": "Ann", "bio": "Hi",
		"image": acUpload(t, "me.png", acPNG(t, 64, 64))})
	want = "https://folio.example/api/files/" + profile.Collection().Id + "/" + profile.Id + "/" + profile.GetString(c.FieldImage) + "?thumb=" + c.ThumbShare
	if got := image("/projects/" + plain.Id); got != want {
		t.Errorf("profile image: og:image %q, want %q", got, want)
	}
}

// TestItemWithoutLinksShowsNone (issue 31, point 12): an item without links shows no links row
// (no "No links attached."); one with links shows them.
func TestItemWithoutLinksShowsNone(t *testing.T) {
	app := testutil.NewApp(t)
	bare := testutil.SaveRecord(t, app, c.Blogs, "", map[string]any{"title": "Bare", "author": "Ann"})
	lone := testutil.SaveRecord(t, app, c.Projects, "", map[string]any{"title": "Lone", "author": "Ann"})
	linked := testutil.SaveRecord(t, app, c.Blogs, "", map[string]any{"title": "Linked", "author": "Ann", "attachLinks": []string{"https://example.com/a"}})
	for _, path := range []string{"/blogs/" + bare.Id, "/projects/" + lone.Id} {
		body := getPage(t, app, path).Body.String()
		if strings.Contains(body, "attached.") || strings.Contains(body, "item-links") {
			t.Errorf("%s still shows an empty links row", path)
		}
	}
	if body := getPage(t, app, "/blogs/"+linked.Id).Body.String(); !strings.Contains(body, `<a href="https://example.com/a" target="_blank" rel="noopener noreferrer">Read 1</a>`) {
		t.Errorf("linked blog lost its link")
	}
}

// TestCoverAltText (issue 31, point 12): the cover's alt text is the owner's when given
// (mediaAlt, through the admin route), else the item's title.
func TestCoverAltText(t *testing.T) {
	app := testutil.NewApp(t)
	owner := testutil.CreateUser(t, app, "owner@folio.test", c.StatusApproved, true)
	tok := testutil.Token(t, owner)
	cover := hostilePart{field: "media", filename: "cover.png", ctype: "image/png", data: acPNG(t, 40, 30)}
	code, body := itRequest(t, app, "POST", "/api/admin/blogs", tok, field("title", "Harbour at dawn"), field("author", "A"), cover)
	if code != 201 {
		t.Fatalf("%d %s", code, body)
	}
	untitled := regexp.MustCompile(`"id":"([a-z0-9]+)"`).FindStringSubmatch(body)[1]
	code, body = itRequest(t, app, "POST", "/api/admin/blogs", tok, field("title", "Boats"), field("author", "A"),
		field("mediaAlt", "  Fishing boats moored in fog  "), cover)
	if code != 201 || !strings.Contains(body, `"mediaAlt":"Fishing boats moored in fog"`) {
		t.Fatalf("%d %s", code, body)
	}
	given := regexp.MustCompile(`"id":"([a-z0-9]+)"`).FindStringSubmatch(body)[1]
	for id, alt := range map[string]string{untitled: "Harbour at dawn", given: "Fishing boats moored in fog"} {
		page := getPage(t, app, "/blogs/"+id).Body.String()
		if !regexp.MustCompile(`<img class="cover" src="[^"]+" srcset="[^"]+" sizes="[^"]+" alt="` + regexp.QuoteMeta(alt) + `"`).MatchString(page) {
			t.Errorf("%s: cover alt is not %q", id, alt)
		}
	}
}
