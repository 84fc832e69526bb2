// Package seed loads the demo data: one verified account per role, each with
// a believable, complete profile. Running it again changes nothing.
package seed

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"strings"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/app"
	"sojourn/api/internal/giftcards"
	"sojourn/api/internal/profiles"
	"sojourn/api/internal/useronboarding"
)

// DemoPassword is every demo account's password.
const DemoPassword = "Passw0rd!demo"

// Person is one demo account.
type Person struct {
	Email, Username, Role string
	Name, Bio, Phone, DOB string
	Gender, City, Country string
	Languages, Interests  []string
	Specialties           []string
	Business, Licence     string
	Colour                color.RGBA
}

// People are the demo accounts, one per role.
var People = []Person{
	{Email: "user@example.com", Username: "amara.okafor", Role: "user", Name: "Amara Okafor",
		Bio:   "Product designer in Lagos who plans one long trip a year and a lot of weekends away. Always hunting for quiet beaches and good jollof.",
		Phone: "+2348031234567", DOB: "1994-06-12", Gender: "woman", City: "Lagos", Country: "NG",
		Languages: []string{"English", "Yoruba"}, Interests: []string{"beach holidays", "yoga", "street food", "photography"},
		Colour: color.RGBA{0x0f, 0x76, 0x6e, 0xff}},
	{Email: "vendor@example.com", Username: "kente.and.clay", Role: "vendor", Name: "Efua Mensah",
		Bio:   "Founder of Kente & Clay: handwoven kente accessories and ceramics made with artisans in Bonwire and Kumasi.",
		Phone: "+233244123456", DOB: "1988-02-20", Gender: "woman", City: "Accra", Country: "GH",
		Languages: []string{"English", "Twi"}, Interests: []string{"textiles", "ceramics", "fair trade"},
		Business: "Kente & Clay Ltd", Colour: color.RGBA{0xb4, 0x53, 0x09, 0xff}},
	{Email: "therapist@example.com", Username: "dr.wanjiru", Role: "therapist", Name: "Dr. Wanjiru Kamau",
		Bio:   "Clinical psychologist with twelve years of practice. I help people through anxiety, burnout and life transitions, in person in Nairobi and online.",
		Phone: "+254712345678", DOB: "1982-09-03", Gender: "woman", City: "Nairobi", Country: "KE",
		Languages: []string{"English", "Swahili", "Kikuyu"}, Interests: []string{"mindfulness", "hiking"},
		Specialties: []string{"anxiety", "burnout", "cognitive behavioural therapy"}, Licence: "KCPB-PSY-2013-0481",
		Colour: color.RGBA{0x6d, 0x28, 0xd9, 0xff}},
	{Email: "coach@example.com", Username: "coach.tunde", Role: "coach", Name: "Tunde Bakare",
		Bio:   "Career and leadership coach. Former engineering manager; I work with people stepping into their first leadership role.",
		Phone: "+2348098765432", DOB: "1985-11-30", Gender: "man", City: "Abuja", Country: "NG",
		Languages: []string{"English", "Yoruba", "French"}, Interests: []string{"running", "chess"},
		Specialties: []string{"leadership", "career change", "public speaking"}, Colour: color.RGBA{0xc2, 0x41, 0x0c, 0xff}},
	{Email: "guide@example.com", Username: "sipho.guides", Role: "tour_guide", Name: "Sipho Ndlovu",
		Bio:   "Licensed guide in Cape Town and the Winelands for nine years. Small groups, township history walks and Table Mountain at sunrise.",
		Phone: "+27821234567", DOB: "1990-04-18", Gender: "man", City: "Cape Town", Country: "ZA",
		Languages: []string{"English", "isiZulu", "Afrikaans"}, Interests: []string{"history", "hiking", "wine"},
		Specialties: []string{"walking tours", "wine tasting", "mountain hikes"}, Colour: color.RGBA{0x15, 0x80, 0x3d, 0xff}},
	{Email: "rental@example.com", Username: "coastline.rentals", Role: "car_rental", Name: "Halima Yusuf",
		Bio:   "Operations lead at Coastline Rentals: airport pick-ups in Mombasa and Diani, 4x4s for the coast and safari runs.",
		Phone: "+254733456789", DOB: "1987-07-07", Gender: "woman", City: "Mombasa", Country: "KE",
		Languages: []string{"English", "Swahili"}, Interests: []string{"road trips", "diving"},
		Business: "Coastline Rentals", Colour: color.RGBA{0x03, 0x69, 0xa1, 0xff}},
	{Email: "dealer@example.com", Username: "ikenna.motors", Role: "car_dealer", Name: "Ikenna Eze",
		Bio:   "Runs Eze Motors in Lekki: inspected, fairly used cars with full service history, and honest advice on financing.",
		Phone: "+2348055512345", DOB: "1979-01-25", Gender: "man", City: "Lagos", Country: "NG",
		Languages: []string{"English", "Igbo"}, Interests: []string{"classic cars", "football"},
		Business: "Eze Motors", Licence: "LASG-MVD-77812", Colour: color.RGBA{0x1e, 0x40, 0xaf, 0xff}},
	{Email: "affiliate@example.com", Username: "wanderlust.zee", Role: "affiliate", Name: "Zainab Bello",
		Bio:   "Travel writer and creator sharing budget itineraries across West Africa with forty thousand readers.",
		Phone: "+2348067891234", DOB: "1996-03-14", Gender: "woman", City: "Kano", Country: "NG",
		Languages: []string{"English", "Hausa"}, Interests: []string{"budget travel", "content creation", "food"},
		Colour: color.RGBA{0xbe, 0x18, 0x5d, 0xff}},
	{Email: "writer@example.com", Username: "kofi.writes", Role: "writer", Name: "Kofi Asante",
		Bio:   "Editor of the Sojourn journal. Slow travel, wellness retreats and the people who run them.",
		Phone: "+233209876543", DOB: "1991-08-22", Gender: "man", City: "Kumasi", Country: "GH",
		Languages: []string{"English", "Twi"}, Interests: []string{"essays", "retreats", "highlife music"},
		Colour: color.RGBA{0x4d, 0x7c, 0x0f, 0xff}},
	{Email: "recruiter@example.com", Username: "naledi.talent", Role: "recruiter", Name: "Naledi Mokoena",
		Bio:   "Hires guides, therapists and coaches for Sojourn partners across southern Africa.",
		Phone: "+27831234567", DOB: "1989-12-05", Gender: "woman", City: "Johannesburg", Country: "ZA",
		Languages: []string{"English", "Sesotho"}, Interests: []string{"people", "jazz"},
		Colour: color.RGBA{0x92, 0x40, 0x0e, 0xff}},
	{Email: "admin@example.com", Username: "sojourn.admin", Role: "admin", Name: "Adaeze Nwosu",
		Bio:   "Trust and safety at Sojourn. I review provider applications and keep the marketplace honest.",
		Phone: "+2348011122233", DOB: "1986-05-09", Gender: "woman", City: "Lagos", Country: "NG",
		Languages: []string{"English", "Igbo"}, Interests: []string{"policy", "tennis"},
		Colour: color.RGBA{0x33, 0x41, 0x55, 0xff}},
}

// Demo creates the demo accounts that do not exist yet and returns a report.
func Demo(ctx context.Context, a *app.App) (string, error) {
	var b strings.Builder
	created := 0
	ids := map[string]string{}
	for _, p := range People {
		id, isNew, err := ensureUser(ctx, a, p)
		if err != nil {
			return "", fmt.Errorf("%s: %w", p.Email, err)
		}
		ids[p.Email] = id
		if !isNew {
			continue
		}
		created++
		if err := fillProfile(ctx, a, id, p); err != nil {
			return "", fmt.Errorf("%s profile: %w", p.Email, err)
		}
	}
	fmt.Fprintf(&b, "demo data: %d accounts created, %d already there; every password is %s\n", created, len(People)-created, DemoPassword)
	for _, p := range People {
		fmt.Fprintf(&b, "  %-24s %s\n", p.Email, p.Role)
	}
	made, err := giftCardProducts(ctx, a)
	if err != nil {
		return "", fmt.Errorf("gift-card products: %w", err)
	}
	fmt.Fprintf(&b, "gift-card products: %d created, %d already there\n", made, len(GiftCards)-made)
	moved, err := demoWallets(ctx, a, ids)
	if err != nil {
		return "", fmt.Errorf("demo wallets: %w", err)
	}
	fmt.Fprintf(&b, "demo wallets: %d movements made, %d already there\n", moved, len(Credits)+len(Transfers)-moved)
	gifts, err := demoGifts(ctx, a, ids)
	if err != nil {
		return "", fmt.Errorf("demo gift cards: %w", err)
	}
	fmt.Fprintf(&b, "demo gift cards: %d bought for user@example.com, %d already there\n", gifts, len(Gifts)-gifts)
	practices, err := demoPractices(ctx, a, ids)
	if err != nil {
		return "", fmt.Errorf("demo practices: %w", err)
	}
	fmt.Fprintf(&b, "demo practices: %d therapists and coaches set up, %d already there (every password is %s)\n",
		practices, len(Practitioners)+2-practices, DemoPassword)
	booked, err := demoBookings(ctx, a, ids)
	if err != nil {
		return "", fmt.Errorf("demo bookings: %w", err)
	}
	fmt.Fprintf(&b, "demo bookings: %d made (past, upcoming and waiting for confirmation)\n", booked)
	if room, err := demoVideo(ctx, a, ids); err != nil {
		return "", fmt.Errorf("demo video session: %w", err)
	} else if room != "" {
		fmt.Fprintf(&b, "demo video session: user@ with therapist@, room /video-chat?room=%s\n", room)
	}
	toured, err := demoTours(ctx, a, ids)
	if err != nil {
		return "", fmt.Errorf("demo tours: %w", err)
	}
	fmt.Fprintf(&b, "demo tours: %d tours made in Cape Town, Lagos, Accra, Nairobi and Marrakech\n", toured)
	extras, err := extrasDemo(ctx, a, ids)
	if err != nil {
		return "", err
	}
	b.WriteString(extras)
	carReport, err := demoDealers(ctx, a, ids)
	if err != nil {
		return "", fmt.Errorf("demo car dealers: %w", err)
	}
	b.WriteString(carReport)
	rent, err := demoRentals(ctx, a, ids)
	if err != nil {
		return "", fmt.Errorf("demo rentals: %w", err)
	}
	b.WriteString(rent)
	stayReport, err := demoStays(ctx, a, ids)
	if err != nil {
		return "", err
	}
	b.WriteString(stayReport)
	flown, err := demoFlights(ctx, a, ids)
	if err != nil {
		return "", fmt.Errorf("demo flights: %w", err)
	}
	b.WriteString(flown)
	shopReport, err := demoShop(ctx, a, ids)
	if err != nil {
		return "", fmt.Errorf("demo shop: %w", err)
	}
	b.WriteString(shopReport)
	// The shop's past orders, after the catalogue's demo stores and products.
	orderReport, err := demoShopOrders(ctx, a, ids)
	if err != nil {
		return "", fmt.Errorf("demo shop orders: %w", err)
	}
	b.WriteString(orderReport)
	reviewReport, err := demoShopReviews(ctx, a, ids)
	if err != nil {
		return "", fmt.Errorf("demo product reviews: %w", err)
	}
	b.WriteString(reviewReport)
	notified, err := demoNotifications(ctx, a, ids)
	if err != nil {
		return "", fmt.Errorf("demo notifications: %w", err)
	}
	b.WriteString(notified)
	// The vendor health scores from those orders (the hourly chore's work, now).
	scored, err := a.Shop.ComputeHealth(ctx)
	if err != nil {
		return "", fmt.Errorf("vendor health: %w", err)
	}
	fmt.Fprintf(&b, "vendor health: %d stores scored\n", scored)
	socialReport, err := demoSocial(ctx, a, ids)
	if err != nil {
		return "", fmt.Errorf("demo social: %w", err)
	}
	b.WriteString(socialReport)
	messages, err := demoMessaging(ctx, a, ids)
	if err != nil {
		return "", fmt.Errorf("demo messaging: %w", err)
	}
	b.WriteString(messages)
	// Matchmaking after messaging: the messaging demo looks for Amara's
	// conversations, and her match opens one.
	matched, err := demoMatchmaking(ctx, a, ids)
	if err != nil {
		return "", fmt.Errorf("demo matchmaking: %w", err)
	}
	b.WriteString(matched)
	// Speed dating after matchmaking: its tickets are for matchmaking's
	// members, and the ended event's mutual yeses are matches.
	speed, err := demoSpeedDating(ctx, a, ids)
	if err != nil {
		return "", fmt.Errorf("demo speed dating: %w", err)
	}
	b.WriteString(speed)
	// Events with tickets after matchmaking: its members buy them.
	evts, err := demoTicketing(ctx, a, ids)
	if err != nil {
		return "", fmt.Errorf("demo events: %w", err)
	}
	b.WriteString(evts)
	// Support after the shop's orders: user@'s ticket is about one of hers.
	supported, err := demoSupport(ctx, a, ids)
	if err != nil {
		return "", fmt.Errorf("demo support: %w", err)
	}
	b.WriteString(supported)
	posts, err := demoBlog(ctx, a, ids)
	if err != nil {
		return "", fmt.Errorf("demo blog: %w", err)
	}
	b.WriteString(posts)
	newcomer, err := demoNewcomer(ctx, a)
	if err != nil {
		return "", fmt.Errorf("demo newcomer: %w", err)
	}
	b.WriteString(newcomer)
	report, err := adminDemo(ctx, a, ids)
	if err != nil {
		return "", fmt.Errorf("admin demo: %w", err)
	}
	b.WriteString(report)
	return b.String(), nil
}

// GiftCard is one demo gift-card product.
type GiftCard struct {
	Input giftcards.ProductInput
}

func amounts(a ...int64) []int64 { return a }

func limit(n int64) *int64 { return &n }

// GiftCards are the demo gift-card products (amounts in kobo).
var GiftCards = []GiftCard{
	{Input: giftcards.ProductInput{Name: "Sojourn Travel Gift", Currency: "NGN",
		Description: "Give the trip they keep talking about: flights, stays, tours and experiences across Sojourn. " +
			"Redeemed straight into their Sojourn wallet.",
		Denominations: amounts(1000000, 2500000, 5000000)}},
	{Input: giftcards.ProductInput{Name: "Wellness Retreat", Currency: "NGN",
		Description: "Time to breathe: therapy sessions, coaching and retreat weekends with Sojourn's practitioners. " +
			"Choose any amount from NGN 5,000 to NGN 200,000.",
		MinAmount: limit(500000), MaxAmount: limit(20000000)}},
	{Input: giftcards.ProductInput{Name: "Weekend Getaway", Currency: "NGN",
		Description: "Two days somewhere else: a beach house in Lekki, a cabin in Obudu or a city break in Accra. " +
			"Perfect for birthdays and anniversaries.",
		Denominations: amounts(5000000, 10000000)}},
}

// giftCardProducts creates the demo products that do not exist yet (matched
// by name); it returns how many it made. They carry no design image: the
// portals draw each card's artwork (the Sojourn mark, its name and value),
// and an admin may upload a design of their own.
func giftCardProducts(ctx context.Context, a *app.App) (int, error) {
	made := 0
	for _, g := range GiftCards {
		if _, ok, err := a.GiftCards.ProductByName(ctx, g.Input.Name); err != nil || ok {
			if err != nil {
				return made, err
			}
			continue
		}
		if _, err := a.GiftCards.CreateProduct(ctx, "", "", g.Input); err != nil {
			return made, fmt.Errorf("%s: %w", g.Input.Name, err)
		}
		made++
	}
	return made, nil
}

func ensureUser(ctx context.Context, a *app.App, p Person) (string, bool, error) {
	existing, _, err := a.Accounts.ListUsers(ctx, accounts.UserFilter{Q: p.Email}, 5, 0)
	if err != nil {
		return "", false, err
	}
	for _, u := range existing {
		if strings.EqualFold(u.Email, p.Email) {
			return u.ID, false, nil
		}
	}
	roles := []string{"user"}
	if p.Role != "user" {
		roles = append(roles, p.Role)
	}
	u, err := a.Accounts.CreateUser(ctx, accounts.CreateUserInput{Email: p.Email, Username: p.Username,
		Password: DemoPassword, Verified: true, Roles: roles})
	if err != nil {
		return "", false, err
	}
	// Every demo account is set up here, not by the user onboarding: it is
	// never sent through it (newcomer@example.com is, onboarding.go).
	if err := a.Onboarding.MarkSubmitted(ctx, u.ID, useronboarding.FlowName); err != nil {
		return "", false, err
	}
	return u.ID, true, nil
}

func fillProfile(ctx context.Context, a *app.App, userID string, p Person) error {
	str := func(s string) *string { return &s }
	list := func(l []string) *[]string { return &l }
	in := profiles.UpdateInput{DisplayName: str(p.Name), Bio: str(p.Bio), Phone: str(p.Phone), DateOfBirth: str(p.DOB),
		Gender: str(p.Gender), City: str(p.City), Country: str(p.Country), Languages: list(p.Languages),
		Interests: list(p.Interests)}
	if len(p.Specialties) > 0 {
		in.Specialties = list(p.Specialties)
	}
	if p.Business != "" {
		in.BusinessName = str(p.Business)
	}
	if p.Licence != "" {
		in.LicenceNumber = str(p.Licence)
	}
	if _, err := a.Profiles.Update(ctx, userID, in); err != nil {
		return err
	}
	_, err := a.Profiles.SetAvatar(ctx, userID, Avatar(p.Colour))
	return err
}

// Avatar draws a simple abstract portrait (a head and shoulders on the
// person's colour) as a PNG, so demo profiles are complete without stock photos.
func Avatar(bg color.RGBA) []byte {
	const size = 256
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	light := color.RGBA{uint8(min(255, int(bg.R)+110)), uint8(min(255, int(bg.G)+110)), uint8(min(255, int(bg.B)+110)), 255}
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			c := bg
			dx, dy := float64(x-size/2), float64(y-100)
			if math.Hypot(dx, dy) < 48 { // head
				c = light
			}
			sx, sy := float64(x-size/2)/100, float64(y-250)/90
			if sx*sx+sy*sy < 1 { // shoulders
				c = light
			}
			img.SetRGBA(x, y, c)
		}
	}
	var buf bytes.Buffer
	_ = png.Encode(&buf, img)
	return buf.Bytes()
}
