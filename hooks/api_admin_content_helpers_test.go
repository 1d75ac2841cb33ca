package hooks_test

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/filesystem"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/hooks"
	"github.com/folio/folio/testutil"
)

// acSave saves a record with a fixed id, as a superuser would.
func acSave(t testing.TB, app core.App, col, id string, fields map[string]any) *core.Record {
	t.Helper()
	return testutil.SaveRecord(t, app, col, id, fields)
}

// atClock gives the scenario's app the fixed clock at, then runs setup (if any).
func atClock(at time.Time, setup func(t testing.TB, app *tests.TestApp)) func(t testing.TB, app *tests.TestApp) {
	return func(t testing.TB, app *tests.TestApp) {
		hooks.SetClock(app, func() time.Time { return at })
		if setup != nil {
			setup(t, app)
		}
	}
}

// acUpload wraps bytes as an upload.
func acUpload(t testing.TB, name string, b []byte) *filesystem.File {
	t.Helper()
	f, err := filesystem.NewFileFromBytes(b, name)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// acFind loads a record or fails.
func acFind(t testing.TB, app core.App, col, id string) *core.Record {
	t.Helper()
	rec, err := app.FindRecordById(col, id)
	if err != nil {
		t.Fatalf("find %s/%s: %v", col, id, err)
	}
	return rec
}

// acOnly returns the single record of col or fails.
func acOnly(t testing.TB, app core.App, col string) *core.Record {
	t.Helper()
	recs, err := app.FindAllRecords(col)
	if err != nil || len(recs) != 1 {
		t.Fatalf("want 1 %s record, got %d (%v)", col, len(recs), err)
	}
	return recs[0]
}

// acStored reads a record's stored file.
func acStored(t testing.TB, app core.App, rec *core.Record, field string) []byte {
	t.Helper()
	name := rec.GetString(field)
	if name == "" {
		t.Fatalf("%s: no stored file", field)
	}
	fsys, err := app.NewFilesystem()
	if err != nil {
		t.Fatal(err)
	}
	defer fsys.Close()
	r, err := fsys.GetReader(rec.BaseFilesPath() + "/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// acFileExists reports whether a record's file named name is still stored.
func acFileExists(t testing.TB, app core.App, rec *core.Record, name string) bool {
	fsys, err := app.NewFilesystem()
	if err != nil {
		t.Fatal(err)
	}
	defer fsys.Close()
	ok, _ := fsys.Exists(rec.BaseFilesPath() + "/" + name)
	return ok
}

// acPicture is a w×h picture: left half red, right half blue (so rotation shows).
func acPicture(w, h int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			col := color.NRGBA{220, 20, 20, 255}
			if x >= w/2 {
				col = color.NRGBA{20, 20, 220, 255}
			}
			img.SetNRGBA(x, y, col)
		}
	}
	return img
}

func acJPEG(t testing.TB, w, h int) []byte {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, acPicture(w, h), &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func acPNG(t testing.TB, w, h int) []byte {
	var buf bytes.Buffer
	if err := png.Encode(&buf, acPicture(w, h)); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// acExifJPEG is a w×h JPEG with an APP1 EXIF segment declaring Orientation=6
// (the camera was turned: display rotated 90° clockwise).
func acExifJPEG(t testing.TB, w, h int) []byte {
	plain := acJPEG(t, w, h)
	var tiff bytes.Buffer
	tiff.WriteString("MM\x00\x2a")                   // big-endian TIFF header
	binary.Write(&tiff, binary.BigEndian, uint32(8)) // offset of IFD0
	binary.Write(&tiff, binary.BigEndian, uint16(1)) // one entry
	binary.Write(&tiff, binary.BigEndian, uint16(0x0112))
	binary.Write(&tiff, binary.BigEndian, uint16(3)) // SHORT
	binary.Write(&tiff, binary.BigEndian, uint32(1))
	binary.Write(&tiff, binary.BigEndian, uint16(6)) // Orientation 6
	binary.Write(&tiff, binary.BigEndian, uint16(0)) // padding of the value field
	binary.Write(&tiff, binary.BigEndian, uint32(0)) // no next IFD
	payload := append([]byte("Exif\x00\x00"), tiff.Bytes()...)
	var seg bytes.Buffer
	seg.Write([]byte{0xFF, 0xE1})
	binary.Write(&seg, binary.BigEndian, uint16(len(payload)+2))
	seg.Write(payload)
	out := append([]byte{}, plain[:2]...) // SOI
	out = append(out, seg.Bytes()...)
	return append(out, plain[2:]...)
}

// acAnimatedGIF is a two-frame animation.
func acAnimatedGIF(t testing.TB, w, h int) []byte {
	pal := color.Palette{color.Black, color.White}
	anim := &gif.GIF{}
	for i := 0; i < 2; i++ {
		frame := image.NewPaletted(image.Rect(0, 0, w, h), pal)
		frame.SetColorIndex(i, i, 1)
		anim.Image = append(anim.Image, frame)
		anim.Delay = append(anim.Delay, 10)
	}
	var buf bytes.Buffer
	if err := gif.EncodeAll(&buf, anim); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// acBombPNG is a tiny PNG whose header declares a w×h canvas (a decompression bomb).
func acBombPNG(w, h uint32) []byte {
	chunk := func(typ string, data []byte) []byte {
		var b bytes.Buffer
		binary.Write(&b, binary.BigEndian, uint32(len(data)))
		b.WriteString(typ)
		b.Write(data)
		binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(append([]byte(typ), data...)))
		return b.Bytes()
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = 8, 2 // 8-bit RGB
	out := []byte("\x89PNG\r\n\x1a\n")
	out = append(out, chunk("IHDR", ihdr)...)
	out = append(out, chunk("IDAT", []byte{0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01})...)
	return append(out, chunk("IEND", nil)...)
}

// acMP4 is the start of an MP4 file (enough for type sniffing).
func acMP4() []byte {
	return append([]byte("\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00mp42isom"), make([]byte, 64)...)
}

// acDecode decodes stored image bytes and names their format.
func acDecode(t testing.TB, b []byte) (image.Image, string) {
	t.Helper()
	img, format, err := image.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("stored file is not an image: %v", err)
	}
	return img, format
}

// acTraces stores a like and two events of itemID so deletes can be checked.
func acTraces(t testing.TB, app core.App, typ, itemID string) {
	t.Helper()
	fan := testutil.CreateUser(t, app, "fan-"+itemID+"@folio.test", c.StatusPending, false)
	acSave(t, app, c.Likes, "", map[string]any{c.FieldItem: itemID, c.FieldType: typ, c.FieldAccount: fan.Id})
	acSave(t, app, c.Events, "", map[string]any{c.FieldType: typ, c.FieldItemID: itemID, c.FieldAction: c.ActionView})
	acSave(t, app, c.Events, "", map[string]any{c.FieldType: typ, c.FieldItemID: itemID, c.FieldAction: c.ActionComment,
		c.FieldEmail: "a@b.c", c.FieldContent: "hi"})
}

// acCount counts rows of a collection matching a column value.
func acCount(t testing.TB, app core.App, col, column, value string) int {
	t.Helper()
	var n int
	if err := app.DB().Select("count(*)").From(col).Where(dbx.HashExp{column: value}).Row(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// acList reads a JSON list field.
func acList(rec *core.Record, field string) []string {
	var out []string
	_ = rec.UnmarshalJSONField(field, &out)
	return out
}
