package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/app"
	"sojourn/api/internal/money"
	"sojourn/api/internal/practice"
	"sojourn/api/internal/rentals"
)

// The car-rental figures (issue 10): car search over 5,000 cars with
// filters and a date range, and 100 people renting one car for
// overlapping ranges at once (exactly one may win).

var (
	rentalCities = []string{"Lagos", "Abuja", "Nairobi", "Mombasa", "Accra"}
	rentalModels = [][2]string{{"Toyota", "Corolla"}, {"Honda", "Civic"}, {"Toyota", "RAV4"}, {"Kia", "Picanto"},
		{"Hyundai", "Tucson"}, {"Mercedes-Benz", "C-Class"}, {"Toyota", "HiAce"}, {"Nissan", "Navara"}}
	rentalCats = []string{"compact", "compact", "suv", "economy", "suv", "luxury", "van", "pickup"}
)

// seedRentalFleet makes 50 verified companies of 100 cars each (two
// branches in two cities), four companies at a time, and 1,000 confirmed
// rentals spread over the next 60 days. It answers every car id.
func seedRentalFleet(ctx context.Context, a *app.App) ([]string, error) {
	admin, err := a.Accounts.CreateUser(ctx, accounts.CreateUserInput{Email: "rentals-admin@example.com",
		Username: "rentals_admin", Password: "Vivid-Harbour-2041", Verified: true, Roles: []string{"user", "admin"}})
	if err != nil {
		return nil, err
	}
	const companies, perCompany = 50, 100
	cars := make([]string, companies*perCompany)
	var next atomic.Int64
	var mu sync.Mutex
	var firstErr error
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= companies {
					return
				}
				ids, err := seedRentalCompany(ctx, a, admin.ID, i, perCompany)
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = fmt.Errorf("company %d: %w", i, err)
				}
				copy(cars[i*perCompany:], ids)
				mu.Unlock()
				if err != nil {
					return
				}
			}
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	renters := make([]string, 10)
	for i := range renters {
		u, err := a.Accounts.CreateUser(ctx, accounts.CreateUserInput{Email: fmt.Sprintf("renter%d@example.com", i),
			Username: fmt.Sprintf("renter_%d", i), Password: "Vivid-Harbour-2041", Verified: true, Roles: []string{"user"}})
		if err != nil {
			return nil, err
		}
		ref := fmt.Sprintf("BENCH-RENT-%d", i)
		if _, err := a.Money.CreditTopUp(ctx, nil, money.TopUp{Key: "bench:" + ref, UserID: u.ID, Amount: 100_000_000_000,
			Currency: "NGN", Reference: ref}); err != nil {
			return nil, err
		}
		renters[i] = u.ID
	}
	now := time.Now().UTC().Truncate(time.Hour)
	for i := 0; i < 1000; i++ {
		start := now.Add(time.Duration(24*(1+i%60)) * time.Hour)
		in := rentals.ImportInput{UserID: renters[i%len(renters)], Status: rentals.StatusConfirmed}
		in.CarID, in.Start, in.End = cars[(i*37)%len(cars)], start, start.Add(time.Duration(48+24*(i%4))*time.Hour)
		in.Driver = rentals.Driver{Name: "Bench Renter", BirthDate: "1985-01-01", LicenceNumber: "BENCH-1"}
		if _, err := a.Rentals.Import(ctx, in); err != nil && !strings.Contains(err.Error(), "already booked") {
			return nil, fmt.Errorf("rental %d: %w", i, err)
		}
	}
	return cars, nil
}

func seedRentalCompany(ctx context.Context, a *app.App, adminID string, i, n int) ([]string, error) {
	u, err := a.Accounts.CreateUser(ctx, accounts.CreateUserInput{Email: fmt.Sprintf("company%d@example.com", i),
		Username: fmt.Sprintf("company_%d", i), Password: "Vivid-Harbour-2041", Verified: true,
		Roles: []string{"user", practice.KindCarRental}})
	if err != nil {
		return nil, err
	}
	p, err := a.Practice.SaveProfile(ctx, u.ID, practice.KindCarRental, practice.ProfileInput{Headline: "Rental company " +
		fmt.Sprint(i), Bio: "Cars for business trips and weekends away.", City: rentalCities[i%5], Country: "NG",
		TimeZone: "Africa/Lagos", LicenceNumber: fmt.Sprintf("CR-%05d", i), IssuingBody: "Ministry of Transportation"})
	if err != nil {
		return nil, err
	}
	if _, err := a.Practice.Decide(ctx, adminID, "", p.ID, practice.DecisionInput{Decision: practice.VerificationVerified,
		Note: "checked"}); err != nil {
		return nil, err
	}
	var branches []string
	for b := 0; b < 2; b++ {
		br, err := a.Rentals.SaveBranch(ctx, u.ID, "", rentals.BranchInput{Name: fmt.Sprintf("Branch %d", b),
			Address: fmt.Sprintf("%d Marina Road", 10+b), City: rentalCities[(i+b)%5], Country: "NG"})
		if err != nil {
			return nil, err
		}
		branches = append(branches, br.ID)
	}
	out := make([]string, 0, n)
	for k := 0; k < n; k++ {
		m := (i + k) % len(rentalModels)
		trans := "automatic"
		if k%3 == 0 {
			trans = "manual"
		}
		seats := 5
		if rentalCats[m] == "van" {
			seats = 14
		} else if rentalCats[m] == "suv" && k%2 == 0 {
			seats = 7
		}
		c, err := a.Rentals.SaveCar(ctx, u.ID, "", rentals.CarInput{BranchID: branches[k%2], Make: rentalModels[m][0],
			Model: rentalModels[m][1], Year: 2018 + k%7, Category: rentalCats[m], Seats: seats, Doors: 4,
			Transmission: trans, Fuel: "petrol", AirConditioning: true, MinDriverAge: 21, Deposit: 5_000_000,
			FuelPolicy: "full_to_full", DayRate: int64(1_500_000 + (k*7919+i*104729)%60*100_000), Currency: "NGN",
			FreeCancelHours: 48, Published: true,
			Extras: []rentals.Extra{{Code: "gps", Name: "GPS", Price: 150_000, Per: "day"}}})
		if err != nil {
			return nil, err
		}
		out = append(out, c.ID)
	}
	return out, nil
}

// benchRentals measures the car search and the rental race.
func benchRentals(ctx context.Context, a *app.App, client *http.Client, base string, conc int, dur time.Duration) error {
	t0 := time.Now()
	cars, err := seedRentalFleet(ctx, a)
	if err != nil {
		return err
	}
	if _, err := a.Deps.DB.ExecContext(ctx, "ANALYZE"); err != nil {
		return err
	}
	fmt.Printf("Car rentals: 5,000 published cars of 50 companies in 5 cities, 1,000 confirmed rentals, made in %s\n\n",
		time.Since(t0).Round(time.Second))
	day := func(d int) string {
		return time.Now().UTC().Truncate(24 * time.Hour).Add(time.Duration(d)*24*time.Hour + 10*time.Hour).Format(time.RFC3339)
	}
	var searches []string
	for i := 0; i < 60; i++ {
		city := rentalCities[i%5]
		r := fmt.Sprintf("city=%s&from=%s&to=%s&limit=20", city, day(2+i%40), day(5+i%40))
		switch i % 6 {
		case 1:
			r += "&category=suv"
		case 2:
			r += "&transmission=automatic&seats=5"
		case 3:
			r += "&max_price=3000000"
		case 4:
			r += "&category=compact&transmission=manual&min_price=2000000"
		case 5:
			r += "&seats=7"
		}
		searches = append(searches, r)
	}
	var n atomic.Int64
	if err := startProfile(); err != nil {
		return err
	}
	res := measure(conc, dur, func(w int) (bool, error) {
		q := searches[int(n.Add(1))%len(searches)]
		req, _ := http.NewRequest("GET", base+"/api/v1/rentals/cars?"+q, nil)
		return do(client, req, 200)
	})
	stopProfile()
	report("GET /api/v1/rentals/cars (5,000 cars, anonymous: city, pick-up and drop-off dates, filters)", res,
		"target ≥ 2,000 req/s, p99 ≤ 50 ms")
	fmt.Println()

	tokens := make([]string, 100)
	var wg sync.WaitGroup
	var regErr atomic.Value
	for i := range tokens {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			body := fmt.Sprintf(`{"email":"driver%d@example.com","username":"driver_%d","password":"Vivid-Harbour-2041"}`, i, i)
			req, _ := http.NewRequest("POST", base+"/api/auth/register", strings.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("X-Forwarded-For", fmt.Sprintf("10.8.%d.%d", i/250, i%250))
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
				regErr.Store(fmt.Errorf("register driver %d: %d", i, res.StatusCode))
			}
			tokens[i] = out.AccessToken
		}(i)
	}
	wg.Wait()
	if err, _ := regErr.Load().(error); err != nil {
		return err
	}
	car := cars[1] // never rented by the seed (rentals take every 37th car)
	lat := make([]time.Duration, len(tokens))
	codes := make([]int, len(tokens))
	gate := make(chan struct{})
	for i := range tokens {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			body := fmt.Sprintf(`{"car_id":%q,"start":%q,"end":%q,"driver":{"name":"Ada Obi","birth_date":"1990-01-01","licence_number":"LAG-%d"}}`,
				car, day(70+i%3), day(73+i%2), i)
			req, _ := http.NewRequest("POST", base+"/api/v1/rentals/bookings", strings.NewReader(body))
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
	fmt.Printf("POST /api/v1/rentals/bookings: 100 people at once, overlapping ranges of one car\n  %d reserved, %d refused (409), %d other; p50 %s, p99 %s, max %s  (target: exactly one)\n",
		won, refused, len(codes)-won-refused, pct(lat, 0.5).Round(100*time.Microsecond),
		pct(lat, 0.99).Round(100*time.Microsecond), pct(lat, 1).Round(100*time.Microsecond))
	if won != 1 {
		return fmt.Errorf("%d rentals of one car for overlapping ranges, want exactly 1", won)
	}
	return nil
}
