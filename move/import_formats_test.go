package move_test

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/HugoSmits86/nativewebp"
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/catalog"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/move"
	"github.com/folio/folio/testutil"
)

// animatedGIF is a two-frame GIF (an animation the image pipeline keeps as it is).
func animatedGIF(t *testing.T) []byte {
	pal := color.Palette{color.Black, color.White}
	var frames []*image.Paletted
	for i := range 2 {
		f := image.NewPaletted(image.Rect(0, 0, 8, 8), pal)
		f.SetColorIndex(i, i, 1)
		frames = append(frames, f)
	}
	var buf bytes.Buffer
	if err := gif.EncodeAll(&buf, &gif.GIF{Image: frames, Delay: []int{10, 10}}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func webpImage(t *testing.T) []byte {
	img := image.NewNRGBA(image.Rect(0, 0, 8, 8))
	for i := range 8 {
		img.Set(i, i, color.NRGBA{R: 200, A: 255})
	}
	var buf bytes.Buffer
	if err := nativewebp.Encode(&buf, img, nil); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// bodyImageFiles are the stored files of the images rec's body shows, by extension.
func bodyImageFiles(t *testing.T, app core.App, rec *core.Record) map[string]int {
	t.Helper()
	imgs, err := app.FindAllRecords(c.ItemImages, dbx.HashExp{c.FieldItem: rec.Id})
	if err != nil {
		t.Fatal(err)
	}
	exts := map[string]int{}
	for _, img := range imgs {
		name := img.GetString(c.FieldMedia)
		exts[name[strings.LastIndex(name, ".")+1:]]++
	}
	return exts
}

// TestImportGIFAndWebPBodyImages: GIF and WebP images of a Markdown zip and of a WordPress
// post become the item's stored images like PNG and JPEG ones.
func TestImportGIFAndWebPBodyImages(t *testing.T) {
	t.Parallel()
	app := testutil.NewApp(t)
	gifData, webpData := animatedGIF(t), webpImage(t)

	md := "---\ntitle: Moving pictures\ndate: 2024-05-01\n---\n\n![Spinner](/assets/img/spin.gif)\n\n![Photo](../assets/img/photo.webp)\n"
	res := importOK(t, app, zipDir(t, "", map[string][]byte{
		"_posts/2024-05-01-moving-pictures.md": []byte(md), "assets/img/spin.gif": gifData, "assets/img/photo.webp": webpData,
	}), move.Options{})
	if res.Imported != 1 || len(res.Errors) != 0 {
		t.Fatalf("markdown zip: %+v", res)
	}
	rec := byTitle(t, app, c.Blogs, "Moving pictures")
	d := catalog.NewItemDetail(rec, false)
	if strings.Count(d.Description, `<img src="`+c.ItemImageURLPrefix) != 2 || strings.Contains(d.Description, "assets/img") {
		t.Errorf("markdown zip body: %s", d.Description)
	}
	if got := bodyImageFiles(t, app, rec); got["gif"] != 1 || got["webp"] != 1 {
		t.Errorf("markdown zip stored images: %v", got)
	}

	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case strings.HasSuffix(r.URL.Path, ".gif"):
			w.Write(gifData)
		case strings.HasSuffix(r.URL.Path, ".webp"):
			w.Write(webpData)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	attachment := func(id int, name string) string {
		return fmt.Sprintf(`<item><title>%s</title><link>%s/%s/</link><wp:post_id>%d</wp:post_id><wp:status>inherit</wp:status>
<wp:post_type>attachment</wp:post_type><wp:attachment_url>%s/wp-content/uploads/%s</wp:attachment_url></item>`, name, srv.URL, name, id, srv.URL, name)
	}
	wxr := `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel><title>Old</title><link>` + srv.URL + `</link><wp:wxr_version>1.2</wp:wxr_version>
` + attachment(21, "spin.gif") + attachment(22, "photo.webp") + `
<item><title>Animated post</title><link>` + srv.URL + `/2024/05/animated/</link><dc:creator>ann</dc:creator><guid isPermaLink="false">` + srv.URL + `/?p=20</guid>
<content:encoded><![CDATA[<p>Look:</p><img src="` + srv.URL + `/wp-content/uploads/spin.gif" alt="Spinner"/><img src="` + srv.URL + `/wp-content/uploads/photo.webp" alt="Photo"/>]]></content:encoded>
<wp:post_id>20</wp:post_id><wp:post_date>2024-05-02 10:00:00</wp:post_date><wp:status>publish</wp:status><wp:post_type>post</wp:post_type></item>
</channel></rss>`
	res = importOK(t, app, []byte(wxr), move.Options{Fetch: move.FetchImage})
	if res.Imported != 1 || len(res.Errors) != 0 {
		t.Fatalf("wordpress: %+v", res)
	}
	rec = byTitle(t, app, c.Blogs, "Animated post")
	d = catalog.NewItemDetail(rec, false)
	if strings.Count(d.Description, `<img src="`+c.ItemImageURLPrefix) != 2 || strings.Contains(d.Description, "wp-content") {
		t.Errorf("wordpress body: %s", d.Description)
	}
	if got := bodyImageFiles(t, app, rec); got["gif"] != 1 || got["webp"] != 1 {
		t.Errorf("wordpress stored images: %v", got)
	}
}
