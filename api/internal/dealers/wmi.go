package dealers

// The World Manufacturer Identifier (the VIN's first three characters)
// names the maker and the country of the plant, from the public WMI
// assignments (NHTSA vPIC's list, SAE J1044) as known for the common
// makes sold in Africa, Europe and North America. The table ships in the
// binary: decoding never calls the network. A WMI not in the table still
// answers its region and country from the first two characters (ISO 3780).

// WMI is what a VIN's first three characters say.
type WMI struct {
	Code         string `json:"wmi"`
	Manufacturer string `json:"manufacturer"` // "" when the WMI is not in the table
	Make         string `json:"make"`         // the brand, for the form's make field ("" when unknown)
	Country      string `json:"country"`      // of the plant
	Region       string `json:"region"`
}

type wmiEntry struct{ manufacturer, make, country string }

var wmiTable = map[string]wmiEntry{
	// Japan
	"JHM": {"Honda Motor Co., Ltd.", "Honda", "Japan"},
	"JHL": {"Honda Motor Co., Ltd. (MPV/SUV)", "Honda", "Japan"},
	"JHG": {"Honda Motor Co., Ltd.", "Honda", "Japan"},
	"JH4": {"Honda Motor Co., Ltd. (Acura)", "Acura", "Japan"},
	"JT2": {"Toyota Motor Corporation", "Toyota", "Japan"},
	"JTD": {"Toyota Motor Corporation", "Toyota", "Japan"},
	"JTE": {"Toyota Motor Corporation (MPV/SUV)", "Toyota", "Japan"},
	"JTM": {"Toyota Motor Corporation (MPV/SUV)", "Toyota", "Japan"},
	"JTN": {"Toyota Motor Corporation", "Toyota", "Japan"},
	"JTF": {"Toyota Motor Corporation (van)", "Toyota", "Japan"},
	"JTH": {"Toyota Motor Corporation (Lexus)", "Lexus", "Japan"},
	"JTJ": {"Toyota Motor Corporation (Lexus SUV)", "Lexus", "Japan"},
	"JN1": {"Nissan Motor Co., Ltd.", "Nissan", "Japan"},
	"JN8": {"Nissan Motor Co., Ltd. (MPV/SUV)", "Nissan", "Japan"},
	"JNK": {"Nissan Motor Co., Ltd. (Infiniti)", "Infiniti", "Japan"},
	"JM1": {"Mazda Motor Corporation", "Mazda", "Japan"},
	"JM3": {"Mazda Motor Corporation (MPV/SUV)", "Mazda", "Japan"},
	"JF1": {"Subaru Corporation", "Subaru", "Japan"},
	"JF2": {"Subaru Corporation (MPV/SUV)", "Subaru", "Japan"},
	"JA3": {"Mitsubishi Motors Corporation", "Mitsubishi", "Japan"},
	"JA4": {"Mitsubishi Motors Corporation (MPV/SUV)", "Mitsubishi", "Japan"},
	"JMB": {"Mitsubishi Motors Corporation", "Mitsubishi", "Japan"},
	"JS2": {"Suzuki Motor Corporation", "Suzuki", "Japan"},
	"JS3": {"Suzuki Motor Corporation (MPV/SUV)", "Suzuki", "Japan"},
	"JAA": {"Isuzu Motors Limited", "Isuzu", "Japan"},
	// Korea
	"KMH": {"Hyundai Motor Company", "Hyundai", "South Korea"},
	"KM8": {"Hyundai Motor Company (MPV/SUV)", "Hyundai", "South Korea"},
	"KNA": {"Kia Corporation", "Kia", "South Korea"},
	"KND": {"Kia Corporation (MPV/SUV)", "Kia", "South Korea"},
	"KNM": {"Renault Korea Motors", "Renault", "South Korea"},
	"KL1": {"GM Korea (Chevrolet)", "Chevrolet", "South Korea"},
	"KPT": {"SsangYong Motor Company", "SsangYong", "South Korea"},
	// China
	"LSV": {"SAIC Volkswagen", "Volkswagen", "China"},
	"LFV": {"FAW-Volkswagen", "Volkswagen", "China"},
	"LVS": {"Changan Ford", "Ford", "China"},
	"LHG": {"GAC Honda", "Honda", "China"},
	"LVG": {"GAC Toyota", "Toyota", "China"},
	"LRW": {"Tesla, Inc. (Shanghai)", "Tesla", "China"},
	"LGX": {"BYD Auto", "BYD", "China"},
	"LB3": {"Geely Automobile", "Geely", "China"},
	// India and South-East Asia
	"MA3": {"Maruti Suzuki India", "Suzuki", "India"},
	"MAL": {"Hyundai Motor India", "Hyundai", "India"},
	"MAT": {"Tata Motors", "Tata", "India"},
	"MR0": {"Toyota Motor Thailand (pickup/SUV)", "Toyota", "Thailand"},
	"MR2": {"Toyota Motor Thailand", "Toyota", "Thailand"},
	"MNT": {"Nissan Motor Thailand", "Nissan", "Thailand"},
	"MPA": {"Isuzu Motors Thailand", "Isuzu", "Thailand"},
	"ML3": {"Mitsubishi Motors Thailand", "Mitsubishi", "Thailand"},
	"MMB": {"Mitsubishi Motors Thailand", "Mitsubishi", "Thailand"},
	"MNB": {"Ford Thailand", "Ford", "Thailand"},
	// Africa
	"AHT": {"Toyota South Africa Motors", "Toyota", "South Africa"},
	"AFA": {"Ford Motor Company of Southern Africa", "Ford", "South Africa"},
	"AAV": {"Volkswagen of South Africa", "Volkswagen", "South Africa"},
	"ADM": {"General Motors South Africa", "Chevrolet", "South Africa"},
	"ADN": {"Nissan South Africa", "Nissan", "South Africa"},
	// United Kingdom and Europe
	"SAL": {"Jaguar Land Rover (Land Rover)", "Land Rover", "United Kingdom"},
	"SAJ": {"Jaguar Land Rover (Jaguar)", "Jaguar", "United Kingdom"},
	"SB1": {"Toyota Motor Manufacturing UK", "Toyota", "United Kingdom"},
	"SJN": {"Nissan Motor Manufacturing UK", "Nissan", "United Kingdom"},
	"SCC": {"Lotus Cars", "Lotus", "United Kingdom"},
	"TMB": {"Škoda Auto", "Škoda", "Czech Republic"},
	"TMA": {"Hyundai Motor Manufacturing Czech", "Hyundai", "Czech Republic"},
	"VF1": {"Renault", "Renault", "France"},
	"VF3": {"Peugeot", "Peugeot", "France"},
	"VF7": {"Citroën", "Citroën", "France"},
	"VR3": {"Peugeot (Stellantis)", "Peugeot", "France"},
	"VSS": {"SEAT", "SEAT", "Spain"},
	"VWV": {"Volkswagen Navarra", "Volkswagen", "Spain"},
	"WBA": {"BMW AG", "BMW", "Germany"},
	"WBS": {"BMW M GmbH", "BMW", "Germany"},
	"WBX": {"BMW AG (SUV)", "BMW", "Germany"},
	"WDB": {"Mercedes-Benz AG", "Mercedes-Benz", "Germany"},
	"WDD": {"Mercedes-Benz AG", "Mercedes-Benz", "Germany"},
	"WDC": {"Mercedes-Benz AG (SUV)", "Mercedes-Benz", "Germany"},
	"W1K": {"Mercedes-Benz AG", "Mercedes-Benz", "Germany"},
	"W1N": {"Mercedes-Benz AG (SUV)", "Mercedes-Benz", "Germany"},
	"WAU": {"Audi AG", "Audi", "Germany"},
	"WA1": {"Audi AG (SUV)", "Audi", "Germany"},
	"WVW": {"Volkswagen AG", "Volkswagen", "Germany"},
	"WVG": {"Volkswagen AG (SUV)", "Volkswagen", "Germany"},
	"WV1": {"Volkswagen Commercial Vehicles", "Volkswagen", "Germany"},
	"WV2": {"Volkswagen Commercial Vehicles", "Volkswagen", "Germany"},
	"WF0": {"Ford-Werke GmbH", "Ford", "Germany"},
	"WP0": {"Dr. Ing. h.c. F. Porsche AG", "Porsche", "Germany"},
	"WP1": {"Dr. Ing. h.c. F. Porsche AG (SUV)", "Porsche", "Germany"},
	"W0L": {"Opel Automobile GmbH", "Opel", "Germany"},
	"WME": {"smart (Mercedes-Benz)", "smart", "Germany"},
	"YV1": {"Volvo Cars", "Volvo", "Sweden"},
	"YV4": {"Volvo Cars (SUV)", "Volvo", "Sweden"},
	"YS3": {"Saab Automobile", "Saab", "Sweden"},
	"ZFA": {"Fiat", "Fiat", "Italy"},
	"ZAR": {"Alfa Romeo", "Alfa Romeo", "Italy"},
	"ZFF": {"Ferrari", "Ferrari", "Italy"},
	"ZHW": {"Lamborghini", "Lamborghini", "Italy"},
	"NM0": {"Ford Otosan", "Ford", "Turkey"},
	"NMT": {"Toyota Motor Manufacturing Turkey", "Toyota", "Turkey"},
	// North and South America
	"1FA": {"Ford Motor Company", "Ford", "United States"},
	"1FM": {"Ford Motor Company (MPV/SUV)", "Ford", "United States"},
	"1FT": {"Ford Motor Company (truck)", "Ford", "United States"},
	"1G1": {"General Motors (Chevrolet)", "Chevrolet", "United States"},
	"1GC": {"General Motors (Chevrolet truck)", "Chevrolet", "United States"},
	"1GN": {"General Motors (Chevrolet SUV)", "Chevrolet", "United States"},
	"1GT": {"General Motors (GMC truck)", "GMC", "United States"},
	"1GY": {"General Motors (Cadillac)", "Cadillac", "United States"},
	"1HG": {"Honda of America Mfg.", "Honda", "United States"},
	"1J4": {"Chrysler (Jeep)", "Jeep", "United States"},
	"1C4": {"FCA US (Chrysler, Jeep, Dodge)", "Jeep", "United States"},
	"1C6": {"FCA US (Ram)", "Ram", "United States"},
	"1N4": {"Nissan North America", "Nissan", "United States"},
	"1N6": {"Nissan North America (truck)", "Nissan", "United States"},
	"1VW": {"Volkswagen Chattanooga", "Volkswagen", "United States"},
	"2HG": {"Honda of Canada Mfg.", "Honda", "Canada"},
	"2HK": {"Honda of Canada Mfg. (MPV/SUV)", "Honda", "Canada"},
	"2T1": {"Toyota Motor Manufacturing Canada", "Toyota", "Canada"},
	"2T3": {"Toyota Motor Manufacturing Canada (SUV)", "Toyota", "Canada"},
	"2T2": {"Toyota Motor Manufacturing Canada (Lexus)", "Lexus", "Canada"},
	"2FM": {"Ford Motor Company of Canada", "Ford", "Canada"},
	"3FA": {"Ford Motor Company (Mexico)", "Ford", "Mexico"},
	"3N1": {"Nissan Mexicana", "Nissan", "Mexico"},
	"3VW": {"Volkswagen de México", "Volkswagen", "Mexico"},
	"3GN": {"General Motors de México", "Chevrolet", "Mexico"},
	"3HG": {"Honda de México", "Honda", "Mexico"},
	"4JG": {"Mercedes-Benz U.S. International", "Mercedes-Benz", "United States"},
	"4S3": {"Subaru of Indiana Automotive", "Subaru", "United States"},
	"4S4": {"Subaru of Indiana Automotive (SUV)", "Subaru", "United States"},
	"4T1": {"Toyota Motor Manufacturing Kentucky", "Toyota", "United States"},
	"4T3": {"Toyota Motor Manufacturing (SUV)", "Toyota", "United States"},
	"5FN": {"Honda Manufacturing of Alabama", "Honda", "United States"},
	"5J6": {"Honda of America Mfg. (SUV)", "Honda", "United States"},
	"5N1": {"Nissan North America (SUV)", "Nissan", "United States"},
	"5NP": {"Hyundai Motor Manufacturing Alabama", "Hyundai", "United States"},
	"5NM": {"Hyundai Motor Manufacturing Alabama (SUV)", "Hyundai", "United States"},
	"5TD": {"Toyota Motor Manufacturing Indiana", "Toyota", "United States"},
	"5TF": {"Toyota Motor Manufacturing Texas (truck)", "Toyota", "United States"},
	"5UX": {"BMW Manufacturing Co. (SUV)", "BMW", "United States"},
	"5XY": {"Kia Georgia (SUV)", "Kia", "United States"},
	"5YJ": {"Tesla, Inc.", "Tesla", "United States"},
	"7SA": {"Tesla, Inc. (Austin)", "Tesla", "United States"},
	"9BW": {"Volkswagen do Brasil", "Volkswagen", "Brazil"},
	"9BG": {"General Motors do Brasil", "Chevrolet", "Brazil"},
	"93H": {"Honda Automóveis do Brasil", "Honda", "Brazil"},
	"9BR": {"Toyota do Brasil", "Toyota", "Brazil"},
}

// regionOf is the region and country of the first two characters (ISO 3780
// assignments; "" when the pair is unassigned or the country is shared).
func regionOf(c0, c1 byte) (region, country string) {
	in := func(lo, hi byte) bool { return c1 >= lo && c1 <= hi }
	switch {
	case c0 >= '1' && c0 <= '5':
		region = "North America"
		switch c0 {
		case '1', '4', '5':
			country = "United States"
		case '2':
			country = "Canada"
		case '3':
			if in('A', 'W') {
				country = "Mexico"
			}
		}
	case c0 == '6' || c0 == '7':
		region = "Oceania"
		if c0 == '6' {
			country = "Australia"
		} else if in('A', 'E') {
			country = "New Zealand"
		} else {
			country, region = "United States", "North America"
		}
	case c0 == '8' || c0 == '9':
		region = "South America"
		if c0 == '9' && (in('A', 'E') || in('3', '9')) {
			country = "Brazil"
		}
	case c0 >= 'A' && c0 <= 'H':
		region = "Africa"
		if c0 == 'A' && in('A', 'H') {
			country = "South Africa"
		}
	case c0 >= 'J' && c0 <= 'R':
		region = "Asia"
		switch {
		case c0 == 'J':
			country = "Japan"
		case c0 == 'K' && in('L', 'R'):
			country = "South Korea"
		case c0 == 'L':
			country = "China"
		case c0 == 'M' && in('A', 'E'):
			country = "India"
		case c0 == 'M' && in('L', 'R'):
			country = "Thailand"
		case c0 == 'N' && in('L', 'R'):
			country, region = "Turkey", "Europe"
		}
	case c0 >= 'S' && c0 <= 'Z':
		region = "Europe"
		switch {
		case c0 == 'S' && in('A', 'M'):
			country = "United Kingdom"
		case c0 == 'T' && in('J', 'P'):
			country = "Czech Republic"
		case c0 == 'V' && in('F', 'R'):
			country = "France"
		case c0 == 'V' && in('S', 'W'):
			country = "Spain"
		case c0 == 'W':
			country = "Germany"
		case c0 == 'Y' && in('S', 'W'):
			country = "Sweden"
		case c0 == 'Z' && in('A', 'R'):
			country = "Italy"
		}
	}
	return region, country
}

// DecodeWMI decodes the first three characters of a (normalised) VIN.
func DecodeWMI(vin string) WMI {
	if len(vin) < 3 {
		return WMI{}
	}
	w := WMI{Code: vin[:3]}
	w.Region, w.Country = regionOf(vin[0], vin[1])
	if e, ok := wmiTable[w.Code]; ok {
		w.Manufacturer, w.Make, w.Country = e.manufacturer, e.make, e.country
	}
	return w
}
