package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/app"
	"sojourn/api/internal/matchmaking"
	"sojourn/api/internal/platform/page"
	"sojourn/api/internal/profiles"
)

// The matchmaking figure (issue 14): one person's candidates against 10,000
// opted-in people, prefiltered in SQL and scored in Go, over loopback HTTP.
// The pool lives in West Africa (eight cities of Nigeria and Ghana), and the
// askers look anywhere, so the prefilter leaves thousands of people to score
// (the hard case; a person with a distance limit scores far fewer).
const mmPool = 10_000

var mmCities = []struct {
	city, country string
	lat, lng      float64
}{
	{"Lagos", "NG", 6.5244, 3.3792}, {"Lagos", "NG", 6.5244, 3.3792}, {"Abuja", "NG", 9.0765, 7.3986},
	{"Ibadan", "NG", 7.3775, 3.9470}, {"Port Harcourt", "NG", 4.8156, 7.0498}, {"Accra", "GH", 5.6037, -0.1870},
	{"Kumasi", "GH", 6.6885, -1.6244}, {"Enugu", "NG", 6.4584, 7.5464},
}

// mmRow is a row of mm_members as the bench writes it in bulk.
type mmRow struct {
	bun.BaseModel `bun:"table:mm_members"`
	UserID        string    `bun:"user_id,pk"`
	OptedIn       bool      `bun:"opted_in"`
	Paused        bool      `bun:"paused"`
	Removed       bool      `bun:"removed"`
	BirthDate     string    `bun:"birth_date"`
	Gender        string    `bun:"gender"`
	City          string    `bun:"city"`
	Country       string    `bun:"country"`
	Lat           float64   `bun:"lat"`
	Lng           float64   `bun:"lng"`
	Spoken        string    `bun:"spoken"`
	AgeMin        int       `bun:"age_min"`
	AgeMax        int       `bun:"age_max"`
	MaxKm         int       `bun:"max_km"`
	Genders       string    `bun:"genders"`
	Steps         string    `bun:"steps"`
	Answers       string    `bun:"answers"`
	Weights       string    `bun:"weights"`
	Learnt        int       `bun:"learnt"`
	OptedInAt     time.Time `bun:"opted_in_at"`
	UpdatedAt     time.Time `bun:"updated_at"`
}

func mmPick(xs []string, i int) string { return xs[i%len(xs)] }

// mmMember is the i-th pool member: varied preferences and answers.
func mmMember(id string, i int, now time.Time) mmRow {
	c := mmCities[i%len(mmCities)]
	gender, seek := "woman", []string{"man"}
	if i%2 == 1 {
		gender, seek = "man", []string{"woman"}
	}
	if i%23 == 0 {
		seek = []string{"woman", "man"}
	}
	age := 21 + (i*7)%35
	interests := []string{"hiking", "jazz", "cooking", "football", "photography", "yoga", "street food", "beach holidays",
		"reading", "afrobeats", "film", "art"}
	steps := map[string]any{
		"intent":  mmPick([]string{"long_term", "dating", "marriage", "travel_companion", "friendship"}, i),
		"age_min": 21 + i%10, "age_max": 35 + i%20, "max_distance_km": []int{matchmaking.Anywhere, 1000, 500, matchmaking.Anywhere, 100}[i%5],
		"genders": seek, "languages": []string{"English"},
		"smoking":          mmPick([]string{"never", "never", "sometimes", "often"}, i/3),
		"drinking":         mmPick([]string{"never", "socially", "often"}, i/5),
		"diet":             mmPick([]string{"anything", "vegetarian", "halal", "anything"}, i/7),
		"activity":         mmPick([]string{"relaxed", "moderate", "active", "very_active"}, i/2),
		"faith":            mmPick([]string{"christian", "muslim", "traditional", "none", "spiritual"}, i/11),
		"same_faith":       i%4 == 0,
		"has_children":     i%5 == 0,
		"wants_children":   mmPick([]string{"yes", "open", "no"}, i/13),
		"travel_style":     mmPick([]string{"light", "comfort", "luxury", "adventure"}, i/17),
		"travel_frequency": mmPick([]string{"rarely", "yearly", "quarterly", "monthly"}, i/19),
		"interests":        []string{interests[i%12], interests[(i/12)%12], interests[(i/144)%12]},
		"dealbreakers":     []string{},
	}
	if i%10 == 0 {
		steps["dealbreakers"] = []string{"smoking"}
	}
	answers := map[string]matchmaking.Answer{}
	imps := []string{matchmaking.ImpLittle, matchmaking.ImpSomewhat, matchmaking.ImpVery, matchmaking.ImpSomewhat, matchmaking.ImpIrrelevant}
	for k, q := range matchmaking.Questions {
		own := q.Options[(i+k)%len(q.Options)].ID
		acc := []string{own, q.Options[(i+k+1)%len(q.Options)].ID}
		imp := imps[(i+k)%len(imps)]
		if (i+k)%97 == 0 {
			imp = matchmaking.ImpMandatory
		}
		answers[q.ID] = matchmaking.Answer{Answer: own, Accepted: acc, Importance: imp}
	}
	sb, _ := json.Marshal(steps)
	ab, _ := json.Marshal(answers)
	return mmRow{UserID: id, OptedIn: true, BirthDate: now.AddDate(-age, -(i % 12), -(i % 27)).Format(time.DateOnly),
		Gender: gender, City: c.city, Country: c.country, Lat: c.lat, Lng: c.lng, Spoken: `["English"]`,
		AgeMin: 21 + i%10, AgeMax: 35 + i%20, MaxKm: steps["max_distance_km"].(int),
		Genders: "," + strings.Join(seek, ",") + ",", Steps: string(sb), Answers: string(ab), Weights: "{}",
		OptedInAt: now, UpdatedAt: now}
}

// seedMatchmakingPool makes 10,000 accounts (eight at a time, through the
// accounts service with the bench's cheap password cost) and their member
// rows in bulk.
func seedMatchmakingPool(ctx context.Context, a *app.App, d bun.IDB) error {
	ids := make([]string, mmPool)
	var next atomic.Int64
	var firstErr error
	var mu sync.Mutex
	var wg sync.WaitGroup
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= mmPool {
					return
				}
				u, err := a.Accounts.CreateUser(ctx, accounts.CreateUserInput{Email: fmt.Sprintf("mm%d@example.com", i),
					Username: fmt.Sprintf("mm_%d", i), Password: "Vivid-Harbour-2041", Verified: true, Roles: []string{"user"}})
				if err != nil {
					mu.Lock()
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
					return
				}
				ids[i] = u.ID
			}
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return firstErr
	}
	now := time.Now().UTC()
	for start := 0; start < mmPool; start += 500 {
		rows := make([]mmRow, 0, 500)
		for i := start; i < min(start+500, mmPool); i++ {
			rows = append(rows, mmMember(ids[i], i, now))
		}
		if _, err := d.NewInsert().Model(&rows).Exec(ctx); err != nil {
			return err
		}
	}
	_, err := d.ExecContext(ctx, "ANALYZE mm_members")
	return err
}

// mmAsker makes one person through the services (profile, every step, every
// question, opt-in) and signs them in.
func mmAsker(ctx context.Context, a *app.App, client *http.Client, base string, i int) (string, string, error) {
	email := fmt.Sprintf("asker%d@example.com", i)
	u, err := a.Accounts.CreateUser(ctx, accounts.CreateUserInput{Email: email, Username: fmt.Sprintf("asker_%d", i),
		Password: "Vivid-Harbour-2041", Verified: true, Roles: []string{"user"}})
	if err != nil {
		return "", "", err
	}
	gender, seek := "woman", "man"
	if i%2 == 1 {
		gender, seek = "man", "woman"
	}
	c := mmCities[i%len(mmCities)]
	s := func(v string) *string { return &v }
	l := func(v ...string) *[]string { return &v }
	dob := time.Now().UTC().AddDate(-(28 + i), 0, 0).Format(time.DateOnly)
	if _, err := a.Profiles.Update(ctx, u.ID, profiles.UpdateInput{DateOfBirth: s(dob), Gender: s(gender), City: s(c.city),
		Country: s(c.country), Languages: l("English"), DisplayName: s(fmt.Sprintf("Asker %d", i))}); err != nil {
		return "", "", err
	}
	n := func(v int) *int { return &v }
	b := func(v bool) *bool { return &v }
	none := []string{}
	steps := map[string]matchmaking.Prefs{
		"intent": {Intent: s("long_term")}, "age": {AgeMin: n(25), AgeMax: n(45)},
		"distance": {MaxDistanceKm: n(matchmaking.Anywhere)}, "genders": {Genders: l(seek)}, "languages": {Languages: l("English")},
		"lifestyle": {Smoking: s("never"), Drinking: s("socially"), Diet: s("anything"), Activity: s("active")},
		"faith":     {Faith: s("christian"), SameFaith: b(false)}, "children": {HasChildren: b(false), WantsChildren: s("yes")},
		"travel": {TravelStyle: s("light"), TravelFrequency: s("quarterly")}, "interests": {Interests: l("hiking", "jazz", "cooking")},
		"dealbreakers": {Dealbreakers: &none},
	}
	for _, st := range matchmaking.Steps {
		if _, err := a.Matchmaking.SavePreference(ctx, u.ID, st.Name, steps[st.Name]); err != nil {
			return "", "", err
		}
	}
	for k, q := range matchmaking.Questions {
		own := q.Options[(i+k)%len(q.Options)].ID
		acc := []string{own}
		if o := q.Options[(k+1)%len(q.Options)].ID; o != own {
			acc = append(acc, o)
		}
		if _, err := a.Matchmaking.AnswerQuestion(ctx, u.ID, q.ID, matchmaking.Answer{Answer: own,
			Accepted: acc, Importance: matchmaking.ImpVery}); err != nil {
			return "", "", err
		}
	}
	if _, err := a.Matchmaking.OptIn(ctx, u.ID); err != nil {
		return "", "", err
	}
	req, _ := http.NewRequest(http.MethodPost, base+"/api/auth/login",
		strings.NewReader(fmt.Sprintf(`{"email":%q,"password":"Vivid-Harbour-2041"}`, email)))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Forwarded-For", fmt.Sprintf("10.9.0.%d", i+1))
	res, err := client.Do(req)
	if err != nil {
		return "", "", err
	}
	defer res.Body.Close()
	var out struct {
		AccessToken string `json:"access_token"`
	}
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil || res.StatusCode != 200 {
		return "", "", fmt.Errorf("login %s: %d %v", email, res.StatusCode, err)
	}
	return u.ID, out.AccessToken, nil
}

func benchMatchmaking(ctx context.Context, a *app.App, d bun.IDB, client *http.Client, base string, conc int, dur time.Duration) error {
	t0 := time.Now()
	if err := seedMatchmakingPool(ctx, a, d); err != nil {
		return fmt.Errorf("matchmaking pool: %w", err)
	}
	const askers = 8
	tokens := make([]string, askers)
	scored := 0
	var first string
	for i := range tokens {
		id, tok, err := mmAsker(ctx, a, client, base, i)
		if err != nil {
			return fmt.Errorf("asker %d: %w", i, err)
		}
		tokens[i] = tok
		if i == 0 {
			first = id
		}
	}
	// How many people the first asker's ranking holds (after every filter).
	cur := page.Cursor{Limit: page.MaxLimit}
	for {
		got, next, err := a.Matchmaking.Candidates(ctx, first, cur)
		if err != nil {
			return err
		}
		scored += len(got)
		if next == nil {
			break
		}
		cur.After = next
	}
	fmt.Printf("matchmaking pool: %d opted-in people made in %s; the first asker ranks %d of them\n", mmPool,
		time.Since(t0).Round(time.Second), scored)
	// Each asker once before measuring: the server has then decoded the pool
	// (as a running server has; a row is decoded again only when it changes).
	for _, tok := range tokens {
		probe, _ := http.NewRequest(http.MethodGet, base+"/api/v1/matchmaking/candidates?limit=20", nil)
		probe.Header.Set("Authorization", "Bearer "+tok)
		if ok, err := do(client, probe, 200); !ok || err != nil {
			return fmt.Errorf("candidates probe: %v", err)
		}
	}
	if err := startProfile(); err != nil {
		return err
	}
	r := measure(conc, dur, func(w int) (bool, error) {
		req, _ := http.NewRequest(http.MethodGet, base+"/api/v1/matchmaking/candidates?limit=20", nil)
		req.Header.Set("Authorization", "Bearer "+tokens[w%askers])
		return do(client, req, 200)
	})
	stopProfile()
	report("GET /api/v1/matchmaking/candidates (10,000 opted-in people; prefiltered in SQL, scored in Go)", r, "target p99 ≤ 200 ms")
	return nil
}
