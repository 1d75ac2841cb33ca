package analytics

import (
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mssola/useragent"
)

// Source is where a view came from and on what, as stored on its event. Nothing in it
// identifies a person.
type Source struct {
	Referrer, Source, Medium, Campaign, Device, Browser, OS, Path string
}

// Direct is the source of a view without a usable referrer or utm_source.
const Direct = "Direct"

// Devices.
const (
	DeviceDesktop = "desktop"
	DeviceMobile  = "mobile"
	DeviceTablet  = "tablet"
)

// Field limits (the events fields' sizes in migration 1764270000).
const (
	maxReferrer = 512
	maxPath     = 512
	maxHost     = 255
	maxUTM      = 128
	maxName     = 64
)

// clip makes s plain text of at most n bytes: valid UTF-8, no control characters, cut
// at a character boundary.
func clip(s string, n int) string {
	s = strings.ToValidUTF8(s, "")
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return -1
		}
		return r
	}, s)
	s = strings.TrimSpace(s)
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut]
}

// ParseSource reads a view beacon's referrer and page path (which may carry utm_source,
// utm_medium, utm_campaign) and the request's User-Agent. A referrer from one of
// ownHosts (the site itself) is no source. The referrer is kept as clipped plain text
// whatever it holds; only an http(s) URL with a host names a source.
func ParseSource(referrer, path, ua string, ownHosts []string) Source {
	s := Source{Referrer: clip(referrer, maxReferrer), Source: Direct}
	if u, err := url.Parse(s.Referrer); err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Hostname() != "" {
		host := strings.TrimPrefix(strings.ToLower(u.Hostname()), "www.")
		own := false
		for _, h := range ownHosts {
			if h = strings.TrimPrefix(strings.ToLower(h), "www."); h != "" && h == host {
				own = true
			}
		}
		if !own {
			s.Source = clip(host, maxHost)
		}
	}
	if u, err := url.Parse(clip(path, 2048)); err == nil {
		if strings.HasPrefix(u.Path, "/") {
			s.Path = clip(u.Path, maxPath)
		}
		q := u.Query()
		if v := clip(q.Get("utm_source"), maxUTM); v != "" {
			s.Source = v
		}
		s.Medium = clip(q.Get("utm_medium"), maxUTM)
		s.Campaign = clip(q.Get("utm_campaign"), maxUTM)
	}
	s.Device, s.Browser, s.OS = Device(ua)
	return s
}

// Device classifies a User-Agent: its device class, browser and system names ("" for
// ones it cannot name).
func Device(ua string) (device, browser, os string) {
	p := useragent.New(ua)
	device = DeviceDesktop
	switch {
	case strings.Contains(ua, "iPad") || strings.Contains(ua, "Tablet") ||
		(strings.Contains(ua, "Android") && !strings.Contains(ua, "Mobile")):
		device = DeviceTablet
	case p.Mobile():
		device = DeviceMobile
	}
	name, _ := p.Browser()
	return device, clip(name, maxName), clip(osName(ua, p.OSInfo().Name), maxName)
}

// osName gives Apple's systems their own names (the parser says "iPhone OS", "OS" for an
// iPad and "Mac OS X").
func osName(ua, name string) string {
	switch {
	case strings.Contains(ua, "iPad"):
		return "iPadOS"
	case name == "iPhone OS":
		return "iOS"
	case name == "Mac OS X":
		return "macOS"
	}
	return name
}
