package seed

import "image/color"

// Practitioner is one demo therapist or coach: the account (Person) and the
// practice profile, offerings and hours.
type Practitioner struct {
	Person
	Kind        string // therapist | coach
	Headline    string
	PracticeBio string
	TimeZone    string
	Formats     []string // video, in_person, phone
	Address     string   // for in_person
	IssuingBody string   // with Person.Licence
	// Pending leaves the licence waiting in the admin's verification queue
	// (the profile cannot be published until an admin verifies it).
	Pending bool
	// Suspended is an admin's reason for suspending the published profile
	// (the admin tables and the provider's portal show it).
	Suspended string
	Hours     string // a key of weeklyTemplates
	Offerings []DemoOffering
}

// DemoOffering is one demo offering.
type DemoOffering struct {
	Title, Description, Format string
	Minutes                    int
	Price                      int64 // minor units
	Currency                   string
	Capacity                   int
	Confirm                    bool
}

// weeklyTemplates are the demo working weeks (local time).
var weeklyTemplates = map[string]map[string][][2]string{
	"office": {"monday": {{"09:00", "12:00"}, {"13:00", "17:00"}}, "tuesday": {{"09:00", "12:00"}, {"13:00", "17:00"}},
		"wednesday": {{"09:00", "12:00"}, {"13:00", "17:00"}}, "thursday": {{"09:00", "12:00"}, {"13:00", "17:00"}},
		"friday": {{"09:00", "13:00"}}},
	"clinic": {"monday": {{"10:00", "18:00"}}, "wednesday": {{"10:00", "18:00"}}, "thursday": {{"10:00", "18:00"}},
		"saturday": {{"09:00", "13:00"}}},
	"late": {"tuesday": {{"12:00", "20:00"}}, "wednesday": {{"12:00", "20:00"}}, "thursday": {{"12:00", "20:00"}},
		"friday": {{"12:00", "20:00"}}, "saturday": {{"10:00", "16:00"}}},
	"split": {"monday": {{"07:00", "10:00"}, {"17:00", "21:00"}}, "tuesday": {{"07:00", "10:00"}, {"17:00", "21:00"}},
		"wednesday": {{"07:00", "10:00"}, {"17:00", "21:00"}}, "thursday": {{"07:00", "10:00"}, {"17:00", "21:00"}}},
}

// Practitioners are the demo therapists and coaches; the demo accounts
// therapist@example.com and coach@example.com get their profiles from
// DemoTherapist and DemoCoach below.
var Practitioners = []Practitioner{
	{Person: Person{Email: "folake.adeyemi@example.com", Username: "dr.folake", Role: "therapist", Name: "Dr. Folake Adeyemi",
		Bio:   "Clinical psychologist in Lagos. Mother of two, reader of Chimamanda, believer in small daily changes.",
		Phone: "+2348023344556", DOB: "1980-04-22", Gender: "woman", City: "Lagos", Country: "NG",
		Languages: []string{"English", "Yoruba"}, Interests: []string{"reading", "gardening"},
		Specialties: []string{"anxiety", "depression", "postpartum"}, Licence: "NACP-LAG-2009-117",
		Colour: color.RGBA{0x9d, 0x17, 0x4d, 0xff}},
		Kind: "therapist", Headline: "Clinical psychologist for anxiety, low mood and life after a new baby",
		PracticeBio: "For fifteen years I have worked with adults who feel overwhelmed: new mothers who cannot sleep even when the baby does, " +
			"professionals whose worry follows them home, people who have felt flat for so long they have forgotten it can change. " +
			"I use cognitive behavioural therapy and compassion-focused work, and I keep sessions practical: you leave each one with something to try before the next.\n\n" +
			"I see clients in person in Ikoyi and online across Nigeria and the diaspora.",
		TimeZone: "Africa/Lagos", Formats: []string{"video", "in_person"}, Address: "14 Bourdillon Road, Ikoyi, Lagos",
		IssuingBody: "Nigerian Association of Clinical Psychologists", Hours: "office",
		Offerings: []DemoOffering{
			{"Individual therapy session", "Fifty minutes of one-to-one therapy, online or at the Ikoyi practice.", "video", 50, 3000000, "NGN", 1, false},
			{"First consultation", "A shorter first meeting to talk through what brings you and whether we are a good fit.", "video", 30, 1500000, "NGN", 1, false},
			{"New parents support group", "A small weekly group for parents in the first year after birth. Up to six people.", "in_person", 90, 1000000, "NGN", 6, true},
		}},
	{Person: Person{Email: "kwame.owusu@example.com", Username: "kwame.owusu", Role: "therapist", Name: "Kwame Owusu",
		Bio:   "Counselling psychologist in Accra and part-time lecturer at the University of Ghana.",
		Phone: "+233244556677", DOB: "1984-10-09", Gender: "man", City: "Accra", Country: "GH",
		Languages: []string{"English", "Twi", "Ga"}, Interests: []string{"highlife", "football"},
		Specialties: []string{"grief", "relationships", "men's mental health"}, Licence: "GPC-CP-0932",
		Colour: color.RGBA{0x0e, 0x74, 0x90, 0xff}},
		Kind: "therapist", Headline: "Counselling for grief, relationships and men who find it hard to talk",
		PracticeBio: "Many of the men I see tell me in the first session that they have never said these things out loud. " +
			"That is fine: we start where you are. I work with loss, with couples who keep having the same argument, and with the pressure of being the one everyone relies on.\n\n" +
			"My approach is person-centred with elements of emotionally focused therapy for couples. Sessions are in English, Twi or Ga.",
		TimeZone: "Africa/Accra", Formats: []string{"video", "in_person", "phone"}, Address: "7 Oxford Street, Osu, Accra",
		IssuingBody: "Ghana Psychological Council", Hours: "clinic",
		Offerings: []DemoOffering{
			{"Counselling session", "One hour of individual counselling.", "in_person", 60, 45000, "GHS", 1, false},
			{"Couples session", "Seventy-five minutes for two partners together.", "video", 75, 70000, "GHS", 1, true},
			{"Phone check-in", "A half-hour call between sessions or for follow-up.", "phone", 30, 20000, "GHS", 1, false},
		}},
	{Person: Person{Email: "amina.njoroge@example.com", Username: "amina.njoroge", Role: "therapist", Name: "Amina Njoroge",
		Bio:   "Trauma therapist in Nairobi. Trained in EMDR; volunteers with survivors of gender-based violence.",
		Phone: "+254722334455", DOB: "1988-01-17", Gender: "woman", City: "Nairobi", Country: "KE",
		Languages: []string{"English", "Swahili"}, Interests: []string{"poetry", "swimming"},
		Specialties: []string{"trauma", "EMDR", "PTSD"}, Licence: "KCPB-CO-2016-2207",
		Colour: color.RGBA{0x7c, 0x2d, 0x12, 0xff}},
		Kind: "therapist", Headline: "Trauma-focused therapy and EMDR, gentle and at your pace",
		PracticeBio: "Trauma can leave the body on alert long after the danger has passed. I help people notice that, steady themselves, " +
			"and then process what happened without being flooded by it. I am trained in EMDR and trauma-focused CBT.\n\n" +
			"I work in Westlands and online, in English or Swahili. Nothing is rushed: the first sessions are about safety and trust.",
		TimeZone: "Africa/Nairobi", Formats: []string{"video", "in_person"}, Address: "Mpaka Road, Westlands, Nairobi",
		IssuingBody: "Kenya Counsellors and Psychologists Board", Pending: true, Hours: "late",
		Offerings: []DemoOffering{
			{"Trauma therapy session", "Sixty minutes of trauma-focused therapy.", "in_person", 60, 600000, "KES", 1, false},
			{"EMDR session", "A ninety-minute EMDR processing session for existing clients.", "in_person", 90, 850000, "KES", 1, true},
		}},
	{Person: Person{Email: "thandiwe.dlamini@example.com", Username: "dr.thandiwe", Role: "therapist", Name: "Dr. Thandiwe Dlamini",
		Bio:   "Clinical psychologist in Johannesburg with a practice in Rosebank. Runner, cook, incurable optimist.",
		Phone: "+27829988776", DOB: "1978-06-30", Gender: "woman", City: "Johannesburg", Country: "ZA",
		Languages: []string{"English", "isiZulu", "Sesotho"}, Interests: []string{"running", "cooking"},
		Specialties: []string{"trauma", "couples", "family therapy"}, Licence: "PS 0115678",
		Colour: color.RGBA{0x15, 0x80, 0x3d, 0xff}},
		Kind: "therapist", Headline: "Couples and family therapy, and recovery after trauma",
		PracticeBio: "Families carry stories across generations, some of them heavy. I work with couples and families who want to understand their patterns, " +
			"and with individuals recovering from violence, accidents or loss.\n\n" +
			"I am registered with the HPCSA and have practised for eighteen years, in Rosebank and online across South Africa.",
		TimeZone: "Africa/Johannesburg", Formats: []string{"video", "in_person"}, Address: "23 Baker Street, Rosebank, Johannesburg",
		IssuingBody: "Health Professions Council of South Africa", Hours: "office",
		Offerings: []DemoOffering{
			{"Individual session", "Fifty minutes of individual therapy.", "video", 50, 120000, "ZAR", 1, false},
			{"Couples or family session", "Ninety minutes with a couple or family.", "in_person", 90, 195000, "ZAR", 1, true},
		}},
	{Person: Person{Email: "eleanor.price@example.com", Username: "eleanor.price", Role: "therapist", Name: "Eleanor Price",
		Bio:   "Integrative psychotherapist in north London. Former HR director; I know what office life does to people.",
		Phone: "+447700900123", DOB: "1975-02-11", Gender: "woman", City: "London", Country: "GB",
		Languages: []string{"English", "French"}, Interests: []string{"theatre", "walking"},
		Specialties: []string{"work stress", "anxiety", "self-esteem"}, Licence: "UKCP-2011-04417",
		Colour: color.RGBA{0x1e, 0x3a, 0x8a, 0xff}},
		Kind: "therapist", Headline: "Integrative psychotherapy for work stress, anxiety and self-doubt",
		PracticeBio: "Before training as a psychotherapist I spent twenty years in human resources, so I understand promotion panic, impossible managers and the Sunday-night dread. " +
			"My work draws on psychodynamic, person-centred and CBT approaches, chosen for what you need rather than a single school.\n\n" +
			"I see clients online and in Highbury, including many Africans living in the UK.",
		TimeZone: "Europe/London", Formats: []string{"video", "in_person"}, Address: "41 Highbury Park, London N5",
		IssuingBody: "UK Council for Psychotherapy", Hours: "clinic",
		Offerings: []DemoOffering{
			{"Psychotherapy session", "Fifty minutes, weekly or fortnightly.", "video", 50, 11000, "USD", 1, false},
			{"Introductory session", "Thirty minutes to see whether we would work well together.", "video", 30, 4000, "USD", 1, true},
		}},
	{Person: Person{Email: "marcus.bell@example.com", Username: "marcus.bell", Role: "therapist", Name: "Marcus Bell",
		Bio:   "Licensed clinical social worker in Brooklyn. Twelve years in addiction services.",
		Phone: "+12125550143", DOB: "1983-09-19", Gender: "man", City: "New York", Country: "US",
		Languages: []string{"English", "Spanish"}, Interests: []string{"basketball", "jazz"},
		Specialties: []string{"addiction", "men's mental health", "anger"}, Licence: "LCSW-087214",
		Colour: color.RGBA{0x37, 0x41, 0x51, 0xff}},
		Kind: "therapist", Headline: "Recovery from addiction and the stress that feeds it",
		PracticeBio: "I spent over a decade in outpatient addiction programmes before opening a private practice. " +
			"I work with alcohol and drug use, gambling and the anger and shame that often travel with them, using motivational interviewing and relapse-prevention work.\n\n" +
			"Sessions are online, in English or Spanish, evenings included.",
		TimeZone: "America/New_York", Formats: []string{"video", "phone"}, IssuingBody: "New York State Education Department",
		Hours: "late",
		Offerings: []DemoOffering{
			{"Therapy session", "Fifty-five minutes of individual therapy.", "video", 55, 15000, "USD", 1, false},
			{"Recovery group", "A weekly online group for people in early recovery. Up to eight members.", "video", 90, 4500, "USD", 8, true},
		}},
	{Person: Person{Email: "ines.carvalho@example.com", Username: "ines.carvalho", Role: "therapist", Name: "Inês Carvalho",
		Bio:   "Psychologist in Lisbon working with expats, students and people who moved countries for love or work.",
		Phone: "+351912345678", DOB: "1990-12-03", Gender: "woman", City: "Lisbon", Country: "PT",
		Languages: []string{"Portuguese", "English", "Spanish"}, Interests: []string{"surfing", "fado"},
		Specialties: []string{"expat adjustment", "anxiety", "loneliness"}, Licence: "OPP-024518",
		Colour: color.RGBA{0x0f, 0x76, 0x6e, 0xff}},
		Kind: "therapist", Headline: "Therapy for expats and newcomers finding their feet abroad",
		PracticeBio: "Moving to a new country is exciting and lonely at once. I help people handle the homesickness, the paperwork stress and the strange feeling of being nobody for a while, " +
			"using acceptance and commitment therapy.\n\n" +
			"I have lived in three countries myself and work in Portuguese, English and Spanish.",
		TimeZone: "Europe/Lisbon", Formats: []string{"video"}, IssuingBody: "Ordem dos Psicólogos Portugueses", Pending: true,
		Hours: "office",
		Offerings: []DemoOffering{
			{"Online session", "Fifty minutes online.", "video", 50, 7000, "USD", 1, false},
		}},
	{Person: Person{Email: "jonas.weber@example.com", Username: "jonas.weber", Role: "therapist", Name: "Jonas Weber",
		Bio:   "Psychological psychotherapist in Berlin-Kreuzberg. Cyclist, father, amateur baker.",
		Phone: "+4915112345678", DOB: "1981-07-14", Gender: "man", City: "Berlin", Country: "DE",
		Languages: []string{"German", "English"}, Interests: []string{"cycling", "baking"},
		Specialties: []string{"depression", "burnout", "sleep"}, Licence: "PTK-B-33190",
		Colour: color.RGBA{0x4d, 0x7c, 0x0f, 0xff}},
		Kind: "therapist", Headline: "Depression, burnout and sleep problems: evidence-based and down to earth",
		PracticeBio: "I treat depression, exhaustion and insomnia with cognitive behavioural therapy, including CBT-I for sleep, which works better than most people expect. " +
			"I explain what we are doing and why, and we measure progress together.\n\n" +
			"Sessions in German or English, in Kreuzberg or by video.",
		TimeZone: "Europe/Berlin", Formats: []string{"video", "in_person"}, Address: "Oranienstraße 185, 10999 Berlin",
		IssuingBody: "Psychotherapeutenkammer Berlin", Hours: "clinic",
		Offerings: []DemoOffering{
			{"Therapy session", "Fifty minutes of individual therapy.", "in_person", 50, 9500, "USD", 1, false},
			{"Sleep programme session", "Structured CBT for insomnia, six sessions recommended.", "video", 45, 8500, "USD", 1, false},
		}},

	{Person: Person{Email: "hauwa.ibrahim@example.com", Username: "hauwa.ibrahim", Role: "therapist", Name: "Hauwa Ibrahim",
		Bio:   "Counselling psychologist in Abuja. Works with young adults, students and families in the north.",
		Phone: "+2348065544332", DOB: "1991-02-05", Gender: "woman", City: "Abuja", Country: "NG",
		Languages: []string{"English", "Hausa"}, Interests: []string{"calligraphy", "tea"},
		Specialties: []string{"young adults", "family conflict", "exam stress"}, Licence: "NACP-ABJ-2017-342",
		Colour: color.RGBA{0x03, 0x69, 0xa1, 0xff}},
		Kind: "therapist", Headline: "Counselling for students and young adults, in English or Hausa",
		PracticeBio: "University, first jobs and family expectations can pull young people in three directions at once. " +
			"I offer a calm, confidential space to sort through it, in English or Hausa, and I work with parents too when it helps.\n\n" +
			"My training is in counselling psychology with a focus on solution-focused brief therapy, so we aim for change in weeks rather than years.",
		TimeZone: "Africa/Lagos", Formats: []string{"video", "in_person", "phone"}, Address: "Plot 12, Aminu Kano Crescent, Wuse II, Abuja",
		IssuingBody: "Nigerian Association of Clinical Psychologists", Hours: "late",
		Offerings: []DemoOffering{
			{"Counselling session", "Fifty minutes, in Wuse II, by video or by phone.", "in_person", 50, 2000000, "NGN", 1, false},
			{"Student session", "A reduced-price forty-minute session for students.", "video", 40, 1000000, "NGN", 1, false},
		}},

	{Person: Person{Email: "chiamaka.eze@example.com", Username: "chiamaka.coach", Role: "coach", Name: "Chiamaka Eze",
		Bio:   "Career coach for women in tech. Former product lead at a Lagos fintech.",
		Phone: "+2348034455667", DOB: "1989-03-08", Gender: "woman", City: "Lagos", Country: "NG",
		Languages: []string{"English", "Igbo"}, Interests: []string{"mentoring", "afrobeats"},
		Specialties: []string{"career growth", "negotiation", "women in tech"}, Colour: color.RGBA{0xbe, 0x18, 0x5d, 0xff}},
		Kind: "coach", Headline: "Career coaching for women in tech: promotions, pay and confidence",
		PracticeBio: "I led product teams for eight years and sat on the other side of many promotion and salary conversations. " +
			"Now I help women in tech prepare for them: clarifying what you want, building the case, and practising the conversation until it feels natural.\n\n" +
			"Most clients work with me for six to ten sessions around a specific goal.",
		TimeZone: "Africa/Lagos", Formats: []string{"video"}, Hours: "split",
		Offerings: []DemoOffering{
			{"Career coaching session", "Sixty minutes focused on your next move.", "video", 60, 2500000, "NGN", 1, false},
			{"Salary negotiation prep", "Ninety minutes: research, script and role-play before your offer call.", "video", 90, 4000000, "NGN", 1, false},
			{"Women in tech circle", "A monthly group session on a career theme. Up to ten people.", "video", 75, 800000, "NGN", 10, false},
		}},
	{Person: Person{Email: "david.mwangi@example.com", Username: "david.mwangi", Role: "coach", Name: "David Mwangi",
		Bio:   "Executive coach in Nairobi. Twenty years in banking, the last eight as a managing director.",
		Phone: "+254711223344", DOB: "1972-05-27", Gender: "man", City: "Nairobi", Country: "KE",
		Languages: []string{"English", "Swahili"}, Interests: []string{"golf", "history"},
		Specialties: []string{"executive leadership", "board readiness", "succession"}, Colour: color.RGBA{0x03, 0x69, 0xa1, 0xff}},
		Kind: "coach", Headline: "Executive coaching for leaders stepping up to the top table",
		PracticeBio: "I coach senior leaders through the jump to executive and board roles: building a leadership team, managing a board, and keeping perspective when everything is urgent. " +
			"My clients are in banking, telecoms and fast-growing companies across East Africa.\n\n" +
			"Sessions are confidential, direct and structured around the decisions you face this quarter.",
		TimeZone: "Africa/Nairobi", Formats: []string{"video", "in_person"}, Address: "Riverside Drive, Nairobi", Hours: "office",
		Offerings: []DemoOffering{
			{"Executive coaching session", "Ninety minutes, in person at Riverside or by video.", "in_person", 90, 2500000, "KES", 1, true},
			{"Leadership check-in", "A forty-five-minute video call between full sessions.", "video", 45, 1200000, "KES", 1, false},
		}},
	{Person: Person{Email: "abena.boateng@example.com", Username: "abena.boateng", Role: "coach", Name: "Abena Boateng",
		Bio:   "Life coach in Accra helping people through the big transitions: moves, breakups, new careers.",
		Phone: "+233201122334", DOB: "1992-08-16", Gender: "woman", City: "Accra", Country: "GH",
		Languages: []string{"English", "Twi", "Fante"}, Interests: []string{"journaling", "travel"},
		Specialties: []string{"life transitions", "confidence", "goal setting"}, Colour: color.RGBA{0xb4, 0x53, 0x09, 0xff}},
		Kind: "coach", Headline: "Life coaching for the moments when everything changes at once",
		PracticeBio: "A move, a breakup, a new job or no job: transitions shake our sense of who we are. " +
			"I help you pause, name what matters, and set goals small enough to start this week. Clients describe our sessions as calm, honest and a little bit fun.",
		TimeZone: "Africa/Accra", Formats: []string{"video", "phone"}, Hours: "late",
		Offerings: []DemoOffering{
			{"Life coaching session", "Sixty minutes by video.", "video", 60, 35000, "GHS", 1, false},
			{"Quick clarity call", "Thirty minutes by phone to untangle one decision.", "phone", 30, 18000, "GHS", 1, false},
		}},
	{Person: Person{Email: "lerato.khumalo@example.com", Username: "lerato.khumalo", Role: "coach", Name: "Lerato Khumalo",
		Bio:   "Wellness and habits coach in Johannesburg. Registered dietitian turned coach.",
		Phone: "+27834455667", DOB: "1991-11-21", Gender: "woman", City: "Johannesburg", Country: "ZA",
		Languages: []string{"English", "Setswana", "isiZulu"}, Interests: []string{"trail running", "food"},
		Specialties: []string{"healthy habits", "nutrition", "stress management"}, Colour: color.RGBA{0x65, 0xa3, 0x0d, 0xff}},
		Kind: "coach", Headline: "Wellness coaching: habits that last longer than January",
		PracticeBio: "As a dietitian I saw plans fail because life got in the way. As a coach I work on the life part: sleep, movement, eating and stress, one habit at a time. " +
			"We track what works for you rather than what works on Instagram.",
		TimeZone: "Africa/Johannesburg", Formats: []string{"video", "in_person"}, Address: "Parkhurst, Johannesburg", Hours: "split",
		Offerings: []DemoOffering{
			{"Wellness coaching session", "Forty-five minutes to review the week and plan the next.", "video", 45, 65000, "ZAR", 1, false},
			{"Saturday walk and talk", "A small-group coaching walk in Emmarentia. Up to five people.", "in_person", 90, 30000, "ZAR", 5, false},
		}},
	{Person: Person{Email: "oliver.grant@example.com", Username: "oliver.grant", Role: "coach", Name: "Oliver Grant",
		Bio:   "Founder coach in London. Built and sold two companies; now helps first-time founders not repeat my mistakes.",
		Phone: "+447700900456", DOB: "1979-04-02", Gender: "man", City: "London", Country: "GB",
		Languages: []string{"English"}, Interests: []string{"sailing", "angel investing"},
		Specialties: []string{"founders", "fundraising", "team building"}, Colour: color.RGBA{0x33, 0x41, 0x55, 0xff}},
		Kind: "coach", Headline: "Coaching for first-time founders: fundraising, hiring and staying sane",
		PracticeBio: "I have raised money in good markets and bad ones, hired brilliantly and badly, and sold two companies. " +
			"I coach founders in London, Lagos and Nairobi through their first rounds and first managers, with a particular eye on founder burnout.",
		TimeZone: "Europe/London", Formats: []string{"video"}, Suspended: "Paused while we look into two client reports of sessions cancelled at the last minute. " +
			"We will email you within three working days with what we need from you.",
		Hours: "office",
		Offerings: []DemoOffering{
			{"Founder session", "Sixty minutes on whatever is keeping you up at night.", "video", 60, 20000, "USD", 1, true},
			{"Pitch review", "Forty-five minutes going through your deck before investor meetings.", "video", 45, 15000, "USD", 1, false},
		}},
	{Person: Person{Email: "sofia.almeida@example.com", Username: "sofia.almeida", Role: "coach", Name: "Sofia Almeida",
		Bio:   "Relocation and remote-work coach in Lisbon. Has moved eleven times across four continents.",
		Phone: "+351913456789", DOB: "1987-06-25", Gender: "woman", City: "Lisbon", Country: "PT",
		Languages: []string{"Portuguese", "English", "French"}, Interests: []string{"coworking", "tiles"},
		Specialties: []string{"relocation", "remote work", "work-life balance"}, Colour: color.RGBA{0x92, 0x40, 0x0e, 0xff}},
		Kind: "coach", Headline: "Relocation and remote-work coaching for people building a life abroad",
		PracticeBio: "Visas, housing and time zones are the easy part. The harder part is building routines, friendships and boundaries when your office is your laptop. " +
			"I coach remote workers and families moving to Portugal and beyond.",
		TimeZone: "Europe/Lisbon", Formats: []string{"video"}, Hours: "clinic",
		Offerings: []DemoOffering{
			{"Relocation coaching", "Sixty minutes planning your move and first ninety days.", "video", 60, 9000, "USD", 1, false},
			{"Remote routine reset", "Forty-five minutes to rebuild a workday that works.", "video", 45, 6500, "USD", 1, false},
		}},
	{Person: Person{Email: "priya.raman@example.com", Username: "priya.raman", Role: "coach", Name: "Priya Raman",
		Bio:   "Relationship coach in New York. Certified in the Gottman method.",
		Phone: "+13475550198", DOB: "1986-10-30", Gender: "woman", City: "New York", Country: "US",
		Languages: []string{"English", "Tamil"}, Interests: []string{"dance", "podcasts"},
		Specialties: []string{"relationships", "communication", "dating"}, Colour: color.RGBA{0x6d, 0x28, 0xd9, 0xff}},
		Kind: "coach", Headline: "Relationship coaching: better conversations, fewer repeat fights",
		PracticeBio: "Whether you are dating again, newly committed or ten years in, most trouble comes down to how we talk when we are hurt. " +
			"I teach practical communication tools from the Gottman method and we practise them in session.",
		TimeZone: "America/New_York", Formats: []string{"video", "phone"}, Hours: "late",
		Offerings: []DemoOffering{
			{"Individual relationship coaching", "Fifty minutes for one person.", "video", 50, 12000, "USD", 1, false},
			{"Couples coaching", "Eighty minutes for both partners.", "video", 80, 18000, "USD", 1, true},
		}},
	{Person: Person{Email: "lukas.schneider@example.com", Username: "lukas.schneider", Role: "coach", Name: "Lukas Schneider",
		Bio:   "Productivity coach in Berlin, specialising in adults with ADHD. Diagnosed at 34 myself.",
		Phone: "+4915223456789", DOB: "1985-01-12", Gender: "man", City: "Berlin", Country: "DE",
		Languages: []string{"German", "English"}, Interests: []string{"board games", "synthesizers"},
		Specialties: []string{"ADHD", "productivity", "focus"}, Colour: color.RGBA{0x0e, 0x74, 0x90, 0xff}},
		Kind: "coach", Headline: "ADHD and productivity coaching that works with your brain, not against it",
		PracticeBio: "I was diagnosed with ADHD at thirty-four, after years of blaming myself for missed deadlines. " +
			"Now I help adults build systems that fit how they actually think: external structure, body doubling, and realistic plans. No shame, lots of experiments.",
		TimeZone: "Europe/Berlin", Formats: []string{"video"}, Hours: "split",
		Offerings: []DemoOffering{
			{"ADHD coaching session", "Fifty minutes, weekly recommended.", "video", 50, 8000, "USD", 1, false},
			{"Body-doubling co-working", "Two hours of quiet co-working with check-ins. Up to twelve people.", "video", 120, 1500, "USD", 12, false},
		}},
}

// DemoTherapist and DemoCoach are the practices of the demo accounts
// therapist@example.com and coach@example.com (their Person is in People).
var (
	DemoTherapist = Practitioner{Kind: "therapist",
		Headline: "Clinical psychologist for anxiety, burnout and life transitions",
		PracticeBio: "I have practised as a clinical psychologist for twelve years, first at Kenyatta National Hospital and now in private practice in Kilimani. " +
			"I help people through anxiety, burnout and the big transitions of life: new jobs, new countries, new families, and endings.\n\n" +
			"My work is grounded in cognitive behavioural therapy and mindfulness. I see clients in person in Nairobi and online anywhere, in English, Swahili or Kikuyu.",
		TimeZone: "Africa/Nairobi", Formats: []string{"video", "in_person"}, Address: "Argwings Kodhek Road, Kilimani, Nairobi",
		IssuingBody: "Kenya Counsellors and Psychologists Board", Hours: "office",
		Offerings: []DemoOffering{
			{"Individual therapy session", "Fifty minutes of one-to-one therapy, in Kilimani or by video.", "video", 50, 500000, "KES", 1, false},
			{"First consultation", "Thirty minutes to understand what you need and plan our work together.", "video", 30, 250000, "KES", 1, false},
			{"Burnout recovery group", "A six-week group for professionals recovering from burnout. Up to eight people.", "in_person", 90, 200000, "KES", 8, true},
		}}
	DemoCoach = Practitioner{Kind: "coach",
		Headline: "Leadership coaching for new managers and career changers",
		PracticeBio: "I spent ten years as a software engineer and engineering manager before becoming a coach. " +
			"I work with people stepping into their first leadership role and with those changing careers: giving feedback, running a team, speaking up in rooms that feel intimidating.\n\n" +
			"Sessions are practical and goal-driven, in English, Yoruba or French.",
		TimeZone: "Africa/Lagos", Formats: []string{"video", "phone"}, Hours: "split",
		Offerings: []DemoOffering{
			{"Leadership coaching session", "Sixty minutes on your current leadership challenge.", "video", 60, 3000000, "NGN", 1, false},
			{"Career change strategy", "Ninety minutes to map a realistic route into a new field.", "video", 90, 4500000, "NGN", 1, true},
			{"Public speaking practice", "Forty-five minutes of rehearsal and feedback by phone or video.", "phone", 45, 1500000, "NGN", 1, false},
		}}
)
