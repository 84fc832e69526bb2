package rentals

import (
	"context"
	"time"

	"github.com/uptrace/bun"
)

// ImportInput is a rental for demo data and history: created, paid from
// the renter's wallet and walked to Status (confirmed, picked_up, returned,
// completed or cancelled) with handovers dated by its own times, through
// the same money movements as the live flow. Capture and Reason settle the
// deposit of a completed one.
type ImportInput struct {
	CreateInput
	UserID  string
	Status  string
	Capture int64
	Reason  string
	Fuel    [2]int // eighths at pick-up and return
	Km      [2]int // odometer at pick-up and return
}

// Import records a rental as ImportInput says; its id.
func (s *Service) Import(ctx context.Context, in ImportInput) (string, error) {
	bk, err := s.create(ctx, in.UserID, in.CreateInput, true)
	if err != nil {
		return "", err
	}
	if _, err := s.Pay(ctx, in.UserID, bk.ID, PayInput{PayWith: PayWallet}); err != nil {
		return "", err
	}
	if in.Status == StatusConfirmed {
		return bk.ID, nil
	}
	if in.Status == StatusCancelled {
		_, err := s.Cancel(ctx, in.UserID, ActorUser, bk.ID, "Plans changed")
		return bk.ID, err
	}
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		b, err := s.load(ctx, tx, bk.ID)
		if err != nil {
			return err
		}
		at, conf := b.StartsAt, b.StartsAt.Add(10*time.Minute)
		h := encodeHandover(&Handover{FuelEighths: in.Fuel[0], OdometerKm: in.Km[0], Photos: []string{},
			Note: "Walk-around done with the renter", RecordedAt: &at, ConfirmedAt: &conf})
		if _, err := s.transition(ctx, tx, b, StatusPickedUp, b.ProviderUserID, ActorProvider, "Car handed over",
			func(q *bun.UpdateQuery) *bun.UpdateQuery {
				return q.Set("pickup_handover = ?", h).Set("picked_up_at = ?", at).Set("pickup_confirmed_at = ?", conf)
			}); err != nil {
			return err
		}
		if in.Status == StatusPickedUp {
			return nil
		}
		at, conf = b.EndsAt.Add(-time.Hour), b.EndsAt.Add(-50*time.Minute)
		h = encodeHandover(&Handover{FuelEighths: in.Fuel[1], OdometerKm: in.Km[1], Photos: []string{},
			Note: "Returned at the counter", RecordedAt: &at, ConfirmedAt: &conf})
		if _, err := s.transition(ctx, tx, b, StatusReturned, b.ProviderUserID, ActorProvider, "Car returned",
			func(q *bun.UpdateQuery) *bun.UpdateQuery {
				return q.Set("return_handover = ?", h).Set("returned_at = ?", at).Set("return_confirmed_at = ?", conf)
			}); err != nil {
			return err
		}
		if in.Status == StatusReturned {
			return nil
		}
		return s.complete(ctx, tx, b, b.ProviderUserID, ActorProvider, in.Capture, in.Reason)
	})
	return bk.ID, err
}
