package airportdata

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"encoding/csv"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"sync"
	_ "time/tzdata" // the zones of the dataset load on hosts without zoneinfo
)

//go:embed airports.csv.gz
var raw []byte

// Airport is one airport with scheduled service.
type Airport struct {
	IATA        string  // three letters, upper case
	ICAO        string  // four letters, or "" when OurAirports has none
	Name        string  // "Murtala Muhammed International Airport"
	City        string  // the municipality served, "Lagos" (may be "")
	Country     string  // ISO 3166-1 alpha-2, "NG"
	CountryName string  // "Nigeria"
	TimeZone    string  // IANA, "Africa/Lagos"
	Lat, Lng    float64 // degrees
	Large       bool    // OurAirports' large_airport (else medium_airport): the big hubs
	Keywords    string  // OurAirports' other names, comma-separated: "Manhattan, New York City, NYC" (may be "")
}

var (
	once   sync.Once
	all    []Airport
	byIATA map[string]int
)

func load() {
	list, err := parse(raw)
	if err != nil {
		panic("airportdata: embedded dataset is broken: " + err.Error())
	}
	all = list
	byIATA = make(map[string]int, len(list))
	for i, a := range list {
		byIATA[a.IATA] = i
	}
}

// All is every airport, sorted by IATA code. The slice is shared: do not modify it.
func All() []Airport {
	once.Do(load)
	return all
}

// ByIATA finds an airport by its IATA code (case-insensitive).
func ByIATA(code string) (Airport, bool) {
	once.Do(load)
	i, ok := byIATA[strings.ToUpper(strings.TrimSpace(code))]
	if !ok {
		return Airport{}, false
	}
	return all[i], true
}

var header = []string{"iata", "icao", "name", "city", "country", "country_name", "time_zone", "lat", "lng", "size", "keywords"}

func parse(gz []byte) ([]Airport, error) {
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return nil, err
	}
	r := csv.NewReader(zr)
	r.FieldsPerRecord = len(header)
	r.ReuseRecord = true
	head, err := r.Read()
	if err != nil {
		return nil, err
	}
	if strings.Join(head, ",") != strings.Join(header, ",") {
		return nil, fmt.Errorf("unexpected header %q", head)
	}
	var out []Airport
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		lat, err1 := strconv.ParseFloat(rec[7], 64)
		lng, err2 := strconv.ParseFloat(rec[8], 64)
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("%s: bad coordinates", rec[0])
		}
		out = append(out, Airport{
			IATA: rec[0], ICAO: rec[1], Name: rec[2], City: rec[3], Country: rec[4], CountryName: rec[5],
			TimeZone: rec[6], Lat: lat, Lng: lng, Large: rec[9] == "large", Keywords: rec[10],
		})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].IATA < out[j].IATA })
	return out, nil
}
