package reliability

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"github.com/folio/folio/cmd/internal/benchkit"
)

type crashItem struct {
	ID   string `json:"id"`
	Type string `json:"type"`
}

// suffix is the engagement route suffix of the item's type ("" for blogs, "-project").
func (it crashItem) suffix() string {
	if it.Type == "project" {
		return "-project"
	}
	return ""
}

func (it crashItem) table() string {
	if it.Type == "project" {
		return "projects"
	}
	return "blogs"
}

// ledger is what the clients know: writes answered 2xx (must be stored) and writes sent
// (an upper bound: a request cut by the kill may or may not have landed).
type ledger struct {
	mu                      sync.Mutex
	viewsAcked, viewsSent   map[string]int
	sharesAcked, sharesSent map[string]int
	comments                map[string]string // acked comment content -> item id
	likes                   map[[2]string]*likeState
	blogs                   map[string]string // acked created blog id -> title
	scratch                 scratchState
}

type likeState struct {
	known, liked bool // the last answered toggle's result
	inFlight     bool // a toggle after it got no answer: either state may be stored
}

type scratchState struct {
	id      string
	acked   string   // last answered title
	unknown []string // titles sent after it without an answer: any may be stored (the server can commit one and die before answering, then refuse the next)
}

// crashRounds is FOLIO_CRASH_ROUNDS, 10 by default (`make bench` runs more).
func crashRounds() int {
	if n, err := strconv.Atoi(os.Getenv("FOLIO_CRASH_ROUNDS")); err == nil && n > 0 {
		return n
	}
	return 10
}

// TestCrashConsistency drives concurrent views, likes, shares, comments and admin writes
// against the real binary, SIGKILLs it mid-load, restarts it, and checks every write
// answered 2xx is stored and every counter equals its events, round after round.
func TestCrashConsistency(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the real binary")
	}
	dir := newDataDir(t, 8)
	const readers = 4
	for i := range readers {
		email := fmt.Sprintf("reader%d@rel.test", i)
		if err := runBin("admins", "create", email, "password123", "--dir", dir); err != nil {
			t.Fatal(err)
		}
	}

	s := serve(t, dir)
	c := newClient(s.Base, 32)
	var list struct{ Items []crashItem }
	if code, err := c.json("GET", "/api/content?perPage=100", "", browserUA, nil, &list); err != nil || code != 200 || len(list.Items) != 8 {
		t.Fatalf("content: %d %v %d items", code, err, len(list.Items))
	}
	items := list.Items
	admin := c.signIn(t, "admin@rel.test", "password123")
	tokens := make([]string, readers)
	for i := range readers {
		tokens[i] = c.signIn(t, fmt.Sprintf("reader%d@rel.test", i), "password123")
	}
	var scratch struct{ ID string }
	if code, err := c.multipart("POST", "/api/admin/blogs", admin, map[string]string{"title": "scratch 0", "author": "Rel", "date": "2026-01-01"}, &scratch); err != nil || code != 201 {
		t.Fatalf("scratch blog: %d %v", code, err)
	}
	s.Close()

	base := openData(t, dir)
	l := &ledger{viewsAcked: map[string]int{}, viewsSent: map[string]int{}, sharesAcked: map[string]int{}, sharesSent: map[string]int{},
		comments: map[string]string{}, likes: map[[2]string]*likeState{}, blogs: map[string]string{},
		scratch: scratchState{id: scratch.ID, acked: "scratch 0"}}
	baseline := map[string][2]int{} // item -> view and share events before the rounds
	for _, it := range items {
		baseline[it.ID] = [2]int{countEvents(t, base, it.ID, "view"), countEvents(t, base, it.ID, "share")}
	}
	base.ResetBootstrapState()

	rounds := crashRounds()
	var acked atomic.Int64
	for round := 1; round <= rounds; round++ {
		s := serve(t, dir)
		c := newClient(s.Base, 32)
		stop := make(chan struct{})
		var wg sync.WaitGroup
		work := func(f func(n int)) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for n := 0; ; n++ {
					select {
					case <-stop:
						return
					default:
						f(n)
					}
				}
			}()
		}
		rng := func() *rand.Rand { return rand.New(rand.NewPCG(uint64(round), rand.Uint64())) }
		for w := range 4 {
			r := rng()
			work(func(n int) {
				it := items[r.IntN(len(items))]
				ua := fmt.Sprintf("%s rel/%d.%d.%d", browserUA, round, w, n)
				l.add(l.viewsSent, it.ID)
				if code, err := c.json("POST", "/api/view"+it.suffix()+"/"+it.ID, "", ua, nil, nil); err == nil && code == 200 {
					l.add(l.viewsAcked, it.ID)
					acked.Add(1)
				} else if err == nil {
					t.Errorf("view: %d", code)
				}
			})
		}
		for range 2 {
			r := rng()
			work(func(n int) {
				it := items[r.IntN(len(items))]
				l.add(l.sharesSent, it.ID)
				if code, err := c.json("POST", "/api/share"+it.suffix()+"/"+it.ID, "", browserUA, nil, nil); err == nil && code == 200 {
					l.add(l.sharesAcked, it.ID)
					acked.Add(1)
				} else if err == nil {
					t.Errorf("share: %d", code)
				}
			})
		}
		for w := range 2 {
			r := rng()
			work(func(n int) {
				it := items[r.IntN(len(items))]
				text := fmt.Sprintf("comment %d.%d.%d", round, w, n)
				body := map[string]string{"email": "reader@rel.test", "content": text}
				if code, err := c.json("POST", "/api/comment"+it.suffix()+"/"+it.ID, "", browserUA, body, nil); err == nil && code == 201 {
					l.mu.Lock()
					l.comments[text] = it.ID
					l.mu.Unlock()
					acked.Add(1)
				} else if err == nil {
					t.Errorf("comment: %d", code)
				}
			})
		}
		for a := range readers {
			r := rng()
			work(func(n int) {
				it := items[r.IntN(len(items))]
				key := [2]string{strconv.Itoa(a), it.ID}
				l.mu.Lock()
				st := l.likes[key]
				if st == nil {
					st = &likeState{known: true} // nobody liked anything before the rounds
					l.likes[key] = st
				}
				st.inFlight = true
				l.mu.Unlock()
				var out struct{ Liked bool }
				if code, err := c.json("POST", "/api/like"+it.suffix()+"/"+it.ID, tokens[a], browserUA, nil, &out); err == nil && code == 200 {
					l.mu.Lock()
					*st = likeState{known: true, liked: out.Liked}
					l.mu.Unlock()
					acked.Add(1)
				} else if err == nil {
					t.Errorf("like: %d", code)
				}
			})
		}
		work(func(n int) {
			title := fmt.Sprintf("crash %d.%d", round, n)
			var out struct{ ID string }
			if code, err := c.multipart("POST", "/api/admin/blogs", admin, map[string]string{"title": title, "author": "Rel", "date": "2026-02-03", "description": "<p>x</p>"}, &out); err == nil && code == 201 {
				l.mu.Lock()
				l.blogs[out.ID] = title
				l.mu.Unlock()
				acked.Add(1)
			} else if err == nil {
				t.Errorf("create blog: %d", code)
			}
			next := fmt.Sprintf("scratch %d.%d", round, n)
			l.mu.Lock()
			l.scratch.unknown = append(l.scratch.unknown, next)
			l.mu.Unlock()
			if code, err := c.multipart("PUT", "/api/admin/blogs/"+scratch.ID, admin, map[string]string{"title": next}, nil); err == nil && code == 200 {
				l.mu.Lock()
				l.scratch.acked, l.scratch.unknown = next, nil
				l.mu.Unlock()
				acked.Add(1)
			} else if err == nil {
				t.Errorf("update blog: %d", code)
			}
		})

		// Kill mid-load, after some writes were answered: 150-450 ms in.
		time.Sleep(150*time.Millisecond + time.Duration(rand.IntN(300))*time.Millisecond)
		s.Kill()
		close(stop)
		wg.Wait()
		if t.Failed() {
			t.FailNow()
		}
		l.check(t, round, dir, items, baseline)
		if round%10 == 0 {
			t.Logf("round %d: %d writes answered 2xx so far", round, acked.Load())
		}
	}
	t.Logf("%d rounds survived with nothing lost: %d writes answered 2xx, %d comments, %d blogs created", rounds, acked.Load(), len(l.comments), len(l.blogs))

	// The restarted server serves what the database holds.
	s = serve(t, dir)
	c = newClient(s.Base, 4)
	var detail struct{ Title string }
	if code, err := c.json("GET", "/api/blogs/"+scratch.ID, "", browserUA, nil, &detail); err != nil || code != 200 {
		t.Fatalf("after the last restart: %d %v", code, err)
	}
}

func runBin(args ...string) error { return benchkit.RunQuiet(bin, args...) }

func (l *ledger) add(m map[string]int, id string) {
	l.mu.Lock()
	m[id]++
	l.mu.Unlock()
}

// check opens the killed server's data and compares it with the ledger.
func (l *ledger) check(t *testing.T, round int, dir string, items []crashItem, baseline map[string][2]int) {
	t.Helper()
	app := openData(t, dir)
	defer app.ResetBootstrapState()
	l.mu.Lock()
	defer l.mu.Unlock()
	fail := func(format string, args ...any) { t.Fatalf("round %d: "+format, append([]any{round}, args...)...) }

	for _, it := range items {
		var row struct {
			Views, Shares, Likes, Comments int
		}
		// The counters live in itemCounters (migration 1763770200); no row reads as zeros.
		err := app.DB().Select("COALESCE(k.viewCount, 0) AS views", "COALESCE(k.shareCount, 0) AS shares",
			"COALESCE(k.likeCount, 0) AS likes", "COALESCE(k.commentCount, 0) AS comments").
			From(it.table()+" i").LeftJoin("itemCounters k", dbx.NewExp("k.item = i.id AND k.type = {:type}", dbx.Params{"type": strings.TrimSuffix(it.table(), "s")})).
			Where(dbx.HashExp{"i.id": it.ID}).One(&row)
		if err != nil {
			fail("item %s: %v", it.ID, err)
		}
		views, shares, comments := countEvents(t, app, it.ID, "view"), countEvents(t, app, it.ID, "share"), countEvents(t, app, it.ID, "comment")
		var likes int
		app.DB().Select("count(*)").From("likes").Where(dbx.HashExp{"item": it.ID}).Row(&likes)
		if row.Views != views || row.Shares != shares || row.Comments != comments || row.Likes != likes {
			fail("item %s counters %+v, events: %d views, %d shares, %d comments, %d likes rows", it.ID, row, views, shares, comments, likes)
		}
		b := baseline[it.ID]
		if got := views - b[0]; got < l.viewsAcked[it.ID] || got > l.viewsSent[it.ID] {
			fail("item %s: %d views stored, %d answered, %d sent", it.ID, got, l.viewsAcked[it.ID], l.viewsSent[it.ID])
		}
		if got := shares - b[1]; got < l.sharesAcked[it.ID] || got > l.sharesSent[it.ID] {
			fail("item %s: %d shares stored, %d answered, %d sent", it.ID, got, l.sharesAcked[it.ID], l.sharesSent[it.ID])
		}
	}
	// Every stored comment and blog in one query each: the ledger grows every round, and a
	// query per answered write made the check quadratic in the rounds.
	var comments []struct {
		ItemID  string `db:"itemId"`
		Content string `db:"content"`
		N       int    `db:"n"`
	}
	if err := app.DB().NewQuery("SELECT itemId, content, count(*) AS n FROM events WHERE action = 'comment' GROUP BY itemId, content").All(&comments); err != nil {
		fail("comments: %v", err)
	}
	stored := make(map[[2]string]int, len(comments))
	for _, r := range comments {
		stored[[2]string{r.ItemID, r.Content}] = r.N
	}
	for text, id := range l.comments {
		if n := stored[[2]string{id, text}]; n != 1 {
			fail("answered comment %q stored %d times", text, n)
		}
	}
	for key, st := range l.likes {
		acct, err := app.FindAuthRecordByEmail("users", "reader"+key[0]+"@rel.test")
		if err != nil {
			fail("%v", err)
		}
		var n int
		app.DB().Select("count(*)").From("likes").Where(dbx.HashExp{"item": key[1], "account": acct.Id}).Row(&n)
		if n > 1 || (!st.inFlight && (n == 1) != st.liked) {
			fail("like of reader%s on %s: %d rows, last answer liked=%v (in flight %v)", key[0], key[1], n, st.liked, st.inFlight)
		}
	}
	var blogs []struct {
		ID    string `db:"id"`
		Title string `db:"title"`
	}
	if err := app.DB().NewQuery("SELECT id, title FROM blogs").All(&blogs); err != nil {
		fail("blogs: %v", err)
	}
	titles := make(map[string]string, len(blogs))
	for _, b := range blogs {
		titles[b.ID] = b.Title
	}
	for id, title := range l.blogs {
		if got, ok := titles[id]; !ok || got != title {
			fail("answered blog %s %q not stored (found %v, %q)", id, title, ok, got)
		}
	}
	rec, err := app.FindRecordById("blogs", l.scratch.id)
	if err != nil {
		fail("scratch blog: %v", err)
	}
	if got := rec.GetString("title"); got != l.scratch.acked && !slices.Contains(l.scratch.unknown, got) {
		fail("scratch blog title %q, last answered %q", got, l.scratch.acked)
	}
	var integrity string
	if err := app.DB().NewQuery("PRAGMA integrity_check").Row(&integrity); err != nil || integrity != "ok" {
		fail("integrity: %q %v", integrity, err)
	}
}

func countEvents(t testing.TB, app core.App, itemID, action string) int {
	t.Helper()
	var n int
	if err := app.DB().Select("count(*)").From("events").Where(dbx.HashExp{"itemId": itemID, "action": action}).Row(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
