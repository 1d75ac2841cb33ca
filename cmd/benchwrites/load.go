package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/folio/folio/cmd/internal/benchkit"
)

// item is one blog or project and the route suffix of its type.
type item struct{ id, suffix string }

// loadResult is what one closed-loop workload measured.
type loadResult struct {
	OK, Errors int64
	Elapsed    time.Duration
	ServerCPU  time.Duration // the server's CPU time during the load
	ClientCPU  time.Duration // this process's CPU time during the load: the load generator's share of the machine
	latencies  []time.Duration
	firstErr   string
}

func (r *loadResult) RPS() float64 { return float64(r.OK) / r.Elapsed.Seconds() }

// CPUPerWrite is the server's CPU time per answered write: unlike throughput, it hardly
// moves with what else runs on the machine.
func (r *loadResult) CPUPerWrite() time.Duration { return r.perWrite(r.ServerCPU) }

func (r *loadResult) perWrite(d time.Duration) time.Duration {
	if r.OK+r.Errors == 0 {
		return 0
	}
	return d / time.Duration(r.OK+r.Errors)
}

// selfCPU is the CPU time (user and system) this process has used so far.
func selfCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func (r *loadResult) P(q float64) time.Duration {
	if len(r.latencies) == 0 {
		return 0
	}
	slices.Sort(r.latencies)
	return r.latencies[min(len(r.latencies)-1, int(q/100*float64(len(r.latencies))))]
}

// request is one write: where, as whom, with what body, and the status that means yes.
type request struct {
	path, ua, token, ip string
	body                []byte
	want                int
}

// browsers are the User-Agents of the bench's visitors: a burst brings many visitors
// but few distinct browsers.
var browsers = []string{
	browserUA,
	"Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
	"Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
	"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
	"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
	"Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
}

// visitor is the n-th distinct visitor: by default a distinct address (X-Forwarded-For)
// with a common browser; with uniqueUA a distinct User-Agent from one address instead,
// which also defeats the server's memo of bot verdicts.
func visitor(n int64, uniqueUA bool) (ua, ip string) {
	if uniqueUA {
		return fmt.Sprintf("%s bench-visitor/%d", browserUA, n), ""
	}
	return browsers[n%int64(len(browsers))], fmt.Sprintf("10.%d.%d.%d", n>>16&255, n>>8&255, n&255)
}

// send sends one write on conn and decodes its JSON answer (if any) into v.
func send(conn *benchkit.Conn, r request, v any) (time.Duration, error) {
	headers := append(make([]benchkit.Header, 0, 3), benchkit.Header{Key: "User-Agent", Value: r.ua})
	if r.token != "" {
		headers = append(headers, benchkit.Header{Key: "Authorization", Value: r.token})
	}
	if r.ip != "" {
		headers = append(headers, benchkit.Header{Key: "X-Forwarded-For", Value: r.ip})
	}
	t0 := time.Now()
	status, body, err := conn.Do(http.MethodPost, r.path, headers, r.body)
	elapsed := time.Since(t0)
	if err != nil {
		return elapsed, err
	}
	if status != r.want {
		return elapsed, fmt.Errorf("status %d: %.200s", status, body)
	}
	if v == nil || len(body) == 0 {
		return elapsed, nil
	}
	return elapsed, json.Unmarshal(body, v)
}

// workload says what loop w sends as its n-th request (next) and, under a lock, what it
// keeps of a successful answer (done).
type workload struct {
	next func(w int, n int64) (request, string, any) // the request, the item it counts for, where to decode
	done func(w int, itemID string, answer any)
}

// drive runs conns closed loops of wl for d against the server at base, each loop on its
// own keep-alive connection.
func drive(base string, conns int, d time.Duration, wl workload) *loadResult {
	out := &loadResult{}
	var mu sync.Mutex
	var seq atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	deadline := start.Add(d)
	for w := range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			conn, err := benchkit.DialBase(base)
			if err != nil {
				panic(err)
			}
			defer conn.Close()
			for time.Now().Before(deadline) {
				req, itemID, ans := wl.next(w, seq.Add(1))
				lat, err := send(conn, req, ans)
				mu.Lock()
				if err != nil {
					out.Errors++
					if out.firstErr == "" {
						out.firstErr = err.Error()
					}
				} else {
					out.OK++
					out.latencies = append(out.latencies, lat)
					if wl.done != nil {
						wl.done(w, itemID, ans)
					}
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	out.Elapsed = time.Since(start)
	return out
}

// countResult adds, per item, the counts the server answered (each must be new).
type countResult struct {
	*loadResult
	answers map[string][]int
}

type counterAnswer struct {
	ViewCount, ShareCount int
}

// driveRaw creates small records in the scratch collection through PocketBase's own API.
func driveRaw(base string, conns int, d time.Duration) *loadResult {
	body := []byte(`{"note":"a small record"}`)
	return drive(base, conns, d, workload{next: func(_ int, _ int64) (request, string, any) {
		return request{path: "/api/collections/" + scratchCollection + "/records", ua: browserUA, body: body, want: http.StatusOK}, "", nil
	}})
}

// driveCounted sends views or shares to items in turn, every request a distinct
// visitor, keeping each answered count.
func driveCounted(base, route string, items []item, conns int, d time.Duration, uniqueUA bool) *countResult {
	out := &countResult{answers: map[string][]int{}}
	out.loadResult = drive(base, conns, d, workload{
		next: func(_ int, n int64) (request, string, any) {
			it := items[int(n)%len(items)]
			ua, ip := visitor(n, uniqueUA)
			return request{path: "/api/" + route + it.suffix + "/" + it.id, ua: ua, ip: ip, want: http.StatusOK}, it.id, &counterAnswer{}
		},
		done: func(_ int, id string, ans any) {
			a := ans.(*counterAnswer)
			out.answers[id] = append(out.answers[id], a.ViewCount+a.ShareCount)
		},
	})
	return out
}

// driveSiteViews sends site views, every request a distinct visitor.
func driveSiteViews(base string, conns int, d time.Duration, uniqueUA bool) *loadResult {
	body := []byte(`{"userId":"anonymous"}`)
	return drive(base, conns, d, workload{next: func(_ int, n int64) (request, string, any) {
		ua, ip := visitor(n, uniqueUA)
		return request{path: "/api/view-website", ua: ua, ip: ip, body: body, want: http.StatusNoContent}, "", nil
	}})
}

// commentResult counts answered comments per item.
type commentResult struct {
	*loadResult
	answered map[string]int
}

// driveComments posts small comments to items in turn.
func driveComments(base string, items []item, conns int, d time.Duration) *commentResult {
	out := &commentResult{answered: map[string]int{}}
	out.loadResult = drive(base, conns, d, workload{
		next: func(w int, n int64) (request, string, any) {
			it := items[int(n)%len(items)]
			body := fmt.Appendf(nil, `{"email":"reader%d@example.com","content":"Comment %d: thanks for the post."}`, w, n)
			return request{path: "/api/comment" + it.suffix + "/" + it.id, ua: browserUA, body: body, want: http.StatusCreated}, it.id, nil
		},
		done: func(_ int, id string, _ any) { out.answered[id]++ },
	})
	return out
}

// likeResult adds the likes the bench accounts should hold at the end, per item, and
// answers whose liked flag did not flip as a toggle must.
type likeResult struct {
	*loadResult
	standing map[string]int
	misflips int
}

type likeAnswer struct {
	Liked     bool
	LikeCount int
}

// driveLikes gives each connection its own account, toggling likes on random items; one
// account's requests are sequential, so its final like on each item is known.
func driveLikes(base string, items []item, tokens []string, d time.Duration) *likeResult {
	out := &likeResult{standing: map[string]int{}}
	liked := make([]map[string]bool, len(tokens))
	rngs := make([]*rand.Rand, len(tokens))
	for w := range tokens {
		liked[w] = map[string]bool{}
		rngs[w] = rand.New(rand.NewPCG(uint64(w), 42))
	}
	out.loadResult = drive(base, len(tokens), d, workload{
		next: func(w int, _ int64) (request, string, any) {
			it := items[rngs[w].IntN(len(items))]
			return request{path: "/api/like" + it.suffix + "/" + it.id, ua: browserUA, token: tokens[w], want: http.StatusOK}, it.id, &likeAnswer{}
		},
		done: func(w int, id string, ans any) {
			a := ans.(*likeAnswer)
			if a.Liked == liked[w][id] {
				out.misflips++
			}
			liked[w][id] = a.Liked
		},
	})
	for _, m := range liked {
		for id, l := range m {
			if l {
				out.standing[id]++
			}
		}
	}
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

// analyticsTotals reads the dashboard's all-time totals and site views as an admin sees them.
type analyticsTotals struct {
	Views, Likes, Shares, Comments, SiteViews int
}

func readAnalytics(base, token string) (analyticsTotals, error) {
	var out analyticsTotals
	get := func(path string, v any) error {
		req, _ := http.NewRequest(http.MethodGet, base+path, nil)
		req.Header.Set("Authorization", token)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		defer res.Body.Close()
		if res.StatusCode != http.StatusOK {
			return fmt.Errorf("%s: status %d", path, res.StatusCode)
		}
		return json.NewDecoder(res.Body).Decode(v)
	}
	var items struct {
		Totals struct{ Views, Likes, Shares, Comments int }
	}
	if err := get("/api/admin/analytics?range=all", &items); err != nil {
		return out, err
	}
	var site struct{ Total int }
	if err := get("/api/admin/website-analytics?range=all", &site); err != nil {
		return out, err
	}
	t := items.Totals
	return analyticsTotals{t.Views, t.Likes, t.Shares, t.Comments, site.Total}, nil
}
