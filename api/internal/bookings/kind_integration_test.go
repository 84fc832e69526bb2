package bookings_test

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"sojourn/api/internal/bookings"
	"sojourn/api/internal/money"
	"sojourn/api/internal/packages"
	"sojourn/api/internal/platform/page"
	"sojourn/api/internal/practice"
	"sojourn/api/internal/reviews"
	"sojourn/api/internal/testkit"
)

// ids of a list answer's rows (bookings: id; clients: person.id).
type idList struct {
	Data []struct {
		ID     string `json:"id"`
		Person struct {
			ID string `json:"id"`
		} `json:"person"`
	} `json:"data"`
}

func (l idList) bookings() []string {
	out := []string{}
	for _, r := range l.Data {
		out = append(out, r.ID)
	}
	slices.Sort(out)
	return out
}

func (l idList) people() []string {
	out := []string{}
	for _, r := range l.Data {
		out = append(out, r.Person.ID)
	}
	slices.Sort(out)
	return out
}

func sorted(xs ...string) []string {
	slices.Sort(xs)
	return xs
}

// A user who is both therapist and coach sees each practice's bookings,
// clients, dashboard, packages and reviews only under its own kind.
func TestIntegrationProviderListsByKind(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		dual := e.Register("dual@example.com", "dual")
		_, therapyOff := e.Provider(dual.UserID, practice.KindTherapist, 1_500_000)
		_, coachOff := e.Provider(dual.UserID, practice.KindCoach, 1_000_000)
		ada := e.Register("ada@example.com", "ada")    // therapy client
		bola := e.Register("bola@example.com", "bola") // coaching client
		cara := e.Register("cara@example.com", "cara") // past therapy client
		dan := e.Register("dan@example.com", "dan")    // past coaching client
		tUp := e.Booking(therapyOff, ada.UserID, bookings.StatusConfirmed, at(2, 10))
		cUp := e.Booking(coachOff, bola.UserID, bookings.StatusConfirmed, at(3, 11))
		tPast := e.Booking(therapyOff, cara.UserID, bookings.StatusCompleted, testkit.Start.Add(-26*time.Hour))
		cPast := e.Booking(coachOff, dan.UserID, bookings.StatusCompleted, testkit.Start.Add(-6*time.Hour))
		tok := dual.AccessToken

		var l idList
		for _, c := range []struct {
			kind     string
			up, past string
			clients  []string
		}{
			{practice.KindTherapist, tUp, tPast, sorted(ada.UserID, cara.UserID)},
			{practice.KindCoach, cUp, cPast, sorted(bola.UserID, dan.UserID)},
		} {
			e.Get("/api/v1/practice/appointments?status=upcoming&kind="+c.kind, tok).Expect(http.StatusOK).JSON(&l)
			if got := l.bookings(); !slices.Equal(got, []string{c.up}) {
				t.Fatalf("%s upcoming %v, want %s", c.kind, got, c.up)
			}
			e.Get("/api/v1/practice/appointments?status=past&kind="+c.kind, tok).Expect(http.StatusOK).JSON(&l)
			if got := l.bookings(); !slices.Equal(got, []string{c.past}) {
				t.Fatalf("%s past %v, want %s", c.kind, got, c.past)
			}
			// The calendar's reads: a date range.
			e.Get("/api/v1/practice/appointments?status=upcoming&from=2026-03-01&to=2026-03-31&kind="+c.kind, tok).
				Expect(http.StatusOK).JSON(&l)
			if got := l.bookings(); !slices.Equal(got, []string{c.up}) {
				t.Fatalf("%s calendar range %v", c.kind, got)
			}
			e.Get("/api/v1/practice/clients?kind="+c.kind, tok).Expect(http.StatusOK).JSON(&l)
			if got := l.people(); !slices.Equal(got, c.clients) {
				t.Fatalf("%s clients %v, want %v", c.kind, got, c.clients)
			}
		}
		// A client of one practice is not a client of the other.
		e.Get("/api/v1/practice/clients/"+ada.UserID+"?kind=therapist", tok).Expect(http.StatusOK)
		e.Get("/api/v1/practice/clients/"+ada.UserID+"?kind=coach", tok).Expect(http.StatusNotFound)
		e.Get("/api/v1/practice/clients/"+dan.UserID+"?kind=coach", tok).Expect(http.StatusOK)
		e.Get("/api/v1/practice/clients/"+dan.UserID+"?kind=therapist", tok).Expect(http.StatusNotFound)
		e.Get("/api/v1/practice/clients?kind=coach&q=ada", tok).Expect(http.StatusOK).JSON(&l)
		if len(l.Data) != 0 {
			t.Fatalf("coach search found the therapy client: %+v", l)
		}

		// The dashboard counts one practice, and its month's earnings are that practice's earning lines.
		lines, _, err := e.App.Money.Transactions(ctx, dual.UserID, money.TxnFilter{Type: money.TxnEarning},
			page.Page{Page: 1, PerPage: 100})
		if err != nil {
			t.Fatal(err)
		}
		earned := map[string]int64{}
		for _, x := range lines {
			earned[x.RefID] += x.Amount
		}
		if earned[tPast] <= 0 || earned[cPast] <= 0 {
			t.Fatalf("earning lines %+v", lines)
		}
		type dash struct {
			Data struct {
				Upcoming  int `json:"upcoming"`
				Clients   int `json:"clients"`
				Completed int `json:"completed_this_month"`
				Earnings  struct {
					Amount int64 `json:"amount"`
				} `json:"month_earnings"`
				NextFree *time.Time `json:"next_free_slot"`
			} `json:"data"`
		}
		for kind, want := range map[string]int64{practice.KindTherapist: earned[tPast], practice.KindCoach: earned[cPast]} {
			var d dash
			e.Get("/api/v1/practice/dashboard?kind="+kind, tok).Expect(http.StatusOK).JSON(&d)
			if d.Data.Upcoming != 1 || d.Data.Clients != 2 || d.Data.Completed != 1 || d.Data.Earnings.Amount != want {
				t.Fatalf("%s dashboard %+v, want earnings %d", kind, d.Data, want)
			}
		}

		// The practice's packages and received reviews are per kind too.
		for kind, off := range map[string]string{practice.KindTherapist: therapyOff, practice.KindCoach: coachOff} {
			if _, err := e.App.Packages.Create(ctx, dual.UserID, packages.PackageInput{OfferingID: off,
				Title: "Four sessions of " + kind, Sessions: 4, ValidDays: 90, Price: 3_000_000}); err != nil {
				t.Fatal(err)
			}
		}
		for _, r := range []struct {
			who  *testkit.Session
			b    string
			text string
		}{{cara, tPast, "Calm, careful and kind therapy."}, {dan, cPast, "Sharp coaching that got me moving."}} {
			if _, err := e.App.Reviews.Create(ctx, r.who.UserID, r.b, reviews.ReviewInput{Rating: 5, Text: r.text}); err != nil {
				t.Fatal(err)
			}
		}
		for kind, want := range map[string][2]string{practice.KindTherapist: {"of therapist", "therapy"},
			practice.KindCoach: {"of coach", "coaching"}} {
			r := e.Get("/api/v1/practice/packages?kind="+kind, tok).Expect(http.StatusOK)
			if n := strings.Count(string(r.Body), `"title"`); n != 1 || !strings.Contains(string(r.Body), want[0]) {
				t.Fatalf("%s packages %s", kind, r.Body)
			}
			r = e.Get("/api/v1/practice/reviews?kind="+kind, tok).Expect(http.StatusOK)
			if n := strings.Count(string(r.Body), `"rating"`); n != 1 || !strings.Contains(string(r.Body), want[1]) {
				t.Fatalf("%s reviews %s", kind, r.Body)
			}
		}
		e.Get("/api/v1/practice/packages?kind=surfing", tok).Expect(http.StatusUnprocessableEntity)
		e.Get("/api/v1/practice/packages?kind=tour_guide", tok).Expect(http.StatusNotFound)
		e.Get("/api/v1/practice/reviews?kind=surfing", tok).Expect(http.StatusUnprocessableEntity)

		// Several practices: the kind must be named; an unknown kind is refused.
		for _, path := range []string{"/api/v1/practice/dashboard", "/api/v1/practice/appointments",
			"/api/v1/practice/clients", "/api/v1/practice/clients/" + ada.UserID} {
			r := e.Get(path, tok).Expect(http.StatusUnprocessableEntity)
			if !strings.Contains(string(r.Body), `"kind"`) {
				t.Fatalf("%s without kind: %s", path, r.Body)
			}
			sep := "?"
			if strings.Contains(path, "?") {
				sep = "&"
			}
			e.Get(path+sep+"kind=surfing", tok).Expect(http.StatusUnprocessableEntity)
			e.Get(path+sep+"kind=tour_guide", tok).Expect(http.StatusNotFound)
			e.Get(path+sep+"kind=", tok).Expect(http.StatusUnprocessableEntity)
		}

		// Booking actions need no kind: the booking says whose it is.
		e.Get("/api/v1/practice/appointments/"+cUp, tok).Expect(http.StatusOK)
		e.Get("/api/v1/practice/appointments/"+tUp, tok).Expect(http.StatusOK)

		// One practice: the kind may be left out; another kind is not found.
		solo := e.Register("solo@example.com", "solo")
		_, soloOff := e.Provider(solo.UserID, practice.KindCoach, 800_000)
		mine := e.Booking(soloOff, ada.UserID, bookings.StatusConfirmed, at(4, 12))
		e.Get("/api/v1/practice/appointments", solo.AccessToken).Expect(http.StatusOK).JSON(&l)
		if got := l.bookings(); !slices.Equal(got, []string{mine}) {
			t.Fatalf("solo appointments %v", got)
		}
		e.Get("/api/v1/practice/dashboard", solo.AccessToken).Expect(http.StatusOK)
		e.Get("/api/v1/practice/appointments?kind=therapist", solo.AccessToken).Expect(http.StatusNotFound)
		e.Get("/api/v1/practice/dashboard?kind=therapist", solo.AccessToken).Expect(http.StatusNotFound)
		e.Get("/api/v1/practice/clients/"+ada.UserID+"?kind=therapist", solo.AccessToken).Expect(http.StatusNotFound)
		// The same client's bookings with another user's practice stay theirs.
		var detail struct {
			Data struct {
				Bookings []struct {
					ID string `json:"id"`
				} `json:"bookings"`
			} `json:"data"`
		}
		e.Get("/api/v1/practice/clients/"+ada.UserID+"?kind=coach", solo.AccessToken).Expect(http.StatusOK).JSON(&detail)
		if len(detail.Data.Bookings) != 1 || detail.Data.Bookings[0].ID != mine {
			t.Fatalf("solo's client history %+v", detail.Data)
		}
		// A provider role without a practice of that kind yet: not found.
		fresh := e.Register("fresh@example.com", "fresh")
		e.GrantRole(fresh.UserID, practice.KindCoach)
		e.Get("/api/v1/practice/appointments?kind=coach", fresh.AccessToken).Expect(http.StatusNotFound)
		e.Get("/api/v1/practice/dashboard", fresh.AccessToken).Expect(http.StatusNotFound)
		e.Get("/api/v1/practice/packages?kind=coach", fresh.AccessToken).Expect(http.StatusNotFound)
		e.Get("/api/v1/practice/reviews?kind=coach", fresh.AccessToken).Expect(http.StatusNotFound)
		verify(t, e)
	})
}
