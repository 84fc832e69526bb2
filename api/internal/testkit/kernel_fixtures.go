package testkit

import (
	"context"
	"time"

	"sojourn/api/internal/platform/ids"
)

// Kernel fixtures for the domains built on the provider kernel (packages,
// reviews, client notes): a provider profile with an offering, and a
// booking in a given state, written straight into the practice and
// bookings tables as their migrations define them. They stand in for the
// practice and bookings flows those tests are not about (which have their
// own tests through the API).

// Provider makes a published provider profile of kind for userID (who is
// granted the role) and one active offering priced price (minor units,
// NGN); it answers the provider's and the offering's ids.
func (e *Env) Provider(userID, kind string, price int64) (providerID, offeringID string) {
	e.T.Helper()
	ctx := context.Background()
	now := e.Clock.Now()
	providerID, offeringID = ids.New(), ids.New()
	e.GrantRole(userID, kind)
	if _, err := e.DB.NewRaw(`INSERT INTO practice_providers (id, user_id, kind, headline, time_zone, status, listed,
		published_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, providerID, userID, kind,
		"Helping people live well", "Africa/Lagos", "published", true, now, now, now).Exec(ctx); err != nil {
		e.T.Fatalf("provider fixture: %v", err)
	}
	if _, err := e.DB.NewRaw(`INSERT INTO practice_offerings (id, provider_id, title, description, format,
		duration_min, price, currency, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, offeringID,
		providerID, "Individual session", "Fifty minutes, one to one", "video", 50, price, "NGN", now, now).
		Exec(ctx); err != nil {
		e.T.Fatalf("offering fixture: %v", err)
	}
	return providerID, offeringID
}

// Booking writes a booking of the offering by userID starting at start, in
// status (completed ones completed at their end); it answers its id.
func (e *Env) Booking(offeringID, userID, status string, start time.Time) string {
	e.T.Helper()
	ctx := context.Background()
	var o struct {
		ProviderID string `bun:"provider_id"`
		UserID     string `bun:"user_id"`
		Kind       string `bun:"kind"`
		Price      int64  `bun:"price"`
	}
	if err := e.DB.NewRaw(`SELECT o.provider_id, p.user_id, p.kind, o.price FROM practice_offerings o
		JOIN practice_providers p ON p.id = o.provider_id WHERE o.id = ?`, offeringID).Scan(ctx, &o); err != nil {
		e.T.Fatalf("booking fixture offering: %v", err)
	}
	id, now, end := ids.New(), e.Clock.Now(), start.Add(50*time.Minute)
	var completed, reviewUntil *time.Time
	if status == "completed" {
		r := end.Add(14 * 24 * time.Hour)
		completed, reviewUntil = &end, &r
	}
	if _, err := e.DB.NewRaw(`INSERT INTO bookings (id, offering_id, provider_id, provider_user_id, user_id, kind,
		title, format, status, start_at, end_at, session_key, cell_from, cell_to, capacity, price, currency,
		pay_with, paid_amount, completed_at, review_until, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, id, offeringID, o.ProviderID,
		o.UserID, userID, o.Kind, "Individual session", "video", status, start, end, offeringID+"@"+start.Format(time.RFC3339),
		start.Unix(), end.Unix(), 1, o.Price, "NGN", "wallet", o.Price, completed, reviewUntil, now, now).Exec(ctx); err != nil {
		e.T.Fatalf("booking fixture: %v", err)
	}
	return id
}
