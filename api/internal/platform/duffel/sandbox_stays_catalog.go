package duffel

import (
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"
)

// The sandbox's properties: a fixed, believable set in ten cities, built
// once from the table below (names, streets and prices are invented but
// plausible; coordinates are offsets from each city's centre).

type sbCity struct {
	Name, Region, Country, Zone, Postal string
	Lat, Lng                            float64
	Scene                               int // the photo palette
}

type sbProperty struct {
	ID, Name, Street, Description string
	City                          *sbCity
	Lat, Lng                      float64
	Stars                         int
	Review                        float64
	Reviews                       int
	Base                          int64 // NGN minor units, one standard room for two, one weeknight, room only
	Amenities                     []Amenity
	Rooms                         []sbRoom
	FreeDays                      int // free cancellation until this many days before check-in
	Phone, Email                  string
}

type sbRoom struct {
	Name  string
	Beds  []Bed
	Max   int     // guests per room
	Mult  float64 // of the property's base
	Count int     // rooms of this type
}

// StaysCities are the sandbox's cities (what the stays domain can map a
// city name to).
var sbCities = []*sbCity{
	{"Lagos", "Lagos", "NG", "Africa/Lagos", "101233", 6.4474, 3.4203, 0},
	{"Accra", "Greater Accra", "GH", "Africa/Accra", "GA-110", 5.5913, -0.1870, 1},
	{"Nairobi", "Nairobi County", "KE", "Africa/Nairobi", "00100", -1.2864, 36.8172, 2},
	{"Cape Town", "Western Cape", "ZA", "Africa/Johannesburg", "8001", -33.9249, 18.4241, 3},
	{"Marrakech", "Marrakech-Safi", "MA", "Africa/Casablanca", "40000", 31.6295, -7.9811, 4},
	{"Kigali", "Kigali City", "RW", "Africa/Kigali", "00000", -1.9441, 30.0619, 5},
	{"London", "England", "GB", "Europe/London", "WC2N 5DU", 51.5072, -0.1276, 6},
	{"Paris", "Île-de-France", "FR", "Europe/Paris", "75001", 48.8566, 2.3522, 7},
	{"Lisbon", "Lisboa", "PT", "Europe/Lisbon", "1100-148", 38.7223, -9.1393, 8},
	{"Dubai", "Dubai", "AE", "Asia/Dubai", "00000", 25.2048, 55.2708, 9},
}

// name | street | stars | review | reviews | base nightly (NGN) | amenities | dlat | dlng | free days
const sbTable = `Lagos
Ikoyi Palm Residence|14 Bourdillon Road, Ikoyi|5|9.1|842|285000|pool,spa,gym,wifi,restaurant,parking,24_hour_front_desk,room_service|0.0031|0.0152|7
Lekki Lagoon Hotel|22 Admiralty Way, Lekki Phase 1|4|8.4|1210|165000|pool,wifi,gym,restaurant,parking,business_centre|-0.0145|0.0561|3
Victoria Island Courtyard|1 Adeola Odeku Street, Victoria Island|4|8.0|965|148000|wifi,restaurant,gym,parking,24_hour_front_desk|-0.0178|0.0021|2
Yaba Tech Suites|37 Herbert Macaulay Way, Yaba|3|7.6|388|72000|wifi,parking,restaurant,business_centre|0.0615|-0.0379|1
Eko Boardwalk Inn|5 Ahmadu Bello Way, Victoria Island|3|7.9|512|88000|wifi,restaurant,24_hour_front_desk,laundry|-0.0221|-0.0089|2
Ikeja Airport Gardens|9 Mobolaji Bank Anthony Way, Ikeja|4|8.2|1433|121000|pool,wifi,gym,restaurant,parking,airport_shuttle|0.1523|-0.0678|3
Accra
Osu Coastline Hotel|18 Oxford Street, Osu|4|8.6|1022|138000|pool,wifi,restaurant,gym,parking,24_hour_front_desk|-0.0362|0.0093|3
Labone Garden Suites|7 Second Norla Street, Labone|3|8.3|416|79000|wifi,parking,restaurant,laundry|-0.0248|0.0215|2
Airport City Grand|3 Liberation Road, Airport City|5|9.0|1894|242000|pool,spa,gym,wifi,restaurant,parking,airport_shuttle,room_service|0.0117|0.0242|7
Cantonments Embassy Lodge|12 Switchback Road, Cantonments|4|8.8|633|152000|pool,wifi,gym,restaurant,parking|-0.0134|0.0301|3
Jamestown Lighthouse Inn|4 High Street, Jamestown|3|7.7|287|61000|wifi,restaurant,24_hour_front_desk|-0.0429|-0.0212|1
Labadi Beach Resort|1 La Beach Road, Labadi|5|8.9|2210|265000|pool,spa,beach,gym,wifi,restaurant,parking,room_service|-0.0318|0.0588|7
East Legon Boutique|25 Lagos Avenue, East Legon|4|8.5|521|119000|pool,wifi,restaurant,parking,laundry|0.0487|0.0471|2
Nairobi
Westlands Skyline Hotel|Waiyaki Way 112, Westlands|4|8.5|1377|134000|pool,wifi,gym,restaurant,parking,business_centre|0.0196|-0.0379|3
Karen Forest Lodge|Karen Road 41, Karen|4|9.2|584|171000|pool,spa,wifi,restaurant,parking,garden|-0.0536|-0.1095|7
Kilimani Urban Suites|Argwings Kodhek Road 8, Kilimani|3|8.1|466|74000|wifi,gym,parking,laundry|-0.0091|-0.0298|2
Gigiri Diplomat Hotel|United Nations Avenue 3, Gigiri|5|9.0|1021|236000|pool,spa,gym,wifi,restaurant,parking,room_service|0.0543|0.0011|7
CBD Kenyatta Inn|Kenyatta Avenue 56, Central|3|7.5|902|58000|wifi,restaurant,24_hour_front_desk|0.0011|0.0043|1
Lavington Green Residence|James Gichuru Road 19, Lavington|4|8.7|349|126000|pool,wifi,gym,restaurant,parking|-0.0006|-0.0601|3
Cape Town
Table Bay Harbour Hotel|Quay 6, V&A Waterfront|5|9.3|2874|318000|pool,spa,gym,wifi,restaurant,parking,room_service,sea_view|0.0192|-0.0056|7
Camps Bay Ocean Villa|52 Victoria Road, Camps Bay|5|9.4|711|344000|pool,spa,wifi,restaurant,parking,beach,sea_view|-0.0276|-0.0494|7
Bo-Kaap Heritage House|88 Wale Street, Bo-Kaap|3|8.6|402|82000|wifi,laundry,garden|0.0003|-0.0072|2
Sea Point Promenade Hotel|101 Beach Road, Sea Point|4|8.4|1255|146000|pool,wifi,gym,restaurant,parking,sea_view|0.0161|-0.0366|3
Gardens Mountain Lodge|14 Kloof Nek Road, Gardens|4|8.9|536|128000|pool,wifi,restaurant,parking,garden|-0.0103|-0.0121|3
Woodstock Design Hotel|160 Albert Road, Woodstock|3|8.0|318|69000|wifi,gym,restaurant,parking|-0.0061|0.0273|1
Marrakech
Riad Dar Zitoun|17 Derb Sidi Bouloukat, Medina|4|9.2|964|118000|pool,wifi,restaurant,spa,garden,airport_shuttle|0.0001|-0.0072|3
Palmeraie Oasis Resort|Circuit de la Palmeraie|5|9.0|1532|298000|pool,spa,gym,wifi,restaurant,parking,garden,room_service|0.0676|0.0356|7
Gueliz Atlas Hotel|45 Avenue Mohammed V, Gueliz|4|8.1|1104|96000|pool,wifi,restaurant,parking,gym|0.0052|-0.0198|2
Riad Bab Doukkala|6 Derb Arset Aouzal, Medina|3|8.8|377|64000|wifi,restaurant,garden|0.0099|-0.0135|2
Hivernage Garden Palace|Avenue Echouhada, Hivernage|5|8.9|1981|254000|pool,spa,gym,wifi,restaurant,parking,room_service|-0.0084|-0.0227|7
Kasbah Mellah Lodge|29 Rue Riad Zitoun Jdid, Mellah|3|8.2|254|58000|wifi,restaurant,laundry|-0.0081|-0.0003|1
Kigali
Kigali Hills Hotel|KN 3 Avenue 12, Kiyovu|5|9.1|1212|224000|pool,spa,gym,wifi,restaurant,parking,room_service|-0.0045|0.0008|7
Nyarutarama Lake View|KG 9 Avenue 40, Nyarutarama|4|8.7|498|131000|pool,wifi,gym,restaurant,parking|0.0282|0.0518|3
Kimihurura Garden Suites|KG 7 Avenue 18, Kimihurura|4|8.8|366|112000|wifi,restaurant,parking,garden,gym|0.0011|0.0375|3
Remera Business Inn|KG 11 Avenue 5, Remera|3|7.9|403|66000|wifi,restaurant,parking,business_centre|0.0032|0.0702|2
Nyamirambo Heritage Stay|KN 2 Street 33, Nyamirambo|3|8.4|192|52000|wifi,restaurant,laundry|-0.0262|-0.0194|1
Gisozi Ridge Lodge|KG 14 Avenue 9, Gisozi|3|8.0|147|57000|wifi,parking,garden|0.0394|0.0231|2
London
The Strand Meridian|372 Strand, Covent Garden|5|9.0|3541|612000|spa,gym,wifi,restaurant,room_service,24_hour_front_desk,concierge|0.0033|-0.0010|7
Kensington Row Hotel|41 Cromwell Road, South Kensington|4|8.5|2217|388000|wifi,gym,restaurant,24_hour_front_desk,concierge|-0.0107|-0.0474|3
Shoreditch Yard Rooms|88 Great Eastern Street, Shoreditch|4|8.7|1463|336000|wifi,gym,restaurant,bar,24_hour_front_desk|0.0183|0.0111|2
Paddington Canal Inn|12 Praed Street, Paddington|3|7.8|2094|242000|wifi,restaurant,24_hour_front_desk|0.0102|-0.0508|1
Southbank Riverside Hotel|20 Belvedere Road, South Bank|4|8.6|3015|402000|wifi,gym,restaurant,bar,room_service,river_view|-0.0035|-0.0146|3
Bloomsbury Square House|9 Bedford Place, Bloomsbury|3|8.2|1188|268000|wifi,24_hour_front_desk,laundry|0.0127|-0.0010|2
Paris
Hôtel Rivoli Lumière|182 Rue de Rivoli, 1er|5|9.2|2654|655000|spa,gym,wifi,restaurant,room_service,concierge|0.0066|-0.0124|7
Le Marais Petit Hôtel|27 Rue des Archives, 4e|3|8.6|1391|286000|wifi,24_hour_front_desk,bar|0.0028|0.0048|2
Montmartre Belvédère|14 Rue Lepic, 18e|3|8.4|1727|248000|wifi,24_hour_front_desk,bar|0.0278|-0.0189|1
Saint-Germain Jardin|51 Rue Jacob, 6e|4|9.0|977|436000|wifi,restaurant,garden,concierge|-0.0020|-0.0176|3
Tour Eiffel Horizon|8 Avenue de Suffren, 15e|4|8.3|3122|398000|wifi,gym,restaurant,bar,24_hour_front_desk|-0.0012|-0.0567|3
Canal Saint-Martin Loft|63 Quai de Valmy, 10e|3|8.1|842|226000|wifi,bar,laundry|0.0153|0.0132|1
Lisbon
Alfama Miradouro Hotel|9 Largo das Portas do Sol, Alfama|4|9.1|1588|262000|wifi,restaurant,bar,river_view,24_hour_front_desk|-0.0106|0.0077|3
Baixa Pombalina Suites|112 Rua Augusta, Baixa|4|8.7|2045|244000|wifi,gym,restaurant,24_hour_front_desk|-0.0123|-0.0000|2
Príncipe Real Garden House|30 Rua da Escola Politécnica|3|9.0|611|188000|wifi,garden,bar|-0.0054|-0.0092|2
Belém Riverside Resort|Avenida Brasília 14, Belém|5|8.9|1320|418000|pool,spa,gym,wifi,restaurant,parking,river_view,room_service|-0.0258|-0.0677|7
Bairro Alto Boutique|47 Rua da Rosa, Bairro Alto|3|8.3|1044|166000|wifi,bar,24_hour_front_desk|-0.0103|-0.0058|1
Avenida Liberdade Palace|185 Avenida da Liberdade|5|9.3|1911|498000|pool,spa,gym,wifi,restaurant,room_service,concierge|0.0000|-0.0065|7
Dubai
Marina Pearl Tower Hotel|Al Marsa Street 21, Dubai Marina|5|9.0|4120|486000|pool,spa,gym,wifi,restaurant,beach,room_service,sea_view|-0.1248|-0.1348|7
Downtown Boulevard Suites|Sheikh Mohammed bin Rashid Boulevard 9|5|9.2|3388|532000|pool,spa,gym,wifi,restaurant,room_service,concierge|-0.0113|0.0081|7
Jumeirah Beach Residence Inn|The Walk 44, JBR|4|8.6|2611|312000|pool,wifi,gym,restaurant,beach,parking|-0.1212|-0.1432|3
Deira Creekside Hotel|Baniyas Road 17, Deira|3|7.9|1945|132000|pool,wifi,restaurant,parking,24_hour_front_desk|0.0616|0.0404|2
Business Bay Canal Hotel|Marasi Drive 6, Business Bay|4|8.5|1702|268000|pool,gym,wifi,restaurant,parking|-0.0159|0.0066|3
Al Fahidi Heritage Courtyard|Al Fahidi Street 3, Bur Dubai|3|8.7|688|124000|wifi,restaurant,garden|0.0596|0.0264|2`

var sbAmenityNames = map[string]string{
	"pool": "Swimming pool", "spa": "Spa", "gym": "Fitness centre", "wifi": "Free Wi-Fi", "restaurant": "Restaurant",
	"parking": "Parking", "24_hour_front_desk": "24-hour front desk", "room_service": "Room service",
	"business_centre": "Business centre", "laundry": "Laundry", "airport_shuttle": "Airport shuttle",
	"beach": "Beach access", "garden": "Garden", "sea_view": "Sea view", "river_view": "River view",
	"bar": "Bar", "concierge": "Concierge",
}

var sbRoomTypes = []sbRoom{
	{Name: "Standard Double Room", Beds: []Bed{{"double", 1}}, Max: 2, Mult: 1.0, Count: 12},
	{Name: "Standard Twin Room", Beds: []Bed{{"single", 2}}, Max: 2, Mult: 1.0, Count: 8},
	{Name: "Deluxe King Room", Beds: []Bed{{"king", 1}}, Max: 3, Mult: 1.35, Count: 6},
	{Name: "Family Room", Beds: []Bed{{"queen", 1}, {"single", 2}}, Max: 4, Mult: 1.7, Count: 4},
	{Name: "Junior Suite", Beds: []Bed{{"king", 1}}, Max: 3, Mult: 2.1, Count: 3},
	{Name: "Executive Suite", Beds: []Bed{{"king", 1}, {"sofa_bed", 1}}, Max: 4, Mult: 2.9, Count: 2},
}

var sbProps, sbPropByID = buildCatalog()

func buildCatalog() ([]*sbProperty, map[string]*sbProperty) {
	var out []*sbProperty
	by := map[string]*sbProperty{}
	var city *sbCity
	for _, line := range strings.Split(sbTable, "\n") {
		f := strings.Split(line, "|")
		if len(f) == 1 {
			for _, c := range sbCities {
				if c.Name == line {
					city = c
				}
			}
			continue
		}
		stars, _ := strconv.Atoi(f[2])
		review, _ := strconv.ParseFloat(f[3], 64)
		reviews, _ := strconv.Atoi(f[4])
		base, _ := strconv.ParseInt(f[5], 10, 64)
		dlat, _ := strconv.ParseFloat(f[7], 64)
		dlng, _ := strconv.ParseFloat(f[8], 64)
		free, _ := strconv.Atoi(f[9])
		h := fnv.New64a()
		h.Write([]byte(city.Name + "/" + f[0]))
		sum := h.Sum64()
		p := &sbProperty{ID: fmt.Sprintf("acc_%016x", sum), Name: f[0], Street: f[1], City: city,
			Lat: city.Lat + dlat, Lng: city.Lng + dlng, Stars: stars, Review: review, Reviews: reviews,
			Base: base * 100, FreeDays: free}
		for _, a := range strings.Split(f[6], ",") {
			p.Amenities = append(p.Amenities, Amenity{Type: a, Description: sbAmenityNames[a]})
		}
		// Rooms: every property has the standard rooms; better ones by stars.
		p.Rooms = append(p.Rooms, sbRoomTypes[0], sbRoomTypes[1])
		if stars >= 3 {
			p.Rooms = append(p.Rooms, sbRoomTypes[2])
		}
		if sum%3 != 0 || stars <= 3 {
			p.Rooms = append(p.Rooms, sbRoomTypes[3])
		}
		if stars >= 4 {
			p.Rooms = append(p.Rooms, sbRoomTypes[4])
		}
		if stars == 5 {
			p.Rooms = append(p.Rooms, sbRoomTypes[5])
		}
		slug := strings.ToLower(strings.NewReplacer(" ", "", "-", "", "'", "", "é", "e", "ô", "o", "í", "i").Replace(f[0]))
		p.Email = "reservations@" + slug + ".example"
		p.Phone = fmt.Sprintf("+%s %03d %04d", sbDialCode[city.Country], sum%1000, (sum>>10)%10000)
		p.Description = describe(p)
		out = append(out, p)
		by[p.ID] = p
	}
	return out, by
}

var sbDialCode = map[string]string{"NG": "234", "GH": "233", "KE": "254", "ZA": "27", "MA": "212", "RW": "250",
	"GB": "44", "FR": "33", "PT": "351", "AE": "971"}

func describe(p *sbProperty) string {
	kind := map[int]string{3: "A comfortable", 4: "A stylish", 5: "A luxury"}[p.Stars]
	var has []string
	for _, a := range p.Amenities {
		switch a.Type {
		case "pool", "spa", "beach", "garden", "restaurant", "gym":
			has = append(has, strings.ToLower(a.Description))
		}
	}
	s := fmt.Sprintf("%s %d-star hotel on %s in %s", kind, p.Stars, p.Street, p.City.Name)
	if len(has) > 0 {
		if len(has) > 3 {
			has = has[:3]
		}
		s += ", with " + strings.Join(has, ", ")
	}
	return s + ". Guests rate it " + strconv.FormatFloat(p.Review, 'f', 1, 64) + " out of 10 across " +
		strconv.Itoa(p.Reviews) + " reviews."
}
