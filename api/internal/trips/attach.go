package trips

import (
	"context"
	"strings"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
)

// Attach puts a new booking in a trip, in db (the booking's own
// transaction when it is one): in.TripID when given (the caller's own, else
// 404), else the user's trip whose items come within a day of the booking
// (one touching in.City preferred), else a new trip named in.Name (or by
// the city). A booking already in a trip stays there. The user's trip
// writes are serialised (lockUser), so two bookings attached at once find
// or create one trip.
func (s *Service) Attach(ctx context.Context, db bun.IDB, in Attach) (string, error) {
	f := apperr.Fields{}
	f.Check(in.UserID != "", "user_id", "is required")
	f.Check(in.Kind != "" && len(in.Kind) <= 20, "kind", "is required")
	f.Check(in.RefID != "" && len(in.RefID) <= 64, "ref_id", "is required")
	f.Check(!in.EndsAt.Before(in.StartsAt), "ends_at", "must not be before the start")
	if err := f.Err(); err != nil {
		return "", err
	}
	if tx, ok := db.(bun.Tx); ok {
		return s.attach(ctx, tx, in)
	}
	var id string
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		var err error
		id, err = s.attach(ctx, tx, in)
		return err
	})
	return id, err
}

// Join puts a new booking in the user's trip it falls in (as Attach
// chooses one: in.TripID or a trip within a day), never starting a trip:
// "" when none matches. Domains whose bookings are often not travel (a car
// rented at home) join trips this way.
func (s *Service) Join(ctx context.Context, db bun.IDB, in Attach) (string, error) {
	if in.UserID == "" || in.Kind == "" || in.RefID == "" || in.EndsAt.Before(in.StartsAt) {
		return "", apperr.Validation(map[string]string{"ref_id": "is required"})
	}
	run := func(ctx context.Context, tx bun.Tx) (string, error) {
		if err := s.lockUser(ctx, tx, in.UserID); err != nil {
			return "", err
		}
		tripID := in.TripID
		if tripID != "" {
			if _, err := s.own(ctx, tx, in.UserID, tripID); err != nil {
				return "", err
			}
		} else {
			var err error
			if tripID, err = s.match(ctx, tx, in); err != nil || tripID == "" {
				return "", err
			}
		}
		return tripID, s.insertItem(ctx, tx, in.UserID, tripID, in.Kind, in.RefID)
	}
	if tx, ok := db.(bun.Tx); ok {
		return run(ctx, tx)
	}
	var id string
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		var err error
		id, err = run(ctx, tx)
		return err
	})
	return id, err
}

func (s *Service) attach(ctx context.Context, tx bun.Tx, in Attach) (string, error) {
	if err := s.lockUser(ctx, tx, in.UserID); err != nil {
		return "", err
	}
	var existing []itemRow
	if err := tx.NewSelect().Model(&existing).Where("kind = ? AND ref_id = ?", in.Kind, in.RefID).
		Scan(ctx); err != nil {
		return "", err
	}
	if len(existing) > 0 {
		if existing[0].UserID != in.UserID {
			return "", errInTrip
		}
		return existing[0].TripID, nil
	}
	tripID := in.TripID
	if tripID != "" {
		if _, err := s.own(ctx, tx, in.UserID, tripID); err != nil {
			return "", err
		}
	} else {
		var err error
		if tripID, err = s.match(ctx, tx, in); err != nil {
			return "", err
		}
	}
	if tripID == "" {
		name := strings.TrimSpace(in.Name)
		if name == "" && in.City != "" {
			name = "Trip to " + strings.TrimSpace(in.City)
		}
		if name == "" {
			name = "Trip on " + in.StartsAt.Format("2 Jan 2006")
		}
		if r := []rune(name); len(r) > MaxNameLen {
			name = string(r[:MaxNameLen])
		}
		var err error
		if tripID, err = s.insertTrip(ctx, tx, in.UserID, name); err != nil {
			return "", err
		}
	}
	return tripID, s.insertItem(ctx, tx, in.UserID, tripID, in.Kind, in.RefID)
}

// match is the user's trip whose live items come within MatchMargin of
// [in.StartsAt, in.EndsAt], one touching in.City first, then the one
// starting soonest; "" when none does.
func (s *Service) match(ctx context.Context, tx bun.Tx, in Attach) (string, error) {
	var rows []itemRow
	if err := tx.NewSelect().Model(&rows).Where("user_id = ?", in.UserID).Scan(ctx); err != nil {
		return "", err
	}
	live, err := s.live(ctx, in.UserID, rows)
	if err != nil {
		return "", err
	}
	from, to := in.StartsAt.Add(-MatchMargin), in.EndsAt.Add(MatchMargin)
	best, bestCity := "", false
	var bestStart = to
	for tid, items := range live {
		d := summary(&tripRow{ID: tid}, items)
		if d.StartsAt == nil || !overlaps(*d.StartsAt, d.EndsAt.Add(1), from, to) {
			continue
		}
		inCity := false
		for _, c := range d.Cities {
			if in.City != "" && strings.EqualFold(c, strings.TrimSpace(in.City)) {
				inCity = true
			}
		}
		if best == "" || (inCity && !bestCity) || (inCity == bestCity && d.StartsAt.Before(bestStart)) {
			best, bestCity, bestStart = tid, inCity, *d.StartsAt
		}
	}
	return best, nil
}
