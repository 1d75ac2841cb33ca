package pages

import (
	"net/url"
	"regexp"
	"strings"
)

var (
	mastodonHost = regexp.MustCompile(`(^|\.)(mastodon\.[a-z.]+|mstdn\.[a-z.]+|hachyderm\.io|fosstodon\.org|infosec\.exchange|mas\.to|chaos\.social|techhub\.social)$`)
	atPathHosts  = map[string]bool{"medium.com": true, "youtube.com": true, "tiktok.com": true, "threads.net": true, "threads.com": true}
	feedPath     = regexp.MustCompile(`(\.xml|/rss|/atom|/feed|/feed\.json|\.rss|\.atom)/?$`)
	feedHost     = regexp.MustCompile(`^(rss|feeds?)\.`)
	atUserPath   = regexp.MustCompile(`^/@[^/]+/?$`)
)

// socialIcon is the icon a social link gets from its scheme, host and path (as
// frontend/src/lib/social.ts chose it).
func socialIcon(raw string) string {
	raw = strings.TrimSpace(raw)
	if strings.HasPrefix(strings.ToLower(raw), "mailto:") {
		return "email"
	}
	u, err := url.Parse(raw)
	if err != nil {
		return "link"
	}
	host := strings.TrimPrefix(strings.ToLower(u.Hostname()), "www.")
	is := func(domain string) bool { return host == domain || strings.HasSuffix(host, "."+domain) }
	switch {
	case is("github.com") || is("github.io"):
		return "github"
	case is("linkedin.com") || host == "lnkd.in":
		return "linkedin"
	case is("x.com") || is("twitter.com"):
		return "x"
	case mastodonHost.MatchString(host):
		return "mastodon"
	case feedPath.MatchString(strings.ToLower(u.Path)) || feedHost.MatchString(host):
		return "rss"
	case atUserPath.MatchString(u.Path) && !atPathHosts[host]:
		return "mastodon"
	}
	return "link"
}
