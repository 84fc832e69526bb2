package airportdata

import (
	"regexp"
	"testing"
	"time"
)

func TestDataset(t *testing.T) {
	list := All()
	if len(list) < 2500 {
		t.Fatalf("only %d airports", len(list))
	}
	code := regexp.MustCompile(`^[A-Z]{3}$`)
	zones := map[string]bool{}
	for i, a := range list {
		if !code.MatchString(a.IATA) {
			t.Fatalf("bad IATA %q", a.IATA)
		}
		if i > 0 && list[i-1].IATA >= a.IATA {
			t.Fatalf("not sorted or duplicate at %s", a.IATA)
		}
		if a.Name == "" || len(a.Country) != 2 || a.CountryName == "" {
			t.Fatalf("incomplete %+v", a)
		}
		if a.Lat < -90 || a.Lat > 90 || a.Lng < -180 || a.Lng > 180 {
			t.Fatalf("bad coordinates %+v", a)
		}
		if !zones[a.TimeZone] {
			if _, err := time.LoadLocation(a.TimeZone); err != nil {
				t.Fatalf("%s: zone %q: %v", a.IATA, a.TimeZone, err)
			}
			zones[a.TimeZone] = true
		}
	}
}

func TestByIATA(t *testing.T) {
	cases := map[string]struct{ icao, city, country, zone string }{
		"LOS": {"DNMM", "Lagos", "NG", "Africa/Lagos"},
		"acc": {"DGAA", "Accra", "GH", "Africa/Accra"},
		"JFK": {"KJFK", "New York", "US", "America/New_York"},
		"LHR": {"EGLL", "London", "GB", "Europe/London"},
		"NBO": {"HKJK", "Nairobi", "KE", "Africa/Nairobi"},
	}
	for code, want := range cases {
		a, ok := ByIATA(code)
		if !ok {
			t.Fatalf("%s missing", code)
		}
		if a.ICAO != want.icao || a.City != want.city || a.Country != want.country || a.TimeZone != want.zone || !a.Large {
			t.Errorf("%s = %+v", code, a)
		}
	}
	if _, ok := ByIATA("ZZZ"); ok {
		t.Error("ZZZ found")
	}
}
