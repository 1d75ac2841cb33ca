// Package geo maps an IP address to a {city, country} location without any network call:
// an embedded IP-to-country table by default, city too from a MaxMind-format .mmdb file.
package geo

import (
	"net/netip"
	"strings"
	"unicode/utf8"

	"github.com/oschwald/maxminddb-golang/v2"
	"github.com/phuslu/iploc"
	"golang.org/x/text/language"
	"golang.org/x/text/language/display"
)

// MaxLen bounds a city or country name (the events fields hold 128 characters).
const MaxLen = 128

// Location is where an address is; unknown parts stay empty.
type Location struct {
	City    string `json:"city"`
	Country string `json:"country"`
}

// Locator answers Lookup from an optional .mmdb file, falling back to the embedded table.
// The zero value and nil use the embedded table only. Safe for concurrent use.
type Locator struct {
	db *maxminddb.Reader
}

// Open returns a Locator reading path (a GeoLite2/GeoIP2 City or Country .mmdb);
// an empty path gives the embedded country table alone.
func Open(path string) (*Locator, error) {
	if path == "" {
		return &Locator{}, nil
	}
	db, err := maxminddb.Open(path)
	if err != nil {
		return nil, err
	}
	return &Locator{db: db}, nil
}

// OpenBytes is Open for a database already in memory.
func OpenBytes(b []byte) (*Locator, error) {
	db, err := maxminddb.OpenBytes(b)
	if err != nil {
		return nil, err
	}
	return &Locator{db: db}, nil
}

// Close releases the .mmdb file, if any.
func (l *Locator) Close() error {
	if l == nil || l.db == nil {
		return nil
	}
	return l.db.Close()
}

// mmdbRecord is the part of the GeoIP2/GeoLite2 City and Country layouts Folio reads.
type mmdbRecord struct {
	City struct {
		Names map[string]string `maxminddb:"names"`
	} `maxminddb:"city"`
	Country struct {
		ISOCode string            `maxminddb:"iso_code"`
		Names   map[string]string `maxminddb:"names"`
	} `maxminddb:"country"`
}

// Lookup locates ip (text form); private, reserved, malformed and unknown addresses
// give an empty Location. It never fails.
func (l *Locator) Lookup(ip string) Location {
	addr, err := netip.ParseAddr(strings.TrimSpace(ip))
	if err != nil {
		return Location{}
	}
	addr = addr.Unmap()
	if !addr.IsGlobalUnicast() || addr.IsPrivate() {
		return Location{}
	}
	var loc Location
	if l != nil && l.db != nil {
		var rec mmdbRecord
		if res := l.db.Lookup(addr); res.Found() && res.Decode(&rec) == nil {
			loc.City = Clean(rec.City.Names["en"])
			loc.Country = CountryName(rec.Country.ISOCode)
			if loc.Country == "" {
				loc.Country = Clean(rec.Country.Names["en"])
			}
		}
	}
	if loc.Country == "" {
		loc.Country = CountryName(iploc.IPCountry(addr))
	}
	return loc
}

// CountryName turns an ISO 3166-1 alpha-2 code into its English name, so every source
// (embedded table, .mmdb, CDN header) reports the same spelling. Unknown codes ("XX",
// Tor's "T1", "ZZ") give "".
func CountryName(code string) string {
	code = strings.ToUpper(strings.TrimSpace(code))
	if len(code) != 2 || code == "XX" || code == "ZZ" || code == "T1" {
		return ""
	}
	region, err := language.ParseRegion(code)
	if err != nil || !region.IsCountry() {
		return ""
	}
	if name := display.English.Regions().Name(region); name != "" {
		return name
	}
	return code
}

// Clean trims s, drops invalid UTF-8 and control characters and bounds it to MaxLen runes.
func Clean(s string) string {
	s = strings.TrimSpace(strings.ToValidUTF8(s, ""))
	s = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return -1
		}
		return r
	}, s)
	if utf8.RuneCountInString(s) > MaxLen {
		s = string([]rune(s)[:MaxLen])
	}
	return s
}
