package seed_test

import (
	"context"
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
		if err != nil || d.Leads < 2 || d.UpcomingDrives < 1 {
			t.Errorf("%s dashboard %+v %v", email, d, err)
		}
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
