package packages_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"sojourn/api/internal/money"
	"sojourn/api/internal/packages"
	"sojourn/api/internal/testkit"
)

// sell creates a package of the offering by the provider and buys it for
// the buyer from the wallet; it answers the purchase's id.
func sell(t *testing.T, e *testkit.Env, pro, buyer *testkit.Session, offering string, validDays int) string {
	t.Helper()
	var pk struct{ Data packages.Package }
	e.Post("/api/v1/practice/packages", pro.AccessToken, map[string]any{"offering_id": offering,
		"title": "Two sessions", "sessions": 2, "valid_days": validDays, "price": 1_800_000}).
		Expect(http.StatusCreated).JSON(&pk)
	var bought struct{ Data packages.PurchaseResult }
	e.Post("/api/v1/packages/"+pk.Data.ID+"/purchase", buyer.AccessToken, map[string]any{"pay_with": "wallet"}).
		Expect(http.StatusCreated).JSON(&bought)
	return bought.Data.Purchase.ID
}

// holdAt holds a slot of the offering; it answers the hold's id.
func holdAt(t *testing.T, e *testkit.Env, token, offering string, start time.Time) string {
	t.Helper()
	var h struct {
		Data struct {
			ID string `json:"id"`
		} `json:"data"`
	}
	e.Post("/api/v1/bookings/holds", token, map[string]any{"offering_id": offering,
		"start": start.Format(time.RFC3339)}).Expect(http.StatusCreated).JSON(&h)
	return h.Data.ID
}

// payWith pays a hold with a package credit, naming the purchase unless it
// is "".
func payWith(e *testkit.Env, token, hold, purchase string) *testkit.Resp {
	body := map[string]any{"hold_id": hold, "pay_with": "package"}
	if purchase != "" {
		body["package_id"] = purchase
	}
	return e.Post("/api/v1/bookings", token, body)
}

// used is how many credits of each of the user's purchases are spent.
func used(t *testing.T, e *testkit.Env, s *testkit.Session) map[string]int {
	t.Helper()
	var mine struct{ Data []packages.Purchase }
	e.Get("/api/v1/me/packages", s.AccessToken).Expect(http.StatusOK).JSON(&mine)
	out := map[string]int{}
	for _, p := range mine.Data {
		out[p.ID] = p.CreditsUsed
	}
	return out
}

// A booking paid by package spends the purchase package_id names when it is
// the buyer's, for the offering, unexpired and not used up; otherwise 422
// (not theirs, another offering) or 409 (used up, expired) and nothing
// moves. Without package_id the purchase that expires soonest pays.
func TestIntegrationBookingSpendsTheNamedPackage(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		pro := e.Register("tunde@example.com", "tunde")
		other := e.Register("ngozi@example.com", "ngozi")
		ada := e.Register("ada@example.com", "ada")
		bola := e.Register("bola@example.com", "bola")
		offering := coach(t, e, pro)
		_, otherOffering := e.Provider(other.UserID, "therapist", 1_000_000)
		topUp(t, e, ada.UserID, 6_000_000)
		topUp(t, e, bola.UserID, 2_000_000)
		long := sell(t, e, pro, ada, offering, 90)  // bought first, expires last
		short := sell(t, e, pro, ada, offering, 30) // expires soonest
		elsewhere := sell(t, e, other, ada, otherOffering, 30)
		bolas := sell(t, e, pro, bola, offering, 30)

		day := func(d int) time.Time { return time.Date(2026, 3, 3+d, 9, 0, 0, 0, time.UTC) } // 10:00 in Lagos
		// No package named: the one that expires soonest.
		payWith(e, ada.AccessToken, holdAt(t, e, ada.AccessToken, offering, day(0)), "").Expect(http.StatusCreated)
		if u := used(t, e, ada); u[short] != 1 || u[long] != 0 {
			t.Fatalf("default choice spent %v", u)
		}
		// Named: that one, though another expires sooner.
		b, r := bookWithCredit(t, e, ada.AccessToken, offering, long, day(1))
		r.Expect(http.StatusCreated)
		if u := used(t, e, ada); u[short] != 1 || u[long] != 1 || escrow(t, e, money.RefBooking, b) != 900_000 {
			t.Fatalf("named package: %v", u)
		}
		// Another user's purchase, a purchase of another offering, or none at all: 422 on package_id, and the
		// hold stays to be paid.
		h := holdAt(t, e, ada.AccessToken, offering, day(2))
		for _, id := range []string{bolas, elsewhere, "0190d7f0-0000-7000-8000-000000000000"} {
			r := payWith(e, ada.AccessToken, h, id)
			if r.Expect(http.StatusUnprocessableEntity); !strings.Contains(string(r.Body), `"package_id"`) {
				t.Fatalf("package %s: %s", id, r.Body)
			}
		}
		if u := used(t, e, bola); u[bolas] != 0 {
			t.Fatalf("another user's package was spent: %v", u)
		}
		payWith(e, ada.AccessToken, h, short).Expect(http.StatusCreated)
		// Used up: 409, and the other package is not spent instead.
		h = holdAt(t, e, ada.AccessToken, offering, day(3))
		if r := payWith(e, ada.AccessToken, h, short).Expect(http.StatusConflict); !strings.Contains(string(r.Body), "used") {
			t.Fatalf("used up: %s", r.Body)
		}
		if u := used(t, e, ada); u[short] != 2 || u[long] != 1 {
			t.Fatalf("after the refusal %v", u)
		}

		// Past its validity (the expiry job not run yet, then run): 409 expired.
		later := testkit.Start.Add(91 * 24 * time.Hour)
		e.Clock.Set(later)
		ada = e.Login(ada.Email, ada.Password)
		start := time.Date(later.Year(), later.Month(), later.Day()+2, 9, 0, 0, 0, time.UTC)
		h = holdAt(t, e, ada.AccessToken, offering, start)
		if r := payWith(e, ada.AccessToken, h, long).Expect(http.StatusConflict); !strings.Contains(string(r.Body), "expired") {
			t.Fatalf("expired: %s", r.Body)
		}
		if _, err := e.App.Packages.Expire(ctx, long); err != nil {
			t.Fatal(err)
		}
		if r := payWith(e, ada.AccessToken, h, long).Expect(http.StatusConflict); !strings.Contains(string(r.Body), "expired") {
			t.Fatalf("expired by the job: %s", r.Body)
		}
		// Nothing usable left for this offering: the default choice finds nothing either.
		payWith(e, ada.AccessToken, h, "").Expect(http.StatusConflict)
		clean(t, e)
	})
}
