package seed_test

import (
	"context"
	"strings"
	"testing"

	"sojourn/api/internal/dealers"
	"sojourn/api/internal/platform/page"
	"sojourn/api/internal/seed"
	"sojourn/api/internal/testkit"
)

// checkDemoDealers: two dealerships with twenty or more cars each, valid
// VINs, photos, price drops, sold and reserved cars, test drives and
// enquiries; the search finds them and the market indicator has
// comparables for the common models.
func checkDemoDealers(t *testing.T, e *testkit.Env) {
	ctx := context.Background()
	for _, email := range []string{"dealer@example.com", seed.ExtraDealers[0].Email} {
		u, err := e.App.Accounts.FindByHandle(ctx, email)
		if err != nil {
			t.Fatal(err)
		}
		ls, _, err := e.App.Dealers.MyListings(ctx, u.ID, "", page.Cursor{Limit: 100})
		if err != nil || len(ls) < 20 {
			t.Fatalf("%s has %d cars (%v)", email, len(ls), err)
		}
		st := map[string]int{}
		drops := 0
		for _, l := range ls {
			if !dealers.ValidVIN(l.VIN) || l.CoverURL == "" {
				t.Errorf("%s: VIN %s cover %q", email, l.VIN, l.CoverURL)
			}
			st[l.Status]++
			if l.DaysOnMarket > 0 {
				drops++
			}
		}
		if st[dealers.StatusSold] < 2 || st[dealers.StatusReserved] < 1 || drops < 10 {
			t.Errorf("%s statuses %v, %d with days on market", email, st, drops)
		}
		d, err := e.App.Dealers.Dashboard(ctx, u.ID)
		if err != nil || d.Leads < 2 || d.UpcomingDrives < 1 || d.Rating.Count < 4 || d.Rating.Average < 3 ||
			d.Rating.Average > 4.8 {
			t.Errorf("%s dashboard %+v %v", email, d, err)
		}
		// The reviews of past test drives are public on the dealer's car pages.
		car := e.Get("/api/v1/cars/"+ls[0].ID, "").Expect(200).Data()["dealer"].(map[string]any)
		revs := e.Get("/api/v1/providers/"+car["id"].(string)+"/reviews?limit=100", "").Expect(200).Map()["data"].([]any)
		if len(revs) < 4 || car["rating"].(map[string]any)["count"].(float64) != float64(len(revs)) {
			t.Errorf("%s reviews %d, rating %v", email, len(revs), car["rating"])
		}
		// Two or three branches, as data (the bio is the dealer's own text).
		if br, _ := car["branches"].([]any); len(br) < 2 || len(br) > 3 {
			t.Errorf("%s branches %v", email, car["branches"])
		}
		prof, err := e.App.Practice.MyProfile(ctx, u.ID, "car_dealer")
		if err != nil || strings.Contains(strings.ToLower(prof.Bio), "branches") {
			t.Errorf("%s bio %q %v", email, prof.Bio, err)
		}
	}
	// The demo user's latest test drive took place and waits for a review.
	u := e.Login("user@example.com", seed.DemoPassword)
	var past struct {
		Data []struct {
			Title     string `json:"title"`
			CanReview bool   `json:"can_review"`
			Provider  struct {
				DisplayName string `json:"display_name"`
			} `json:"provider"`
		} `json:"data"`
	}
	e.Get("/api/v1/bookings?status=past&limit=100", u.AccessToken).Expect(200).JSON(&past)
	drives := 0
	for _, b := range past.Data {
		if b.Title == "Test drive" && b.CanReview {
			drives++
		}
		// A test drive is with the dealership, by the name on its profile.
		if b.Title == "Test drive" && b.Provider.DisplayName != "Eze Motors" && b.Provider.DisplayName != "Capital Auto Mart" {
			t.Errorf("test drive with %q, want the dealership's name", b.Provider.DisplayName)
		}
	}
	if drives != 1 {
		t.Errorf("demo user's test drives to review: %d", drives)
	}
	res := e.Get("/api/v1/cars?make=Toyota&model=Camry", "").Expect(200).Map()
	cars := res["data"].([]any)
	if len(cars) < 4 {
		t.Fatalf("Camrys %d", len(cars))
	}
	rated := 0
	for _, c := range cars {
		m := e.Get("/api/v1/cars/"+c.(map[string]any)["id"].(string), "").Expect(200).Data()["market"].(map[string]any)
		if m["rating"] != dealers.RatingNotEnough {
			rated++
		}
	}
	if rated == 0 {
		t.Error("no Camry has enough comparables")
	}
	r, err := e.App.Money.Verify(ctx)
	if err != nil || !r.Clean() {
		t.Fatalf("ledger %+v %v", r, err)
	}
}
