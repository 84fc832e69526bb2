package seed

import "image/color"

// The shop's demo data: twelve vendors (vendor@example.com and eleven more)
// with their stores, the category tree and the product lines each store
// sells. Products are made from the lines and each store's collections
// (shop.go), deterministically, so every run makes the same catalogue.

// ShopCategory is one category of the demo tree (a root when Parent is "").
type ShopCategory struct{ Name, Parent string }

// ShopCategories is the demo category tree, parents first.
var ShopCategories = []ShopCategory{
	{"Luggage & Bags", ""}, {"Suitcases", "Luggage & Bags"}, {"Backpacks & Duffels", "Luggage & Bags"},
	{"Travel Accessories", ""}, {"Packing & Organisers", "Travel Accessories"}, {"Comfort & Sleep", "Travel Accessories"},
	{"Outdoor & Adventure", ""}, {"Camping", "Outdoor & Adventure"}, {"Hiking", "Outdoor & Adventure"},
	{"Beauty & Skincare", ""}, {"Skincare", "Beauty & Skincare"}, {"Body & Bath", "Beauty & Skincare"},
	{"Yoga & Fitness", ""}, {"Yoga", "Yoga & Fitness"}, {"Fitness on the Go", "Yoga & Fitness"},
	{"Books & Guides", ""}, {"Travel Guides", "Books & Guides"}, {"Wellness Reading", "Books & Guides"},
	{"Jewellery & Watches", ""}, {"Jewellery", "Jewellery & Watches"}, {"Watches", "Jewellery & Watches"},
	{"Fashion & Textiles", ""}, {"African Textiles", "Fashion & Textiles"}, {"Scarves & Wraps", "Fashion & Textiles"},
	{"Home & Ceramics", ""},
	{"Tea & Coffee", ""}, {"Tea", "Tea & Coffee"}, {"Coffee", "Tea & Coffee"},
	{"Travel Electronics", ""}, {"Power & Charging", "Travel Electronics"}, {"Audio", "Travel Electronics"},
	{"Kids & Family Travel", ""},
	{"Luxury", ""}, {"Luxury Bags", "Luxury"}, {"Fine Watches & Jewels", "Luxury"},
}

// ProductLine is a kind of product a store sells: its name, category,
// price in naira, how its photo is drawn, its options and what it is.
type ProductLine struct {
	Name, Category string
	Price          int64 // naira; variants vary around it
	Shape          string
	Options        [][]string // each: name, then values
	About          string
	Weight         int // grams
}

// ShopVendor is a demo store and its owner.
type ShopVendor struct {
	Person       Person // vendor@example.com's is in People
	Email        string // the owner when Person is empty (an account of People)
	Store        string
	About        string
	Address      string
	City         string
	Country      string
	ReturnDays   int
	ReturnPolicy string
	Brand        string
	Collections  []string
	Lines        []ProductLine
	Palette      []color.RGBA
	Luxury       bool // every product is luxury with a certificate
	ReviewAll    bool // an admin reviews every product
}

var (
	colours3 = []string{"Colour", "Midnight", "Terracotta", "Sage"}
	sizesSML = []string{"Size", "S", "M", "L"}
)

// ShopVendors are the twelve demo stores.
var ShopVendors = []ShopVendor{
	{Email: "vendor@example.com", Store: "Kente & Clay", Brand: "Kente & Clay", City: "Accra", Country: "GH",
		Address: "14 Oxford Street, Osu", ReturnDays: 14,
		About:        "Handwoven kente accessories and ceramics made with weavers in Bonwire and potters in Kumasi. Every piece is signed by its maker.",
		ReturnPolicy: "Return unused pieces within 14 days; handwoven items are checked on arrival before the refund.",
		Collections:  []string{"Bonwire", "Adweso", "Sika", "Nkyinkyim", "Ahwiaa", "Oyokoman"},
		Palette:      []color.RGBA{rgb(0xb4, 0x53, 0x09), rgb(0x15, 0x80, 0x3d), rgb(0xca, 0x8a, 0x04), rgb(0x7f, 0x1d, 0x1d)},
		Lines: []ProductLine{
			{"kente stole", "African Textiles", 38000, "stripes", nil, "A strip-woven kente stole in silk and cotton, woven on a narrow loom and joined by hand.", 180},
			{"kente tote bag", "African Textiles", 42000, "bag", nil, "A sturdy tote with a kente panel, canvas lining and an inner zip pocket for a passport.", 450},
			{"wax-print headwrap", "Scarves & Wraps", 9500, "stripes", [][]string{{"Print", "Indigo", "Marigold", "Forest"}}, "A long cotton wax-print wrap that ties a dozen ways and folds flat in a carry-on.", 120},
			{"clay serving bowl", "Home & Ceramics", 21000, "bowl", [][]string{{"Size", "Small", "Large"}}, "Wheel-thrown stoneware glazed in Ahwiaa, food safe and fired twice.", 900},
			{"ceramic mug pair", "Home & Ceramics", 16500, "mug", nil, "Two hand-thrown mugs with a speckled glaze and a thumb rest.", 700},
		}},
	{Person: Person{Email: "chidi.obi@example.com", Username: "lagos.luggage", Role: "vendor", Name: "Chidi Obi",
		Bio:   "Runs Lagos Luggage Co.: hard-wearing suitcases and bags tested on Lagos airport trolleys.",
		Phone: "+2348023456781", DOB: "1984-10-02", Gender: "man", City: "Lagos", Country: "NG", Languages: []string{"English", "Igbo"},
		Interests: []string{"aviation", "design"}, Business: "Lagos Luggage Co.", Colour: rgb(0x1e, 0x3a, 0x8a)},
		Store: "Lagos Luggage Co.", Brand: "LLC", City: "Lagos", Country: "NG", Address: "22 Admiralty Way, Lekki Phase 1", ReturnDays: 30,
		About:        "Suitcases, duffels and backpacks built for West African travel: tough shells, smooth wheels and a five-year warranty.",
		ReturnPolicy: "30-day returns on unused luggage with tags attached; the warranty covers wheels, handles and zips for five years.",
		Collections:  []string{"Marina", "Ikoyi", "Lekki", "Harbour", "Eko", "Yaba"},
		Palette:      []color.RGBA{rgb(0x1e, 0x3a, 0x8a), rgb(0x0f, 0x17, 0x2a), rgb(0x9a, 0x34, 0x12), rgb(0x3f, 0x62, 0x12)},
		Lines: []ProductLine{
			{"hard-shell cabin suitcase", "Suitcases", 95000, "suitcase", [][]string{colours3}, "A 55 cm polycarbonate cabin case with four spinner wheels, a TSA lock and a compression board.", 3200},
			{"check-in spinner suitcase", "Suitcases", 135000, "suitcase", [][]string{colours3, {"Size", "68 cm", "76 cm"}}, "A roomy check-in case with an expandable zip, double wheels and a washable lining.", 4600},
			{"leather weekender", "Backpacks & Duffels", 78000, "bag", nil, "Full-grain leather with brass hardware, a shoe pocket and a trolley sleeve.", 1500},
			{"travel backpack 35L", "Backpacks & Duffels", 56000, "backpack", [][]string{{"Colour", "Black", "Olive"}}, "A clamshell-opening backpack with a padded laptop sleeve and hidden passport pocket.", 1200},
			{"garment carrier", "Backpacks & Duffels", 48000, "bag", nil, "Keeps a suit or agbada crease-free; folds into a shoulder bag with two shoe pockets.", 900},
		}},
	{Person: Person{Email: "wanjiku.kariuki@example.com", Username: "wayfarer.essentials", Role: "vendor", Name: "Wanjiku Kariuki",
		Bio:   "Founder of Wayfarer Essentials; packs for a living and sells what survives.",
		Phone: "+254722345678", DOB: "1991-01-19", Gender: "woman", City: "Nairobi", Country: "KE", Languages: []string{"English", "Swahili"},
		Interests: []string{"minimalism", "rail travel"}, Business: "Wayfarer Essentials", Colour: rgb(0x0f, 0x76, 0x6e)},
		Store: "Wayfarer Essentials", Brand: "Wayfarer", City: "Nairobi", Country: "KE", Address: "Westlands Square, Ring Road", ReturnDays: 14,
		About:        "Small things that make long journeys easier: packing cubes, neck pillows, toiletry kits and passport wallets.",
		ReturnPolicy: "14-day returns on unused items; toiletry kits only if unopened.",
		Collections:  []string{"Nomad", "Transit", "Layover", "Overland", "Safari", "Coastline"},
		Palette:      []color.RGBA{rgb(0x0f, 0x76, 0x6e), rgb(0x7c, 0x2d, 0x12), rgb(0x33, 0x41, 0x55), rgb(0xa1, 0x62, 0x07)},
		Lines: []ProductLine{
			{"packing cube set", "Packing & Organisers", 18500, "cubes", [][]string{{"Colour", "Teal", "Charcoal", "Rust"}}, "Four ripstop cubes with mesh tops and double zips, from shoe cube to shirt folder.", 400},
			{"memory foam neck pillow", "Comfort & Sleep", 14000, "pillow", [][]string{{"Colour", "Grey", "Navy"}}, "Contoured memory foam with a washable bamboo cover and a clip for your bag strap.", 350},
			{"hanging toiletry kit", "Packing & Organisers", 16000, "bag", nil, "A water-resistant kit with a swivel hook, clear pockets and room for a month of toiletries.", 380},
			{"RFID passport wallet", "Packing & Organisers", 9000, "wallet", [][]string{{"Colour", "Tan", "Black"}}, "Holds two passports, boarding passes, cards and a pen; lined against card skimming.", 120},
			{"silk sleep mask", "Comfort & Sleep", 7500, "pillow", nil, "Mulberry silk on both sides with a soft adjustable strap; blocks cabin lights completely.", 40},
		}},
	{Person: Person{Email: "otieno.mwangi@example.com", Username: "rift.outfitters", Role: "vendor", Name: "Otieno Mwangi",
		Bio:   "Mountain guide turned outfitter; has carried every item in the shop up Mount Kenya.",
		Phone: "+254711223344", DOB: "1983-06-08", Gender: "man", City: "Nanyuki", Country: "KE", Languages: []string{"English", "Swahili", "Luo"},
		Interests: []string{"mountaineering", "birding"}, Business: "Rift Valley Outfitters", Colour: rgb(0x3f, 0x62, 0x12)},
		Store: "Rift Valley Outfitters", Brand: "Rift", City: "Nanyuki", Country: "KE", Address: "Kenyatta Avenue, Nanyuki town", ReturnDays: 21,
		About:        "Gear for the Rift, the mountains and the coast: tents, sleeping bags, headlamps and hydration packs tested on real expeditions.",
		ReturnPolicy: "21-day returns on unused gear; tents and sleeping bags must be unrolled only indoors.",
		Collections:  []string{"Batian", "Sirimon", "Naro Moru", "Longonot", "Hell's Gate", "Chogoria"},
		Palette:      []color.RGBA{rgb(0x3f, 0x62, 0x12), rgb(0xc2, 0x41, 0x0c), rgb(0x1e, 0x40, 0xaf), rgb(0x57, 0x53, 0x4e)},
		Lines: []ProductLine{
			{"two-person trekking tent", "Camping", 185000, "tent", nil, "A freestanding tent of 2.1 kg with two doors, a full-coverage fly and aluminium poles.", 2100},
			{"down sleeping bag", "Camping", 145000, "bag", [][]string{{"Length", "Regular", "Long"}}, "Rated to -5 °C with 650-fill responsibly sourced down and a draught collar.", 1100},
			{"rechargeable headlamp", "Hiking", 22000, "lamp", nil, "400 lumens, a red night mode and USB-C charging; runs 40 hours on low.", 90},
			{"hydration pack 15L", "Hiking", 38000, "backpack", [][]string{{"Colour", "Ember", "Slate"}}, "A ventilated daypack with a 2-litre bladder, rain cover and hip-belt pockets.", 700},
			{"trekking poles, pair", "Hiking", 31000, "poles", nil, "Carbon poles with cork grips and flick locks; fold to 38 cm for the suitcase.", 480},
		}},
	{Person: Person{Email: "abena.owusu@example.com", Username: "shea.sunlight", Role: "vendor", Name: "Abena Owusu",
		Bio:   "Works with women's shea cooperatives around Tamale; formulates everything in small batches.",
		Phone: "+233245556677", DOB: "1990-09-27", Gender: "woman", City: "Tamale", Country: "GH", Languages: []string{"English", "Dagbani", "Twi"},
		Interests: []string{"botany", "cooperatives"}, Business: "Shea & Sunlight", Colour: rgb(0xca, 0x8a, 0x04)},
		Store: "Shea & Sunlight", Brand: "Shea & Sunlight", City: "Tamale", Country: "GH", Address: "Bolgatanga Road, Tamale", ReturnDays: 7,
		About:        "Skincare from raw shea, baobab and moringa, made in small batches with the women who harvest them. Travel sizes for the cabin.",
		ReturnPolicy: "Unopened products may be returned within 7 days; we replace anything that arrives damaged.",
		Collections:  []string{"Harmattan", "Sahel", "Savanna", "Volta", "Dawn", "Moringa"},
		Palette:      []color.RGBA{rgb(0xca, 0x8a, 0x04), rgb(0xfd, 0xe6, 0x8a), rgb(0x92, 0x40, 0x0e), rgb(0x65, 0xa3, 0x0d)},
		Lines: []ProductLine{
			{"whipped shea butter", "Skincare", 8500, "jar", [][]string{{"Size", "100 ml", "250 ml"}}, "Unrefined shea whipped with baobab oil until light; melts into dry skin after a long flight.", 260},
			{"baobab face oil", "Skincare", 12500, "bottle", nil, "Cold-pressed baobab and moringa oils with vitamin E, in a 30 ml dropper bottle.", 120},
			{"black soap bar", "Body & Bath", 4500, "bar", [][]string{{"Scent", "Unscented", "Lemongrass", "Eucalyptus"}}, "Traditional alata samina made from plantain ash and palm kernel oil.", 150},
			{"travel skincare set", "Skincare", 21000, "jar", nil, "Cleanser, face oil and shea balm in 50 ml cabin-sized tins, in a cotton pouch.", 380},
			{"hibiscus body scrub", "Body & Bath", 9800, "jar", nil, "Sugar, hibiscus petals and shea for soft skin; rinses clean without a film.", 300},
		}},
	{Person: Person{Email: "funmi.alade@example.com", Username: "okan.yoga", Role: "vendor", Name: "Funmilayo Alade",
		Bio:   "Yoga teacher of ten years; designs travel-friendly kit for practising anywhere.",
		Phone: "+2348034445566", DOB: "1992-12-11", Gender: "woman", City: "Lagos", Country: "NG", Languages: []string{"English", "Yoruba"},
		Interests: []string{"yoga", "breathwork"}, Business: "Okan Yoga Supply", Colour: rgb(0x6d, 0x28, 0xd9)},
		Store: "Okan Yoga Supply", Brand: "Okan", City: "Lagos", Country: "NG", Address: "5 Bourdillon Road, Ikoyi", ReturnDays: 14,
		About:        "Mats, blocks, straps and resistance bands that fold into a suitcase, so the practice travels with you.",
		ReturnPolicy: "Return unused kit within 14 days; mats must be unrolled only on a clean floor.",
		Collections:  []string{"Ìmí", "Ayo", "Ìtura", "Èmí", "Ìdúró", "Òkun"},
		Palette:      []color.RGBA{rgb(0x6d, 0x28, 0xd9), rgb(0xdb, 0x27, 0x77), rgb(0x0e, 0x74, 0x90), rgb(0x4d, 0x7c, 0x0f)},
		Lines: []ProductLine{
			{"foldable travel yoga mat", "Yoga", 32000, "mat", [][]string{{"Colour", "Plum", "Ocean", "Moss"}}, "A 1.5 mm natural rubber mat that folds to the size of a paperback and grips when wet.", 900},
			{"cork yoga block", "Yoga", 9000, "block", nil, "Dense natural cork, rounded edges and a reassuring weight; does not slide on tiles.", 700},
			{"cotton yoga strap", "Yoga", 5500, "strap", nil, "A 2.5 m organic cotton strap with a D-ring buckle; doubles as a mat carrier.", 120},
			{"resistance band set", "Fitness on the Go", 14500, "strap", nil, "Five latex-free bands from light to extra heavy, with door anchor and ankle straps.", 450},
			{"meditation cushion", "Yoga", 24000, "pillow", [][]string{{"Colour", "Indigo", "Saffron"}}, "Buckwheat-filled zafu with a removable washable cover and a carry handle.", 2200},
		}},
	{Person: Person{Email: "lindiwe.sithole@example.com", Username: "jacaranda.pages", Role: "vendor", Name: "Lindiwe Sithole",
		Bio:   "Bookseller in Cape Town; curates guides written by people who live where they write about.",
		Phone: "+27823334455", DOB: "1987-03-30", Gender: "woman", City: "Cape Town", Country: "ZA", Languages: []string{"English", "isiXhosa"},
		Interests: []string{"reading", "cartography"}, Business: "Jacaranda Pages", Colour: rgb(0x7e, 0x22, 0xce)},
		Store: "Jacaranda Pages", Brand: "Jacaranda Press", City: "Cape Town", Country: "ZA", Address: "83 Bree Street, Cape Town", ReturnDays: 14,
		About:        "Travel guides, maps and wellness reading from African writers, packed with care and shipped in recycled board.",
		ReturnPolicy: "Return books in the condition they arrived within 14 days.",
		Collections:  []string{"Cape Winelands", "Zanzibar", "Lagos", "Marrakech", "Lake Malawi", "Kigali", "Accra", "Victoria Falls"},
		Palette:      []color.RGBA{rgb(0x7e, 0x22, 0xce), rgb(0x0f, 0x76, 0x6e), rgb(0xb9, 0x1c, 0x1c), rgb(0x1d, 0x4e, 0xd8)},
		Lines: []ProductLine{
			{"walking guide", "Travel Guides", 12500, "book", [][]string{{"Format", "Paperback", "Hardback"}}, "Twenty walks with hand-drawn maps, where to eat on the way and when to go.", 420},
			{"food lover's guide", "Travel Guides", 14000, "book", nil, "Markets, street food and family kitchens, written by a local food writer with recipes to take home.", 480},
			{"folded city map", "Travel Guides", 4500, "map", nil, "A waterproof, tear-proof map with neighbourhoods, transit lines and the best viewpoints.", 60},
			{"journal of slow travel", "Wellness Reading", 11000, "book", nil, "Essays on rest, travel and attention, with blank pages to write your own.", 380},
		}},
	{Person: Person{Email: "kwame.boateng@example.com", Username: "adinkra.gold", Role: "vendor", Name: "Kwame Boateng",
		Bio:   "Third-generation goldsmith in Kumasi; casts every Adinkra symbol by lost-wax.",
		Phone: "+233201112233", DOB: "1980-05-14", Gender: "man", City: "Kumasi", Country: "GH", Languages: []string{"English", "Twi"},
		Interests: []string{"goldsmithing", "history"}, Business: "Adinkra Gold", Colour: rgb(0xa1, 0x62, 0x07)},
		Store: "Adinkra Gold", Brand: "Adinkra Gold", City: "Kumasi", Country: "GH", Address: "Adum, near Kejetia Market", ReturnDays: 30,
		About:        "Lost-wax cast jewellery in brass, sterling silver and 18-carat gold, each piece carrying an Adinkra symbol and its meaning.",
		ReturnPolicy: "30-day returns; engraved pieces cannot be returned. Gold pieces ship insured and need a signature.",
		Collections:  []string{"Sankofa", "Gye Nyame", "Dwennimmen", "Akoma", "Nyame Dua", "Fawohodie"},
		Palette:      []color.RGBA{rgb(0xa1, 0x62, 0x07), rgb(0x1c, 0x19, 0x17), rgb(0x9c, 0xa3, 0xaf), rgb(0x7f, 0x1d, 0x1d)},
		Lines: []ProductLine{
			{"brass pendant", "Jewellery", 18000, "ring", [][]string{{"Chain", "45 cm", "55 cm"}}, "Cast in recycled brass, polished by hand and hung on a matching chain.", 40},
			{"sterling silver ring", "Jewellery", 32000, "ring", [][]string{{"Size", "6", "7", "8", "9"}}, "A solid 925 silver band with the symbol in relief, oxidised to bring out the detail.", 15},
			{"beaded bracelet", "Jewellery", 8500, "beads", nil, "Krobo recycled-glass beads strung on waxed cotton with a cast brass bead.", 20},
			{"gold signet ring", "Fine Watches & Jewels", 650000, "ring", [][]string{{"Size", "7", "8", "9"}}, "18-carat gold, lost-wax cast and hallmarked; comes with an authenticity certificate.", 12},
		}},
	{Person: Person{Email: "aline.uwase@example.com", Username: "highland.leaf", Role: "vendor", Name: "Aline Uwase",
		Bio:   "Sources tea and coffee directly from smallholder cooperatives in Rwanda and Kenya.",
		Phone: "+250788123456", DOB: "1993-07-21", Gender: "woman", City: "Kigali", Country: "RW", Languages: []string{"English", "Kinyarwanda", "French"},
		Interests: []string{"coffee", "hiking"}, Business: "Highland Leaf & Bean", Colour: rgb(0x16, 0x65, 0x34)},
		Store: "Highland Leaf & Bean", Brand: "Highland", City: "Kigali", Country: "RW", Address: "KG 7 Avenue, Kacyiru", ReturnDays: 7,
		About:        "Single-origin coffee and high-grown tea from cooperatives around Lake Kivu and Kericho, roasted and packed weekly.",
		ReturnPolicy: "Sealed bags may be returned within 7 days; we refund any bag that arrives opened or stale.",
		Collections:  []string{"Lake Kivu", "Nyungwe", "Kericho", "Gisenyi", "Huye", "Nandi Hills"},
		Palette:      []color.RGBA{rgb(0x16, 0x65, 0x34), rgb(0x78, 0x35, 0x0f), rgb(0x0f, 0x17, 0x2a), rgb(0xd9, 0x77, 0x06)},
		Lines: []ProductLine{
			{"single-origin coffee beans", "Coffee", 11500, "pouch", [][]string{{"Grind", "Whole bean", "Filter", "Espresso"}, {"Size", "250 g", "500 g"}}, "Washed Bourbon grown above 1,700 m, roasted medium with notes of red berries and cocoa.", 300},
			{"high-grown black tea", "Tea", 6500, "tin", [][]string{{"Size", "100 g", "250 g"}}, "Whole-leaf black tea from the highlands, brisk and bright; good with or without milk.", 150},
			{"green tea with ginger", "Tea", 7000, "tin", nil, "Hand-rolled green tea blended with dried ginger and lemongrass.", 120},
			{"travel pour-over kit", "Coffee", 19500, "mug", nil, "A collapsible silicone dripper, 40 filters and an insulated cup in one pouch.", 380},
		}},
	{Person: Person{Email: "emeka.nwachukwu@example.com", Username: "voltage.travel", Role: "vendor", Name: "Emeka Nwachukwu",
		Bio:   "Electrical engineer who got tired of dead phones at the gate; now sells chargers that work everywhere.",
		Phone: "+2348057778899", DOB: "1989-04-04", Gender: "man", City: "Abuja", Country: "NG", Languages: []string{"English", "Igbo"},
		Interests: []string{"electronics", "football"}, Business: "Voltage Travel Tech", Colour: rgb(0x0e, 0x74, 0x90)},
		Store: "Voltage Travel Tech", Brand: "Voltage", City: "Abuja", Country: "NG", Address: "Plot 12 Aminu Kano Crescent, Wuse 2", ReturnDays: 14,
		About:        "Universal adapters, power banks within airline limits, noise-cancelling earphones and cables that survive a backpack.",
		ReturnPolicy: "14-day returns in the original box; a one-year warranty on everything electric.",
		Collections:  []string{"Volt", "Transit Pro", "Roam", "Pulse", "Nomad Max", "Dash"},
		Palette:      []color.RGBA{rgb(0x0e, 0x74, 0x90), rgb(0x11, 0x18, 0x27), rgb(0xe1, 0x1d, 0x48), rgb(0xf5, 0x9e, 0x0b)},
		ReviewAll:    true,
		Lines: []ProductLine{
			{"universal travel adapter", "Power & Charging", 16500, "adapter", [][]string{{"Colour", "White", "Black"}}, "Plugs into outlets in 150 countries, with two USB-C ports and 65 W fast charging.", 180},
			{"20,000 mAh power bank", "Power & Charging", 28000, "adapter", nil, "Airline-safe at 74 Wh, charges a laptop over USB-C and two phones at once.", 360},
			{"noise-cancelling earbuds", "Audio", 54000, "earbuds", [][]string{{"Colour", "Graphite", "Sand"}}, "Active noise cancelling for engine drone, 30 hours with the case and a flight adapter.", 60},
			{"braided cable set", "Power & Charging", 9500, "cable", nil, "USB-C to C, C to Lightning and C to micro-USB, braided and 1.2 m long.", 110},
		}},
	{Person: Person{Email: "zanele.khumalo@example.com", Username: "little.explorers", Role: "vendor", Name: "Zanele Khumalo",
		Bio:   "Mother of three frequent flyers; designs what she wished she had on long-haul flights.",
		Phone: "+27824445566", DOB: "1986-08-16", Gender: "woman", City: "Johannesburg", Country: "ZA", Languages: []string{"English", "isiZulu"},
		Interests: []string{"family travel", "illustration"}, Business: "Little Explorers", Colour: rgb(0xdb, 0x27, 0x77)},
		Store: "Little Explorers", Brand: "Little Explorers", City: "Johannesburg", Country: "ZA", Address: "44 Stanley Avenue, Milpark", ReturnDays: 30,
		About:        "Ride-on suitcases, activity kits and travel pillows for children, tested by real families on real delays.",
		ReturnPolicy: "30-day returns on unused items; toys with broken seals cannot be returned for hygiene reasons.",
		Collections:  []string{"Giraffe", "Zebra", "Elephant", "Flamingo", "Lion Cub", "Hippo"},
		Palette:      []color.RGBA{rgb(0xdb, 0x27, 0x77), rgb(0xf5, 0x9e, 0x0b), rgb(0x22, 0xc5, 0x5e), rgb(0x38, 0xbd, 0xf8)},
		Lines: []ProductLine{
			{"ride-on kids suitcase", "Kids & Family Travel", 48000, "suitcase", nil, "A cabin-sized case a child can ride through the terminal, with a tow strap for tired legs.", 2300},
			{"travel activity kit", "Kids & Family Travel", 12000, "book", [][]string{{"Age", "3-5", "6-8"}}, "Reusable sticker scenes, crayons and a puzzle book in a zip folder.", 350},
			{"kids neck pillow", "Kids & Family Travel", 9000, "pillow", nil, "A soft animal neck pillow with a hidden pocket for earphones.", 200},
			{"kids backpack with harness", "Kids & Family Travel", 16500, "backpack", nil, "A small backpack with a detachable safety rein for busy airports.", 300},
		}},
	{Person: Person{Email: "amaka.eze@example.com", Username: "maison.zuri", Role: "vendor", Name: "Amaka Eze",
		Bio:   "Creative director of Maison Zuri; trained in Florence, makes leather goods in Lagos.",
		Phone: "+2348099990001", DOB: "1983-11-09", Gender: "woman", City: "Lagos", Country: "NG", Languages: []string{"English", "Igbo", "Italian"},
		Interests: []string{"leathercraft", "art"}, Business: "Maison Zuri", Colour: rgb(0x1c, 0x19, 0x17)},
		Store: "Maison Zuri", Brand: "Maison Zuri", City: "Lagos", Country: "NG", Address: "Temple Road, Ikoyi", ReturnDays: 14,
		About:        "A luxury house of hand-stitched leather goods, silk and fine watches, each with a signed certificate of authenticity.",
		ReturnPolicy: "Returns within 14 days in the original box with the certificate; every order ships insured and is signed for.",
		Collections:  []string{"Zuri", "Onyx", "Aurelia", "Ivory Coast", "Nocturne", "Sahara Gold"},
		Palette:      []color.RGBA{rgb(0x1c, 0x19, 0x17), rgb(0xa1, 0x62, 0x07), rgb(0x7f, 0x1d, 0x1d), rgb(0xe7, 0xe5, 0xe4)},
		Luxury:       true, ReviewAll: true,
		Lines: []ProductLine{
			{"hand-stitched leather tote", "Luxury Bags", 1450000, "bag", [][]string{{"Colour", "Noir", "Cognac"}}, "Vegetable-tanned calfskin saddle-stitched by one artisan over forty hours, with gilded edges.", 1100},
			{"travel trunk", "Luxury Bags", 4800000, "suitcase", nil, "A hardwood-framed trunk in monogrammed canvas with brass corners; numbered and signed.", 9000},
			{"silk carré scarf", "Luxury Bags", 380000, "stripes", nil, "Hand-rolled twill silk printed with an original illustration of the Lagos lagoon.", 80},
			{"automatic chronograph", "Fine Watches & Jewels", 6200000, "watch", nil, "A Swiss automatic chronograph with a malachite dial and a sapphire case back.", 140},
		}},
}
