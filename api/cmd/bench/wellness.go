package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/app"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/practice"
)

// The provider kernel's figures (issue 9): the public directory of 1,000
// providers with filters over HTTP, and 100 people trying to hold one slot at
// once (exactly one may win).

var (
	directorySpecialties = []string{"Anxiety", "Burnout", "Grief", "Relationships", "Career change", "Sleep", "Confidence", "Leadership"}
	directoryLanguages   = []string{"French", "Yoruba", "Swahili", "Portuguese", "German", "Hausa"}
	directoryZones       = []string{"Africa/Lagos", "Africa/Nairobi", "Europe/London", "Africa/Accra", "Africa/Johannesburg", "America/New_York"}
)

// seedProviders makes n published providers (half therapists with verified
// licences, half coaches), each with one offering and weekday hours, four at a
// time (each account's password is hashed, as for any account). It returns the
// offering ids.
func seedProviders(ctx context.Context, a *app.App, n int) ([]string, error) {
	admin, err := a.Accounts.CreateUser(ctx, accounts.CreateUserInput{Email: "bench-admin@example.com",
		Username: "bench_admin", Password: "Vivid-Harbour-2041", Verified: true, Roles: []string{"user", "admin"}})
	if err != nil {
		return nil, err
	}
	offerings := make([]string, n)
	var next atomic.Int64
	var firstErr error
	var mu sync.Mutex
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				id, err := seedProvider(ctx, a, admin.ID, i)
				mu.Lock()
				if err != nil && firstErr == nil {
					var ae *apperr.Error
					if errors.As(err, &ae) {
						err = fmt.Errorf("%w %v", err, ae.Fields)
					}
					firstErr = fmt.Errorf("provider %d: %w", i, err)
				}
				offerings[i] = id
				mu.Unlock()
				if err != nil {
					return
				}
			}
		}()
	}
	wg.Wait()
	return offerings, firstErr
}

func seedProvider(ctx context.Context, a *app.App, adminID string, i int) (string, error) {
	kind := practice.KindCoach
	if i%2 == 0 {
		kind = practice.KindTherapist
	}
	u, err := a.Accounts.CreateUser(ctx, accounts.CreateUserInput{Email: fmt.Sprintf("provider%d@example.com", i),
		Username: fmt.Sprintf("provider_%d", i), Password: "Vivid-Harbour-2041", Verified: true,
		Roles: []string{"user", kind}})
	if err != nil {
		return "", err
	}
	s := a.Practice
	in := practice.ProfileInput{Headline: "Practitioner number " + fmt.Sprint(i),
		Bio:         "Sessions for people who travel for work and want steadier weeks.",
		Specialties: []string{directorySpecialties[i%len(directorySpecialties)], directorySpecialties[(i+1+(i/8)%7)%len(directorySpecialties)]},
		Languages:   []string{"English", directoryLanguages[i%len(directoryLanguages)]}, City: "Lagos", Country: "NG",
		TimeZone: directoryZones[i%len(directoryZones)], Formats: []practice.FormatInput{{Kind: practice.FormatVideo}}}
	if kind == practice.KindTherapist {
		in.LicenceNumber, in.IssuingBody = fmt.Sprintf("LIC-%05d", i), "Medical and Dental Council of Nigeria"
	}
	prof, err := s.SaveProfile(ctx, u.ID, kind, in)
	if err != nil {
		return "", err
	}
	title, desc, format := "Video session", "A focused conversation by video.", practice.FormatVideo
	dur, capacity, notice, advance, free, fee := 50, 1, 60, 60, 24, 50
	off, err := s.CreateOffering(ctx, u.ID, kind, practice.OfferingInput{Title: &title, Description: &desc, Format: &format,
		DurationMin: &dur, Price: &practice.Money{Amount: int64(1500000 + (i%20)*250000), Currency: "NGN"},
		Capacity: &capacity, MinNoticeMin: &notice, MaxAdvanceDays: &advance, FreeCancelHours: &free, LateCancelFeePct: &fee})
	if err != nil {
		return "", err
	}
	weekly := map[string][]practice.Interval{}
	for _, d := range []string{"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"} {
		weekly[d] = []practice.Interval{{Start: "09:00", End: "12:00"}, {Start: "13:00", End: "17:00"}}
	}
	if _, err := s.SaveSchedule(ctx, u.ID, kind, practice.ScheduleInput{Weekly: weekly}); err != nil {
		return "", err
	}
	if kind == practice.KindTherapist {
		if _, err := s.Decide(ctx, adminID, "", prof.ID, practice.DecisionInput{Decision: practice.VerificationVerified,
			Note: "checked"}); err != nil {
			return "", err
		}
	}
	if _, err := s.Publish(ctx, u.ID, kind); err != nil {
		return "", err
	}
	return off.ID, nil
}

// benchWellness measures the directory and the slot race.
func benchWellness(ctx context.Context, a *app.App, client *http.Client, base string, conc int, dur time.Duration) error {
	t0 := time.Now()
	offerings, err := seedProviders(ctx, a, 1000)
	if err != nil {
		return err
	}
	if _, err := a.Deps.DB.ExecContext(ctx, "ANALYZE"); err != nil {
		return err
	}
	fmt.Printf("Provider kernel: 1,000 published providers (500 therapists, 500 coaches) made in %s\n\n",
		time.Since(t0).Round(time.Second))

	queries := []string{
		"kind=therapist&limit=20",
		"kind=coach&limit=20",
		"kind=therapist&language=French&limit=20",
		"kind=coach&specialty=Burnout&limit=20",
		"kind=therapist&format=video&min_price=1000000&max_price=4000000&limit=20",
		"kind=coach&language=English&specialty=Sleep&limit=20",
	}
	var n atomic.Int64
	if err := startProfile(); err != nil {
		return err
	}
	dir := measure(conc, dur, func(w int) (bool, error) {
		q := queries[int(n.Add(1))%len(queries)]
		req, _ := http.NewRequest("GET", base+"/api/v1/providers?"+q, nil)
		return do(client, req, 200)
	})
	stopProfile()
	report("GET /api/v1/providers (directory of 1,000, anonymous, six common searches: served from the 2 s directory cache)", dir,
		"target ≥ 3,000 req/s, p99 ≤ 50 ms")
	fmt.Println()
	// Every request a search never asked before (a price bound no one else
	// used), so each one reads PostgreSQL.
	var m atomic.Int64
	cold := measure(conc, dur, func(w int) (bool, error) {
		i := m.Add(1)
		q := strings.Replace(queries[int(i)%len(queries)], "&min_price=1000000&max_price=4000000", "", 1) +
			fmt.Sprintf("&max_price=%d", 5000000+i)
		req, _ := http.NewRequest("GET", base+"/api/v1/providers?"+q, nil)
		return do(client, req, 200)
	})
	report("GET /api/v1/providers (directory of 1,000, every search distinct: PostgreSQL every time)", cold,
		"target ≥ 3,000 req/s, p99 ≤ 50 ms")
	fmt.Println()

	// 100 people, one slot: the first free slot of one offering.
	tokens := make([]string, 100)
	var wg sync.WaitGroup
	var regErr atomic.Value
	for i := range tokens {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			body := fmt.Sprintf(`{"email":"booker%d@example.com","username":"booker_%d","password":"Vivid-Harbour-2041"}`, i, i)
			req, _ := http.NewRequest("POST", base+"/api/auth/register", strings.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("X-Forwarded-For", fmt.Sprintf("10.9.%d.%d", i/250, i%250))
			res, err := client.Do(req)
			if err != nil {
				regErr.Store(err)
				return
			}
			defer res.Body.Close()
			var out struct {
				AccessToken string `json:"access_token"`
			}
			_ = json.NewDecoder(res.Body).Decode(&out)
			if res.StatusCode != 201 {
				regErr.Store(fmt.Errorf("register booker %d: %d", i, res.StatusCode))
			}
			tokens[i] = out.AccessToken
		}(i)
	}
	wg.Wait()
	if err, _ := regErr.Load().(error); err != nil {
		return err
	}
	from := time.Now().UTC().AddDate(0, 0, 2).Format("2006-01-02")
	to := time.Now().UTC().AddDate(0, 0, 8).Format("2006-01-02")
	res, err := client.Get(base + "/api/v1/offerings/" + offerings[0] + "/slots?from=" + from + "&to=" + to + "&tz=Africa/Lagos")
	if err != nil {
		return err
	}
	var slots struct {
		Data struct {
			Slots []struct {
				Start time.Time `json:"start"`
			} `json:"slots"`
		} `json:"data"`
	}
	err = json.NewDecoder(res.Body).Decode(&slots)
	res.Body.Close()
	if err != nil || len(slots.Data.Slots) == 0 {
		return fmt.Errorf("no slot to race for (%v)", err)
	}
	start := slots.Data.Slots[0].Start.Format(time.RFC3339)
	body := fmt.Sprintf(`{"offering_id":%q,"start":%q}`, offerings[0], start)
	lat := make([]time.Duration, len(tokens))
	codes := make([]int, len(tokens))
	gate := make(chan struct{})
	for i := range tokens {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			req, _ := http.NewRequest("POST", base+"/api/v1/bookings/holds", strings.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Authorization", "Bearer "+tokens[i])
			<-gate
			t := time.Now()
			res, err := client.Do(req)
			lat[i] = time.Since(t)
			if err == nil {
				codes[i] = res.StatusCode
				res.Body.Close()
			}
		}(i)
	}
	close(gate)
	wg.Wait()
	won, refused := 0, 0
	for _, c := range codes {
		switch c {
		case 201:
			won++
		case 409:
			refused++
		}
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	fmt.Printf("POST /api/v1/bookings/holds: 100 people at once on one slot\n  %d held, %d refused (409), %d other; p50 %s, p99 %s, max %s  (target: exactly one; p99 ≤ 200 ms)\n",
		won, refused, len(codes)-won-refused, pct(lat, 0.5).Round(100*time.Microsecond),
		pct(lat, 0.99).Round(100*time.Microsecond), pct(lat, 1).Round(100*time.Microsecond))
	if won != 1 {
		return fmt.Errorf("%d holds on one slot, want exactly 1", won)
	}
	return nil
}
