package richtext

import (
	"errors"
	"reflect"
	"testing"
)

func TestNormalizeLink(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"   ", ""},
		{"github.com/me", "https://github.com/me"},
		{"  https://example.com/a?b=c  ", "https://example.com/a?b=c"},
		{"http://example.com", "http://example.com"},
		{"HTTPS://Example.com/X", "https://Example.com/X"},
		{"//cdn.example.com/x", "https://cdn.example.com/x"},
		{"example.com:8080/path", "https://example.com:8080/path"},
		{"localhost:3000", "https://localhost:3000"},
		{"mailto:me@example.com", "mailto:me@example.com"},
		{"Tel:+1-555-0100", "tel:+1-555-0100"},
		{"sms:+15550100", "sms:+15550100"},
		{"/about", "/about"},
		{"#top", "#top"},
		{"www.example.com/a b", "https://www.example.com/a b"},
	} {
		got, err := NormalizeLink(c.in)
		if err != nil || got != c.want {
			t.Errorf("NormalizeLink(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	for _, in := range []string{
		"javascript:alert(1)", "JaVaScRiPt:alert(1)", " javascript:alert(1)", "java\tscript:alert(1)",
		"java\nscript:alert(1)", "\x01javascript:alert(1)", "data:text/html,<b>x</b>",
		"data:image/png;base64,AAAA", "ftp://example.com", "vbscript:msgbox", "file:///etc/passwd",
		"chrome://settings", `\\evil.com`,
	} {
		got, err := NormalizeLink(in)
		if !errors.Is(err, ErrLinkScheme) || got != "" {
			t.Errorf("NormalizeLink(%q) = %q, %v; want ErrLinkScheme", in, got, err)
		}
	}
	if ErrLinkScheme.Error() != "links must use http, https, mailto, tel or sms" {
		t.Errorf("message %q", ErrLinkScheme)
	}
}

func TestSplitList(t *testing.T) {
	for in, want := range map[string][]string{
		"":                {},
		" , ,":            {},
		"go":              {"go"},
		"go, web ,,  db ": {"go", "web", "db"},
		"a,a":             {"a", "a"},
		"Go Lang, C++":    {"Go Lang", "C++"},
	} {
		got := SplitList(in)
		if got == nil || !reflect.DeepEqual(got, want) {
			t.Errorf("SplitList(%q) = %#v, want %#v", in, got, want)
		}
	}
}

func TestURLRules(t *testing.T) {
	for v, want := range map[string]bool{
		"https://x/y.png": true, "http://x/y.png": true, "/api/files/a.png": true,
		"data:image/png;base64,iVBORw0KGgo=": true, "DATA:IMAGE/JPEG;BASE64,/9j/": true,
		"data:image/gif;base64,R0lGOD": true, "data:image/bmp;base64,Qk0=": false, "data:image/svg+xml;base64,PHN2Zz4=": false,
		"data:image/png,raw": false, "javascript:alert(1)": false, "": false, "blob:https://x/1": false,
	} {
		if got := imgSrcAllowed(v); got != want {
			t.Errorf("imgSrcAllowed(%q) = %v, want %v", v, got, want)
		}
	}
	for v, want := range map[string]bool{
		"https://www.youtube.com/embed/dQw4w9WgXcQ":            true,
		"https://www.youtube-nocookie.com/embed/abc?start=10":  true,
		"https://player.vimeo.com/video/76979871?h=8272103f6e": true,
		"//www.youtube.com/embed/abc":                          true, // upgraded to https
		"http://player.vimeo.com/video/1":                      true, // upgraded to https
		"https://www.youtube.com/watch?v=abc":                  false,
		"https://www.youtube.com.evil.com/embed/abc":           false,
		"https://evil.com/?https://www.youtube.com/embed/a":    false,
		"https://www.youtube.com/embed/../../evil":             false,
		"javascript:alert(1)":                                  false,
	} {
		if _, got := embedSrc(v); got != want {
			t.Errorf("embedSrc(%q) = %v, want %v", v, got, want)
		}
	}
}
