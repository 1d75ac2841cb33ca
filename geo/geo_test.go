package geo_test

import (
	"testing"

	"github.com/folio/folio/geo"
	"github.com/folio/folio/geo/geotest"
)

func TestLookupEmbedded(t *testing.T) {
	l, err := geo.Open("")
	if err != nil {
		t.Fatal(err)
	}
	cases := map[string]geo.Location{
		"8.8.8.8":        {Country: "United States"},
		"2001:4860::1":   {Country: "United States"},
		"127.0.0.1":      {},
		"10.1.2.3":       {},
		"192.168.1.1":    {},
		"::1":            {},
		"not an ip":      {},
		"":               {},
		"::ffff:8.8.8.8": {Country: "United States"},
	}
	for ip, want := range cases {
		if got := l.Lookup(ip); got != want {
			t.Errorf("Lookup(%q) = %+v, want %+v", ip, got, want)
		}
	}
	var nilLocator *geo.Locator
	if got := nilLocator.Lookup("8.8.8.8"); got.Country != "United States" {
		t.Errorf("nil locator: %+v", got)
	}
}

func TestLookupMMDB(t *testing.T) {
	path := geotest.WriteCityDB(t,
		geotest.Entry{CIDR: "81.2.69.0/24", City: "London", ISOCode: "GB", Country: "United Kingdom"},
		geotest.Entry{CIDR: "89.160.20.0/24", ISOCode: "SE", Country: "Sweden"},
	)
	l, err := geo.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	cases := map[string]geo.Location{
		"81.2.69.142": {City: "London", Country: "United Kingdom"},
		"89.160.20.1": {Country: "Sweden"},
		"8.8.8.8":     {Country: "United States"}, // not in the file: embedded country
		"127.0.0.1":   {},
	}
	for ip, want := range cases {
		if got := l.Lookup(ip); got != want {
			t.Errorf("Lookup(%q) = %+v, want %+v", ip, got, want)
		}
	}
	if _, err := geo.Open(path + ".missing"); err == nil {
		t.Error("Open of a missing file: want an error")
	}
}

func TestCountryName(t *testing.T) {
	cases := map[string]string{"us": "United States", "DE": "Germany", "XX": "", "T1": "", "": "", "ZZ": "", "USA": "", "1!": ""}
	for code, want := range cases {
		if got := geo.CountryName(code); got != want {
			t.Errorf("CountryName(%q) = %q, want %q", code, got, want)
		}
	}
}

func TestClean(t *testing.T) {
	long := make([]rune, 300)
	for i := range long {
		long[i] = 'é'
	}
	if got := []rune(geo.Clean(string(long))); len(got) != geo.MaxLen {
		t.Errorf("Clean kept %d runes", len(got))
	}
	if got := geo.Clean(" São\x00 Paulo\n "); got != "São Paulo" {
		t.Errorf("Clean = %q", got)
	}
}
