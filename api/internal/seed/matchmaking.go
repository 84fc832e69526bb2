package seed

import (
	"context"
	"fmt"
	"image/color"
	"strings"

	"sojourn/api/internal/app"
	"sojourn/api/internal/matchmaking"
	"sojourn/api/internal/messaging"
	"sojourn/api/internal/platform/page"
)

// MatchPerson is one demo matchmaking member (an account of their own).
type MatchPerson struct {
	Name, Gender, DOB, City, Country string
	Languages, Interests             []string
}

// MatchPeople are the demo members who take part in matchmaking, besides
// Amara (user@): men and women from 21 to 55 in Nigeria, Ghana, Kenya, South
// Africa and the United Kingdom. Amara's four best candidates like her
// already; she likes the first back, so that one is her match.
var MatchPeople = []MatchPerson{
	{"Tunde Adeyemi", "man", "1991-03-14", "Lagos", "NG", []string{"English", "Yoruba"}, []string{"photography", "street food", "football"}},
	{"Kwame Asante", "man", "1989-08-02", "Accra", "GH", []string{"English", "Twi"}, []string{"beach holidays", "highlife music", "cooking"}},
	{"Chinedu Eze", "man", "1993-11-21", "Lagos", "NG", []string{"English", "Igbo"}, []string{"yoga", "tech", "afrobeats"}},
	{"Femi Balogun", "man", "1988-05-09", "Ibadan", "NG", []string{"English", "Yoruba"}, []string{"beach holidays", "running", "photography"}},
	{"Emeka Nwosu", "man", "1986-01-30", "Abuja", "NG", []string{"English", "Igbo"}, []string{"golf", "jazz", "street food"}},
	{"Kofi Boateng", "man", "1992-07-17", "Kumasi", "GH", []string{"English", "Twi"}, []string{"football", "hiking"}},
	{"Yaw Owusu", "man", "1995-09-05", "Accra", "GH", []string{"English", "Ga"}, []string{"surfing", "beach holidays", "film"}},
	{"Baraka Otieno", "man", "1990-12-12", "Nairobi", "KE", []string{"English", "Swahili"}, []string{"safari", "hiking", "photography"}},
	{"Kamau Njoroge", "man", "1984-04-23", "Nairobi", "KE", []string{"English", "Swahili", "Kikuyu"}, []string{"running", "coffee", "reading"}},
	{"Otieno Odhiambo", "man", "1997-02-11", "Kisumu", "KE", []string{"English", "Swahili", "Luo"}, []string{"fishing", "music"}},
	{"Thabo Mokoena", "man", "1987-06-28", "Johannesburg", "ZA", []string{"English", "Sotho", "Zulu"}, []string{"wine", "cycling", "jazz"}},
	{"Sipho Dlamini", "man", "1993-10-03", "Durban", "ZA", []string{"English", "Zulu"}, []string{"surfing", "street food"}},
	{"Lwazi Khumalo", "man", "1985-03-19", "Cape Town", "ZA", []string{"English", "Xhosa"}, []string{"hiking", "wine", "photography"}},
	{"Daniel Mensah", "man", "1990-08-08", "London", "GB", []string{"English", "Twi"}, []string{"theatre", "yoga", "street food"}},
	{"Olu Adebayo", "man", "1983-02-25", "London", "GB", []string{"English", "Yoruba"}, []string{"football", "beach holidays"}},
	{"James Whitfield", "man", "1979-11-11", "Manchester", "GB", []string{"English"}, []string{"cycling", "photography", "reading"}},
	{"Ade Ogunleye", "man", "1994-01-06", "Lagos", "NG", []string{"English", "Yoruba"}, []string{"yoga", "beach holidays", "afrobeats"}},
	{"Ikenna Obi", "man", "1989-09-29", "Port Harcourt", "NG", []string{"English", "Igbo"}, []string{"cooking", "football"}},
	{"Segun Afolabi", "man", "1982-05-15", "Lagos", "NG", []string{"English", "Yoruba", "French"}, []string{"art", "photography", "street food"}},
	{"Nana Agyeman", "man", "1991-06-01", "Accra", "GH", []string{"English", "Twi"}, []string{"fashion", "beach holidays"}},
	{"David Kariuki", "man", "1996-03-08", "Mombasa", "KE", []string{"English", "Swahili"}, []string{"diving", "beach holidays"}},
	{"Musa Abdullahi", "man", "1987-12-20", "Kano", "NG", []string{"English", "Hausa"}, []string{"history", "football"}},
	{"Tariq Hassan", "man", "1980-07-07", "Birmingham", "GB", []string{"English", "Arabic"}, []string{"cooking", "travel writing"}},
	{"Chidi Okonkwo", "man", "1999-10-10", "Enugu", "NG", []string{"English", "Igbo"}, []string{"gaming", "afrobeats"}},
	{"Zainab Bello", "woman", "1992-02-14", "Abuja", "NG", []string{"English", "Hausa"}, []string{"reading", "yoga"}},
	{"Ngozi Chukwu", "woman", "1988-04-04", "Lagos", "NG", []string{"English", "Igbo"}, []string{"fashion", "street food"}},
	{"Adwoa Darko", "woman", "1996-06-16", "Accra", "GH", []string{"English", "Twi"}, []string{"dance", "beach holidays"}},
	{"Akosua Frimpong", "woman", "1985-09-09", "Kumasi", "GH", []string{"English", "Twi"}, []string{"gardening", "cooking"}},
	{"Wanjiku Mwangi", "woman", "1993-01-25", "Nairobi", "KE", []string{"English", "Swahili", "Kikuyu"}, []string{"hiking", "photography"}},
	{"Achieng Ouma", "woman", "1990-11-30", "Kisumu", "KE", []string{"English", "Luo"}, []string{"music", "reading"}},
	{"Lerato Molefe", "woman", "1987-03-03", "Johannesburg", "ZA", []string{"English", "Sotho"}, []string{"wine", "art"}},
	{"Naledi Zulu", "woman", "1998-08-18", "Cape Town", "ZA", []string{"English", "Zulu"}, []string{"surfing", "yoga"}},
	{"Funmi Oladipo", "woman", "1981-05-05", "London", "GB", []string{"English", "Yoruba"}, []string{"theatre", "cooking"}},
	{"Grace Wanjala", "woman", "1971-07-21", "Nakuru", "KE", []string{"English", "Swahili"}, []string{"birdwatching", "gardening"}},
	{"Esi Quaye", "woman", "2004-12-01", "Takoradi", "GH", []string{"English", "Fante"}, []string{"beach holidays", "dance"}},
	{"Chloe Bennett", "woman", "1994-10-12", "Leeds", "GB", []string{"English"}, []string{"hiking", "yoga", "reading"}},
}

// email is a demo member's address: first.last@example.com.
func (p MatchPerson) email() string {
	return strings.ToLower(strings.ReplaceAll(p.Name, " ", ".")) + "@example.com"
}

func pick[T any](xs []T, i int) T { return xs[i%len(xs)] }

// matchPrefs are a demo member's eleven steps, varied by their position.
func matchPrefs(i int, gender string) map[string]matchmaking.Prefs {
	s := func(v string) *string { return &v }
	n := func(v int) *int { return &v }
	b := func(v bool) *bool { return &v }
	l := func(v ...string) *[]string { return &v }
	seek := "woman"
	if gender == "woman" {
		seek = "man"
	}
	deal := []string{}
	if i%5 == 0 {
		deal = append(deal, "smoking")
	}
	if i%7 == 3 {
		deal = append(deal, "children")
	}
	return map[string]matchmaking.Prefs{
		"intent":       {Intent: s(pick([]string{"long_term", "dating", "marriage", "travel_companion", "long_term", "friendship"}, i))},
		"age":          {AgeMin: n(21 + i%6), AgeMax: n(40 + i%15)},
		"distance":     {MaxDistanceKm: n(pick([]int{matchmaking.Anywhere, 5000, 1000, 100, matchmaking.Anywhere}, i))},
		"genders":      {Genders: l(seek)},
		"languages":    {Languages: l("English")},
		"lifestyle":    {Smoking: s(pick([]string{"never", "never", "sometimes", "never", "often"}, i)), Drinking: s(pick([]string{"socially", "never", "socially", "often"}, i)), Diet: s(pick([]string{"anything", "anything", "vegetarian", "halal", "pescatarian"}, i)), Activity: s(pick([]string{"active", "moderate", "very_active", "relaxed"}, i))},
		"faith":        {Faith: s(pick([]string{"christian", "muslim", "christian", "spiritual", "none", "traditional"}, i)), SameFaith: b(i%4 == 1)},
		"children":     {HasChildren: b(i%6 == 2), WantsChildren: s(pick([]string{"yes", "open", "yes", "no"}, i))},
		"travel":       {TravelStyle: s(pick([]string{"light", "comfort", "adventure", "luxury", "light"}, i)), TravelFrequency: s(pick([]string{"quarterly", "yearly", "monthly", "quarterly"}, i))},
		"interests":    {},
		"dealbreakers": {Dealbreakers: &deal},
	}
}

// matchAnswer is a demo answer to question q, varied by the position i.
func matchAnswer(q matchmaking.Question, i int) matchmaking.Answer {
	own := q.Options[(i+len(q.ID))%len(q.Options)].ID
	other := q.Options[(i+len(q.ID)+1)%len(q.Options)].ID
	imp := pick([]string{matchmaking.ImpSomewhat, matchmaking.ImpVery, matchmaking.ImpLittle, matchmaking.ImpSomewhat, matchmaking.ImpIrrelevant}, i+len(q.Text))
	return matchmaking.Answer{Answer: own, Accepted: []string{own, other}, Importance: imp}
}

// joinMatchmaking saves a member's steps and answers and opts them in.
func joinMatchmaking(ctx context.Context, a *app.App, id string, i int, gender string, interests []string) error {
	steps := matchPrefs(i, gender)
	in := steps["interests"]
	in.Interests = &interests
	steps["interests"] = in
	for _, st := range matchmaking.Steps {
		if _, err := a.Matchmaking.SavePreference(ctx, id, st.Name, steps[st.Name]); err != nil {
			return fmt.Errorf("step %s: %w", st.Name, err)
		}
	}
	for _, q := range matchmaking.Questions {
		if _, err := a.Matchmaking.AnswerQuestion(ctx, id, q.ID, matchAnswer(q, i)); err != nil {
			return fmt.Errorf("question %s: %w", q.ID, err)
		}
	}
	_, err := a.Matchmaking.OptIn(ctx, id)
	return err
}

// demoMatchmaking makes the demo members, opts Amara (user@) in with complete
// preferences, has three men like her already (liking them back matches at
// once) and gives her one match with a conversation, so /matchmaking is
// alive. Skipped when Amara takes part already. It runs after the messaging
// demo, which looks for Amara's conversations.
func demoMatchmaking(ctx context.Context, a *app.App, ids map[string]string) (string, error) {
	me := ids["user@example.com"]
	if me == "" {
		return "", nil
	}
	if st, err := a.Matchmaking.Me(ctx, me); err != nil || st.OptedIn {
		return "demo matchmaking: already there\n", err
	}
	members := make([]string, len(MatchPeople))
	for i, p := range MatchPeople {
		first := strings.ToLower(strings.Fields(p.Name)[0])
		id, isNew, err := ensureUser(ctx, a, Person{Email: p.email(), Username: strings.ReplaceAll(strings.ToLower(p.Name), " ", "."), Role: "user"})
		if err != nil {
			return "", fmt.Errorf("%s: %w", p.Name, err)
		}
		members[i] = id
		if isNew {
			prof := Person{Name: p.Name, DOB: p.DOB, Gender: p.Gender, City: p.City, Country: p.Country,
				Languages: p.Languages, Interests: p.Interests,
				Bio:    fmt.Sprintf("%s from %s. Into %s.", strings.Fields(p.Name)[0], p.City, strings.Join(p.Interests, ", ")),
				Colour: color.RGBA{uint8(40 + 5*i), uint8(90 + 3*len(first)), uint8(160 - 3*i), 0xff}}
			if err := fillProfile(ctx, a, id, prof); err != nil {
				return "", fmt.Errorf("%s profile: %w", p.Name, err)
			}
		}
		if err := joinMatchmaking(ctx, a, id, i, p.Gender, p.Interests); err != nil {
			return "", fmt.Errorf("%s matchmaking: %w", p.Name, err)
		}
	}
	// Amara: everything answered, men of 28 to 45 within 5,000 km.
	if err := joinMatchmaking(ctx, a, me, 0, "woman", []string{"beach holidays", "yoga", "street food", "photography"}); err != nil {
		return "", fmt.Errorf("amara matchmaking: %w", err)
	}
	age, dist := 28, 5000
	max := 45
	if _, err := a.Matchmaking.SavePreference(ctx, me, "age", matchmaking.Prefs{AgeMin: &age, AgeMax: &max}); err != nil {
		return "", err
	}
	if _, err := a.Matchmaking.SavePreference(ctx, me, "distance", matchmaking.Prefs{MaxDistanceKm: &dist}); err != nil {
		return "", err
	}
	// Her four best candidates liked her already; she liked the first back.
	top, _, err := a.Matchmaking.Candidates(ctx, me, page.Cursor{Limit: 4})
	if err != nil {
		return "", fmt.Errorf("amara's candidates: %w", err)
	}
	liked := 0
	for _, c := range top {
		if _, err := a.Matchmaking.Like(ctx, c.Person.ID, matchmaking.DecisionInput{UserID: me}); err != nil {
			return "", fmt.Errorf("%s likes amara: %w", c.Person.DisplayName, err)
		}
		liked++
	}
	if len(top) == 0 {
		return "demo matchmaking: Amara has no candidates\n", nil
	}
	other := top[0].Person.ID
	d, err := a.Matchmaking.Like(ctx, me, matchmaking.DecisionInput{UserID: other})
	if err != nil {
		return "", fmt.Errorf("amara likes %s: %w", top[0].Person.DisplayName, err)
	}
	if d.Match != nil && d.Match.ConversationID != nil {
		for _, m := range []struct{ from, body string }{
			{other, "Hi Amara! Our answers line up nicely. Shall we compare beach lists? Lekki or Tarkwa Bay?"},
			{me, "Ha, Tarkwa Bay every time. Where do you usually go at weekends?"},
			{other, "Somewhere with good food first, beach second. Have you tried the new suya spot in Yaba?"},
		} {
			if _, err := a.Messaging.Send(ctx, m.from, *d.Match.ConversationID, messaging.SendInput{Body: m.body}); err != nil {
				return "", err
			}
		}
	}
	// She hid one of the people who liked her (her preferences page lists
	// them, with Unhide).
	if len(top) > 1 {
		if err := a.Matchmaking.Hide(ctx, me, matchmaking.DecisionInput{UserID: top[len(top)-1].Person.ID}); err != nil {
			return "", fmt.Errorf("amara hides: %w", err)
		}
	}
	// The moderators' queue: two open reports about one member, and one
	// report an admin already dismissed.
	reports := []struct {
		from, about     int
		reason, details string
		dismissed       bool
	}{
		{5, 9, "fake_profile", "The photos look like a stock image and the bio changes every day.", false},
		{12, 9, "scam", "Asked me to send money for a flight within an hour of matching.", false},
		{3, 20, "offensive", "Rude reply when I said I was not interested.", true},
	}
	for _, r := range reports {
		if r.from >= len(members) || r.about >= len(members) {
			continue
		}
		rep, err := a.Matchmaking.ReportPerson(ctx, members[r.from], matchmaking.ReportInput{UserID: members[r.about],
			Reason: r.reason, Details: r.details})
		if err != nil {
			return "", fmt.Errorf("demo report: %w", err)
		}
		if admin := ids["admin@example.com"]; r.dismissed && admin != "" {
			if _, err := a.Matchmaking.Resolve(ctx, admin, "127.0.0.1", rep.ID, matchmaking.ResolveInput{Action: "dismiss",
				Note: "One unfriendly message; warned by email, no pattern."}); err != nil {
				return "", fmt.Errorf("demo report resolve: %w", err)
			}
		}
	}
	return fmt.Sprintf("demo matchmaking: %d members opted in, %d liked Amara (user@), her match with %s has a conversation; %d reports for the moderators\n",
		len(MatchPeople)+1, liked-1, top[0].Person.DisplayName, len(reports)), nil
}
