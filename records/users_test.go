package records_test

import (
	"testing"

	"github.com/folio/folio/records"
)

// An account's device and browser as the accounts list shows them.
func TestDescribeUserAgent(t *testing.T) {
	t.Parallel()
	cases := []struct{ ua, device, browser string }{
		{"Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
			"Mobile · iPhone · iPhone OS 17.0", "Safari 17.0"},
		{"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
			"Desktop · Windows 10", "Chrome 120.0.0.0"},
		{"Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36",
			"Mobile · Pixel 8 · Android 14", "Chrome 120.0.0.0"},
		{"Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0", "Desktop · Linux", "Firefox 121.0"},
		{"Googlebot/2.1 (+http://www.google.com/bot.html)", "Bot", "Googlebot"},
		{"curl/8.4.0", "Other", "curl 8.4.0"},
		{"", "", ""},
	}
	for _, tc := range cases {
		device, browser := records.DescribeUserAgent(tc.ua)
		if device != tc.device || browser != tc.browser {
			t.Errorf("%q: got %q / %q, want %q / %q", tc.ua, device, browser, tc.device, tc.browser)
		}
	}
}
