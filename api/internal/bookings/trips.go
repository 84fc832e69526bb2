package bookings

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/practice"
	"sojourn/api/internal/trips"
)

// TripBooking is a user's booking as trips show it (through the sessions'
// Source here, and the tours' Source in package tours).
type TripBooking struct {
	ID, OfferingID, ProviderID, UserID, Kind, Title, Format, Status, TimeZone string
	Start, End                                                                time.Time
	Seats                                                                     int
}

func (r *bookingRow) trip() TripBooking {
	return TripBooking{ID: r.ID, OfferingID: r.OfferingID, ProviderID: r.ProviderID, UserID: r.UserID, Kind: r.Kind,
		Title: r.Title, Format: r.Format, Status: r.Status, TimeZone: r.TimeZone, Start: r.StartAt, End: r.EndAt,
		Seats: r.Seats}
}

// UserBookings are the user's own bookings of the kinds among ids (others'
// and other kinds left out), held ones included.
func (s *Service) UserBookings(ctx context.Context, userID string, ids, kinds []string) ([]TripBooking, error) {
	out := []TripBooking{}
	if len(ids) == 0 || len(kinds) == 0 {
		return out, nil
	}
	var rows []*bookingRow
	if err := s.db.NewSelect().Model(&rows).Where("user_id = ?", userID).Where("id IN (?)", bun.In(ids)).
		Where("kind IN (?)", bun.In(kinds)).Scan(ctx); err != nil {
		return nil, err
	}
	for _, r := range rows {
		out = append(out, r.trip())
	}
	return out, nil
}

// UpcomingBookings are the user's paid live bookings of the kinds starting
// after from, soonest first.
func (s *Service) UpcomingBookings(ctx context.Context, userID string, kinds []string, from time.Time, limit int) ([]TripBooking, error) {
	out := []TripBooking{}
	var rows []*bookingRow
	if err := s.db.NewSelect().Model(&rows).Where("user_id = ?", userID).Where("kind IN (?)", bun.In(kinds)).
		Where("status IN (?)", bun.In([]string{StatusPendingConfirmation, StatusConfirmed})).
		Where("start_at > ?", from.UTC()).OrderExpr("start_at, id").Limit(int64(limit)).Scan(ctx); err != nil {
		return nil, err
	}
	for _, r := range rows {
		out = append(out, r.trip())
	}
	return out, nil
}

// SessionSource offers the user's therapy and coaching sessions to trips
// (kind "session"): a video or phone session has no place; an in-person
// one is in its practice's city.
type SessionSource struct{ s *Service }

// SessionSource is the sessions' trips.Source.
func (s *Service) SessionSource() *SessionSource { return &SessionSource{s: s} }

var sessionKinds = []string{practice.KindTherapist, practice.KindCoach}

// Kind is "session".
func (t *SessionSource) Kind() string { return trips.KindSession }

// Items are the user's own sessions among ids.
func (t *SessionSource) Items(ctx context.Context, userID string, ids []string) ([]trips.Item, error) {
	bs, err := t.s.UserBookings(ctx, userID, ids, sessionKinds)
	if err != nil {
		return nil, err
	}
	return t.items(ctx, bs), nil
}

// Upcoming are the user's paid sessions starting after from.
func (t *SessionSource) Upcoming(ctx context.Context, userID string, from time.Time, limit int) ([]trips.Item, error) {
	bs, err := t.s.UpcomingBookings(ctx, userID, sessionKinds, from, limit)
	if err != nil {
		return nil, err
	}
	return t.items(ctx, bs), nil
}

func (t *SessionSource) items(ctx context.Context, bs []TripBooking) []trips.Item {
	out := make([]trips.Item, 0, len(bs))
	providers := map[string]practice.Provider{}
	for _, b := range bs {
		p, ok := providers[b.ProviderID]
		if !ok {
			if v, err := t.s.c.Practice.Provider(ctx, b.ProviderID); err == nil {
				p = v
			}
			providers[b.ProviderID] = p
		}
		what := "Therapy session"
		if b.Kind == practice.KindCoach {
			what = "Coaching session"
		}
		sub := what + " with " + p.DisplayName
		place := trips.Place{}
		switch b.Format {
		case "in_person":
			sub += ", in person"
			place = trips.Place{Name: p.DisplayName, City: p.City, Country: p.Country}
		case "phone":
			sub += ", by phone"
		default:
			sub += ", by video"
		}
		zone := b.TimeZone
		out = append(out, trips.Item{Kind: trips.KindSession, RefID: b.ID, UserID: b.UserID, Title: b.Title,
			Subtitle: sub, Status: b.Status, Link: "/user-calendar?booking=" + b.ID, StartsAt: b.Start, EndsAt: b.End,
			StartZone: zone, EndZone: zone, Start: place, End: place})
	}
	return out
}
