package seed

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"math"
	"time"

	"sojourn/api/internal/app"
	"sojourn/api/internal/dealers"
	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/page"
	"sojourn/api/internal/practice"
	"sojourn/api/internal/reviews"
)

// demoDealers sets up the demo dealerships (profile, hours, licence scan,
// verified and published), 22 cars each with photos, days on market and
// price drops, some sold and some reserved with a deposit (one sale
// completed through its reservation), test drives booked and enquiries.
// A dealership that already has cars is left as it is.
func demoDealers(ctx context.Context, a *app.App, ids map[string]string) (string, error) {
	adminID, _ := userIDOf(ctx, a, ids, "admin@example.com")
	cars := 0
	for di, d := range Dealerships {
		per, ok := dealerPerson(d.Email)
		if !ok {
			continue
		}
		userID, isNew, err := ensureUser(ctx, a, per)
		if err != nil {
			return "", err
		}
		if isNew {
			if err := fillProfile(ctx, a, userID, per); err != nil {
				return "", err
			}
		}
		ids[d.Email] = userID
		if mine, _, err := a.Dealers.MyListings(ctx, userID, "", page.Cursor{Limit: 1}); err == nil && len(mine) > 0 {
			continue
		} else if err != nil && !apperr.Is(err, apperr.CodeNotFound) {
			return "", err
		}
		if err := setUpDealership(ctx, a, adminID, userID, d, per); err != nil {
			return "", fmt.Errorf("%s dealership: %w", d.Email, err)
		}
		n, err := demoCars(ctx, a, ids, adminID, userID, di)
		cars += n
		if err != nil {
			return "", fmt.Errorf("%s cars: %w", d.Email, err)
		}
	}
	return fmt.Sprintf("demo car dealers: %d cars listed\n", cars), nil
}

func dealerPerson(email string) (Person, bool) {
	for _, p := range append(append([]Person{}, People...), ExtraDealers...) {
		if p.Email == email {
			return p, true
		}
	}
	return Person{}, false
}

func setUpDealership(ctx context.Context, a *app.App, adminID, userID string, d Dealership, per Person) error {
	s := a.Practice
	prof, err := s.SaveProfile(ctx, userID, practice.KindCarDealer, practice.ProfileInput{BusinessName: &per.Business,
		Headline: d.Headline, Bio: d.Bio,
		Languages: per.Languages, City: per.City, Country: per.Country, TimeZone: "Africa/Lagos",
		Formats:       []practice.FormatInput{{Kind: practice.FormatInPerson, Address: d.Address}},
		LicenceNumber: d.Licence, IssuingBody: d.Issuer})
	if err != nil {
		return err
	}
	week := map[string][]practice.Interval{"saturday": {{Start: "10:00", End: "15:00"}}}
	for _, day := range []string{"monday", "tuesday", "wednesday", "thursday", "friday"} {
		week[day] = []practice.Interval{{Start: "09:00", End: "18:00"}}
	}
	if _, err := s.SaveSchedule(ctx, userID, practice.KindCarDealer, practice.ScheduleInput{Weekly: week}); err != nil {
		return err
	}
	if _, err := s.AddPhoto(ctx, userID, practice.KindCarDealer, CarPhoto(CarModels[0], CarColours[0].Paint, 0)); err != nil {
		return err
	}
	scan := LicenceScan{Authority: "FEDERAL REPUBLIC OF NIGERIA", Issuer: d.Issuer, Title: "MOTOR DEALER'S LICENCE",
		Certifies: "This is to certify that", Holder: per.Business, Role: "is licensed to buy and sell motor vehicles at the premises below",
		Fields: [][2]string{{"Licence number", d.Licence}, {"Premises", d.Address}, {"Principal", per.Name},
			{"Valid until", fmt.Sprintf("31 December %d", a.Deps.Clock.Now().Year()+1)}},
		Signatory: "Director of Licensing", Accent: per.Colour}
	if _, err := s.AddLicenceDocument(ctx, userID, practice.KindCarDealer, scan.Render()); err != nil {
		return err
	}
	// The settings (made with the free test-drive offering) and the branches.
	if _, err := a.Dealers.SaveSettings(ctx, userID, dealers.SettingsInput{Branches: &d.Branches}); err != nil {
		return err
	}
	if adminID != "" {
		if _, err := s.Decide(ctx, adminID, "", prof.ID, practice.DecisionInput{Decision: practice.VerificationVerified,
			Note: "Dealer's licence checked with the " + d.Issuer + "."}); err != nil {
			return err
		}
	}
	_, err = s.Publish(ctx, userID, practice.KindCarDealer)
	return err
}

const yearCodes = "ABCDEFGHJKLMNPRSTVWXY123456789"

// demoVIN is a valid VIN of the model: its WMI and descriptor, the check
// digit, the model year's code, a plant and a serial.
func demoVIN(m CarModel, year, dealer, i int) string {
	vin := m.WMI + m.VDS + "0" + string(yearCodes[(year-1980)%30]) + "L" + fmt.Sprintf("%d%05d", dealer+1, 100+i*37)
	return dealers.WithCheckDigit(vin)
}

func demoCars(ctx context.Context, a *app.App, ids map[string]string, adminID, userID string, di int) (int, error) {
	now := a.Deps.Clock.Now()
	var listed []dealers.Listing
	for i, mi := range dealerMix[di] {
		m := CarModels[mi]
		span := m.YearTo - m.YearFrom + 1
		year := m.YearTo - (i*5+di*3)%min(span, 4) // the four latest years, so models compare
		age := 2026 - year
		mileage := age*13_500 + (i*7919+di*104729)%9000
		price := int64(float64(m.Price) * math.Pow(0.91, float64(m.YearTo-year)) * (0.94 + float64((i*13+di*7)%12)/100))
		price = price / 5_000_000 * 5_000_000 // to the nearest NGN 50,000
		colour := CarColours[(i+di*2)%len(CarColours)]
		cond := "foreign_used"
		switch {
		case i%5 == 3:
			cond = "locally_used"
		case i%7 == 2:
			cond = "certified"
		}
		vin, trim := demoVIN(m, year, di, i), m.Trim
		body, fuel, tr, drv, col := m.Body, m.Fuel, m.Transmission, m.Drivetrain, colour.Name
		feats := m.Features[:3+(i%(len(m.Features)-2))]
		desc := fmt.Sprintf("%d %s %s in %s, %s km. %s", year, m.Make, m.Model, col, groupDigits(mileage),
			conditionNote(cond))
		var earlier []int64
		if i%4 == 0 {
			earlier = []int64{price + price/20/5_000_000*5_000_000 + 20_000_000}
		}
		if i%7 == 0 {
			earlier = []int64{price + 80_000_000, price + 40_000_000}
		}
		listedAt := now.Add(-time.Duration(2+(i*11+di*5)%75) * 24 * time.Hour).Add(-time.Duration(i) * time.Hour)
		l, err := a.Dealers.ImportListing(ctx, userID, dealers.ListingInput{VIN: &vin, Make: &m.Make, Model: &m.Model,
			Year: &year, Trim: &trim, Body: &body, MileageKm: &mileage, Fuel: &fuel, Transmission: &tr, Drivetrain: &drv,
			Colour: &col, Condition: &cond, Price: &price, Features: &feats, Description: &desc}, listedAt, earlier)
		if err != nil {
			return len(listed), fmt.Errorf("%s: %w", vin, err)
		}
		for v := 0; v < 2; v++ {
			if _, err := a.Dealers.AddPhoto(ctx, userID, l.ID, CarPhoto(m, colour.Paint, v)); err != nil {
				return len(listed), err
			}
		}
		listed = append(listed, l)
	}
	// Two sold outright at the end of the lot.
	for _, l := range listed[len(listed)-2:] {
		if _, err := a.Dealers.MarkSold(ctx, userID, l.ID); err != nil {
			return len(listed), err
		}
	}
	// One car taken down by moderation, for the admin's queue.
	if di == 1 && adminID != "" {
		if _, err := a.Dealers.Moderate(ctx, adminID, "198.51.100.7", listed[12].ID, dealers.ModerationInput{Hidden: true,
			Reason: "The photos show a different trim from the one described; send photos of this car."}); err != nil {
			return len(listed), err
		}
	}
	// Buyers: reservations (one completed into a sale), test drives, enquiries.
	buyer := func(email string) string {
		id, _ := userIDOf(ctx, a, ids, email)
		if id != "" {
			if _, err := a.Money.CreditTopUp(ctx, nil, money.TopUp{Key: "topup:demo-cars:" + email, UserID: id,
				Amount: 200_000_000, Reference: "PSK-DEMO-CARS-" + usernameOf(email)}); err != nil {
				return ""
			}
		}
		return id
	}
	user, coach, guide := buyer("user@example.com"), buyer("coach@example.com"), buyer("guide@example.com")
	if di == 0 {
		if _, err := a.Dealers.Reserve(ctx, user, listed[3].ID, "demo-reserve-"+listed[3].ID); err != nil {
			return len(listed), fmt.Errorf("reserve: %w", err)
		}
		r, err := a.Dealers.Reserve(ctx, coach, listed[7].ID, "demo-reserve-"+listed[7].ID)
		if err != nil {
			return len(listed), fmt.Errorf("reserve: %w", err)
		}
		if _, err := a.Dealers.CompleteSale(ctx, userID, r.ID); err != nil {
			return len(listed), fmt.Errorf("complete: %w", err)
		}
	} else if _, err := a.Dealers.Reserve(ctx, guide, listed[4].ID, "demo-reserve-"+listed[4].ID); err != nil {
		return len(listed), fmt.Errorf("reserve: %w", err)
	}
	for k, b := range []struct {
		id  string
		car int
	}{{user, 1}, {coach, 5}, {guide, 9}} {
		if b.id == "" {
			continue
		}
		start := nextWeekday(now, 2+k+di, 10+k)
		if _, err := a.Dealers.BookTestDrive(ctx, b.id, listed[b.car].ID, dealers.TestDriveInput{Start: start}); err != nil &&
			!apperr.Is(err, apperr.CodeConflict) && !apperr.Is(err, apperr.CodeValidation) {
			return len(listed), fmt.Errorf("test drive: %w", err)
		}
	}
	if err := demoDriveReviews(ctx, a, ids, userID, listed, di); err != nil {
		return len(listed), fmt.Errorf("reviewed test drives: %w", err)
	}
	for k, q := range Enquiries {
		if di == 1 && k >= 2 {
			break
		}
		id, _ := userIDOf(ctx, a, ids, q.Email)
		if id == "" {
			continue
		}
		lead, err := a.Dealers.Enquire(ctx, id, listed[k*2].ID, dealers.LeadInput{Message: q.Message, ContactPref: q.Pref,
			Phone: q.Phone})
		if err != nil {
			return len(listed), fmt.Errorf("enquiry: %w", err)
		}
		if k == 1 {
			if _, err := a.Dealers.SetLeadStatus(ctx, userID, lead.ID, dealers.LeadContacted); err != nil {
				return len(listed), err
			}
		}
	}
	return len(listed), nil
}

// nextWeekday is a weekday at least `days` days after now, at hour:00 in
// Lagos (the dealers' zone).
func nextWeekday(now time.Time, days, hour int) time.Time {
	lagos := time.FixedZone("WAT", 3600)
	d := now.In(lagos).AddDate(0, 0, days)
	for d.Weekday() == time.Saturday || d.Weekday() == time.Sunday {
		d = d.AddDate(0, 0, 1)
	}
	return time.Date(d.Year(), d.Month(), d.Day(), hour, 0, 0, 0, lagos).UTC()
}

func conditionNote(c string) string {
	switch c {
	case "locally_used":
		return "Nigerian used, one owner, serviced at the dealership; documents complete."
	case "certified":
		return "Certified pre-owned: inspected, serviced and sold with a six-month warranty."
	}
	return "Foreign used, cleared through customs with duty paid; no accident history on its report."
}

func groupDigits(n int) string {
	s := fmt.Sprint(n)
	out := ""
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			out += ","
		}
		out += string(c)
	}
	return out
}

// CarPhoto draws a demo car photo: a side view (view 0) or a three-quarter
// view in a showroom (view 1) of the body style in the car's paint, as a
// JPEG of 960 x 600.
func CarPhoto(m CarModel, paint color.RGBA, view int) []byte {
	const w, h = 960, 600
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	sky1, sky2 := color.RGBA{0xdb, 0xea, 0xfe, 0xff}, color.RGBA{0xf8, 0xfa, 0xfc, 0xff}
	floor := color.RGBA{0x9c, 0xa3, 0xaf, 0xff}
	if view == 1 {
		sky1, sky2, floor = color.RGBA{0xe7, 0xe5, 0xe4, 0xff}, color.RGBA{0xfa, 0xfa, 0xf9, 0xff}, color.RGBA{0xd6, 0xd3, 0xd1, 0xff}
	}
	for y := 0; y < h; y++ {
		t := float64(y) / h
		c := mix(sky1, sky2, t)
		if y > 430 {
			c = mix(floor, color.RGBA{0x6b, 0x72, 0x80, 0xff}, float64(y-430)/170)
		}
		for x := 0; x < w; x++ {
			img.SetRGBA(x, y, c)
		}
	}
	tall := 0
	switch m.Body {
	case "suv", "pickup", "van", "minivan":
		tall = 45
	case "hatchback":
		tall = 20
	}
	scale := 1.0
	cx := 480
	if view == 1 {
		scale, cx = 0.85, 520
	}
	sx := func(x int) int { return cx + int(float64(x-480)*scale) }
	// Shadow, body, cabin and windows, wheels.
	ellipse(img, sx(480), 452, int(360*scale), 18, color.RGBA{0x37, 0x41, 0x51, 0x90})
	roundRect(img, sx(150), 300-tall, sx(810), 420, 28, paint)
	cabinL, cabinR := sx(300), sx(660)
	if m.Body == "pickup" {
		cabinR = sx(520)
	}
	if m.Body == "hatchback" || m.Body == "suv" {
		cabinR = sx(740)
	}
	roundRect(img, cabinL, 215-tall, cabinR, 310-tall, 34, shade(paint, 0.92))
	glass := color.RGBA{0x33, 0x4e, 0x68, 0xff}
	mid := (cabinL + cabinR) / 2
	roundRect(img, cabinL+18, 230-tall, mid-6, 300-tall, 16, glass)
	roundRect(img, mid+6, 230-tall, cabinR-18, 300-tall, 16, glass)
	fillRect(img, sx(160), 352-tall/2, sx(800), 358-tall/2, shade(paint, 0.75)) // the waist line
	fillRect(img, sx(795), 330-tall, sx(810), 350-tall, color.RGBA{0xfd, 0xe6, 0x8a, 0xff})
	fillRect(img, sx(150), 330-tall, sx(162), 350-tall, color.RGBA{0xdc, 0x26, 0x26, 0xff})
	for _, x := range []int{sx(270), sx(690)} {
		r := int(62 * scale)
		ellipse(img, x, 420, r, r, color.RGBA{0x11, 0x18, 0x27, 0xff})
		ellipse(img, x, 420, r*55/100, r*55/100, color.RGBA{0xd1, 0xd5, 0xdb, 0xff})
		ellipse(img, x, 420, r*18/100, r*18/100, color.RGBA{0x4b, 0x55, 0x63, 0xff})
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: 82}); err != nil {
		panic(errors.New("encode car photo: " + err.Error()))
	}
	return b.Bytes()
}

func mix(a, b color.RGBA, t float64) color.RGBA {
	t = math.Max(0, math.Min(1, t))
	l := func(x, y uint8) uint8 { return uint8(float64(x)*(1-t) + float64(y)*t) }
	return color.RGBA{l(a.R, b.R), l(a.G, b.G), l(a.B, b.B), 0xff}
}

func shade(c color.RGBA, f float64) color.RGBA {
	return color.RGBA{uint8(float64(c.R) * f), uint8(float64(c.G) * f), uint8(float64(c.B) * f), 0xff}
}

func fillRect(img *image.RGBA, x0, y0, x1, y1 int, c color.RGBA) {
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			img.SetRGBA(x, y, c)
		}
	}
}

func roundRect(img *image.RGBA, x0, y0, x1, y1, r int, c color.RGBA) {
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			dx, dy := 0, 0
			if x < x0+r {
				dx = x0 + r - x
			} else if x >= x1-r {
				dx = x - (x1 - r - 1)
			}
			if y < y0+r {
				dy = y0 + r - y
			} else if y >= y1-r {
				dy = y - (y1 - r - 1)
			}
			if dx*dx+dy*dy <= r*r {
				img.SetRGBA(x, y, c)
			}
		}
	}
}

func ellipse(img *image.RGBA, cx, cy, rx, ry int, c color.RGBA) {
	for y := cy - ry; y <= cy+ry; y++ {
		for x := cx - rx; x <= cx+rx; x++ {
			fx, fy := float64(x-cx)/float64(rx), float64(y-cy)/float64(ry)
			if fx*fx+fy*fy > 1 {
				continue
			}
			if c.A == 0xff {
				img.SetRGBA(x, y, c)
				continue
			}
			o := img.RGBAAt(x, y)
			a := float64(c.A) / 255
			img.SetRGBA(x, y, color.RGBA{uint8(float64(o.R)*(1-a) + float64(c.R)*a),
				uint8(float64(o.G)*(1-a) + float64(c.G)*a), uint8(float64(o.B)*(1-a) + float64(c.B)*a), 0xff})
		}
	}
}

// demoDriveReviews records the dealership's past test drives (kernel
// bookings, completed) and their buyers' reviews, with the dealer's replies,
// so the rating shows; the demo user's latest drive with the first dealer
// stays unreviewed for the calendar's "Leave a review".
func demoDriveReviews(ctx context.Context, a *app.App, ids map[string]string, dealerID string, listed []dealers.Listing,
	di int) error {
	if di >= len(DriveReviews) {
		return nil
	}
	now := a.Deps.Clock.Now()
	at := func(daysAgo, k int) time.Time { // 10:00 to 15:30 Lagos time, daysAgo days ago (or the weekday before)
		d := now.AddDate(0, 0, -daysAgo)
		for d.Weekday() == time.Saturday || d.Weekday() == time.Sunday {
			d = d.AddDate(0, 0, -1)
		}
		return time.Date(d.Year(), d.Month(), d.Day(), 9+k%6, 30*(k%2), 0, 0, time.UTC)
	}
	cars := []int{0, 2, 5, 6, 8, 10}
	for k, dr := range DriveReviews[di] {
		buyer, _ := userIDOf(ctx, a, ids, dr.Email)
		if buyer == "" {
			continue
		}
		td, err := a.Dealers.ImportPastTestDrive(ctx, buyer, listed[cars[k%len(cars)]].ID, at(dr.DaysAgo, k))
		if err != nil {
			return err
		}
		var r reviews.Review
		if err := writtenAt(a, daysAfter(td.End, k), func() (err error) {
			r, err = a.Reviews.Create(ctx, buyer, td.BookingID, reviews.ReviewInput{Rating: dr.Rating, Text: dr.Text})
			return err
		}); err != nil {
			return err
		}
		if dr.Reply != "" {
			if err := writtenAt(a, daysAfter(td.End, k).Add(18*time.Hour), func() error {
				_, err := a.Reviews.Reply(ctx, dealerID, r.ID, reviews.ReplyInput{Text: dr.Reply})
				return err
			}); err != nil {
				return err
			}
		}
	}
	if di == 0 {
		if user, _ := userIDOf(ctx, a, ids, "user@example.com"); user != "" {
			if _, err := a.Dealers.ImportPastTestDrive(ctx, user, listed[1].ID, at(DriveToReview, 1)); err != nil {
				return err
			}
		}
	}
	return nil
}
