package move_test

import (
	"archive/zip"
	"bytes"
	"encoding/base64"
	"fmt"
	"image"
	_ "image/gif"
	_ "image/jpeg"
	_ "image/png"
	"io"
	"os"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/catalog"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/move"
	"github.com/folio/folio/subcommands"
	"github.com/folio/folio/testutil"
)

var bodyImage = regexp.MustCompile(regexp.QuoteMeta(c.ItemImageURLPrefix) + `([a-z0-9]+)/([^"?]+)`)

// itemView is what must survive the trip: every field a reader or the owner sees.
type itemView struct {
	ID, Title, Date, Author, Description, Status, AttachLink string
	Tags, Categories, AttachLinks                            []string
	Media                                                    string // the image's size, e.g. "1200x630"
}

func siteItems(t *testing.T, app core.App) map[string]itemView {
	t.Helper()
	fsys, err := app.NewFilesystem()
	if err != nil {
		t.Fatal(err)
	}
	defer fsys.Close()
	out := map[string]itemView{}
	for _, col := range []string{c.Blogs, c.Projects} {
		recs, err := app.FindAllRecords(col)
		if err != nil {
			t.Fatal(err)
		}
		for _, rec := range recs {
			d := catalog.NewItemDetail(rec, false)
			// body images are new files on the other side: compared by their pixels' size
			desc := bodyImage.ReplaceAllStringFunc(d.Description, func(m string) string {
				sub := bodyImage.FindStringSubmatch(m)
				img, err := app.FindRecordById(c.ItemImages, sub[1])
				if err != nil {
					return "missing image"
				}
				return fileSize(t, func(k string) (io.ReadCloser, error) { return fsys.GetReader(k) }, img, sub[2])
			})
			v := itemView{ID: rec.Id, Title: d.Title, Date: d.Date, Author: d.Author, Description: desc,
				Status: rec.GetString("status") + " " + rec.GetString(c.FieldPublishAt), Tags: d.Tags, Categories: d.Categories}
			if d.AttachLinks != nil {
				v.AttachLinks = *d.AttachLinks
			}
			if d.AttachLink != nil {
				v.AttachLink = *d.AttachLink
			}
			v.Media = fileSize(t, func(k string) (io.ReadCloser, error) { return fsys.GetReader(k) }, rec, rec.GetString(c.FieldMedia))
			out[col+"/"+rec.Id] = v
		}
	}
	return out
}

func fileSize(t *testing.T, open func(string) (io.ReadCloser, error), rec *core.Record, name string) string {
	if name == "" {
		return ""
	}
	r, err := open(rec.BaseFilesPath() + "/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	cfg, format, err := image.DecodeConfig(r)
	if err != nil {
		return "unreadable " + name
	}
	return fmt.Sprintf("%s %dx%d", format, cfg.Width, cfg.Height)
}

func TestExportImportRoundTrip(t *testing.T) {
	t.Parallel()
	src := testutil.NewApp(t)
	if _, err := subcommands.SeedDemo(src, 12, io.Discard); err != nil {
		t.Fatal(err)
	}
	// a body image (stored by the item hooks as an itemImages file) and a scheduled item
	png, _ := os.ReadFile("testdata/cover.png")
	testutil.SaveRecord(t, src, c.Blogs, "", map[string]any{c.FieldTitle: "With a picture", c.FieldAuthor: "Ada", c.FieldDate: "2025-05-05",
		c.FieldDescription: `<p>Look:</p><p><img src="data:image/png;base64,` + base64.StdEncoding.EncodeToString(png) + `" alt="pic"></p>`,
		c.FieldStatus:      "scheduled", c.FieldPublishAt: time.Now().Add(48 * time.Hour).UTC().Format(time.RFC3339), c.FieldTags: []string{"x"}})
	var zbuf bytes.Buffer
	if err := move.Export(src, &zbuf); err != nil {
		t.Fatal(err)
	}
	// the zip holds one Markdown file per item, their media, folio.json
	zr, err := zip.NewReader(bytes.NewReader(zbuf.Bytes()), int64(zbuf.Len()))
	if err != nil {
		t.Fatal(err)
	}
	var mds, media int
	var sample string
	for _, f := range zr.File {
		switch {
		case strings.HasSuffix(f.Name, ".md"):
			mds++
			if sample == "" {
				r, _ := f.Open()
				b, _ := io.ReadAll(r)
				r.Close()
				sample = string(b)
			}
		case strings.HasPrefix(f.Name, "media/"):
			media++
		}
	}
	if mds != 13 || media < 3 {
		t.Fatalf("%d Markdown files, %d media files", mds, media)
	}
	for _, want := range []string{"---\n", "title: ", "date: ", "status: ", "tags:"} {
		if !strings.Contains(sample, want) {
			t.Errorf("front matter lacks %q:\n%s", want, sample)
		}
	}

	dst := testutil.NewApp(t)
	res, err := move.Import(dst, zbuf.Bytes(), move.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Imported != 13 || len(res.Errors) != 0 {
		t.Fatalf("import %+v", res)
	}
	want, got := siteItems(t, src), siteItems(t, dst)
	if len(got) != len(want) {
		t.Fatalf("%d items, want %d", len(got), len(want))
	}
	for k, w := range want {
		if g := got[k]; !reflect.DeepEqual(g, w) {
			t.Errorf("%s differs:\n got %+v\nwant %+v", k, g, w)
		}
	}
	// profile and About come along
	for _, col := range []string{c.Profile, c.About} {
		s, _ := catalog.Singleton(src, col)
		d, _ := catalog.Singleton(dst, col)
		if s == nil || d == nil {
			t.Fatalf("%s missing: %v %v", col, s, d)
		}
		for _, f := range s.Collection().Fields {
			if name := f.GetName(); !f.GetSystem() && f.Type() != core.FieldTypeFile && f.Type() != core.FieldTypeAutodate {
				if fmt.Sprint(s.Get(name)) != fmt.Sprint(d.Get(name)) {
					t.Errorf("%s.%s: %v, want %v", col, name, d.Get(name), s.Get(name))
				}
			}
		}
	}
	// a second import adds nothing
	if res, _ = move.Import(dst, zbuf.Bytes(), move.Options{}); res.Imported != 0 || res.Skipped != 13 {
		t.Errorf("second import %+v", res)
	}
}
