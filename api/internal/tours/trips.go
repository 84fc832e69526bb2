package tours

import (
	"context"
	"strconv"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/bookings"
	"sojourn/api/internal/trips"
)

// TripBookings is what the tours' trips Source needs of the booking
// kernel: the user's bookings of tour departures (bookings.Service).
type TripBookings interface {
	UserBookings(ctx context.Context, userID string, ids, kinds []string) ([]bookings.TripBooking, error)
	UpcomingBookings(ctx context.Context, userID string, kinds []string, from time.Time, limit int) ([]bookings.TripBooking, error)
}

// TripSource offers the user's tour bookings to trips (kind "tour"): a
// booking of a departure, at the tour's meeting point, in the guide's
// zone. Trips never read the tour or booking tables.
type TripSource struct {
	s *Service
	k TripBookings
}

// TripSource is the tours' trips.Source over the kernel's bookings.
func (s *Service) TripSource(k TripBookings) *TripSource { return &TripSource{s: s, k: k} }

// Kind is "tour".
func (t *TripSource) Kind() string { return trips.KindTour }

// Items are the user's own tour bookings among ids.
func (t *TripSource) Items(ctx context.Context, userID string, ids []string) ([]trips.Item, error) {
	bs, err := t.k.UserBookings(ctx, userID, ids, []string{Kind})
	if err != nil {
		return nil, err
	}
	return t.items(ctx, bs)
}

// Upcoming are the user's paid tour bookings starting after from.
func (t *TripSource) Upcoming(ctx context.Context, userID string, from time.Time, limit int) ([]trips.Item, error) {
	bs, err := t.k.UpcomingBookings(ctx, userID, []string{Kind}, from, limit)
	if err != nil {
		return nil, err
	}
	return t.items(ctx, bs)
}

func (t *TripSource) items(ctx context.Context, bs []bookings.TripBooking) ([]trips.Item, error) {
	out := make([]trips.Item, 0, len(bs))
	if len(bs) == 0 {
		return out, nil
	}
	offs := []string{}
	for _, b := range bs {
		offs = append(offs, b.OfferingID)
	}
	var rows []*tourRow
	if err := t.s.db.NewSelect().Model(&rows).Where("t.offering_id IN (?)", bun.In(offs)).Scan(ctx); err != nil {
		return nil, err
	}
	byID := map[string]*tourRow{}
	for _, r := range rows {
		byID[r.OfferingID] = r
	}
	for _, b := range bs {
		place := trips.Place{}
		title := b.Title
		if r := byID[b.OfferingID]; r != nil {
			lat, lng := r.MeetingLat, r.MeetingLng
			place = trips.Place{Name: r.MeetingAddress, City: r.City, Country: r.Country, Lat: &lat, Lng: &lng}
			title = r.Title
		}
		sub := "Meet at " + place.Name
		if b.Seats > 1 {
			sub += " · " + strconv.Itoa(b.Seats) + " travellers"
		}
		out = append(out, trips.Item{Kind: trips.KindTour, RefID: b.ID, UserID: b.UserID, Title: title, Subtitle: sub,
			Status: b.Status, Link: TourCalendarPath + "?booking=" + b.ID, StartsAt: b.Start, EndsAt: b.End,
			StartZone: b.TimeZone, EndZone: b.TimeZone, Start: place, End: place})
	}
	return out, nil
}

// TourCalendarPath is where a user sees their tour bookings.
const TourCalendarPath = "/user-calendar"
