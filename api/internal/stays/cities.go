package stays

import "strings"

// City is a place travellers can search by name; its centre is searched
// within DefaultRadius km.
type City struct {
	Name     string  `json:"name"`
	Country  string  `json:"country"`
	Lat      float64 `json:"lat"`
	Lng      float64 `json:"lng"`
	TimeZone string  `json:"time_zone"`
}

// Cities are the cities the hotel search knows by name.
var Cities = []City{
	{"Lagos", "NG", 6.4474, 3.4203, "Africa/Lagos"},
	{"Accra", "GH", 5.5913, -0.1870, "Africa/Accra"},
	{"Nairobi", "KE", -1.2864, 36.8172, "Africa/Nairobi"},
	{"Cape Town", "ZA", -33.9249, 18.4241, "Africa/Johannesburg"},
	{"Marrakech", "MA", 31.6295, -7.9811, "Africa/Casablanca"},
	{"Kigali", "RW", -1.9441, 30.0619, "Africa/Kigali"},
	{"London", "GB", 51.5072, -0.1276, "Europe/London"},
	{"Paris", "FR", 48.8566, 2.3522, "Europe/Paris"},
	{"Lisbon", "PT", 38.7223, -9.1393, "Europe/Lisbon"},
	{"Dubai", "AE", 25.2048, 55.2708, "Asia/Dubai"},
}

// cityByName finds a city by its name, case and spacing aside.
func cityByName(name string) (City, bool) {
	n := strings.Join(strings.Fields(strings.ToLower(name)), " ")
	for _, c := range Cities {
		if strings.ToLower(c.Name) == n {
			return c, true
		}
	}
	return City{}, false
}
