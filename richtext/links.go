package richtext

import (
	"errors"
	"regexp"
	"strings"
)

// ErrLinkScheme is returned by NormalizeLink for a scheme other than http, https, mailto, tel or sms.
var ErrLinkScheme = errors.New("links must use http, https, mailto, tel or sms")

var (
	schemeRe   = regexp.MustCompile(`^([a-zA-Z][a-zA-Z0-9+.-]*):`)
	portRe     = regexp.MustCompile(`^[0-9]+(?:[/?#]|$)`)
	linkScheme = map[string]bool{"http": true, "https": true, "mailto": true, "tel": true, "sms": true}
)

// stripControls removes ASCII controls (tab, newline, NUL...) that browsers ignore inside URLs,
// so "java\tscript:" is judged as the browser will read it.
func stripControls(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return -1
		}
		return r
	}, s)
}

// urlScheme returns the lower-case scheme of u, or "" for a relative URL or a bare "host:port".
func urlScheme(u string) string {
	m := schemeRe.FindStringSubmatch(u)
	if m == nil {
		return ""
	}
	rest := u[len(m[0]):]
	if (strings.Contains(m[1], ".") || strings.EqualFold(m[1], "localhost")) && portRe.MatchString(rest) {
		return "" // "example.com:8080/x" is a host with a port, not a scheme
	}
	return strings.ToLower(m[1])
}

// NormalizeLink trims a link and checks its scheme. "" stays "" (the caller drops it);
// "github.com/me" and "//github.com/me" get "https://"; a path ("/about", "#top", "?q") stays
// relative; the scheme is lower-cased; any scheme but http, https, mailto, tel, sms is ErrLinkScheme.
func NormalizeLink(s string) (string, error) {
	s = strings.TrimSpace(stripControls(s))
	if s == "" {
		return "", nil
	}
	scheme := urlScheme(s)
	switch {
	case scheme != "":
		if !linkScheme[scheme] {
			return "", ErrLinkScheme
		}
		return scheme + s[len(scheme):], nil
	case strings.HasPrefix(s, "//"):
		return "https:" + s, nil
	case strings.HasPrefix(s, "/") || strings.HasPrefix(s, "#") || strings.HasPrefix(s, "?"):
		return s, nil
	case strings.HasPrefix(s, "\\"):
		return "", ErrLinkScheme // browsers read "\\host" as "//host"; refuse the ambiguity
	}
	return "https://" + s, nil
}

// SplitList splits a comma-joined list, trims entries and drops empty ones (never nil).
// Duplicates are kept: the order and spelling are the author's.
func SplitList(s string) []string {
	out := []string{}
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// hrefAllowed accepts relative links and the link schemes.
func hrefAllowed(v string) bool {
	u := strings.TrimSpace(stripControls(v))
	sc := urlScheme(u)
	return sc == "" || linkScheme[sc]
}

var (
	dataImageRe = regexp.MustCompile(`(?i)^data:image/(?:png|jpeg|gif|webp);base64,[a-z0-9+/]*={0,2}$`)
	iframeSrcRe = regexp.MustCompile(`^https://(?:www\.youtube\.com/embed/|www\.youtube-nocookie\.com/embed/|player\.vimeo\.com/video/)[A-Za-z0-9_-]+(?:\?[A-Za-z0-9_=&%.;:,+-]*)?$`)
)

// imgSrcAllowed accepts http(s) (absolute or relative) and base64 PNG/JPEG/GIF/WebP data URLs
// (which the item hooks then store as files).
func imgSrcAllowed(v string) bool {
	u := strings.TrimSpace(stripControls(v))
	if u == "" {
		return false
	}
	switch urlScheme(u) {
	case "":
		return true
	case "http", "https":
		return true
	case "data":
		return dataImageRe.MatchString(u)
	}
	return false
}

// embedSrc upgrades a known player URL to https and reports whether it is an allowed embed.
func embedSrc(v string) (string, bool) {
	u := strings.TrimSpace(v)
	switch {
	case strings.HasPrefix(u, "//"):
		u = "https:" + u
	case strings.HasPrefix(strings.ToLower(u), "http://"):
		u = "https://" + u[len("http://"):]
	}
	return u, iframeSrcRe.MatchString(u)
}

// Unique drops empty and repeated entries, keeping the first spelling and the order (never nil).
func Unique(list []string) []string {
	seen := make(map[string]bool, len(list))
	out := make([]string, 0, len(list))
	for _, s := range list {
		if s != "" && !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}
