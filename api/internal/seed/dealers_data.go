package seed

import (
	"image/color"

	"sojourn/api/internal/dealers"
)

// ExtraDealers are demo car dealers besides dealer@example.com (People).
var ExtraDealers = []Person{
	{Email: "capital.autos@example.com", Username: "capital.autos", Role: "car_dealer", Name: "Musa Danjuma",
		Bio:   "Managing director of Capital Auto Mart in Wuse II, Abuja: SUVs and executive saloons, every car inspected at 150 points.",
		Phone: "+2348036661122", DOB: "1981-10-02", Gender: "man", City: "Abuja", Country: "NG",
		Languages: []string{"English", "Hausa"}, Interests: []string{"motorsport", "golf"},
		Business: "Capital Auto Mart", Licence: "FCT-MVD-20417", Colour: color.RGBA{0x7c, 0x2d, 0x12, 0xff}},
}

// Dealership is a demo dealership's practice profile and its branches
// besides the showroom (dealer settings).
type Dealership struct {
	Email, Headline, Bio, Address, Licence, Issuer string
	Branches                                       []dealers.Branch
}

// Dealerships are the demo dealerships.
var Dealerships = []Dealership{
	{Email: "dealer@example.com", Headline: "Eze Motors: inspected, fairly used cars in Lekki",
		Bio: "Family-run since 2009. Every car comes with a 120-point inspection report, its service history and a " +
			"three-month engine and gearbox warranty. Test drives on the Lekki-Epe expressway by appointment; we help " +
			"with registration, insurance and bank financing.",
		Address: "14 Admiralty Way, Lekki Phase 1, Lagos", Licence: "LASG-MVD-77812",
		Issuer: "Lagos State Motor Vehicle Administration Agency",
		Branches: []dealers.Branch{{Name: "Ikeja", Address: "23 Obafemi Awolowo Way, Ikeja, Lagos"},
			{Name: "Surulere", Address: "48 Adeniran Ogunsanya Street, Surulere, Lagos"},
			{Name: "Ajah", Address: "Km 25 Lekki-Epe Expressway, Ajah, Lagos"}}},
	{Email: "capital.autos@example.com", Headline: "Capital Auto Mart: SUVs and executive cars in Abuja",
		Bio: "Abuja's showroom for SUVs, executive saloons and pickups. Foreign-used cars cleared and documented, " +
			"locally used cars with verified mileage, and certified pre-owned cars with a six-month warranty.",
		Address: "Plot 1124 Aminu Kano Crescent, Wuse II, Abuja", Licence: "FCT-MVD-20417",
		Issuer: "FCT Directorate of Road Traffic Services",
		Branches: []dealers.Branch{{Name: "Garki", Address: "Plot 712 Ahmadu Bello Way, Garki Area 11, Abuja"},
			{Name: "Gwarinpa", Address: "23 First Avenue, Gwarinpa Estate, Abuja"}}},
}

// CarModel is one model of the demo catalogue: the WMI and descriptor its
// VINs start with, and a price for a car of its newest year in kobo.
type CarModel struct {
	Make, Model, Trim, WMI, VDS, Body, Fuel, Transmission, Drivetrain string
	YearFrom, YearTo                                                  int
	Price                                                             int64
	Features                                                          []string
}

var (
	saloonFeatures = []string{"Reverse camera", "Bluetooth", "Keyless entry", "Cruise control", "Alloy wheels"}
	suvFeatures    = []string{"Reverse camera", "Leather seats", "Sunroof", "Third-row seats", "Apple CarPlay", "Push-button start"}
	luxFeatures    = []string{"Leather seats", "Navigation", "Heated seats", "Panoramic roof", "Premium sound", "Parking sensors"}
	workFeatures   = []string{"Tow bar", "Bed liner", "Diff lock", "Snorkel", "Bluetooth"}
)

// CarModels is the demo catalogue (the commonest cars on Nigerian lots,
// with their real WMIs); popular models repeat in the mix so the market
// indicator has comparables.
var CarModels = []CarModel{
	{"Toyota", "Camry", "SE", "4T1", "BF1FK", "sedan", "petrol", "automatic", "fwd", 2012, 2020, 2_400_000_000, saloonFeatures},
	{"Toyota", "Corolla", "LE", "2T1", "BURHE", "sedan", "petrol", "automatic", "fwd", 2011, 2019, 1_500_000_000, saloonFeatures},
	{"Lexus", "RX 350", "", "2T2", "BZMCA", "suv", "petrol", "automatic", "awd", 2013, 2019, 4_200_000_000, luxFeatures},
	{"Toyota", "Highlander", "XLE", "5TD", "ZZRFH", "suv", "petrol", "automatic", "awd", 2014, 2019, 3_600_000_000, suvFeatures},
	{"Honda", "CR-V", "EX", "2HK", "RM4H5", "suv", "petrol", "automatic", "awd", 2012, 2018, 2_200_000_000, suvFeatures},
	{"Honda", "Accord", "Sport", "1HG", "CR2F3", "sedan", "petrol", "automatic", "fwd", 2013, 2018, 2_000_000_000, saloonFeatures},
	{"Toyota", "RAV4", "XLE", "2T3", "RFREV", "suv", "petrol", "automatic", "awd", 2013, 2019, 2_600_000_000, suvFeatures},
	{"Mercedes-Benz", "C 300", "4MATIC", "WDD", "WF4KB", "sedan", "petrol", "automatic", "awd", 2015, 2019, 3_200_000_000, luxFeatures},
	{"Toyota", "Hilux", "Raider 2.8 GD-6", "AHT", "HA3CD", "pickup", "diesel", "manual", "4wd", 2016, 2021, 3_800_000_000, workFeatures},
	{"Hyundai", "Elantra", "SEL", "5NP", "DH4AE", "sedan", "petrol", "automatic", "fwd", 2014, 2019, 1_300_000_000, saloonFeatures},
	{"Kia", "Sorento", "LX", "5XY", "PGCA3", "suv", "petrol", "automatic", "fwd", 2014, 2019, 1_900_000_000, suvFeatures},
	{"Ford", "Explorer", "XLT", "1FM", "5K8D8", "suv", "petrol", "automatic", "4wd", 2013, 2019, 2_500_000_000, suvFeatures},
	{"BMW", "X5", "xDrive35i", "5UX", "KR0C5", "suv", "petrol", "automatic", "awd", 2014, 2018, 3_900_000_000, luxFeatures},
	{"Toyota", "Land Cruiser Prado", "TX-L", "JTE", "BU3FJ", "suv", "diesel", "automatic", "4wd", 2014, 2020, 6_500_000_000, suvFeatures},
	{"Toyota", "Prius", "Two", "JTD", "KN3DU", "hatchback", "hybrid", "automatic", "fwd", 2012, 2018, 1_200_000_000, saloonFeatures},
	{"Volkswagen", "Golf", "1.4 TSI", "WVW", "ZZZAU", "hatchback", "petrol", "manual", "fwd", 2013, 2019, 1_100_000_000, saloonFeatures},
	{"Mercedes-Benz", "GLE 350", "4MATIC", "4JG", "DA5JB", "suv", "petrol", "automatic", "awd", 2016, 2019, 5_200_000_000, luxFeatures},
	{"Nissan", "Pathfinder", "SV", "5N1", "AR2MM", "suv", "petrol", "automatic", "4wd", 2013, 2018, 1_800_000_000, suvFeatures},
}

// dealerMix is the order models are listed in, per dealership (indexes
// into CarModels): Camrys, Corollas and RX 350s often, so they compare.
var dealerMix = [][]int{
	{0, 1, 2, 0, 3, 4, 5, 1, 6, 7, 0, 8, 9, 2, 1, 10, 14, 15, 0, 4, 11, 1},
	{2, 3, 0, 13, 12, 16, 17, 2, 6, 0, 8, 11, 1, 7, 3, 4, 0, 13, 5, 2, 10, 9},
}

// CarColours are the demo cars' colours with the paint they are drawn in.
var CarColours = []struct {
	Name  string
	Paint color.RGBA
}{
	{"Silver", color.RGBA{0xb8, 0xbe, 0xc6, 0xff}}, {"Black", color.RGBA{0x1f, 0x23, 0x2a, 0xff}},
	{"White", color.RGBA{0xf3, 0xf4, 0xf6, 0xff}}, {"Grey", color.RGBA{0x6b, 0x72, 0x80, 0xff}},
	{"Blue", color.RGBA{0x1d, 0x4e, 0xd8, 0xff}}, {"Red", color.RGBA{0xb9, 0x1c, 0x1c, 0xff}},
	{"Champagne", color.RGBA{0xd6, 0xc3, 0x9a, 0xff}},
}

// Enquiries are the demo buyers' messages to the dealers.
var Enquiries = []struct{ Email, Message, Pref, Phone string }{
	{"user@example.com", "Good afternoon. Is the price negotiable, and has the car ever been in an accident? I can come on Saturday.", "whatsapp", "+2348031234567"},
	{"coach@example.com", "Could you send the full service history and the customs papers? I would like my mechanic to inspect it.", "email", ""},
	{"therapist@example.com", "Do you accept a trade-in? I have a 2014 Corolla in good condition.", "phone", "+254712345678"},
	{"affiliate@example.com", "Is the car still available? I am in Kano but can travel down next week for a test drive.", "whatsapp", "+2348067891234"},
}

// DriveReview is a demo buyer's review of a test drive that took place
// DaysAgo days ago, or on the weekday before (at most 12 days, inside the
// 14-day review window; the dealer's Reply, when set, is posted under it).
type DriveReview struct {
	Email   string
	DaysAgo int
	Rating  int
	Text    string
	Reply   string
}

// DriveReviews are each demo dealership's reviewed test drives (by index of
// Dealerships). The demo user's latest test drive with the first dealer is
// left unreviewed (DriveToReview), so the calendar offers "Leave a review".
var DriveReviews = [][]DriveReview{
	{
		{Email: "coach@example.com", DaysAgo: 10, Rating: 5, Text: "Twenty minutes on the Lekki-Epe expressway with no " +
			"pressure at all. They showed me the inspection report before I even asked for it."},
		{Email: "affiliate@example.com", DaysAgo: 9, Rating: 4, Text: "The car was exactly as listed, down to the small " +
			"scratch on the rear bumper they had photographed. I waited about fifteen minutes while it was washed.",
			Reply: "Thank you! We wash every car before a drive, but we should have had it ready for your slot."},
		{Email: "writer@example.com", DaysAgo: 7, Rating: 5, Text: "They went through the service history line by line " +
			"and let my mechanic look under the bonnet. Booked online, turned up, drove. Simple."},
		{Email: "guide@example.com", DaysAgo: 5, Rating: 3, Text: "The drive itself was fine, but the air conditioning " +
			"was weaker than I expected for a car at this price. They offered to regas it before the sale; still deciding."},
		{Email: "therapist@example.com", DaysAgo: 3, Rating: 2, Text: "My slot was at 11:00 but the car was still out " +
			"with another buyer until 11:40. The staff apologised, but I had to leave before driving it properly.",
			Reply: "We are sorry. We now block the half hour after every test drive so this does not happen again; " +
				"please book another slot and the first fuel top-up is on us."},
	},
	{
		{Email: "user@example.com", DaysAgo: 10, Rating: 5, Text: "Clean, well-lit showroom in Wuse II and the car had a " +
			"full tank for the drive. The customs papers were ready for me to check."},
		{Email: "coach@example.com", DaysAgo: 8, Rating: 4, Text: "A good drive around Wuse and up to the expressway; " +
			"the salesman knew the car well. Less room on the price than I had hoped."},
		{Email: "writer@example.com", DaysAgo: 6, Rating: 5, Text: "Came back to compare the diesel with the petrol " +
			"version. A patient team and honest answers about the mileage of both.",
			Reply: "Always happy to line two cars up side by side. Thank you for coming back!"},
		{Email: "vendor@example.com", DaysAgo: 4, Rating: 3, Text: "The car drove well, but the mileage in the listing " +
			"was about 4,000 km lower than on the dashboard. They corrected the listing the same day."},
	},
}

// DriveToReview is how many days ago the demo user's unreviewed test drive
// with the first dealership took place.
const DriveToReview = 2
