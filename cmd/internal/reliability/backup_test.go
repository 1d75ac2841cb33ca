package reliability

import (
	"bytes"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"mime/multipart"
	"strings"
	"testing"
	"time"
)

// TestBackupRestore makes a backup through PocketBase's backup API, changes data (a new
// blog, an edited title, a deleted blog with its cover, engagement), restores the backup
// (PocketBase restarts the process in place) and finds everything as at backup time.
func TestBackupRestore(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the real binary")
	}
	dir := newDataDir(t, 2)
	s := serve(t, dir)
	c := newClient(s.Base, 4)
	admin := c.signIn(t, "admin@rel.test", "password123")
	root := c.superuserToken(t)

	kept := createBlog(t, c, admin, "Kept as it was", true)
	doomed := createBlog(t, c, admin, "Deleted after the backup", true)
	if code, err := c.json("POST", "/api/share/"+kept.ID, "", browserUA, nil, nil); err != nil || code != 200 {
		t.Fatalf("share: %d %v", code, err)
	}
	before := snapshotBlogs(t, c)
	if code, b, err := c.do("GET", doomed.Media, "", browserUA, "", nil); err != nil || code != 200 || len(b) == 0 {
		t.Fatalf("cover of %s: %d %v", doomed.ID, code, err)
	}

	if code, err := c.json("POST", "/api/backups", root, browserUA, map[string]string{"name": "before_change.zip"}, nil); err != nil || code != 204 {
		t.Fatalf("backup: %d %v", code, err)
	}

	createBlog(t, c, admin, "Written after the backup", false)
	if code, err := c.multipart("PUT", "/api/admin/blogs/"+kept.ID, admin, map[string]string{"title": "Renamed after the backup"}, nil); err != nil || code != 200 {
		t.Fatalf("rename: %d %v", code, err)
	}
	if code, _, err := c.do("DELETE", "/api/admin/blogs/"+doomed.ID, admin, browserUA, "", nil); err != nil || code != 204 {
		t.Fatalf("delete: %d %v", code, err)
	}
	for range 3 {
		c.json("POST", "/api/share/"+kept.ID, "", browserUA, nil, nil)
	}
	if after := snapshotBlogs(t, c); after == before {
		t.Fatal("the changes did not change the data")
	}

	if code, b, err := c.do("POST", "/api/backups/before_change.zip/restore", root, browserUA, "", nil); err != nil || code != 204 {
		t.Fatalf("restore: %d %v %s", code, err, b)
	}
	// The restore runs after the answer and re-executes the binary in place: poll the
	// restarted process until it serves the backup's data.
	deadline := time.Now().Add(60 * time.Second)
	var got string
	for time.Now().Before(deadline) {
		if code, b, err := c.do("GET", "/api/blogs?perPage=100", "", browserUA, "", nil); err == nil && code == 200 {
			if got = normalise(b); got == before {
				break
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	if got != before {
		t.Fatalf("after restore:\n%s\nwant as at backup time:\n%s", got, before)
	}
	if code, b, err := c.do("GET", doomed.Media, "", browserUA, "", nil); err != nil || code != 200 || len(b) == 0 {
		t.Fatalf("the deleted blog's cover after restore: %d %v", code, err)
	}
	// Accounts came back too: the admin signs in on the restored data.
	c.signIn(t, "admin@rel.test", "password123")
}

type createdBlog struct {
	ID    string `json:"id"`
	Media string `json:"media"`
}

func createBlog(t *testing.T, c *client, token, title string, cover bool) createdBlog {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	w.WriteField("title", title)
	w.WriteField("author", "Rel")
	w.WriteField("date", "2026-03-04")
	w.WriteField("description", "<p>Body of "+title+"</p>")
	if cover {
		img := image.NewRGBA(image.Rect(0, 0, 40, 30))
		for i := range img.Pix {
			img.Pix[i] = byte(i * 7)
		}
		img.Set(1, 1, color.RGBA{255, 0, 0, 255})
		f, _ := w.CreateFormFile("media", "cover.png")
		png.Encode(f, img)
	}
	w.Close()
	code, b, err := c.do("POST", "/api/admin/blogs", token, browserUA, w.FormDataContentType(), &buf)
	if err != nil || code != 201 {
		t.Fatalf("create %q: %d %v %s", title, code, err, b)
	}
	var out createdBlog
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// snapshotBlogs is the public blog list as a comparable string.
func snapshotBlogs(t *testing.T, c *client) string {
	t.Helper()
	code, b, err := c.do("GET", "/api/blogs?perPage=100", "", browserUA, "", nil)
	if err != nil || code != 200 {
		t.Fatalf("blogs: %d %v", code, err)
	}
	return normalise(b)
}

func normalise(b []byte) string { return strings.TrimSpace(string(b)) }
