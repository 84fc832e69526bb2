package duffel

import (
	"math"
	"strings"
)

// The sandbox's world: real airports and real carriers with their hubs.

// sbAirport is an airport the sandbox's schedule serves.
type sbAirport struct {
	IATA, Name, City, Country, Zone string
	Lat, Lng                        float64
}

// sbAirports are the airports the sandbox flies between (IATA code, name,
// city, ISO country, IANA zone, coordinates).
var sbAirports = []sbAirport{
	{"LOS", "Murtala Muhammed International Airport", "Lagos", "NG", "Africa/Lagos", 6.5774, 3.3212},
	{"ABV", "Nnamdi Azikiwe International Airport", "Abuja", "NG", "Africa/Lagos", 9.0068, 7.2632},
	{"PHC", "Port Harcourt International Airport", "Port Harcourt", "NG", "Africa/Lagos", 5.0155, 6.9496},
	{"KAN", "Mallam Aminu Kano International Airport", "Kano", "NG", "Africa/Lagos", 12.0476, 8.5246},
	{"ACC", "Kotoka International Airport", "Accra", "GH", "Africa/Accra", 5.6052, -0.1668},
	{"LFW", "Lomé–Tokoin International Airport", "Lomé", "TG", "Africa/Lome", 6.1656, 1.2545},
	{"COO", "Cadjehoun Airport", "Cotonou", "BJ", "Africa/Porto-Novo", 6.3573, 2.3844},
	{"ABJ", "Félix-Houphouët-Boigny International Airport", "Abidjan", "CI", "Africa/Abidjan", 5.2614, -3.9263},
	{"DKR", "Blaise Diagne International Airport", "Dakar", "SN", "Africa/Dakar", 14.6700, -17.0733},
	{"DLA", "Douala International Airport", "Douala", "CM", "Africa/Douala", 4.0061, 9.7195},
	{"NBO", "Jomo Kenyatta International Airport", "Nairobi", "KE", "Africa/Nairobi", -1.3192, 36.9278},
	{"ADD", "Addis Ababa Bole International Airport", "Addis Ababa", "ET", "Africa/Addis_Ababa", 8.9779, 38.7993},
	{"KGL", "Kigali International Airport", "Kigali", "RW", "Africa/Kigali", -1.9686, 30.1395},
	{"DAR", "Julius Nyerere International Airport", "Dar es Salaam", "TZ", "Africa/Dar_es_Salaam", -6.8781, 39.2026},
	{"ZNZ", "Abeid Amani Karume International Airport", "Zanzibar", "TZ", "Africa/Dar_es_Salaam", -6.2220, 39.2249},
	{"EBB", "Entebbe International Airport", "Entebbe", "UG", "Africa/Kampala", 0.0424, 32.4435},
	{"JNB", "O. R. Tambo International Airport", "Johannesburg", "ZA", "Africa/Johannesburg", -26.1392, 28.2460},
	{"CPT", "Cape Town International Airport", "Cape Town", "ZA", "Africa/Johannesburg", -33.9715, 18.6021},
	{"CAI", "Cairo International Airport", "Cairo", "EG", "Africa/Cairo", 30.1219, 31.4056},
	{"CMN", "Mohammed V International Airport", "Casablanca", "MA", "Africa/Casablanca", 33.3675, -7.5898},
	{"RAK", "Marrakesh Menara Airport", "Marrakesh", "MA", "Africa/Casablanca", 31.6069, -8.0363},
	{"MRU", "Sir Seewoosagur Ramgoolam International Airport", "Mauritius", "MU", "Indian/Mauritius", -20.4302, 57.6836},
	{"SEZ", "Seychelles International Airport", "Mahé", "SC", "Indian/Mahe", -4.6743, 55.5218},
	{"LHR", "Heathrow Airport", "London", "GB", "Europe/London", 51.4700, -0.4543},
	{"LGW", "Gatwick Airport", "London", "GB", "Europe/London", 51.1537, -0.1821},
	{"CDG", "Paris Charles de Gaulle Airport", "Paris", "FR", "Europe/Paris", 49.0097, 2.5479},
	{"AMS", "Amsterdam Airport Schiphol", "Amsterdam", "NL", "Europe/Amsterdam", 52.3105, 4.7683},
	{"FRA", "Frankfurt Airport", "Frankfurt", "DE", "Europe/Berlin", 50.0379, 8.5622},
	{"IST", "Istanbul Airport", "Istanbul", "TR", "Europe/Istanbul", 41.2753, 28.7519},
	{"MAD", "Adolfo Suárez Madrid–Barajas Airport", "Madrid", "ES", "Europe/Madrid", 40.4983, -3.5676},
	{"FCO", "Leonardo da Vinci–Fiumicino Airport", "Rome", "IT", "Europe/Rome", 41.8003, 12.2389},
	{"DXB", "Dubai International Airport", "Dubai", "AE", "Asia/Dubai", 25.2532, 55.3657},
	{"DOH", "Hamad International Airport", "Doha", "QA", "Asia/Qatar", 25.2731, 51.6081},
	{"JFK", "John F. Kennedy International Airport", "New York", "US", "America/New_York", 40.6413, -73.7781},
	{"EWR", "Newark Liberty International Airport", "Newark", "US", "America/New_York", 40.6895, -74.1745},
	{"IAD", "Washington Dulles International Airport", "Washington", "US", "America/New_York", 38.9531, -77.4565},
	{"ATL", "Hartsfield–Jackson Atlanta International Airport", "Atlanta", "US", "America/New_York", 33.6407, -84.4277},
	{"YYZ", "Toronto Pearson International Airport", "Toronto", "CA", "America/Toronto", 43.6777, -79.6248},
	{"GRU", "São Paulo/Guarulhos International Airport", "São Paulo", "BR", "America/Sao_Paulo", -23.4356, -46.4731},
}

var sbAirportIndex = func() map[string]sbAirport {
	m := make(map[string]sbAirport, len(sbAirports))
	for _, a := range sbAirports {
		m[a.IATA] = a
	}
	return m
}()

// sandboxAirport finds an airport by IATA code.
func sandboxAirport(code string) (sbAirport, bool) {
	a, ok := sbAirportIndex[strings.ToUpper(code)]
	return a, ok
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
}

var sbCarriers = []sbCarrier{
	{"P4", "Air Peace", "NG", "LOS", []string{"GH", "SN", "CI", "CM", "BJ", "ZA", "GB", "AE"}, 0.92},
	{"W3", "Arik Air", "NG", "LOS", []string{"GH", "BJ"}, 0.88},
	{"AW", "Africa World Airlines", "GH", "ACC", []string{"NG", "CI", "SN"}, 0.97},
	{"KP", "ASKY Airlines", "TG", "LFW", []string{"NG", "GH", "BJ", "CI", "SN", "CM"}, 1.0},
	{"HF", "Air Côte d'Ivoire", "CI", "ABJ", []string{"GH", "NG", "SN", "BJ", "TG"}, 1.02},
	{"ET", "Ethiopian Airlines", "ET", "ADD", nil, 1.0},
	{"KQ", "Kenya Airways", "KE", "NBO", []string{"TZ", "UG", "RW"}, 1.05},
	{"WB", "RwandAir", "RW", "KGL", []string{"KE", "UG", "TZ"}, 0.98},
	{"SA", "South African Airways", "ZA", "JNB", nil, 1.08},
	{"MS", "EgyptAir", "EG", "CAI", nil, 0.95},
	{"AT", "Royal Air Maroc", "MA", "CMN", nil, 0.93},
	{"BA", "British Airways", "GB", "LHR", nil, 1.25},
	{"AF", "Air France", "FR", "CDG", nil, 1.2},
	{"KL", "KLM", "NL", "AMS", nil, 1.18},
	{"LH", "Lufthansa", "DE", "FRA", nil, 1.22},
	{"TK", "Turkish Airlines", "TR", "IST", nil, 1.0},
	{"EK", "Emirates", "AE", "DXB", nil, 1.15},
	{"QR", "Qatar Airways", "QA", "DOH", nil, 1.12},
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
		return true
	}
	home, other := a, b
	if b.Country == c.Country {
		home, other = b, a
	}
	if home.Country != c.Country {
		return false
	}
	for _, r := range c.Regional {
		if r == other.Country {
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
