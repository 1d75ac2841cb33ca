package hooks_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"

	"github.com/folio/folio/cache"
	c "github.com/folio/folio/collections"
	"github.com/folio/folio/engagement"
	"github.com/folio/folio/testutil"
)

// heldWriter is an engagement writer the test holds before each commit, so it can
// decide what waits in the queue, and therefore what one batch holds.
type heldWriter struct {
	app     *tests.TestApp
	svc     *engagement.Service
	handler http.Handler
	entered chan int      // the size of each batch about to commit, and of each group joining one
	release chan struct{} // closed: every batch commits
	wg      sync.WaitGroup
}

func holdWriter(t *testing.T, queue int) *heldWriter {
	h := &heldWriter{entered: make(chan int, 16), release: make(chan struct{})}
	h.app, h.svc = engAppSvc(t)
	h.svc.SetOptions(engagement.Options{Queue: queue, BeforeCommit: func(n int) {
		h.entered <- n
		<-h.release
	}, Joined: func(n int) { h.entered <- n }})
	h.handler = testutil.Handler(t, h.app)
	t.Cleanup(func() {
		select {
		case <-h.release:
		default:
			close(h.release)
		}
		h.wg.Wait()
	})
	return h
}

// send posts in the background; the answer lands in *out once it comes.
func (h *heldWriter) send(url, token, ua string, out *httptest.ResponseRecorder) {
	req := httptest.NewRequest(http.MethodPost, url, nil)
	req.Header.Set("User-Agent", ua)
	if token != "" {
		req.Header.Set("Authorization", token)
	}
	h.wg.Add(1)
	go func() {
		defer h.wg.Done()
		h.handler.ServeHTTP(out, req)
	}()
}

// sendRequest is send with a request of the caller's making.
func (h *heldWriter) sendRequest(req *http.Request, out *httptest.ResponseRecorder) {
	h.wg.Add(1)
	go func() {
		defer h.wg.Done()
		h.handler.ServeHTTP(out, req)
	}()
}

// together queues reqs in order behind a held batch and lets the writer go: they commit
// as one batch. It returns their answers.
func (h *heldWriter) together(t *testing.T, reqs []*http.Request) []*httptest.ResponseRecorder {
	t.Helper()
	answers := make([]*httptest.ResponseRecorder, len(reqs))
	for i, req := range reqs {
		answers[i] = httptest.NewRecorder()
		h.sendRequest(req, answers[i])
		h.queued(t, i+1)
	}
	close(h.release)
	if n := h.batch(t); n != len(reqs) {
		t.Fatalf("the batch holds %d writes, want %d", n, len(reqs))
	}
	h.wg.Wait()
	return answers
}

// queued waits until n writes wait for the held writer.
func (h *heldWriter) queued(t *testing.T, n int) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); h.svc.Queued() < n; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d writes queued, want %d", h.svc.Queued(), n)
		}
	}
}

// batch waits for the writer to start a batch, or for writes to join the batch being
// written (written together in its transaction), and returns how many.
func (h *heldWriter) batch(t *testing.T) int {
	t.Helper()
	select {
	case n := <-h.entered:
		return n
	case <-time.After(5 * time.Second):
		t.Fatal("no batch started")
		return 0
	}
}

// occupy sends a share of the project and waits until the writer holds it alone.
func (h *heldWriter) occupy(t *testing.T) *httptest.ResponseRecorder {
	res := httptest.NewRecorder()
	h.send("/api/share-project/"+engProjectID, "", engBrowser, res)
	if n := h.batch(t); n != 1 {
		t.Fatalf("first batch holds %d writes", n)
	}
	return res
}

func TestEngagementFullQueue(t *testing.T) {
	h := holdWriter(t, 1)
	first := h.occupy(t)
	queued := httptest.NewRecorder()
	h.send("/api/share/"+engBlogID, "", engBrowser, queued)
	h.queued(t, 1)

	// The queue is full: the next write is turned away at once, and writes nothing.
	res := testutil.Do(t, h.app, "POST", "/api/share/"+engBlogID, "", "")
	if res.Code != http.StatusServiceUnavailable || res.Header().Get("Retry-After") != "1" ||
		!strings.Contains(res.Body.String(), `"message":"Too many requests right now. Please try again in a moment."`) {
		t.Errorf("full queue: %d Retry-After %q %s", res.Code, res.Header().Get("Retry-After"), res.Body.String())
	}
	if res := testutil.Do(t, h.app, "POST", "/api/view/"+engBlogID, "", "", "User-Agent", engBrowser); res.Code != http.StatusServiceUnavailable {
		t.Errorf("view on a full queue: %d", res.Code)
	}

	close(h.release)
	h.wg.Wait()
	if first.Code != 200 || strings.TrimSpace(first.Body.String()) != `{"shareCount":1}` ||
		queued.Code != 200 || strings.TrimSpace(queued.Body.String()) != `{"shareCount":1}` {
		t.Errorf("answers after the queue drained: %d %s, %d %s", first.Code, first.Body, queued.Code, queued.Body)
	}
	if n, ev := engCounter(t, h.app, c.Blogs, engBlogID, c.FieldShareCount), engEvents(t, h.app, engBlogID, c.ActionShare); n != 1 || ev != 1 {
		t.Errorf("shareCount %d, share events %d; want 1 (the refused share wrote nothing)", n, ev)
	}
	if n := engEvents(t, h.app, engBlogID, c.ActionView); n != 0 {
		t.Errorf("view events %d, want 0", n)
	}
}

func TestEngagementBatchSameVisitor(t *testing.T) {
	h := holdWriter(t, 16)
	h.occupy(t)
	// One visitor views the blog twice and the site twice, another visitor once; all
	// five wait together and commit in one batch.
	answers := make([]*httptest.ResponseRecorder, 5)
	for i, r := range []struct{ url, ua string }{
		{"/api/view/" + engBlogID, engBrowser}, {"/api/view/" + engBlogID, engBrowser},
		{"/api/view-website", engBrowser}, {"/api/view-website", engBrowser},
		{"/api/view/" + engBlogID, engBrowser + " Firefox"},
	} {
		answers[i] = httptest.NewRecorder()
		h.send(r.url, "", r.ua, answers[i])
	}
	h.queued(t, 5)
	close(h.release)
	if n := h.batch(t); n != 5 {
		t.Fatalf("second batch holds %d writes, want 5", n)
	}
	h.wg.Wait()
	counts := map[string]int{}
	for i, a := range answers {
		if i == 2 || i == 3 {
			if a.Code != http.StatusNoContent {
				t.Errorf("site view %d: %d", i, a.Code)
			}
			continue
		}
		if a.Code != 200 {
			t.Fatalf("view %d: %d %s", i, a.Code, a.Body)
		}
		counts[strings.TrimSpace(a.Body.String())]++
	}
	// The repeated visitor counts once: the blog's count reaches 2, never 3.
	if n := engCounter(t, h.app, c.Blogs, engBlogID, c.FieldViewCount); n != 2 || engEvents(t, h.app, engBlogID, c.ActionView) != 2 {
		t.Errorf("viewCount %d, view events %d; want 2", n, engEvents(t, h.app, engBlogID, c.ActionView))
	}
	if counts[`{"viewCount":3}`] != 0 || counts[`{"viewCount":2}`] < 1 {
		t.Errorf("answers %v", counts)
	}
	if n := engEvents(t, h.app, "", c.ActionView); n != 1 {
		t.Errorf("site view events %d, want 1", n)
	}
}

func TestEngagementBatchLikeOrder(t *testing.T) {
	h := holdWriter(t, 16)
	ann := testutil.CreateUser(t, h.app, "ann@folio.test", c.StatusApproved, false)
	bob := testutil.CreateUser(t, h.app, "bob@folio.test", c.StatusApproved, false)
	annTok, bobTok := testutil.Token(t, ann), testutil.Token(t, bob)
	h.occupy(t)
	// Ann likes, Bob likes, Ann unlikes, Ann likes again: queued one after the other,
	// committed in one batch, each caller answered with the state after its own toggle.
	steps := []struct{ token, want string }{
		{annTok, `{"liked":true,"likeCount":1}`},
		{bobTok, `{"liked":true,"likeCount":2}`},
		{annTok, `{"liked":false,"likeCount":1}`},
		{annTok, `{"liked":true,"likeCount":2}`},
	}
	reqs := make([]*http.Request, len(steps))
	for i, s := range steps {
		reqs[i] = httptest.NewRequest(http.MethodPost, "/api/like/"+engBlogID, nil)
		reqs[i].Header.Set("User-Agent", engBrowser)
		reqs[i].Header.Set("Authorization", s.token)
	}
	answers := h.together(t, reqs)
	for i, s := range steps {
		if got := strings.TrimSpace(answers[i].Body.String()); answers[i].Code != 200 || got != s.want {
			t.Errorf("toggle %d: %d %s, want %s", i, answers[i].Code, got, s.want)
		}
	}
	engLikeState(c.Blogs, engBlogID, 2)(t, h.app, nil)
}

// TestEngagementAnnouncesOnlyWithListeners: an event's creation is announced (realtime,
// PocketBase's after-create hooks) while a realtime client is connected, and not at all,
// however many writes, while none is; the writes are stored either way.
func TestEngagementAnnouncesOnlyWithListeners(t *testing.T) {
	app := engApp(t)
	handler := testutil.Handler(t, app)
	announced := announcements(app)
	share := func() {
		t.Helper()
		res := httptest.NewRecorder()
		handler.ServeHTTP(res, httptest.NewRequest("POST", "/api/share/"+engBlogID, nil))
		if res.Code != http.StatusOK {
			t.Fatalf("share: %d %s", res.Code, res.Body)
		}
	}
	count := func() int { return announced(c.ActionShare) }
	share()
	share()
	if n := count(); n != 0 {
		t.Errorf("with no realtime client, %d after-create hooks fired, want 0", n)
	}
	ann := testutil.CreateUser(t, app, "ann@folio.test", c.StatusApproved, false) // the events' list rule: approved admins
	heard := testutil.Subscribe(app, ann, "events/*")
	share()
	if n := count(); n != 1 {
		t.Errorf("with a realtime client, %d after-create hooks fired, want 1", n)
	}
	if got := heard(2 * time.Second); len(got) != 1 || !strings.Contains(got[0], `"action":"share"`) {
		t.Errorf("the realtime client heard %q, want the one share", got)
	}
	var stored int
	if err := app.DB().NewQuery(`SELECT COUNT(*) FROM "` + c.Events + `" WHERE "action" = 'share'`).Row(&stored); err != nil {
		t.Fatal(err)
	}
	if stored != 3 {
		t.Errorf("%d share events stored, want 3", stored)
	}
}

// TestEngagementEventsColumnAddedInAdminUI: a field the owner adds to events in /_/ takes
// its default in the rows the writer inserts (Folio writes only the columns it knows).
func TestEngagementEventsColumnAddedInAdminUI(t *testing.T) {
	app := engApp(t)
	events, err := app.FindCollectionByNameOrId(c.Events)
	if err != nil {
		t.Fatal(err)
	}
	events.Fields.Add(&core.TextField{Name: "note"}, &core.NumberField{Name: "score"})
	if err := app.Save(events); err != nil {
		t.Fatal(err)
	}
	if res := testutil.Do(t, app, "POST", "/api/share/"+engBlogID, "", ""); res.Code != http.StatusOK {
		t.Fatalf("share: %d %s", res.Code, res.Body)
	}
	var note string
	var score float64
	if err := app.DB().NewQuery(`SELECT "note", "score" FROM "`+c.Events+`" WHERE "action" = 'share'`).Row(&note, &score); err != nil {
		t.Fatal(err)
	}
	if note != "" || score != 0 {
		t.Errorf("the added fields hold %q and %v, want their defaults", note, score)
	}
}

// TestEngagementLikeTakenBackInALaterRound: a like that joins a batch being written and
// its unlike that joins the same batch later (each in its own round of the one
// transaction) answer as one write at a time would, leave no likes row or like event,
// and announce nothing: the like's event never exists after the commit.
func TestEngagementLikeTakenBackInALaterRound(t *testing.T) {
	app, svc := engAppSvc(t)
	ann := testutil.CreateUser(t, app, "ann@folio.test", c.StatusApproved, false)
	tok := testutil.Token(t, ann)
	entered, joined, free1, free2 := testutil.HoldRounds(t, svc)
	handler := testutil.Handler(t, app)
	heard := testutil.Subscribe(app, ann, "events/*")
	announced := announcements(app) // what after-create hooks, and a superuser's realtime, hear
	h := &heldWriter{app: app, svc: svc, handler: handler}
	send := func(url, token string) *httptest.ResponseRecorder {
		res := httptest.NewRecorder()
		h.send(url, token, engBrowser, res)
		return res
	}
	share := send("/api/share-project/"+engProjectID, "")
	if n := <-entered; n != 1 { // the writer holds the share alone
		t.Fatalf("first batch holds %d writes", n)
	}
	like := send("/api/like/"+engBlogID, tok)
	h.queued(t, 1)
	free1() // the share is written; the like joins it (round 2), held before it is written
	if n := <-joined; n != 1 {
		t.Fatalf("%d writes joined, want the like", n)
	}
	unlike := send("/api/like/"+engBlogID, tok)
	h.queued(t, 1)
	free2() // the like is written; the unlike joins next (round 3)
	if n := <-joined; n != 1 {
		t.Fatalf("%d writes joined, want the unlike", n)
	}
	h.wg.Wait()
	for name, got := range map[string]*httptest.ResponseRecorder{"share": share, "like": like, "unlike": unlike} {
		want := map[string]string{"share": `{"shareCount":1}`, "like": `{"liked":true,"likeCount":1}`, "unlike": `{"liked":false,"likeCount":0}`}[name]
		if got.Code != http.StatusOK || strings.TrimSpace(got.Body.String()) != want {
			t.Errorf("%s: %d %s, want %s", name, got.Code, got.Body, want)
		}
	}
	if n := engCounter(t, app, c.Blogs, engBlogID, c.FieldLikeCount); n != 0 {
		t.Errorf("likeCount %d, want 0", n)
	}
	if n := engEvents(t, app, engBlogID, c.ActionLike); n != 0 {
		t.Errorf("%d like events, want 0", n)
	}
	var rows int
	if err := app.DB().NewQuery(`SELECT COUNT(*) FROM "` + c.Likes + `"`).Row(&rows); err != nil {
		t.Fatal(err)
	}
	if rows != 0 {
		t.Errorf("%d likes rows, want 0", rows)
	}
	heard(time.Second)
	time.Sleep(100 * time.Millisecond) // anything announced after the share has landed by now
	got := heard(0)
	if len(got) != 1 || !strings.Contains(got[0], `"action":"share"`) {
		t.Errorf("realtime heard %q, want the share alone", got)
	}
	if n := announced(c.ActionLike); n != 0 {
		t.Errorf("the like was announced %d times, want never", n)
	}
}

// announcements counts, by action, the events records announced on app from now on (what
// PocketBase's after-create hooks hear, as a superuser's realtime subscription would).
func announcements(app core.App) func(action string) int {
	var mu sync.Mutex
	counts := map[string]int{}
	app.OnModelAfterCreateSuccess().BindFunc(func(e *core.ModelEvent) error {
		if r, ok := e.Model.(*core.Record); ok && r.Collection().Name == c.Events {
			mu.Lock()
			counts[r.GetString(c.FieldAction)]++
			mu.Unlock()
		}
		return e.Next()
	})
	return func(action string) int {
		mu.Lock()
		defer mu.Unlock()
		return counts[action]
	}
}

// A batch that moves the counters of more items than one statement takes (37 items, and
// one of them three times more) answers and counts as one write at a time would.
func TestEngagementBatchManyItems(t *testing.T) {
	h := holdWriter(t, 64)
	ids := make([]string, 37)
	for i := range ids {
		ids[i] = fmt.Sprintf("manyitems%06d", i)
		engItem(t, h.app, c.Blogs, ids[i], "Blog "+strconv.Itoa(i))
	}
	h.occupy(t)
	var reqs []*http.Request
	for _, id := range append(ids, ids[5], ids[5], ids[5]) {
		reqs = append(reqs, httptest.NewRequest(http.MethodPost, "/api/share/"+id, nil))
	}
	answers := h.together(t, reqs)
	for i, a := range answers {
		want := `{"shareCount":1}`
		if i >= len(ids) {
			want = fmt.Sprintf(`{"shareCount":%d}`, i-len(ids)+2)
		}
		if a.Code != http.StatusOK || strings.TrimSpace(a.Body.String()) != want {
			t.Errorf("share %d: %d %s, want %s", i, a.Code, a.Body, want)
		}
	}
	for i, id := range ids {
		want := 1
		if i == 5 {
			want = 4
		}
		if n := engCounter(t, h.app, c.Blogs, id, c.FieldShareCount); n != want || engEvents(t, h.app, id, c.ActionShare) != want {
			t.Errorf("%s: shareCount %d, %d events; want %d", id, n, engEvents(t, h.app, id, c.ActionShare), want)
		}
	}
}

// A batch drops the cached answers once, however many writes it holds (those that joined
// it while it was written included), and a cached answer read after it shows every write.
func TestEngagementBatchInvalidatesTheCacheOnce(t *testing.T) {
	h := holdWriter(t, 16)
	detail := func() string {
		t.Helper()
		res := testutil.Do(t, h.app, "GET", "/api/blogs/"+engBlogID, "", "")
		if res.Code != http.StatusOK {
			t.Fatalf("GET blog: %d %s", res.Code, res.Body)
		}
		return res.Body.String()
	}
	if body := detail(); !strings.Contains(body, `"shareCount":0`) || !strings.Contains(body, `"viewCount":0`) {
		t.Fatalf("blog before the writes: %s", body)
	}
	first := h.occupy(t) // a share of the project, held before its commit
	gen := cache.Generation(h.app)
	// Four shares and three views by three visitors queue behind it; released, the held
	// batch takes them in (they join it, in its transaction): eight writes, one commit.
	reqs := make([]*http.Request, 7)
	for i := range reqs {
		url, ua := "/api/share/"+engBlogID, engBrowser
		if i >= 4 {
			url, ua = "/api/view/"+engBlogID, fmt.Sprintf("%s visitor/%d", engBrowser, i)
		}
		reqs[i] = httptest.NewRequest(http.MethodPost, url, nil)
		reqs[i].Header.Set("User-Agent", ua)
	}
	answers := h.together(t, reqs)
	for i, a := range answers {
		if a.Code != http.StatusOK {
			t.Fatalf("write %d: %d %s", i, a.Code, a.Body)
		}
	}
	if first.Code != http.StatusOK {
		t.Fatalf("held share: %d %s", first.Code, first.Body)
	}
	if got := cache.Generation(h.app) - gen; got != 1 {
		t.Errorf("the cache was dropped %d times by one batch of eight writes, want once", got)
	}
	if body := detail(); !strings.Contains(body, `"shareCount":4`) || !strings.Contains(body, `"viewCount":3`) {
		t.Errorf("blog after the batch: %s, want shareCount 4 and viewCount 3", body)
	}
}
