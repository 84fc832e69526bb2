package rentals

import (
	"context"
	"errors"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/bookings/ranges"
	"sojourn/api/internal/platform/apperr"
)

// ScheduleInput moves a rental: a new pick-up time, and optionally the
// drop-off (which must keep the number of charged days; without it the
// rental keeps its length).
type ScheduleInput struct {
	StartsAt time.Time
	EndsAt   *time.Time
}

// errMoveTaken is the car being rented to someone else at the new time.
var errMoveTaken = apperr.Conflict("The car is already booked at that time. Choose another pick-up time.")

// Reschedule moves the renter's upcoming pending or confirmed rental to the
// new pick-up time, both ends moved together so the day count (and the
// price) stays. The car's range is moved in the same transaction
// (ranges.Move; the database refuses an overlap: 409).
func (s *Service) Reschedule(ctx context.Context, userID, id string, in ScheduleInput) (Booking, error) {
	now := s.now()
	f := apperr.Fields{}
	start := in.StartsAt.UTC().Truncate(time.Second)
	f.Check(start.After(now), "starts_at", "must be in the future")
	f.Check(start.Sub(now) <= MaxAdvance, "starts_at", "must be within 400 days")
	if err := f.Err(); err != nil {
		return Booking{}, err
	}
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		b, err := s.load(ctx, tx, id)
		if err != nil || b.UserID != userID {
			return errNotFound
		}
		if b.Status != StatusPending && b.Status != StatusConfirmed {
			return apperr.Conflict("Only a rental not picked up yet can be moved.")
		}
		if !b.StartsAt.After(now) {
			return apperr.Conflict("This rental has started; its pick-up time cannot be moved.")
		}
		if b.Status == StatusPending && b.HoldExpiresAt != nil && !now.Before(*b.HoldExpiresAt) {
			return apperr.Conflict("The time to pay for this rental ran out; book again.")
		}
		end := start.Add(b.EndsAt.Sub(b.StartsAt))
		if in.EndsAt != nil {
			end = in.EndsAt.UTC().Truncate(time.Second)
			if !end.After(start) || RentalDays(start, end) != b.Days {
				return apperr.Validation(map[string]string{"ends_at": "must keep the rental's " + plural(b.Days, "day")})
			}
		}
		if start.Equal(b.StartsAt) && end.Equal(b.EndsAt) {
			return nil
		}
		if err := s.ranges.Move(ctx, tx, holder(b.ID), start, end); err != nil {
			if errors.Is(err, ranges.ErrTaken) {
				return errMoveTaken
			}
			return err
		}
		res, err := tx.NewUpdate().Table("rental_bookings").Set("starts_at = ?", start).Set("ends_at = ?", end).
			Set("updated_at = ?", now).Where("id = ? AND status = ?", b.ID, b.Status).Exec(ctx)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return errState
		}
		note := "Pick-up moved from " + b.StartsAt.Format(time.RFC3339) + " to " + start.Format(time.RFC3339)
		return s.event(ctx, tx, b.ID, b.Status, b.Status, userID, ActorUser, note)
	})
	if err != nil {
		return Booking{}, err
	}
	s.search.dirty()
	return s.Mine(ctx, userID, id)
}
