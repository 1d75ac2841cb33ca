package main

import (
	"github.com/folio/folio/cmd/internal/benchkit"
	"io"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/HdrHistogram/hdrhistogram-go"
)

// loadResult is what one fixed-duration run at a fixed number of connections measured.
type loadResult struct {
	Requests int64
	Errors   int64
	Elapsed  time.Duration
	Hist     *hdrhistogram.Histogram // latency in microseconds
	Bytes    int64                   // body bytes of one answer
}

func (r loadResult) RPS() float64 { return float64(r.Requests) / r.Elapsed.Seconds() }

func (r loadResult) P(q float64) time.Duration {
	return time.Duration(r.Hist.ValueAtQuantile(q)) * time.Microsecond
}

// drive runs conns closed-loop workers against url for d (after a short unrecorded warm-up):
// each sends a request as soon as its previous answer was read.
func drive(url string, conns int, d, warmup time.Duration) loadResult {
	client := benchkit.NewClient(conns)
	defer client.CloseIdleConnections()
	run(client, url, conns, warmup) // fill connections and caches
	return run(client, url, conns, d)
}

func run(client *http.Client, url string, conns int, d time.Duration) loadResult {
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		total    = hdrhistogram.New(1, 60_000_000, 3)
		requests atomic.Int64
		errs     atomic.Int64
		size     atomic.Int64
	)
	start := time.Now()
	deadline := start.Add(d)
	for range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			h := hdrhistogram.New(1, 60_000_000, 3)
			req, _ := http.NewRequest(http.MethodGet, url, nil)
			for time.Now().Before(deadline) {
				t0 := time.Now()
				res, err := client.Do(req)
				if err != nil {
					errs.Add(1)
					time.Sleep(time.Millisecond) // a refused connection must not spin
					continue
				}
				n, err := io.Copy(io.Discard, res.Body)
				res.Body.Close()
				if err != nil || res.StatusCode != http.StatusOK {
					errs.Add(1)
				}
				size.Store(n)
				h.RecordValue(time.Since(t0).Microseconds())
				requests.Add(1)
			}
			mu.Lock()
			total.Merge(h)
			mu.Unlock()
		}()
	}
	wg.Wait()
	return loadResult{Requests: requests.Load(), Errors: errs.Load(), Elapsed: time.Since(start), Hist: total, Bytes: size.Load()}
}
