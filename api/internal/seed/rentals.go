package seed

import (
	"context"
	"fmt"
	"image/color"
	"time"

	"sojourn/api/internal/app"
	"sojourn/api/internal/money"
	"sojourn/api/internal/practice"
	"sojourn/api/internal/rentals"
)

// RentalCompany is a demo car-rental company: its practice profile, its
// branches and its fleet.
type RentalCompany struct {
	Person   Person // the account (rental@example.com is People's)
	Name     string
	Headline string
	Licence  string
	Issuer   string
	TimeZone string
	Branches []rentals.BranchInput
	Fleet    []DemoCar
}

// DemoCar is one car of a demo fleet (rates in kobo).
type DemoCar struct {
	Make, Model, Category, Transmission, Fuel string
	Year, Seats, Doors                        int
	DayRate, Deposit                          int64
	Colour                                    color.RGBA
	Branch                                    int
}

func hoursAll(open, close string, sunday bool) map[string]rentals.DayHours {
	m := map[string]rentals.DayHours{}
	for _, d := range rentals.Weekdays {
		if d == "sunday" && !sunday {
			continue
		}
		m[d] = rentals.DayHours{Open: open, Close: close}
	}
	return m
}

func f64(v float64) *float64 { return &v }

var (
	red    = color.RGBA{0xb9, 0x1c, 0x1c, 0xff}
	white  = color.RGBA{0xe5, 0xe7, 0xeb, 0xff}
	silver = color.RGBA{0x9c, 0xa3, 0xaf, 0xff}
	black  = color.RGBA{0x1f, 0x29, 0x37, 0xff}
	blue   = color.RGBA{0x1d, 0x4e, 0xd8, 0xff}
	green  = color.RGBA{0x15, 0x80, 0x3d, 0xff}
	sand   = color.RGBA{0xc2, 0x9b, 0x6c, 0xff}
)

// fleet builds a dozen cars from a base price (kobo a day).
func fleet(base int64, branches int) []DemoCar {
	cars := []DemoCar{
		{"Toyota", "Corolla", "compact", "automatic", "petrol", 2022, 5, 4, 0, 0, white, 0},
		{"Toyota", "Yaris", "economy", "manual", "petrol", 2021, 5, 4, 0, 0, red, 1},
		{"Honda", "Civic", "compact", "automatic", "petrol", 2023, 5, 4, 0, 0, silver, 0},
		{"Hyundai", "Elantra", "midsize", "automatic", "petrol", 2022, 5, 4, 0, 0, blue, 2},
		{"Kia", "Picanto", "economy", "manual", "petrol", 2020, 4, 4, 0, 0, green, 1},
		{"Toyota", "RAV4", "suv", "automatic", "hybrid", 2023, 5, 5, 0, 0, silver, 0},
		{"Toyota", "Land Cruiser Prado", "suv", "automatic", "diesel", 2021, 7, 5, 0, 0, white, 2},
		{"Nissan", "X-Trail", "suv", "automatic", "petrol", 2022, 7, 5, 0, 0, black, 1},
		{"Mercedes-Benz", "E-Class", "luxury", "automatic", "petrol", 2022, 5, 4, 0, 0, black, 0},
		{"Lexus", "RX 350", "luxury", "automatic", "petrol", 2023, 5, 5, 0, 0, silver, 2},
		{"Toyota", "HiAce", "van", "manual", "diesel", 2021, 14, 4, 0, 0, white, 1},
		{"Toyota", "Hilux", "pickup", "manual", "diesel", 2022, 5, 4, 0, 0, sand, 0},
	}
	mult := map[string]float64{"economy": 0.8, "compact": 1, "midsize": 1.2, "suv": 1.8, "luxury": 3, "van": 2,
		"pickup": 1.6}
	for i := range cars {
		r := int64(float64(base)*mult[cars[i].Category]) / 10000 * 10000
		cars[i].DayRate = r
		cars[i].Deposit = min(r*3, 500_000_000) / 100000 * 100000
		cars[i].Branch %= branches
	}
	return cars
}

// RentalCompanies are the demo companies.
var RentalCompanies = []RentalCompany{
	{Person: People[rentalIndex()], Name: "Coastline Rentals", Licence: "KE-NTSA-CR-20417",
		Issuer: "National Transport and Safety Authority", TimeZone: "Africa/Nairobi",
		Headline: "Airport pick-ups in Mombasa and Diani; 4x4s for the coast and safari runs",
		Branches: []rentals.BranchInput{
			{Name: "Moi International Airport", Address: "Arrivals hall, Moi International Airport, Port Reitz", City: "Mombasa",
				Country: "KE", Lat: f64(-4.0348), Lng: f64(39.5942), Phone: "+254733456789", Hours: hoursAll("06:00", "23:00", true)},
			{Name: "Nyali", Address: "Links Road, Nyali Centre, ground floor", City: "Mombasa", Country: "KE",
				Phone: "+254733456790", Hours: hoursAll("08:00", "18:00", false)},
			{Name: "Diani Beach", Address: "Diani Beach Road, opposite Diani Shopping Centre", City: "Diani", Country: "KE",
				Lat: f64(-4.2797), Lng: f64(39.5947), Phone: "+254733456791", Hours: hoursAll("08:00", "19:00", true)}},
		Fleet: fleet(3_000_000, 3)},
	{Person: Person{Email: "ekodrive@example.com", Username: "eko.drive", Role: "car_rental", Name: "Tunde Bakare",
		Bio: "Runs Eko Drive: clean, insured cars across Lagos with airport delivery around the clock.", Phone: "+2348031112233",
		DOB: "1983-02-11", Gender: "man", City: "Lagos", Country: "NG", Languages: []string{"English", "Yoruba"},
		Business: "Eko Drive Rentals", Colour: color.RGBA{0x0f, 0x76, 0x6e, 0xff}},
		Name: "Eko Drive Rentals", Licence: "LASG-MOT-CR-5521", Issuer: "Lagos State Ministry of Transportation",
		TimeZone: "Africa/Lagos", Headline: "Self-drive and airport delivery across Lagos, day and night",
		Branches: []rentals.BranchInput{
			{Name: "Victoria Island", Address: "27 Adeola Odeku Street, Victoria Island", City: "Lagos", Country: "NG",
				Lat: f64(6.4311), Lng: f64(3.4158), Phone: "+2348031112233", Hours: hoursAll("07:00", "21:00", true)},
			{Name: "Murtala Muhammed Airport", Address: "Car park B, MMIA international terminal, Ikeja", City: "Lagos",
				Country: "NG", Lat: f64(6.5774), Lng: f64(3.3212), Phone: "+2348031112234", Hours: hoursAll("00:00", "23:59", true)},
			{Name: "Lekki Phase 1", Address: "5 Admiralty Way, Lekki Phase 1", City: "Lagos", Country: "NG",
				Phone: "+2348031112235", Hours: hoursAll("08:00", "19:00", false)},
			// Across the border: cars for travellers landing in Accra (times in Accra's zone).
			{Name: "Kotoka International Airport", Address: "Arrivals hall, Terminal 3, Kotoka International Airport",
				City: "Accra", Country: "GH", Lat: f64(5.6052), Lng: f64(-0.1668), Phone: "+233302770011",
				TimeZone: "Africa/Accra", Hours: hoursAll("05:00", "23:59", true)}},
		Fleet: atBranch(fleet(2_500_000, 3), 3, accraCars...)},
	{Person: Person{Email: "capitalcars@example.com", Username: "capital.cars", Role: "car_rental", Name: "Aisha Danjuma",
		Bio: "Manages Capital Car Hire in Abuja: executive cars and drivers-optional SUVs for the capital.", Phone: "+2348094445566",
		DOB: "1988-09-23", Gender: "woman", City: "Abuja", Country: "NG", Languages: []string{"English", "Hausa"},
		Business: "Capital Car Hire", Colour: color.RGBA{0x7c, 0x3a, 0xed, 0xff}},
		Name: "Capital Car Hire", Licence: "FCT-DRTS-CH-0932", Issuer: "FCT Directorate of Road Traffic Services",
		TimeZone: "Africa/Lagos", Headline: "Executive saloons and SUVs in Abuja, with Nnamdi Azikiwe airport returns",
		Branches: []rentals.BranchInput{
			{Name: "Wuse II", Address: "14 Aminu Kano Crescent, Wuse II", City: "Abuja", Country: "NG",
				Lat: f64(9.0765), Lng: f64(7.4682), Phone: "+2348094445566", Hours: hoursAll("07:30", "20:00", false)},
			{Name: "Nnamdi Azikiwe Airport", Address: "Arrivals, Nnamdi Azikiwe International Airport", City: "Abuja",
				Country: "NG", Phone: "+2348094445567", Hours: hoursAll("05:00", "23:00", true)}},
		Fleet: fleet(3_500_000, 2)},
}

// accraCars are the fleet entries (fleet's order) Eko Drive keeps at its
// Accra branch; none of them is in demoRentalBookings' plans. The first is
// the demo trip's car (demoTrip).
var accraCars = []int{7, 9, 11}

// ekoIndex is Eko Drive's place in RentalCompanies; accraBranch its Accra branch.
const (
	ekoIndex    = 1
	accraBranch = 3
)

// atBranch keeps the cars at indexes idx at branch b.
func atBranch(cars []DemoCar, b int, idx ...int) []DemoCar {
	for _, i := range idx {
		cars[i].Branch = b
	}
	return cars
}

func rentalIndex() int {
	for i, p := range People {
		if p.Email == "rental@example.com" {
			return i
		}
	}
	panic("seed: rental@example.com is not a demo person")
}

// rentalPhoto draws a rental car with the dealers' car renderer: the
// category's body style in the car's colour, a side (0) or showroom (1) view.
func rentalPhoto(c DemoCar, view int) []byte {
	body := map[string]string{"suv": "suv", "van": "van", "pickup": "pickup", "economy": "hatchback", "compact": "hatchback"}[c.Category]
	if body == "" {
		body = "saloon"
	}
	return CarPhoto(CarModel{Make: c.Make, Model: c.Model, Body: body}, c.Colour, view%2)
}

// demoRentals sets up the companies (verified licences, branches, fleets
// with seasons, extras and photos) and rentals in every state; a company
// that already has branches is left as it is.
func demoRentals(ctx context.Context, a *app.App, ids map[string]string) (string, error) {
	adminID := ids["admin@example.com"]
	made, cars, booked := 0, 0, 0
	var carIDs [][]string
	var branchIDs [][]string
	for ci, co := range RentalCompanies {
		uid, isNew, err := ensureUser(ctx, a, co.Person)
		if err != nil {
			return "", err
		}
		if isNew {
			if err := fillProfile(ctx, a, uid, co.Person); err != nil {
				return "", err
			}
		}
		ids[co.Person.Email] = uid
		if have, err := a.Rentals.MyBranches(ctx, uid); err == nil && len(have) > 0 {
			carIDs, branchIDs = append(carIDs, nil), append(branchIDs, nil)
			continue
		}
		p, err := a.Practice.SaveProfile(ctx, uid, practice.KindCarRental, practice.ProfileInput{BusinessName: &co.Name,
			Headline: co.Headline,
			Bio:      co.Person.Bio, City: co.Person.City, Country: co.Person.Country, TimeZone: co.TimeZone,
			Languages: co.Person.Languages, LicenceNumber: co.Licence, IssuingBody: co.Issuer})
		if err != nil {
			return "", fmt.Errorf("%s profile: %w", co.Name, err)
		}
		if _, err := a.Practice.Decide(ctx, adminID, "", p.ID, practice.DecisionInput{
			Decision: practice.VerificationVerified, Note: "Operator licence checked with the issuer"}); err != nil {
			return "", fmt.Errorf("%s verification: %w", co.Name, err)
		}
		var bids []string
		for _, b := range co.Branches {
			br, err := a.Rentals.SaveBranch(ctx, uid, "", b)
			if err != nil {
				return "", fmt.Errorf("%s branch: %w", co.Name, err)
			}
			bids = append(bids, br.ID)
		}
		year := a.Deps.Clock.Now().Year()
		var cids []string
		for i, c := range co.Fleet {
			in := rentals.CarInput{BranchID: bids[c.Branch], Make: c.Make, Model: c.Model, Year: c.Year,
				Category: c.Category, Seats: c.Seats, Doors: c.Doors, Transmission: c.Transmission, Fuel: c.Fuel,
				AirConditioning: true, Description: fmt.Sprintf("%s %s in %s, serviced by %s. Roadside assistance included.",
					c.Make, c.Model, colourName(c.Colour), co.Name),
				MinDriverAge: 21 + 2*boolInt(c.Category == "luxury"), Deposit: c.Deposit, MileageLimitKm: 300 * (1 - boolInt(i%4 == 0)),
				FuelPolicy: []string{"full_to_full", "same_to_same"}[i%2], DayRate: c.DayRate, Currency: "NGN",
				OneWayAllowed: len(bids) > 1 && i%3 != 2, OneWayFee: 1_500_000, FreeCancelHours: 48, LateCancelFeePct: 50,
				Published: true,
				Seasons: []rentals.Season{
					{Name: "Easter", From: fmt.Sprintf("%d-04-01", year), To: fmt.Sprintf("%d-04-10", year), DayRate: c.DayRate * 6 / 5},
					{Name: "Festive season", From: fmt.Sprintf("%d-12-15", year), To: fmt.Sprintf("%d-01-05", year+1), DayRate: c.DayRate * 3 / 2}},
				Extras: []rentals.Extra{
					{Code: "additional_driver", Name: "Additional driver", Price: 500_000, Per: "rental"},
					{Code: "child_seat", Name: "Child seat", Price: 250_000, Per: "day"},
					{Code: "full_insurance", Name: "Full insurance (no excess)", Price: c.DayRate / 5 / 10000 * 10000, Per: "day"},
					{Code: "gps", Name: "GPS navigation", Price: 150_000, Per: "day"}}}
			car, err := a.Rentals.SaveCar(ctx, uid, "", in)
			if err != nil {
				return "", fmt.Errorf("%s car %d: %w", co.Name, i, err)
			}
			for k := 0; k < 2; k++ {
				if _, err := a.Rentals.AddCarPhoto(ctx, uid, car.ID, rentalPhoto(c, k)); err != nil {
					return "", fmt.Errorf("%s car photo: %w", co.Name, err)
				}
			}
			cids = append(cids, car.ID)
			cars++
		}
		carIDs, branchIDs = append(carIDs, cids), append(branchIDs, bids)
		made++
		_ = ci
	}
	n, err := demoRentalBookings(ctx, a, ids, carIDs, branchIDs)
	if err != nil {
		return "", fmt.Errorf("demo rentals: %w", err)
	}
	booked += n
	reviewed, err := demoRentalReviews(ctx, a, ids, carIDs, branchIDs)
	if err != nil {
		return "", fmt.Errorf("demo rental reviews: %w", err)
	}
	booked += reviewed
	trip, err := demoTrip(ctx, a, ids, carIDs, branchIDs)
	if err != nil {
		return "", fmt.Errorf("demo trip: %w", err)
	}
	return trip + fmt.Sprintf("demo car rentals: %d companies set up (%d cars), %d rentals made (%d reviewed)\n", made, cars,
		booked, reviewed), nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func colourName(c color.RGBA) string {
	switch c {
	case red:
		return "red"
	case white:
		return "white"
	case silver:
		return "silver"
	case black:
		return "black"
	case blue:
		return "blue"
	case green:
		return "green"
	}
	return "sand beige"
}

// demoRentalBookings makes rentals in every state for the companies set up
// now (their car ids; nil for a company that was already there).
func demoRentalBookings(ctx context.Context, a *app.App, ids map[string]string, carIDs, branchIDs [][]string) (int, error) {
	renters := []string{ids["user@example.com"], ids["affiliate@example.com"], ids["writer@example.com"]}
	for i, r := range renters {
		ref := fmt.Sprintf("SEED-RENTAL-%d", i)
		if _, err := a.Money.CreditTopUp(ctx, nil, money.TopUp{Key: "seed-rental:" + ref + ":" + r, UserID: r,
			Amount: 150_000_000, Currency: "NGN", Reference: ref + "-" + r[:8]}); err != nil {
			return 0, err
		}
	}
	now := a.Deps.Clock.Now().UTC().Truncate(time.Hour)
	d := func(days int) time.Time { return now.Add(time.Duration(days) * 24 * time.Hour).Add(time.Hour) }
	type plan struct {
		car, renter, from, to int
		status                string
		capture               int64
		reason                string
		extras                []string
	}
	plans := []plan{
		{0, 0, -21, -18, rentals.StatusCompleted, 1_500_000, "Refuelling: returned a quarter tank short of full, as the full-to-full policy asks", []string{"child_seat"}},
		{1, 1, -14, -11, rentals.StatusCompleted, 0, "", nil},
		{2, 2, -5, -1, rentals.StatusReturned, 0, "", []string{"gps"}},
		{5, 0, -1, 3, rentals.StatusPickedUp, 0, "", []string{"full_insurance"}},
		{6, 1, 6, 9, rentals.StatusConfirmed, 0, "", []string{"additional_driver"}},
		{3, 0, 12, 15, rentals.StatusConfirmed, 0, "", []string{"child_seat", "gps"}},
		{4, 2, 20, 22, rentals.StatusCancelled, 0, "", nil},
	}
	n := 0
	for ci, cars := range carIDs {
		if cars == nil {
			continue
		}
		for pi, p := range plans {
			if ci > 0 && pi > 4 {
				break
			}
			in := rentals.ImportInput{UserID: renters[(p.renter+ci)%len(renters)], Status: p.status, Capture: p.capture,
				Reason: p.reason, Fuel: [2]int{8, 6}, Km: [2]int{18_400 + 1000*pi, 18_900 + 1000*pi}}
			in.CarID, in.Start, in.End, in.Extras = cars[p.car], d(p.from), d(p.to), p.extras
			in.PickupBranchID = branchIDs[ci][0]
			in.DropoffBranchID = branchIDs[ci][0]
			in.Driver = rentals.Driver{Name: "Amara Okafor", BirthDate: "1992-06-18", LicenceNumber: "NG-LAG-48213-AO",
				Phone: "+2348012345678"}
			if _, err := a.Rentals.Import(ctx, in); err != nil {
				return n, fmt.Errorf("rental %d/%d: %w", ci, pi, err)
			}
			n++
		}
	}
	return n, nil
}
