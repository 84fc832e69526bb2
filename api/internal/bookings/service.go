package bookings

import (
	"context"
	"database/sql"
	"errors"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/clock"
	dbx "sojourn/api/internal/platform/db"
)

// Credits is what bookings need of session packages (implemented by
// packages.Service).
type Credits interface {
	// ConsumeCredit takes one credit of the user's package for this
	// offering in tx; an error (e.g. ErrNoCredit) when none is left.
	ConsumeCredit(ctx context.Context, tx bun.Tx, userID, offeringID, bookingID string) (creditID string, err error)
	// ReturnCredit gives back the credit bookingID used (idempotent).
	ReturnCredit(ctx context.Context, tx bun.Tx, bookingID string) error
}

// Service holds the booking rules.
type Service struct {
	db    *dbx.DB
	clock clock.Clock
}

// Booking returns one booking (ErrNotFound when missing).
func (s *Service) Booking(ctx context.Context, id string) (Booking, error) {
	r, err := s.get(ctx, s.db.DB, id)
	if err != nil {
		return Booking{}, err
	}
	return r.public(), nil
}

// HasClient reports whether userID ever booked providerID (any status but
// a lapsed hold).
func (s *Service) HasClient(ctx context.Context, providerID, userID string) (bool, error) {
	return s.db.NewSelect().Model((*bookingRow)(nil)).Where("provider_id = ? AND user_id = ?", providerID, userID).
		Where("status NOT IN (?, ?)", StatusHeld, StatusExpired).Exists(ctx)
}

// get reads one booking.
func (s *Service) get(ctx context.Context, db bun.IDB, id string) (*bookingRow, error) {
	r := new(bookingRow)
	err := db.NewSelect().Model(r).Where("id = ?", id).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	return r, err
}
