package hooks_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/pocketbase/dbx"

	c "github.com/folio/folio/collections"
	"github.com/folio/folio/testutil"
)

// TestEngagementRace drives views, likes and shares concurrently through a real HTTP
// server: no request may fail, and afterwards every counter equals its events and the
// analytics totals agree.
func TestEngagementRace(t *testing.T) {
	app := testutil.NewApp(t)
	items := []struct{ col, id, route string }{
		{c.Blogs, "raceblog0000001", ""}, {c.Blogs, "raceblog0000002", ""},
		{c.Projects, "raceproj0000001", "-project"}, {c.Projects, "raceproj0000002", "-project"},
	}
	for _, it := range items {
		engItem(t, app, it.col, it.id, "Race "+it.id)
	}
	accounts := engUsers(t, app, "racer", 50)
	tokens := make([]string, len(accounts))
	for i, a := range accounts {
		tokens[i] = testutil.Token(t, a)
	}
	srv := httptest.NewServer(testutil.Handler(t, app))
	defer srv.Close()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}}

	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		failures []string
	)
	post := func(path, ua, token string) {
		defer wg.Done()
		req, _ := http.NewRequest(http.MethodPost, srv.URL+path, strings.NewReader(`{"userId":"spoofed"}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("User-Agent", ua)
		if token != "" {
			req.Header.Set("Authorization", token)
		}
		res, err := client.Do(req)
		if err == nil {
			_, _ = io.Copy(io.Discard, res.Body)
			res.Body.Close()
		}
		if err != nil || res.StatusCode != http.StatusOK {
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				failures = append(failures, path+": "+err.Error())
			} else {
				failures = append(failures, fmt.Sprintf("%s: %d", path, res.StatusCode))
			}
		}
	}

	// 200 distinct visitors view; 20 requests of one visitor on one item count once;
	// 30 crawler views count never.
	for i := range 200 {
		it := items[i%len(items)]
		wg.Add(1)
		go post("/api/view"+it.route+"/"+it.id, fmt.Sprintf("%s visitor/%d", engBrowser, i), "")
	}
	for range 20 {
		wg.Add(1)
		go post("/api/view/"+items[0].id, engBrowser+" repeat", "")
	}
	for range 30 {
		wg.Add(1)
		go post("/api/view/"+items[1].id, engGooglebot, "")
	}
	// Account i toggles its like on item i%4 i%4+1 times, all accounts at once:
	// odd toggle counts leave a like standing.
	wantLikes := map[string]int{}
	for i, tok := range tokens {
		it := items[i%len(items)]
		toggles := i%len(items) + 1
		if toggles%2 == 1 {
			wantLikes[it.id]++
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range toggles {
				wg.Add(1)
				post("/api/like"+it.route+"/"+it.id, engBrowser, tok)
			}
		}()
	}
	for i := range 60 {
		it := items[i%len(items)]
		wg.Add(1)
		go post("/api/share"+it.route+"/"+it.id, engBrowser, "")
	}
	wg.Wait()
	if len(failures) > 0 {
		t.Fatalf("%d requests failed, e.g. %v", len(failures), failures[:min(5, len(failures))])
	}

	var views, likes, shares int
	for _, it := range items {
		v, s, l := engCounter(t, app, it.col, it.id, c.FieldViewCount), engCounter(t, app, it.col, it.id, c.FieldShareCount),
			engCounter(t, app, it.col, it.id, c.FieldLikeCount)
		if ev := engEvents(t, app, it.id, c.ActionView); v != ev {
			t.Errorf("%s: viewCount %d, view events %d", it.id, v, ev)
		}
		if ev := engEvents(t, app, it.id, c.ActionShare); s != ev || s != 15 {
			t.Errorf("%s: shareCount %d, share events %d, want 15", it.id, s, ev)
		}
		rows := engCount(t, app, "SELECT count(*) FROM likes WHERE item = {:id}", dbx.Params{"id": it.id})
		if ev := engEvents(t, app, it.id, c.ActionLike); l != rows || l != ev || l != wantLikes[it.id] {
			t.Errorf("%s: likeCount %d, likes rows %d, like events %d, want %d", it.id, l, rows, ev, wantLikes[it.id])
		}
		views, likes, shares = views+v, likes+l, shares+s
	}
	if views != 200+1 {
		t.Errorf("views %d, want 201 (200 visitors + one repeated visitor, no crawler)", views)
	}

	admin := testutil.CreateUser(t, app, "race-admin@folio.test", c.StatusApproved, false)
	res := testutil.Do(t, app, "GET", "/api/admin/analytics?range=all", testutil.Token(t, admin), "")
	var got struct {
		Totals struct{ Views, Likes, Shares, Comments int }
		Series []struct{ Views, Likes, Shares, Comments int }
	}
	engDecode(t, res.Result(), &got)
	if got.Totals.Views != views || got.Totals.Likes != likes || got.Totals.Shares != shares || got.Totals.Comments != 0 {
		t.Errorf("analytics totals %+v, counters views %d likes %d shares %d", got.Totals, views, likes, shares)
	}
	var sum struct{ Views, Likes, Shares int }
	for _, p := range got.Series {
		sum.Views, sum.Likes, sum.Shares = sum.Views+p.Views, sum.Likes+p.Likes, sum.Shares+p.Shares
	}
	if sum.Views != views || sum.Likes != likes || sum.Shares != shares {
		t.Errorf("series sums %+v", sum)
	}
}
