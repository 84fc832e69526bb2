package duffel

import (
	"math"

	"sojourn/api/internal/platform/airportdata"
)

// The sandbox's world: real airports and real carriers with their hubs.

// sbAirport is an airport the sandbox's schedule serves.
type sbAirport struct {
	IATA, Name, City, Country, Zone string
	Lat, Lng                        float64
	Large                           bool
}

// sandboxAirport finds an airport of the dataset (OurAirports' airports
// with scheduled service) by IATA code.
func sandboxAirport(code string) (sbAirport, bool) {
	a, ok := airportdata.ByIATA(code)
	if !ok {
		return sbAirport{}, false
	}
	city := a.City
	if city == "" {
		city = a.Name
	}
	return sbAirport{IATA: a.IATA, Name: a.Name, City: city, Country: a.Country, Zone: a.TimeZone, Lat: a.Lat,
		Lng: a.Lng, Large: a.Large}, true
}

// SandboxServes tells whether the sandbox's schedule serves an airport.
func SandboxServes(code string) bool { _, ok := sandboxAirport(code); return ok }

func (a sbAirport) place() Place {
	lat, lng := a.Lat, a.Lng
	return Place{Type: "airport", IATACode: a.IATA, Name: a.Name, CityName: a.City, IATACountryCode: a.Country,
		TimeZone: a.Zone, Latitude: &lat, Longitude: &lng}
}

// sbCarrier is an airline: its home country, its hub, and the countries it
// flies to directly from home (besides its hub's routes).
type sbCarrier struct {
	Code, Name, Country, Hub string
	Regional                 []string
	Factor                   float64 // price level against the route's base fare
	// Network carriers fly from their hub to every large airport.
	Network bool
}

var sbCarriers = []sbCarrier{
	{"P4", "Air Peace", "NG", "LOS", []string{"GH", "SN", "CI", "CM", "BJ", "ZA", "GB", "AE"}, 0.92, false},
	{"W3", "Arik Air", "NG", "LOS", []string{"GH", "BJ"}, 0.88, false},
	{"AW", "Africa World Airlines", "GH", "ACC", []string{"NG", "CI", "SN"}, 0.97, false},
	{"KP", "ASKY Airlines", "TG", "LFW", []string{"NG", "GH", "BJ", "CI", "SN", "CM"}, 1.0, false},
	{"HF", "Air Côte d'Ivoire", "CI", "ABJ", []string{"GH", "NG", "SN", "BJ", "TG"}, 1.02, false},
	{"ET", "Ethiopian Airlines", "ET", "ADD", nil, 1.0, true},
	{"KQ", "Kenya Airways", "KE", "NBO", []string{"TZ", "UG", "RW"}, 1.05, false},
	{"WB", "RwandAir", "RW", "KGL", []string{"KE", "UG", "TZ"}, 0.98, false},
	{"SA", "South African Airways", "ZA", "JNB", nil, 1.08, true},
	{"MS", "EgyptAir", "EG", "CAI", nil, 0.95, true},
	{"AT", "Royal Air Maroc", "MA", "CMN", nil, 0.93, true},
	{"BA", "British Airways", "GB", "LHR", nil, 1.25, true},
	{"AF", "Air France", "FR", "CDG", nil, 1.2, true},
	{"KL", "KLM", "NL", "AMS", nil, 1.18, true},
	{"LH", "Lufthansa", "DE", "FRA", nil, 1.22, true},
	{"TK", "Turkish Airlines", "TR", "IST", nil, 1.0, true},
	{"EK", "Emirates", "AE", "DXB", nil, 1.15, true},
	{"QR", "Qatar Airways", "QA", "DOH", nil, 1.12, true},
	{"DL", "Delta Air Lines", "US", "ATL", []string{"CA", "MX"}, 1.1, true},
	{"UA", "United Airlines", "US", "EWR", []string{"CA", "MX"}, 1.12, true},
	{"AC", "Air Canada", "CA", "YYZ", []string{"US"}, 1.08, true},
}

// distanceKm is the great-circle distance.
func distanceKm(a, b sbAirport) float64 {
	const r = 6371.0
	rad := math.Pi / 180
	dLat, dLng := (b.Lat-a.Lat)*rad, (b.Lng-a.Lng)*rad
	h := math.Sin(dLat/2)*math.Sin(dLat/2) +
		math.Cos(a.Lat*rad)*math.Cos(b.Lat*rad)*math.Sin(dLng/2)*math.Sin(dLng/2)
	return 2 * r * math.Asin(math.Sqrt(h))
}

// servesDirect says whether c flies a to b non-stop.
func (c sbCarrier) servesDirect(a, b sbAirport) bool {
	if a.Country == b.Country {
		return c.Country == a.Country && distanceKm(a, b) > 150
	}
	if c.Hub == a.IATA || c.Hub == b.IATA {
		other := b
		if c.Hub == b.IATA {
			other = a
		}
		return other.Country == c.Country || c.Network && other.Large || regional(c, other.Country) ||
			distanceKm(a, b) < 3000
	}
	home, other := a, b
	if b.Country == c.Country {
		home, other = b, a
	}
	if home.Country != c.Country {
		return false
	}
	return regional(c, other.Country)
}

func regional(c sbCarrier, country string) bool {
	for _, r := range c.Regional {
		if r == country {
			return true
		}
	}
	return false
}

func sbAircraft(km float64, h uint64) Aircraft {
	switch {
	case km < 900:
		return []Aircraft{{"DH4", "De Havilland Canada Dash 8-400"}, {"E90", "Embraer 190"}, {"73H", "Boeing 737-800"}}[h%3]
	case km < 4500:
		return []Aircraft{{"7M8", "Boeing 737 MAX 8"}, {"32N", "Airbus A320neo"}, {"73H", "Boeing 737-800"}}[h%3]
	default:
		return []Aircraft{{"789", "Boeing 787-9"}, {"359", "Airbus A350-900"}, {"77W", "Boeing 777-300ER"}}[h%3]
	}
}
