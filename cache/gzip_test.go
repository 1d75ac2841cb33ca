package cache

import (
	"bytes"
	"compress/gzip"
	"io"
	"runtime"
	"strings"
	"testing"
)

// TestGzipSmallerReusesWriters: answers gzipped one after another by reused writers read back
// as their bodies and are the bytes a new writer makes, and a call allocates a small part of
// a new writer's 0.8-1.2 MB (before the pool every call allocated a whole one).
func TestGzipSmallerReusesWriters(t *testing.T) {
	bodies := [][]byte{
		[]byte(strings.Repeat(`{"id":"abc123","title":"A post about things","views":42},`, 400)),
		[]byte(strings.Repeat("<p>Short page</p>", 30)),
		[]byte("tiny"),
	}
	for _, level := range []int{gzip.DefaultCompression, gzip.BestSpeed, gzip.BestCompression} {
		for round := range 3 {
			for i, body := range bodies {
				got := GzipSmaller(body, level)
				var want bytes.Buffer
				zw, _ := gzip.NewWriterLevel(&want, level)
				zw.Write(body)
				zw.Close()
				if want.Len() >= len(body) {
					if got != nil {
						t.Errorf("level %d body %d: gzipped although not smaller", level, i)
					}
					continue
				}
				if !bytes.Equal(got, want.Bytes()) {
					t.Fatalf("level %d round %d body %d: %d bytes, a new writer makes %d", level, round, i, len(got), want.Len())
				}
				zr, err := gzip.NewReader(bytes.NewReader(got))
				if err != nil {
					t.Fatal(err)
				}
				if plain, _ := io.ReadAll(zr); !bytes.Equal(plain, body) {
					t.Fatalf("level %d body %d: does not read back", level, i)
				}
			}
		}
	}

	const calls = 50
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range calls {
		GzipSmaller(bodies[0], gzip.DefaultCompression)
	}
	runtime.ReadMemStats(&after)
	if per := (after.TotalAlloc - before.TotalAlloc) / calls; per > 300<<10 {
		t.Errorf("%d kB allocated per call, want writers reused (a new one is ~800 kB)", per>>10)
	}
}
