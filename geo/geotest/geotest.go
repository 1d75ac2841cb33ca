// Package geotest writes small MaxMind-format City databases for tests.
package geotest

import (
	"net"
	"os"
	"path/filepath"
	"testing"

	"github.com/maxmind/mmdbwriter"
	"github.com/maxmind/mmdbwriter/mmdbtype"
)

// Entry is one network of a test database.
type Entry struct {
	CIDR    string // e.g. "81.2.69.0/24"
	City    string // English city name, "" for none
	ISOCode string // country ISO code, e.g. "GB"
	Country string // English country name
}

// WriteCityDB writes a GeoIP2-City-shaped .mmdb holding entries into t's temp dir
// and returns its path.
func WriteCityDB(t testing.TB, entries ...Entry) string {
	t.Helper()
	tree, err := mmdbwriter.New(mmdbwriter.Options{DatabaseType: "GeoIP2-City", RecordSize: 24, Languages: []string{"en"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, en := range entries {
		_, network, err := net.ParseCIDR(en.CIDR)
		if err != nil {
			t.Fatal(err)
		}
		rec := mmdbtype.Map{
			"country": mmdbtype.Map{
				"iso_code": mmdbtype.String(en.ISOCode),
				"names":    mmdbtype.Map{"en": mmdbtype.String(en.Country)},
			},
		}
		if en.City != "" {
			rec["city"] = mmdbtype.Map{"names": mmdbtype.Map{"en": mmdbtype.String(en.City)}}
		}
		if err := tree.Insert(network, rec); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(t.TempDir(), "city.mmdb")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := tree.WriteTo(f); err != nil {
		t.Fatal(err)
	}
	return path
}
