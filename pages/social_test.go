package pages

import "testing"

// A social link's icon follows its scheme, host and path.
func TestSocialIcon(t *testing.T) {
	for _, c := range [][2]string{
		{"https://github.com/me", "github"},
		{"https://me.github.io/blog", "github"},
		{"https://www.linkedin.com/in/me", "linkedin"},
		{"https://x.com/me", "x"},
		{"https://twitter.com/me", "x"},
		{"https://hachyderm.io/@me", "mastodon"},
		{"https://mastodon.social/@me", "mastodon"},
		{"https://social.example.org/@me", "mastodon"},
		{"https://medium.com/@me", "link"},
		{"mailto:me@example.com", "email"},
		{"MAILTO:me@example.com", "email"},
		{"/rss.xml", "rss"},
		{"https://example.com/feed.json", "rss"},
		{"https://example.com/atom.xml", "rss"},
		{"https://example.com/", "link"},
		{"tel:+3512", "link"},
	} {
		if got := socialIcon(c[0]); got != c[1] {
			t.Errorf("%s: %s, want %s", c[0], got, c[1])
		}
	}
}
