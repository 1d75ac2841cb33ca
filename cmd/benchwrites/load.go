package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"github.com/folio/folio/cmd/internal/benchkit"
	"io"
	"math/rand/v2"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// item is one blog or project and the route suffix of its type.
type item struct{ id, suffix string }

// loadResult is what one closed-loop workload measured.
type loadResult struct {
	OK, Errors int64
	Elapsed    time.Duration
	latencies  []time.Duration
}

func (r *loadResult) RPS() float64 { return float64(r.OK) / r.Elapsed.Seconds() }

func (r *loadResult) P(q float64) time.Duration {
	if len(r.latencies) == 0 {
		return 0
	}
	slices.Sort(r.latencies)
	return r.latencies[min(len(r.latencies)-1, int(q/100*float64(len(r.latencies))))]
}

// post sends one engagement write and decodes its JSON answer into v.
func post(client *http.Client, url, ua, token string, v any) (time.Duration, error) {
	req, _ := http.NewRequest(http.MethodPost, url, nil)
	req.Header.Set("User-Agent", ua)
	if token != "" {
		req.Header.Set("Authorization", token)
	}
	t0 := time.Now()
	res, err := client.Do(req)
	if err != nil {
		return 0, err
	}
	body, err := io.ReadAll(res.Body)
	res.Body.Close()
	elapsed := time.Since(t0)
	if err != nil {
		return elapsed, err
	}
	if res.StatusCode != http.StatusOK {
		return elapsed, fmt.Errorf("status %d: %.200s", res.StatusCode, body)
	}
	return elapsed, json.Unmarshal(body, v)
}

// viewResult adds, per item, the counts the server answered (each must be new).
type viewResult struct {
	loadResult
	answers map[string][]int
}

// driveViews sends views from distinct visitors (a unique User-Agent each) to items in turn.
func driveViews(base string, items []item, conns int, d time.Duration) *viewResult {
	client := benchkit.NewClient(conns)
	defer client.CloseIdleConnections()
	out := &viewResult{answers: map[string][]int{}}
	var mu sync.Mutex
	var next atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	deadline := start.Add(d)
	for range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for time.Now().Before(deadline) {
				n := next.Add(1)
				it := items[int(n)%len(items)]
				var ans struct{ ViewCount int }
				lat, err := post(client, base+"/api/view"+it.suffix+"/"+it.id, fmt.Sprintf("%s bench-visitor/%d", browserUA, n), "", &ans)
				mu.Lock()
				if err != nil {
					out.Errors++
				} else {
					out.OK++
					out.latencies = append(out.latencies, lat)
					out.answers[it.id] = append(out.answers[it.id], ans.ViewCount)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	out.Elapsed = time.Since(start)
	return out
}

// likeResult adds the likes the bench accounts should hold at the end, per item, and
// answers whose liked flag did not flip as a toggle must.
type likeResult struct {
	loadResult
	standing  map[string]int
	misflips  int
	lastCount map[string]int
}

// driveLikes gives each connection its own account, toggling likes on random items; one
// account's requests are sequential, so its final like on each item is known.
func driveLikes(base string, items []item, tokens []string, d time.Duration) *likeResult {
	client := benchkit.NewClient(len(tokens))
	defer client.CloseIdleConnections()
	out := &likeResult{standing: map[string]int{}, lastCount: map[string]int{}}
	var mu sync.Mutex
	var wg sync.WaitGroup
	start := time.Now()
	deadline := start.Add(d)
	for w, tok := range tokens {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(w), 42))
			liked := map[string]bool{}
			for time.Now().Before(deadline) {
				it := items[rng.IntN(len(items))]
				var ans struct {
					Liked     bool
					LikeCount int
				}
				lat, err := post(client, base+"/api/like"+it.suffix+"/"+it.id, browserUA, tok, &ans)
				mu.Lock()
				if err != nil {
					out.Errors++
				} else {
					out.OK++
					out.latencies = append(out.latencies, lat)
					if ans.Liked == liked[it.id] {
						out.misflips++
					}
					liked[it.id] = ans.Liked
				}
				mu.Unlock()
			}
			mu.Lock()
			for id, l := range liked {
				if l {
					out.standing[id]++
				}
			}
			mu.Unlock()
		}()
	}
	wg.Wait()
	out.Elapsed = time.Since(start)
	return out
}

// itemIDs lists every blog and project through the public API.
func itemIDs(base string) ([]item, error) {
	var out []item
	for _, kind := range []struct{ path, suffix string }{{"/api/blogs", ""}, {"/api/projects", "-project"}} {
		for page := 1; ; page++ {
			res, err := http.Get(fmt.Sprintf("%s%s?perPage=100&page=%d", base, kind.path, page))
			if err != nil {
				return nil, err
			}
			var list struct {
				TotalPages int
				Items      []struct{ ID string }
			}
			err = json.NewDecoder(res.Body).Decode(&list)
			res.Body.Close()
			if err != nil {
				return nil, fmt.Errorf("%s: %w", kind.path, err)
			}
			for _, it := range list.Items {
				out = append(out, item{it.ID, kind.suffix})
			}
			if page >= list.TotalPages {
				break
			}
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("the seeded data has no items")
	}
	return out, nil
}

// signIn gets a token per account through PocketBase's auth-with-password.
func signIn(base string, emails []string) ([]string, error) {
	tokens := make([]string, len(emails))
	for i, email := range emails {
		body, _ := json.Marshal(map[string]string{"identity": email, "password": accountPassword})
		res, err := http.Post(base+"/api/collections/users/auth-with-password", "application/json", bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		var auth struct{ Token string }
		err = json.NewDecoder(res.Body).Decode(&auth)
		res.Body.Close()
		if err != nil || res.StatusCode != http.StatusOK || auth.Token == "" {
			return nil, fmt.Errorf("sign-in of %s: status %d %v", email, res.StatusCode, err)
		}
		tokens[i] = auth.Token
	}
	return tokens, nil
}
