package dealers

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"sojourn/api/internal/platform/apperr"
)

// Bounds of a listing.
const (
	MinYear       = 1980
	MaxMileageKm  = 2_000_000
	MaxPrice      = 50_000_000_000 // minor units: 500,000,000.00
	maxName       = 60
	maxTrim       = 80
	maxColour     = 40
	maxFeatures   = 40
	maxFeature    = 60
	maxDesc       = 4000
	maxCity       = 80
	maxLeadText   = 2000
	maxPhone      = 32
	maxNote       = 500
	maxPhotos     = 20
	MaxPhotoBytes = 8 << 20
)

// The values of the listing's closed fields.
var (
	Bodies        = []string{"sedan", "hatchback", "suv", "pickup", "coupe", "convertible", "wagon", "van", "minivan"}
	Fuels         = []string{"petrol", "diesel", "hybrid", "plug_in_hybrid", "electric", "lpg"}
	Transmissions = []string{"automatic", "manual"}
	Drivetrains   = []string{"fwd", "rwd", "awd", "4wd"}
	// Conditions: new; used and imported ("foreign used"); used locally;
	// certified pre-owned (inspected and warranted by the dealer).
	Conditions   = []string{"new", "foreign_used", "locally_used", "certified"}
	ContactPrefs = []string{"email", "phone", "whatsapp"}
)

func oneOf(f apperr.Fields, field string, p *string, allowed []string) {
	if p != nil && !slices.Contains(allowed, *p) {
		f.Add(field, "must be one of "+strings.Join(allowed, ", "))
	}
}

// text trims *p and checks its length (min 1 = required) and that it is one line.
func text(f apperr.Fields, field string, p *string, min, max int, oneLine bool) {
	if p == nil {
		return
	}
	*p = strings.TrimSpace(*p)
	n := utf8.RuneCountInString(*p)
	switch {
	case min > 0 && n < min:
		f.Add(field, "is required")
	case n > max:
		f.Add(field, fmt.Sprintf("must be at most %d characters", max))
	case oneLine && strings.ContainsAny(*p, "\n\r\t"):
		f.Add(field, "must be a single line")
	}
}

// validate checks in; create requires every field a buyer filters on.
func (in *ListingInput) validate(create bool, maxYear int) error {
	f := apperr.Fields{}
	if create {
		for name, missing := range map[string]bool{"vin": in.VIN == nil, "make": in.Make == nil, "model": in.Model == nil,
			"year": in.Year == nil, "body": in.Body == nil, "mileage_km": in.MileageKm == nil, "fuel": in.Fuel == nil,
			"transmission": in.Transmission == nil, "drivetrain": in.Drivetrain == nil,
			"condition": in.Condition == nil, "price": in.Price == nil} {
			f.Check(!missing, name, "is required")
		}
	}
	if in.VIN != nil {
		v := NormalizeVIN(*in.VIN)
		in.VIN = &v
		if p := VINProblem(v); p != "" {
			f.Add("vin", p)
		}
	}
	text(f, "make", in.Make, 1, maxName, true)
	text(f, "model", in.Model, 1, maxName, true)
	text(f, "trim", in.Trim, 0, maxTrim, true)
	text(f, "colour", in.Colour, 0, maxColour, true)
	text(f, "description", in.Description, 0, maxDesc, false)
	text(f, "city", in.City, 1, maxCity, true)
	if in.Year != nil && (*in.Year < MinYear || *in.Year > maxYear) {
		f.Add("year", fmt.Sprintf("must be from %d to %d", MinYear, maxYear))
	}
	if in.MileageKm != nil && (*in.MileageKm < 0 || *in.MileageKm > MaxMileageKm) {
		f.Add("mileage_km", fmt.Sprintf("must be from 0 to %d", MaxMileageKm))
	}
	if in.Price != nil && (*in.Price < 1 || *in.Price > MaxPrice) {
		f.Add("price", fmt.Sprintf("must be from 1 to %d (minor units)", int64(MaxPrice)))
	}
	oneOf(f, "body", in.Body, Bodies)
	oneOf(f, "fuel", in.Fuel, Fuels)
	oneOf(f, "transmission", in.Transmission, Transmissions)
	oneOf(f, "drivetrain", in.Drivetrain, Drivetrains)
	oneOf(f, "condition", in.Condition, Conditions)
	if in.Features != nil {
		fs := *in.Features
		if len(fs) > maxFeatures {
			f.Add("features", fmt.Sprintf("must have at most %d items", maxFeatures))
		} else {
			out := make([]string, 0, len(fs))
			seen := map[string]bool{}
			for i, s := range fs {
				name := fmt.Sprintf("features[%d]", i)
				text(f, name, &s, 1, maxFeature, true)
				if seen[strings.ToLower(s)] {
					f.Add(name, "is listed twice")
				}
				seen[strings.ToLower(s)] = true
				out = append(out, s)
			}
			in.Features = &out
		}
	}
	if in.VIN != nil && in.Year != nil && f["vin"] == "" && f["year"] == "" {
		// Position 10 encodes the model year on a 30-year cycle: a VIN
		// that says another year than the form is a mistyped year or VIN.
		if y := ModelYear(*in.VIN, maxYear); y != 0 && y != *in.Year && y-30 != *in.Year {
			f.Add("year", fmt.Sprintf("does not match the VIN, whose model year (position 10) is %d", y))
		}
	}
	return f.Err()
}

// Title is how a car is named: "2019 Toyota Camry XLE".
func title(year int, mk, model, trim string) string {
	t := fmt.Sprintf("%d %s %s", year, mk, model)
	if trim != "" {
		t += " " + trim
	}
	return t
}
