package duffel_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/duffel"
	"sojourn/api/internal/testkit"
)

// The Flights client against the sandbox over real HTTP (a Fiber app on a
// loopback listener), on both databases.

var start = time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)

type fenv struct {
	t      *testing.T
	client *duffel.Client
	sb     *duffel.Sandbox
	clock  *clock.Fake
	base   string
	mu     sync.Mutex
	events []receivedEvent
}

type receivedEvent struct {
	sig  string
	body []byte
}

func flightsEnv(t *testing.T, fn func(t *testing.T, e *fenv)) {
	for _, d := range []db.Dialect{db.SQLite, db.Postgres} {
		t.Run(string(d), func(t *testing.T) { fn(t, newFlightsEnv(t, d)) })
	}
}

func newFlightsEnv(t *testing.T, d db.Dialect) *fenv {
	database := testkit.OpenDB(t, d)
	e := &fenv{t: t, clock: clock.NewFake(start)}
	app := fiber.New()
	app.Post("/hooks/duffel", func(c fiber.Ctx) error {
		e.mu.Lock()
		e.events = append(e.events, receivedEvent{sig: c.Get(duffel.SignatureHeader), body: append([]byte(nil), c.Body()...)})
		e.mu.Unlock()
		return c.SendStatus(http.StatusNoContent)
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	e.base = "http://" + ln.Addr().String()
	e.sb = duffel.NewSandbox(duffel.SandboxConfig{DB: database.DB, Clock: e.clock, WebhookURL: e.base + "/hooks/duffel",
		Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	e.sb.Register(app.Group(duffel.SandboxMount))
	go func() { _ = app.Listener(ln, fiber.ListenConfig{DisableStartupMessage: true}) }()
	t.Cleanup(func() { _ = app.Shutdown() })
	e.client = duffel.New(e.base+duffel.SandboxMount, duffel.SandboxToken, nil)
	return e
}

func (e *fenv) search(from, to string, days ...int) duffel.OfferRequest {
	e.t.Helper()
	in := duffel.CreateOfferRequest{CabinClass: duffel.CabinEconomy,
		Passengers: []duffel.OfferRequestPassenger{{Type: duffel.PassengerAdult}, {Type: duffel.PassengerAdult}}}
	for i, d := range days {
		o, dst := from, to
		if i%2 == 1 {
			o, dst = to, from
		}
		in.Slices = append(in.Slices, duffel.OfferRequestSlice{Origin: o, Destination: dst,
			DepartureDate: start.AddDate(0, 0, d).Format("2006-01-02")})
	}
	r, err := e.client.SearchOffers(context.Background(), in)
	if err != nil {
		e.t.Fatalf("search %s-%s %v: %v", from, to, in.Slices, err)
	}
	return r
}

func passengers(o duffel.Offer) []duffel.OrderPassenger {
	var out []duffel.OrderPassenger
	for i, p := range o.Passengers {
		out = append(out, duffel.OrderPassenger{ID: p.ID, Title: "ms", GivenName: "Ada" + string(rune('A'+i)),
			FamilyName: "Obi", BornOn: "1990-05-0" + string(rune('1'+i)), Gender: "f", Email: "ada@example.com",
			PhoneNumber: "+2348012345678"})
	}
	return out
}

func order(t *testing.T, e *fenv, key string, o duffel.Offer, amount string) (duffel.Order, error) {
	t.Helper()
	return e.client.CreateOrder(context.Background(), key, duffel.CreateOrder{SelectedOffers: []string{o.ID},
		Passengers: passengers(o), Payments: []duffel.Payment{{Type: "balance", Amount: amount, Currency: "NGN"}}})
}

func TestIntegrationSandboxSearchIsBelievableAndDeterministic(t *testing.T) {
	flightsEnv(t, func(t *testing.T, e *fenv) {
		r := e.search("LOS", "ACC", 16, 23)
		if len(r.Offers) < 3 || len(r.Passengers) != 2 {
			t.Fatalf("LOS-ACC round trip: %d offers, %d passengers", len(r.Offers), len(r.Passengers))
		}
		owners := map[string]bool{}
		for _, o := range r.Offers {
			owners[o.Owner.IATACode] = true
			if len(o.Slices) != 2 || o.Slices[0].Origin.IATACode != "LOS" || o.Slices[1].Origin.IATACode != "ACC" {
				t.Fatalf("slices %+v", o.Slices)
			}
			if !o.ExpiresAt.Equal(start.Add(duffel.OfferTTL)) || o.TotalCurrency != "NGN" {
				t.Fatalf("expiry %v currency %s", o.ExpiresAt, o.TotalCurrency)
			}
			total, err := duffel.AmountMinor(o.TotalAmount)
			if err != nil || total < 2*100000*100 || total > 2*1500000*100 {
				t.Fatalf("two adults LOS-ACC return for %s NGN", o.TotalAmount)
			}
			seg := o.Slices[0].Segments[0]
			dep, err := duffel.LocalTime(seg.DepartingAt, seg.Origin.TimeZone)
			if err != nil || seg.Origin.TimeZone != "Africa/Lagos" || o.Slices[0].Destination.TimeZone != "Africa/Accra" {
				t.Fatalf("segment %+v: %v", seg, err)
			}
			arr, _ := duffel.LocalTime(o.Slices[0].Segments[len(o.Slices[0].Segments)-1].ArrivingAt, "Africa/Accra")
			if d := arr.Sub(dep); d < 50*time.Minute || d > 8*time.Hour {
				t.Fatalf("LOS-ACC takes %v", d)
			}
			if len(o.AvailableServices) != 0 {
				t.Fatal("search results carry no services")
			}
		}
		if !owners["P4"] {
			t.Fatalf("Air Peace flies LOS-ACC: %v", owners)
		}
		again := e.search("LOS", "ACC", 16, 23)
		if len(again.Offers) != len(r.Offers) || again.Offers[0].TotalAmount != r.Offers[0].TotalAmount ||
			again.Offers[0].Slices[0].Segments[0].MarketingCarrierFlightNumber != r.Offers[0].Slices[0].Segments[0].MarketingCarrierFlightNumber {
			t.Fatal("the same search must show the same schedule")
		}
		long := e.search("LOS", "JFK", 30)
		stops := false
		for _, o := range long.Offers {
			stops = stops || len(o.Slices[0].Segments) > 1
		}
		if len(long.Offers) == 0 || !stops {
			t.Fatalf("LOS-JFK: %d offers, connections %v", len(long.Offers), stops)
		}
	})
}

func TestIntegrationSandboxSearchValidation(t *testing.T) {
	flightsEnv(t, func(t *testing.T, e *fenv) {
		ctx := context.Background()
		day := start.AddDate(0, 0, 10).Format("2006-01-02")
		adult := []duffel.OfferRequestPassenger{{Type: duffel.PassengerAdult}}
		for name, in := range map[string]duffel.CreateOfferRequest{
			"unknown airport": {Slices: []duffel.OfferRequestSlice{{"LOS", "QQQ", day}}, Passengers: adult},
			"no passengers":   {Slices: []duffel.OfferRequestSlice{{"LOS", "ACC", day}}},
			"past":            {Slices: []duffel.OfferRequestSlice{{"LOS", "ACC", "2026-11-01"}}, Passengers: adult},
			"infants":         {Slices: []duffel.OfferRequestSlice{{"LOS", "ACC", day}}, Passengers: []duffel.OfferRequestPassenger{{Type: "adult"}, {Type: duffel.PassengerInfant}, {Type: duffel.PassengerInfant}}},
			"cabin":           {Slices: []duffel.OfferRequestSlice{{"LOS", "ACC", day}}, Passengers: adult, CabinClass: "cargo"},
		} {
			_, err := e.client.SearchOffers(ctx, in)
			var ae *duffel.APIError
			if !errors.As(err, &ae) || ae.Status != 422 {
				t.Fatalf("%s: %v", name, err)
			}
		}
		bad := duffel.New(e.base+duffel.SandboxMount, "wrong", nil)
		if _, err := bad.GetOffer(ctx, "off_1"); !duffel.IsCode(err, "unauthorized") {
			t.Fatalf("wrong token: %v", err)
		}
		if _, err := e.client.GetOffer(ctx, "off_missing"); !duffel.IsCode(err, duffel.CodeNotFound) {
			t.Fatalf("missing offer: %v", err)
		}
	})
}

// findOffer searches LOS-ACC on successive days until pred holds for an
// offer (the sandbox's fates are deterministic by schedule).
func findOffer(t *testing.T, e *fenv, pred func(o duffel.Offer) bool) duffel.Offer {
	t.Helper()
	for d := 10; d < 60; d++ {
		for _, o := range e.search("LOS", "ACC", d).Offers {
			if pred(o) {
				return o
			}
		}
	}
	t.Fatal("no such offer in 50 days of searches")
	return duffel.Offer{}
}

func TestIntegrationSandboxRepriceOrderAndCancel(t *testing.T) {
	flightsEnv(t, func(t *testing.T, e *fenv) {
		ctx := context.Background()
		// a re-priced offer: dearer from its first fetch on, then stable
		repriced := findOffer(t, e, func(o duffel.Offer) bool {
			again, err := e.client.GetOffer(ctx, o.ID)
			return err == nil && again.TotalAmount != o.TotalAmount
		})
		a1, _ := e.client.GetOffer(ctx, repriced.ID)
		a2, _ := e.client.GetOffer(ctx, repriced.ID)
		before, _ := duffel.AmountMinor(repriced.TotalAmount)
		after, _ := duffel.AmountMinor(a1.TotalAmount)
		if after <= before || a1.TotalAmount != a2.TotalAmount || len(a1.AvailableServices) == 0 {
			t.Fatalf("re-price %s -> %s -> %s, services %d", repriced.TotalAmount, a1.TotalAmount, a2.TotalAmount, len(a1.AvailableServices))
		}
		if _, err := order(t, e, "k-old", repriced, repriced.TotalAmount); !duffel.IsCode(err, duffel.CodePriceChanged) {
			t.Fatalf("paying the old price: %v", err)
		}
		// an offer that books: with a bag, idempotent by key, once per offer
		var ord duffel.Order
		offer := findOffer(t, e, func(o duffel.Offer) bool {
			full, err := e.client.GetOffer(ctx, o.ID)
			if err != nil {
				return false
			}
			bag := full.AvailableServices[0]
			bagAmt, _ := duffel.AmountMinor(bag.TotalAmount)
			total, _ := duffel.AmountMinor(full.TotalAmount)
			ord, err = e.client.CreateOrder(ctx, "k-1", duffel.CreateOrder{SelectedOffers: []string{o.ID},
				Passengers: passengers(full), Services: []duffel.OrderService{{ID: bag.ID, Quantity: 1}},
				Payments: []duffel.Payment{{Type: "balance", Amount: duffel.FormatAmount(total + bagAmt), Currency: "NGN"}}})
			return err == nil
		})
		if len(ord.BookingReference) != 6 || len(ord.Services) != 1 || len(ord.Passengers) != 2 || ord.Passengers[0].Type != "adult" {
			t.Fatalf("order %+v", ord)
		}
		same, err := e.client.CreateOrder(ctx, "k-1", duffel.CreateOrder{})
		if err != nil || same.ID != ord.ID {
			t.Fatalf("a repeated key answers the same order: %v %s", err, same.ID)
		}
		if _, err := order(t, e, "k-2", offer, offer.TotalAmount); !duffel.IsCode(err, duffel.CodeOfferNoLongerAvailable) {
			t.Fatalf("a booked offer again: %v", err)
		}
		got, err := e.client.GetOrder(ctx, ord.ID)
		if err != nil || got.BookingReference != ord.BookingReference {
			t.Fatalf("get order: %v", err)
		}
		// cancellation: quote, confirm once, expired quotes refused
		q, err := e.client.QuoteCancellation(ctx, "c-1", ord.ID)
		if err != nil || !q.ExpiresAt.Equal(start.Add(duffel.CancellationTTL)) || q.ConfirmedAt != nil {
			t.Fatalf("quote %+v %v", q, err)
		}
		refund, _ := duffel.AmountMinor(q.RefundAmount)
		paid, _ := duffel.AmountMinor(ord.TotalAmount)
		if refund > paid {
			t.Fatalf("refund %d of %d", refund, paid)
		}
		q2, _ := e.client.QuoteCancellation(ctx, "c-2", ord.ID)
		e.clock.Advance(duffel.CancellationTTL + time.Second)
		if _, err := e.client.ConfirmCancellation(ctx, "", q2.ID); !duffel.IsCode(err, duffel.CodeCancellationExpired) {
			t.Fatalf("expired quote: %v", err)
		}
		q3, _ := e.client.QuoteCancellation(ctx, "c-3", ord.ID)
		done, err := e.client.ConfirmCancellation(ctx, "", q3.ID)
		if err != nil || done.ConfirmedAt == nil {
			t.Fatalf("confirm: %v", err)
		}
		if again, err := e.client.ConfirmCancellation(ctx, "", q3.ID); err != nil || again.ConfirmedAt == nil {
			t.Fatalf("confirm again: %v", err)
		}
		if _, err := e.client.QuoteCancellation(ctx, "c-4", ord.ID); !duffel.IsCode(err, duffel.CodeAlreadyCancelled) {
			t.Fatalf("quote a cancelled order: %v", err)
		}
		if got, _ := e.client.GetOrder(ctx, ord.ID); got.CancelledAt == nil {
			t.Fatal("the order is cancelled")
		}
	})
}

func TestIntegrationSandboxSoldOutExpiryAndScheduleChange(t *testing.T) {
	flightsEnv(t, func(t *testing.T, e *fenv) {
		ctx := context.Background()
		findOffer(t, e, func(o duffel.Offer) bool {
			_, err := order(t, e, "", o, o.TotalAmount)
			return duffel.IsCode(err, duffel.CodeOfferNoLongerAvailable)
		})
		var ord duffel.Order
		findOffer(t, e, func(o duffel.Offer) bool {
			var err error
			ord, err = order(t, e, "", o, o.TotalAmount)
			return err == nil
		})
		late := e.search("LOS", "ACC", 70).Offers[0]
		e.clock.Advance(duffel.OfferTTL)
		if _, err := order(t, e, "", late, late.TotalAmount); !duffel.IsCode(err, duffel.CodeOfferNoLongerAvailable) {
			t.Fatalf("expired offer: %v", err)
		}
		// the schedule change: signed webhook with the moved slice
		resp, err := http.Post(e.base+duffel.SandboxMount+"/air/orders/"+ord.ID+"/actions/simulate_schedule_change", "application/json", nil)
		if err != nil || resp.StatusCode != http.StatusUnauthorized {
			t.Fatalf("the sandbox action needs the token: %v", err)
		}
		req, _ := http.NewRequest(http.MethodPost, e.base+duffel.SandboxMount+"/air/orders/"+ord.ID+"/actions/simulate_schedule_change", nil)
		req.Header.Set("Authorization", "Bearer "+duffel.SandboxToken)
		req.Header.Set("Duffel-Version", duffel.Version)
		resp, err = http.DefaultClient.Do(req)
		if err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("simulate: %v %v", err, resp.StatusCode)
		}
		resp.Body.Close()
		e.mu.Lock()
		events := append([]receivedEvent(nil), e.events...)
		e.mu.Unlock()
		if len(events) != 1 {
			t.Fatalf("%d events", len(events))
		}
		if err := duffel.VerifySignature(duffel.SandboxWebhookSecret, events[0].sig, events[0].body, e.clock.Now(), 5*time.Minute); err != nil {
			t.Fatal(err)
		}
		var ev duffel.Event
		var ch duffel.AirlineInitiatedChange
		if err := json.Unmarshal(events[0].body, &ev); err != nil || ev.Type != duffel.EventAirlineInitiatedChange {
			t.Fatalf("event %+v %v", ev, err)
		}
		if err := json.Unmarshal(ev.Data.Object, &ch); err != nil || ch.OrderID != ord.ID || len(ch.Added) != 1 || len(ch.Removed) != 1 {
			t.Fatalf("change %+v %v", ch, err)
		}
		was, _ := time.Parse("2006-01-02T15:04:05", ch.Removed[0].Segments[0].DepartingAt)
		now, _ := time.Parse("2006-01-02T15:04:05", ch.Added[0].Segments[0].DepartingAt)
		if now.Sub(was) != 2*time.Hour+35*time.Minute {
			t.Fatalf("moved %v", now.Sub(was))
		}
		got, _ := e.client.GetOrder(ctx, ord.ID)
		if got.Slices[0].Segments[0].DepartingAt != ch.Added[0].Segments[0].DepartingAt {
			t.Fatal("the order shows the new times")
		}
	})
}

func TestAmountsAndDurations(t *testing.T) {
	for in, want := range map[string]int64{"125000.00": 12500000, "0.5": 50, "17": 1700, "1.05": 105} {
		if got, err := duffel.AmountMinor(in); err != nil || got != want {
			t.Fatalf("%s: %d %v", in, got, err)
		}
	}
	for _, bad := range []string{"", "-1.00", "1.005", "abc"} {
		if _, err := duffel.AmountMinor(bad); err == nil {
			t.Fatalf("%q must be refused", bad)
		}
	}
	if duffel.FormatAmount(12500005) != "125000.05" {
		t.Fatal(duffel.FormatAmount(12500005))
	}
	for _, d := range []time.Duration{45 * time.Minute, 2*time.Hour + 5*time.Minute, 26 * time.Hour, 3 * time.Hour} {
		if got, err := duffel.ParseDuration(duffel.FormatDuration(d)); err != nil || got != d {
			t.Fatalf("%v -> %s -> %v %v", d, duffel.FormatDuration(d), got, err)
		}
	}
}
