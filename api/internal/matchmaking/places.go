package matchmaking

import (
	"context"
	"strings"

	"sojourn/api/internal/airports"
)

// Places finds a city's airports (airports.Service): a city missing from the
// table below is placed at its first airport, which is a city-level point too.
type Places interface {
	Search(ctx context.Context, q string, limit int) ([]airports.Airport, error)
}

type point struct{ lat, lng float64 }

// centres are the city centres of the cities most Sojourn members live in
// (a bounded table: a city's centre, never anyone's address).
var centres = map[string]point{
	"lagos|NG": {6.5244, 3.3792}, "abuja|NG": {9.0765, 7.3986}, "ibadan|NG": {7.3775, 3.9470},
	"port harcourt|NG": {4.8156, 7.0498}, "kano|NG": {12.0022, 8.5920}, "enugu|NG": {6.4584, 7.5464},
	"benin city|NG": {6.3350, 5.6037}, "accra|GH": {5.6037, -0.1870}, "kumasi|GH": {6.6885, -1.6244},
	"tamale|GH": {9.4008, -0.8393}, "takoradi|GH": {4.8845, -1.7554}, "nairobi|KE": {-1.2921, 36.8219},
	"mombasa|KE": {-4.0435, 39.6682}, "kisumu|KE": {-0.0917, 34.7680}, "nakuru|KE": {-0.3031, 36.0800},
	"johannesburg|ZA": {-26.2041, 28.0473}, "cape town|ZA": {-33.9249, 18.4241}, "durban|ZA": {-29.8587, 31.0218},
	"pretoria|ZA": {-25.7479, 28.2293}, "london|GB": {51.5074, -0.1278}, "manchester|GB": {53.4808, -2.2426},
	"birmingham|GB": {52.4862, -1.8904}, "leeds|GB": {53.8008, -1.5491}, "glasgow|GB": {55.8642, -4.2518},
	"edinburgh|GB": {55.9533, -3.1883}, "bristol|GB": {51.4545, -2.5879}, "kigali|RW": {-1.9441, 30.0619},
	"marrakech|MA": {31.6295, -7.9811}, "paris|FR": {48.8566, 2.3522}, "lisbon|PT": {38.7223, -9.1393},
	"dubai|AE": {25.2048, 55.2708},
}

// countryNames names the countries of the table (others show their code).
var countryNames = map[string]string{"NG": "Nigeria", "GH": "Ghana", "KE": "Kenya", "ZA": "South Africa",
	"GB": "United Kingdom", "RW": "Rwanda", "MA": "Morocco", "FR": "France", "PT": "Portugal", "AE": "United Arab Emirates"}

// place is "City, Country" as others see it ("" when neither is known).
func place(city, country string) string {
	name := countryNames[strings.ToUpper(country)]
	if name == "" {
		name = strings.ToUpper(country)
	}
	switch {
	case city == "":
		return name
	case name == "":
		return city
	}
	return city + ", " + name
}

// locate is the city-level point of a home city (ok false when unknown).
func locate(ctx context.Context, places Places, city, country string) (point, bool) {
	city, country = strings.TrimSpace(city), strings.ToUpper(strings.TrimSpace(country))
	if city == "" {
		return point{}, false
	}
	if p, ok := centres[strings.ToLower(city)+"|"+country]; ok {
		return p, true
	}
	if places == nil {
		return point{}, false
	}
	found, err := places.Search(ctx, city, 8)
	if err != nil {
		return point{}, false
	}
	for _, a := range found {
		if strings.EqualFold(a.City, city) && (country == "" || strings.EqualFold(a.Country, country)) {
			return point{a.Lat, a.Lng}, true
		}
	}
	return point{}, false
}
