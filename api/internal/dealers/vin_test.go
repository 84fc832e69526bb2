package dealers

import "testing"

func TestVINCheckDigit(t *testing.T) {
	// Real VINs (published recall and sample VINs) whose check digit holds.
	for _, vin := range []string{
		"1M8GDM9AXKP042788", // the NHTSA / 49 CFR 565 worked example (check digit X)
		"1HGCM82633A004352", // Honda Accord 2003
		"JHMCM56557C404453", // Honda Accord 2007
		"11111111111111111", // all ones: the sum's remainder is 1
	} {
		if p := VINProblem(vin); p != "" {
			t.Errorf("%s: %s", vin, p)
		}
	}
	for vin, want := range map[string]string{
		"1M8GDM9A1KP042788":  "fails its check digit (position 9 should be X): check it for a typing mistake",
		"1HGCM82643A004352":  "fails its check digit (position 9 should be 3): check it for a typing mistake",
		"1HGCM8263":          "must be 17 characters",
		"1HGCM82633A0043521": "must be 17 characters",
		"1HGCM8263OA004352":  "cannot contain the letters I, O or Q (they read as 1 and 0)",
		"IHGCM82633A004352":  "cannot contain the letters I, O or Q (they read as 1 and 0)",
		"1HGCM82633A00435Q":  "cannot contain the letters I, O or Q (they read as 1 and 0)",
		"1HGCM82633A00435-":  "may contain only the digits 0-9 and the letters A-Z",
		"1hgcm82633a004352":  "may contain only the digits 0-9 and the letters A-Z",
	} {
		if got := VINProblem(vin); got != want {
			t.Errorf("%s: %q, want %q", vin, got, want)
		}
	}
	if NormalizeVIN(" 1hgcm82633a004352 ") != "1HGCM82633A004352" {
		t.Error("normalise")
	}
	if got := WithCheckDigit("1HGCM82603A004352"); got != "1HGCM82633A004352" {
		t.Errorf("WithCheckDigit %s", got)
	}
	// Changing any one digit of a valid VIN (except position 9, weight 0
	// otherwise) to another digit is always caught: weights 2..10 times a
	// difference of 1..9 is never a multiple of 11.
	base := "1HGCM82633A004352"
	for i := 0; i < VINLength; i++ {
		if i == 8 || base[i] < '0' || base[i] > '9' {
			continue
		}
		for d := byte('0'); d <= '9'; d++ {
			if d == base[i] {
				continue
			}
			b := []byte(base)
			b[i] = d
			if ValidVIN(string(b)) {
				t.Errorf("%s (position %d changed) passed the check", b, i+1)
			}
		}
	}
}

func TestModelYear(t *testing.T) {
	for vin, want := range map[string]int{"1HGCM82633A004352": 2003, "5YJ3E1EA2KF317000": 2019,
		"1M8GDM9AXKP042788": 2019, "JHMCM56557C404453": 2007} {
		if got := ModelYear(vin, 2027); got != want {
			t.Errorf("%s: %d, want %d", vin, got, want)
		}
	}
}

func TestDecodeWMI(t *testing.T) {
	for vin, want := range map[string]WMI{
		"1HGCM82633A004352": {Code: "1HG", Manufacturer: "Honda of America Mfg.", Make: "Honda", Country: "United States", Region: "North America"},
		"5YJ3E1EA2KF317000": {Code: "5YJ", Manufacturer: "Tesla, Inc.", Make: "Tesla", Country: "United States", Region: "North America"},
		"WBA3A5C57CF256651": {Code: "WBA", Manufacturer: "BMW AG", Make: "BMW", Country: "Germany", Region: "Europe"},
		"AHTBB3QD001234567": {Code: "AHT", Manufacturer: "Toyota South Africa Motors", Make: "Toyota", Country: "South Africa", Region: "Africa"},
		"JTDKN3DU0A0123456": {Code: "JTD", Manufacturer: "Toyota Motor Corporation", Make: "Toyota", Country: "Japan", Region: "Asia"},
		"KNAGM4A77D5123456": {Code: "KNA", Manufacturer: "Kia Corporation", Make: "Kia", Country: "South Korea", Region: "Asia"},
		// Not in the table: the country and region still come from the first two characters.
		"VXX00000000000000": {Code: "VXX", Country: "", Region: "Europe"},
		"WZZ00000000000000": {Code: "WZZ", Country: "Germany", Region: "Europe"},
		"JZZ00000000000000": {Code: "JZZ", Country: "Japan", Region: "Asia"},
	} {
		if got := DecodeWMI(vin); got != want {
			t.Errorf("%s: %+v, want %+v", vin, got, want)
		}
	}
	// Every table entry is three allowed characters and names a maker and country.
	for code, e := range wmiTable {
		if len(code) != 3 || e.manufacturer == "" || e.make == "" || e.country == "" {
			t.Errorf("bad entry %q %+v", code, e)
		}
		for i := 0; i < 3; i++ {
			if vinValue(code[i]) < 0 {
				t.Errorf("WMI %q has a character a VIN cannot have", code)
			}
		}
	}
}
