package seed

import (
	"context"
	"errors"
	"fmt"
	"image/color"
	"time"

	"sojourn/api/internal/app"
	"sojourn/api/internal/bookings"
	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/apperr"
	ids2 "sojourn/api/internal/platform/ids"
	"sojourn/api/internal/practice"
	"sojourn/api/internal/reviews"
	"sojourn/api/internal/tours"
)

// Tour guides and their tours in five cities: guide@example.com in Cape
// Town and four more guides (Lagos, Accra, Nairobi, Marrakech), each
// verified and published, with photos (rendered), fixed departures, some
// shared departures partly sold, past tours with reviews.

// TourGuide is a demo guide with their tours.
type TourGuide struct {
	Person
	TimeZone string
	Tours    []DemoTour
}

// DemoTour is one demo tour.
type DemoTour struct {
	Title, Description, Address string
	Lat, Lng                    float64
	Stops                       []tours.Stop
	Included, Excluded, Langs   []string
	Price                       int64
	Currency                    string
	PerGroup, Private, Kids     bool
	Accessible, Confirm         bool
	Minutes, Capacity, MinGroup int
	Times                       map[string][]string
	Colours                     []color.RGBA
}

var everyDay = func(t ...string) map[string][]string {
	m := map[string][]string{}
	for _, d := range []string{"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"} {
		m[d] = t
	}
	return m
}

// TourGuides are the demo guides (guide@example.com's person comes from People).
var TourGuides = []TourGuide{
	{Person: Person{Email: "guide@example.com"}, TimeZone: "Africa/Johannesburg", Tours: []DemoTour{
		{Title: "Bo-Kaap and the city bowl on foot", Description: "Colourful streets, Cape Malay cooking and the stories of the people who built the city.",
			Address: "Greenmarket Square, Cape Town", Lat: -33.9227, Lng: 18.4197,
			Stops: []tours.Stop{{Title: "Greenmarket Square", DurationMin: 20}, {Title: "Bo-Kaap Museum", DurationMin: 45, Description: "A house from the 1760s and the history of the Cape Malay community."},
				{Title: "Spice shop and koeksister tasting", DurationMin: 40}, {Title: "Company's Garden", DurationMin: 45}},
			Included: []string{"Museum entry", "Koeksister tasting", "Bottled water"}, Excluded: []string{"Lunch", "Hotel pick-up"},
			Langs: []string{"English", "Afrikaans"}, Price: 45000, Currency: "ZAR", Kids: true, Accessible: true, Minutes: 150,
			Capacity: 12, MinGroup: 3, Times: everyDay("09:30"), Colours: []color.RGBA{{0xe1, 0x1d, 0x48, 0xff}, {0x0e, 0xa5, 0xe9, 0xff}}},
		{Title: "Table Mountain sunrise hike", Description: "Platteklip Gorge before dawn, breakfast at the top, cable car down.",
			Address: "Lower Cable Station car park, Tafelberg Road", Lat: -33.9486, Lng: 18.4031,
			Stops:    []tours.Stop{{Title: "Platteklip Gorge ascent", DurationMin: 150}, {Title: "Sunrise and breakfast at the summit", DurationMin: 60}, {Title: "Cable car down", DurationMin: 30}},
			Included: []string{"Breakfast", "Cable car ticket down", "Head torch"}, Excluded: []string{"Hiking boots"},
			Langs: []string{"English", "isiZulu"}, Price: 95000, Currency: "ZAR", Minutes: 240, Capacity: 8, MinGroup: 2,
			Times: map[string][]string{"saturday": {"05:00"}, "sunday": {"05:00"}, "wednesday": {"05:00"}}, Colours: []color.RGBA{{0x15, 0x80, 0x3d, 0xff}}},
		{Title: "Three days in the Cape Winelands", Description: "Stellenbosch, Franschhoek and Paarl with two nights on a working wine farm. Private: your group only.",
			Address: "V&A Waterfront clock tower, Cape Town", Lat: -33.9066, Lng: 18.4208,
			Stops:    []tours.Stop{{Title: "Stellenbosch cellars", DurationMin: 300}, {Title: "Franschhoek wine tram", DurationMin: 360}, {Title: "Paarl Mountain and Afrikaans Language Monument", DurationMin: 240}},
			Included: []string{"Two nights' lodging", "Tastings", "Transport"}, Excluded: []string{"Dinners", "Flights"},
			Langs: []string{"English", "Afrikaans"}, Price: 1850000, Currency: "ZAR", PerGroup: true, Private: true, Confirm: true,
			Minutes: 3 * 24 * 60, Capacity: 6, Times: map[string][]string{"friday": {"08:00"}}, Colours: []color.RGBA{{0x7c, 0x2d, 0x12, 0xff}}},
	}},
	{Person: Person{Email: "bisi.guides@example.com", Username: "bisi.lagos", Role: "tour_guide", Name: "Bisi Adeyemi",
		Bio: "Lagos-born historian and guide. Markets, museums and the island's layered past.", Phone: "+2348031234567",
		DOB: "1992-06-12", Gender: "woman", City: "Lagos", Country: "NG", Languages: []string{"English", "Yoruba"},
		Specialties: []string{"history", "food", "art"}, Licence: "LSTB-TG-0412", Colour: color.RGBA{0xea, 0x58, 0x0c, 0xff}},
		TimeZone: "Africa/Lagos", Tours: []DemoTour{
			{Title: "Lagos Island history walk", Description: "From Tinubu Square to the Brazilian Quarter: two centuries of Lagos in one morning.",
				Address: "Tinubu Square, Lagos Island", Lat: 6.4541, Lng: 3.3890,
				Stops:    []tours.Stop{{Title: "Tinubu Square", DurationMin: 20}, {Title: "Brazilian Quarter", DurationMin: 60}, {Title: "National Museum bronzes", DurationMin: 60}},
				Included: []string{"Museum entry", "Water"}, Excluded: []string{"Lunch"}, Langs: []string{"English", "Yoruba"},
				Price: 1500000, Currency: "NGN", Kids: true, Minutes: 180, Capacity: 10, MinGroup: 3, Times: everyDay("09:00"),
				Colours: []color.RGBA{{0xf5, 0x9e, 0x0b, 0xff}, {0x16, 0x65, 0x34, 0xff}}},
			{Title: "Lekki street food crawl", Description: "Suya, boli and amala with the people who cook them best.",
				Address: "Lekki Phase 1 gate", Lat: 6.4474, Lng: 3.4723,
				Stops:    []tours.Stop{{Title: "Suya spot", DurationMin: 40}, {Title: "Boli and fish by the lagoon", DurationMin: 50}, {Title: "Amala joint", DurationMin: 50}},
				Included: []string{"All tastings", "Soft drinks"}, Excluded: []string{"Alcohol"}, Langs: []string{"English"},
				Price: 2500000, Currency: "NGN", Minutes: 180, Capacity: 8, Times: map[string][]string{"friday": {"18:00"}, "saturday": {"18:00"}},
				Colours: []color.RGBA{{0xb9, 0x1c, 0x1c, 0xff}}},
		}},
	{Person: Person{Email: "kwame.guides@example.com", Username: "kwame.accra", Role: "tour_guide", Name: "Kwame Owusu",
		Bio: "Accra guide and highlife fan. Jamestown, Makola and the coast.", Phone: "+233241112233", DOB: "1988-10-02",
		Gender: "man", City: "Accra", Country: "GH", Languages: []string{"English", "Twi", "Ga"},
		Specialties: []string{"history", "music"}, Licence: "GTA-TG-2211", Colour: color.RGBA{0x0f, 0x76, 0x6e, 0xff}},
		TimeZone: "Africa/Accra", Tours: []DemoTour{
			{Title: "Jamestown lighthouse and fishing harbour", Description: "Old Accra's boxing gyms, the lighthouse climb and the harbour at work.",
				Address: "Jamestown Lighthouse, High Street", Lat: 5.5334, Lng: -0.2120,
				Stops:    []tours.Stop{{Title: "Lighthouse climb", DurationMin: 30}, {Title: "Fishing harbour", DurationMin: 45}, {Title: "Ussher Fort", DurationMin: 40}},
				Included: []string{"Lighthouse fee", "Water"}, Excluded: []string{"Tips"}, Langs: []string{"English", "Twi"},
				Price: 35000, Currency: "GHS", Kids: true, Minutes: 150, Capacity: 12, Times: everyDay("08:30", "15:30"),
				Colours: []color.RGBA{{0xdc, 0x26, 0x26, 0xff}, {0xfa, 0xcc, 0x15, 0xff}}},
		}},
	{Person: Person{Email: "amina.guides@example.com", Username: "amina.nairobi", Role: "tour_guide", Name: "Amina Otieno",
		Bio: "Nairobi naturalist. Giraffes, forests and the city's wild edges.", Phone: "+254722334455", DOB: "1991-01-19",
		Gender: "woman", City: "Nairobi", Country: "KE", Languages: []string{"English", "Swahili"},
		Specialties: []string{"wildlife", "nature"}, Licence: "KTB-TG-9921", Colour: color.RGBA{0x65, 0xa3, 0x0d, 0xff}},
		TimeZone: "Africa/Nairobi", Tours: []DemoTour{
			{Title: "Nairobi National Park morning drive", Description: "Lions, rhinos and giraffes with the skyline behind them.",
				Address: "East Gate, Nairobi National Park", Lat: -1.3733, Lng: 36.8580,
				Stops:    []tours.Stop{{Title: "Game drive", DurationMin: 180}, {Title: "Ivory Burning Site", DurationMin: 20}, {Title: "Breakfast at the picnic site", DurationMin: 40}},
				Included: []string{"Park fees", "Breakfast", "Binoculars"}, Excluded: []string{"Hotel pick-up"}, Langs: []string{"English", "Swahili"},
				Price: 850000, Currency: "KES", Accessible: true, Kids: true, Minutes: 300, Capacity: 6, MinGroup: 2,
				Times: everyDay("06:00"), Colours: []color.RGBA{{0xa1, 0x62, 0x07, 0xff}}},
		}},
	{Person: Person{Email: "youssef.guides@example.com", Username: "youssef.marrakech", Role: "tour_guide", Name: "Youssef El Amrani",
		Bio: "Medina-born guide. Souks, riads and the Atlas foothills.", Phone: "+212612345678", DOB: "1987-03-08",
		Gender: "man", City: "Marrakech", Country: "MA", Languages: []string{"French", "Arabic", "English"},
		Specialties: []string{"architecture", "crafts"}, Licence: "MA-GT-5531", Colour: color.RGBA{0xc2, 0x41, 0x0c, 0xff}},
		TimeZone: "Africa/Casablanca", Tours: []DemoTour{
			{Title: "Medina souks and hidden riads", Description: "The dyers' souk, a medersa and tea in a riad courtyard.",
				Address: "Café de France, Jemaa el-Fnaa", Lat: 31.6258, Lng: -7.9891,
				Stops:    []tours.Stop{{Title: "Jemaa el-Fnaa", DurationMin: 20}, {Title: "Ben Youssef Medersa", DurationMin: 45}, {Title: "Dyers' souk", DurationMin: 40}, {Title: "Mint tea in a riad", DurationMin: 30}},
				Included: []string{"Medersa entry", "Mint tea"}, Excluded: []string{"Purchases"}, Langs: []string{"French", "English", "Arabic"},
				Price: 4500, Currency: "USD", Minutes: 180, Capacity: 10, Times: everyDay("10:00"),
				Colours: []color.RGBA{{0xbe, 0x12, 0x3c, 0xff}, {0x1d, 0x4e, 0xd8, 0xff}}},
		}},
}

// demoTours sets up the guides and their tours once (a guide with tours is
// left alone) and books some departures. It answers the tours made.
func demoTours(ctx context.Context, a *app.App, ids map[string]string) (int, error) {
	admin := ids["admin@example.com"]
	made := 0
	for gi, g := range TourGuides {
		per := g.Person
		if per.Username == "" {
			for _, p := range People {
				if p.Email == per.Email {
					per = p
				}
			}
		}
		uid, isNew, err := ensureUser(ctx, a, per)
		if err != nil {
			return made, err
		}
		if isNew {
			if err := fillProfile(ctx, a, uid, per); err != nil {
				return made, err
			}
		}
		if mine, err := a.Tours.MyTours(ctx, uid); err != nil || len(mine) > 0 {
			continue
		}
		prof, err := a.Practice.ProviderOfUser(ctx, uid, practice.KindTourGuide)
		if errors.Is(err, practice.ErrNotFound) {
			head := "Small-group tours of " + per.City + " with a licensed local guide"
			if prof0, err := a.Practice.SaveProfile(ctx, uid, practice.KindTourGuide, practice.ProfileInput{Headline: head,
				Bio: per.Bio, Specialties: per.Specialties, Languages: per.Languages, City: per.City, Country: per.Country,
				TimeZone: g.TimeZone, Formats: []practice.FormatInput{{Kind: practice.FormatInPerson, Address: "Each tour names its meeting point"}},
				LicenceNumber: licenceOr(per.Licence, "WC-TG-2016-0918"), IssuingBody: "National tourism board"}); err != nil {
				return made, fmt.Errorf("%s guide profile: %w %v", per.Email, err, fieldsOf(err))
			} else {
				prof = practice.Provider{ID: prof0.ID}
			}
		} else if err != nil {
			return made, err
		}
		week := map[string][]practice.Interval{}
		for d := range everyDay() {
			week[d] = []practice.Interval{{Start: "05:00", End: "21:00"}}
		}
		if _, err := a.Practice.SaveSchedule(ctx, uid, practice.KindTourGuide, practice.ScheduleInput{Weekly: week}); err != nil {
			return made, err
		}
		var tourIDs []string
		for _, t := range g.Tours {
			pricing := practice.PricingPerPerson
			if t.PerGroup {
				pricing = practice.PricingPerGroup
			}
			free, fee, cutoff, advance := 48, 50, 12, 90
			in := tours.TourInput{Title: &t.Title, Description: &t.Description, City: &per.City, Country: &per.Country,
				MeetingPoint: &tours.MeetingPoint{Address: t.Address, Lat: t.Lat, Lng: t.Lng}, Itinerary: &t.Stops,
				Included: &t.Included, Excluded: &t.Excluded, Languages: &t.Langs, Private: &t.Private, Accessible: &t.Accessible,
				KidFriendly: &t.Kids, Price: &practice.Money{Amount: t.Price, Currency: t.Currency}, Pricing: &pricing,
				DurationMin: &t.Minutes, Capacity: &t.Capacity, Departures: &practice.Departures{Weekly: t.Times},
				CutoffHours: &cutoff, MinParticipants: &t.MinGroup, RequiresConfirmation: &t.Confirm, FreeCancelHours: &free,
				LateCancelFeePct: &fee, MaxAdvanceDays: &advance}
			v, err := a.Tours.CreateTour(ctx, uid, in)
			if err != nil {
				return made, fmt.Errorf("tour %q: %w", t.Title, err)
			}
			for i, c := range t.Colours {
				if _, err := a.Tours.AddPhoto(ctx, uid, v.ID, TourPhoto(per.City, c, len(tourIDs)+i)); err != nil {
					return made, err
				}
			}
			tourIDs = append(tourIDs, v.ID)
			made++
		}
		if admin != "" {
			if _, err := a.Practice.Decide(ctx, admin, "", prof.ID, practice.DecisionInput{Decision: practice.VerificationVerified,
				Note: "Guiding licence checked with the tourism board."}); err != nil {
				return made, err
			}
		}
		if _, err := a.Practice.Publish(ctx, uid, practice.KindTourGuide); err != nil {
			return made, fmt.Errorf("%s publish: %w", per.Email, err)
		}
		if err := demoTourBookings(ctx, a, ids, gi, tourIDs); err != nil {
			return made, fmt.Errorf("%s bookings: %w", per.Email, err)
		}
	}
	return made, nil
}

var travellerNames = []string{"Amara Okafor", "Chidi Okafor", "Efua Mensah", "Zainab Bello", "Kofi Asante", "Tomi Ade"}

// demoTourBookings books the first shared tour's departures: two upcoming
// departures partly sold (by three demo travellers) and one past tour
// completed and reviewed.
func demoTourBookings(ctx context.Context, a *app.App, ids map[string]string, gi int, tourIDs []string) error {
	if len(tourIDs) == 0 {
		return nil
	}
	off := tourIDs[0]
	now := a.Deps.Clock.Now()
	res, err := a.Bookings.Slots(ctx, off, now.Format("2006-01-02"), now.AddDate(0, 0, 20).Format("2006-01-02"), "UTC")
	if err != nil {
		return err
	}
	travellers := []string{"user@example.com", "affiliate@example.com", "writer@example.com"}
	fund := func(uid, currency string, amount int64) error {
		ref := "PSK-TOUR-" + ids2.New()
		_, err := a.Money.CreditTopUp(ctx, nil, money.TopUp{Key: "seed:" + ref + currency, UserID: uid, Amount: amount,
			Currency: currency, Reference: ref + currency})
		return err
	}
	o, err := a.Practice.Offering(ctx, off)
	if err != nil {
		return err
	}
	for si, slot := range res.Slots {
		if si >= 2 {
			break
		}
		for ti, email := range travellers[:2+si%2] {
			uid := ids[email]
			seats := 1 + (ti+gi)%3
			if err := fund(uid, o.Currency, o.Price*int64(seats)); err != nil {
				return err
			}
			h, err := a.Bookings.Hold(ctx, uid, bookings.HoldInput{OfferingID: off, Start: slot.Start, Seats: seats,
				Attendees: travellerNames[ti : ti+seats]})
			if err != nil {
				return err
			}
			if _, err := a.Bookings.Book(ctx, uid, bookings.BookInput{HoldID: h.ID, PayWith: bookings.PayWallet}); err != nil {
				return err
			}
		}
	}
	// A past tour, completed and reviewed.
	past := now.AddDate(0, 0, -10-gi).Truncate(time.Hour)
	uid := ids["user@example.com"]
	if err := fund(uid, o.Currency, o.Price*2); err != nil {
		return err
	}
	b, err := a.Bookings.ImportPast(ctx, bookings.PastBooking{OfferingID: off, UserID: uid, Start: past,
		Status: bookings.StatusCompleted, Seats: 2, Attendees: []string{"Amara Okafor", "Chidi Okafor"}})
	if err != nil {
		return err
	}
	texts := []string{"Knew every corner and every story. The pace was just right for our kids.",
		"We saw places we would never have found alone. Worth every cent.",
		"Warm, funny and on time. The tasting stops were the highlight."}
	return writtenAt(a, daysAfter(b.End, gi), func() error {
		_, err := a.Reviews.Create(ctx, uid, b.ID, reviews.ReviewInput{Rating: 5 - gi%2, Text: texts[gi%len(texts)]})
		return err
	})
}

func fieldsOf(err error) map[string]string {
	if e, ok := apperr.As(err); ok {
		return e.Fields
	}
	return nil
}

func licenceOr(l, d string) string {
	if l == "" {
		return d
	}
	return l
}
