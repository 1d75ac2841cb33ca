package cache

import "testing"

func TestEtagMatches(t *testing.T) {
	const tag = `"abc"`
	for header, want := range map[string]bool{
		"": false, `"abc"`: true, `W/"abc"`: true, `"x", "abc"`: true, ` "x" ,W/"abc" `: true,
		"*": true, `"abd"`: false, `"x",`: false, ",": false, `abc`: false,
	} {
		if got := etagMatches(header, tag); got != want {
			t.Errorf("If-None-Match %q: %v, want %v", header, got, want)
		}
	}
}

func TestAcceptsGzip(t *testing.T) {
	for header, want := range map[string]bool{
		"": false, "gzip": true, "GZIP": true, "br, gzip, deflate": true, "gzip;q=0": false,
		"gzip; q=0.5": true, "gzip;q=0.0": false, "deflate": false, "x-gzip": false,
		"br,": false, ",gzip": true, "gzip;q=bad": false,
	} {
		if got := accepts(header, "gzip"); got != want {
			t.Errorf("Accept-Encoding %q: %v, want %v", header, got, want)
		}
	}
}
