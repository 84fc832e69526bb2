package testkit

import (
	"context"
	"time"

	"sojourn/api/internal/bookings"
	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/practice"
)

// Kernel fixtures for the domains built on the provider kernel (packages,
// reviews, client notes), made through the practice and bookings services
// as their own flows would: a published provider with one offering, and
// bookings in a given state.

// Provider gives userID the role kind and a published practice in Lagos
// (open 08:00-20:00 every day) with one one-to-one video offering of 50
// minutes priced price (minor units, NGN; free cancellation until 24 hours
// before); a therapist's licence is verified first. It answers the
// provider's and the offering's ids.
func (e *Env) Provider(userID, kind string, price int64) (providerID, offeringID string) {
	e.T.Helper()
	ctx := context.Background()
	ps := e.App.Practice
	e.GrantRole(userID, kind)
	in := practice.ProfileInput{Headline: "Helping people live well", Bio: "Twelve years of one-to-one practice.",
		Specialties: []string{"Anxiety"}, Languages: []string{"English"}, City: "Lagos", Country: "NG",
		TimeZone: "Africa/Lagos", Formats: []practice.FormatInput{{Kind: "video"}}}
	if kind == practice.KindTherapist {
		in.LicenceNumber, in.IssuingBody = "MDCN-"+ids.New()[:8], "Medical and Dental Council of Nigeria"
	}
	p, err := ps.SaveProfile(ctx, userID, kind, in)
	if err != nil {
		e.T.Fatalf("provider fixture profile: %v", err)
	}
	week := map[string][]practice.Interval{}
	for _, d := range []string{"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"} {
		week[d] = []practice.Interval{{Start: "08:00", End: "20:00"}}
	}
	if _, err := ps.SaveSchedule(ctx, userID, kind, practice.ScheduleInput{Weekly: week}); err != nil {
		e.T.Fatalf("provider fixture schedule: %v", err)
	}
	title, format, dur, capacity, free, fee, zero, adv, no := "Individual session", "video", 50, 1, 24, 50, 0, 60, false
	off, err := ps.CreateOffering(ctx, userID, kind, practice.OfferingInput{Title: &title, Format: &format,
		DurationMin: &dur, Price: &practice.Money{Amount: price, Currency: "NGN"}, Capacity: &capacity,
		RequiresConfirmation: &no, FreeCancelHours: &free, LateCancelFeePct: &fee, MinNoticeMin: &zero,
		MaxAdvanceDays: &adv})
	if err != nil {
		e.T.Fatalf("provider fixture offering: %v", err)
	}
	if kind == practice.KindTherapist {
		if _, err := ps.Decide(ctx, userID, e.IP, p.ID, practice.DecisionInput{Decision: "verified",
			Note: "Licence checked against the register"}); err != nil {
			e.T.Fatalf("provider fixture verification: %v", err)
		}
	}
	if _, err := ps.Publish(ctx, userID, kind); err != nil {
		e.T.Fatalf("provider fixture publish: %v", err)
	}
	return p.ID, off.ID
}

// Booking makes a booking of the offering by userID starting at start, in
// status: "completed" (a past session imported and released, its end must
// have passed), "confirmed" (a future slot held and paid from the wallet)
// or "held" (a future slot only held). The user's wallet is topped up with
// the price first. It answers the booking's id.
func (e *Env) Booking(offeringID, userID, status string, start time.Time) string {
	e.T.Helper()
	ctx := context.Background()
	bs := e.App.Bookings
	off, err := e.App.Practice.Offering(ctx, offeringID)
	if err != nil {
		e.T.Fatalf("booking fixture offering: %v", err)
	}
	if status != bookings.StatusHeld && off.Price > 0 {
		ref := "PSK-" + ids.New()
		if _, err := e.App.Money.CreditTopUp(ctx, nil, money.TopUp{Key: "topup:" + ref, UserID: userID,
			Amount: off.Price, Currency: off.Currency, Reference: ref}); err != nil {
			e.T.Fatalf("booking fixture top-up: %v", err)
		}
	}
	switch status {
	case bookings.StatusCompleted:
		b, err := bs.ImportPast(ctx, bookings.PastBooking{OfferingID: offeringID, UserID: userID, Start: start,
			Status: status})
		if err != nil {
			e.T.Fatalf("booking fixture (completed): %v", err)
		}
		return b.ID
	case bookings.StatusConfirmed:
		b, err := bs.BookWallet(ctx, userID, offeringID, start, nil, "")
		if err != nil {
			e.T.Fatalf("booking fixture (confirmed): %v", err)
		}
		return b.ID
	case bookings.StatusHeld:
		h, err := bs.Hold(ctx, userID, bookings.HoldInput{OfferingID: offeringID, Start: start})
		if err != nil {
			e.T.Fatalf("booking fixture (held): %v", err)
		}
		return h.ID
	}
	e.T.Fatalf("booking fixture: no status %q", status)
	return ""
}
