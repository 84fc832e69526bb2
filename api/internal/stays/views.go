package stays

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/duffel"
	"sojourn/api/internal/platform/page"
	"sojourn/api/internal/trips"
)

func (s *Service) load(ctx context.Context, db bun.IDB, userID, id string) (*bookingRow, error) {
	b := new(bookingRow)
	if len(id) > 64 {
		return nil, errNotFound
	}
	err := db.NewSelect().Model(b).Where("b.id = ? AND b.user_id = ?", id, userID).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNotFound
	}
	return b, err
}

func (s *Service) loadAny(ctx context.Context, db bun.IDB, id string) (*bookingRow, error) {
	b := new(bookingRow)
	err := db.NewSelect().Model(b).Where("b.id = ?", id).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNotFound
	}
	return b, err
}

// Mine is one of the caller's stays.
func (s *Service) Mine(ctx context.Context, userID, id string) (Stay, error) {
	b, err := s.load(ctx, s.c.DB, userID, id)
	if err != nil {
		return Stay{}, err
	}
	return s.view(b), nil
}

// MyStays lists the caller's booked stays (paid at least once; open quotes
// are not bookings), newest first, keyset on (created_at, id).
func (s *Service) MyStays(ctx context.Context, userID string, c page.Cursor) ([]Stay, *page.Key, error) {
	var rows []*bookingRow
	q := s.c.DB.NewSelect().Model(&rows).Where("b.user_id = ?", userID).
		Where("b.status IN (?)", bun.In([]string{StatusBooking, StatusConfirmed, StatusFailed, StatusCancelled}))
	if c.After != nil {
		q = q.Where("(b.created_at, b.id) < (?, ?)", c.After.CreatedAt, c.After.ID)
	}
	if err := q.OrderExpr("b.created_at DESC, b.id DESC").Limit(int64(c.Fetch())).Scan(ctx); err != nil {
		return nil, nil, err
	}
	rows, next := page.Trim(rows, c, func(b *bookingRow) page.Key { return page.Key{CreatedAt: b.CreatedAt, ID: b.ID} })
	out := make([]Stay, len(rows))
	for i, b := range rows {
		out[i] = s.view(b)
	}
	return out, next, nil
}

func (s *Service) view(b *bookingRow) Stay {
	var tl []duffel.CancellationEntry
	_ = json.Unmarshal([]byte(b.Cancellation), &tl)
	guests := []Guest{}
	_ = json.Unmarshal([]byte(b.Guests), &guests)
	in, _ := time.Parse(time.DateOnly, b.CheckInDate)
	out, _ := time.Parse(time.DateOnly, b.CheckOutDate)
	st := Stay{ID: b.ID, Status: b.Status, PropertyID: b.AccommodationID, PropertyName: b.PropertyName,
		Address: b.Address, City: b.City, Country: b.Country, TimeZone: b.TimeZone, Photo: b.PhotoURL, Stars: b.Stars,
		RoomName: b.RoomName, BoardType: b.BoardType, Rooms: b.Rooms, Adults: b.Adults, CheckIn: b.CheckInDate,
		CheckOut: b.CheckOutDate, Nights: int(out.Sub(in).Hours() / 24), StartsAt: b.StartsAt.UTC(),
		EndsAt: b.EndsAt.UTC(), Price: Money{b.Price, b.Currency}, RatePrice: Money{b.RatePrice, b.Currency},
		PriceChanged: b.RatePrice != b.Price, QuoteExpiresAt: b.QuoteExpiresAt.UTC(), Refundable: len(tl) > 0,
		Cancellation: s.steps(tl, b.SupplierTotal, b.Price, b.Currency), Guests: guests, Email: b.Email,
		Phone: b.Phone, PayWith: b.PayWith, Reference: b.SupplierReference, FailureReason: b.FailureReason,
		Refunded: Money{b.RefundedAmount, b.Currency}, TripID: b.TripID, CreatedAt: b.CreatedAt.UTC(),
		ConfirmedAt: b.ConfirmedAt, CancelledAt: b.CancelledAt, RefundIfCancelled: Money{0, b.Currency}}
	if b.Status == StatusConfirmed || b.Status == StatusQuoted {
		r := s.refundNow(b)
		st.RefundIfCancelled.Amount = r + marginBack(r, b.SupplierTotal, b.Markup)
	}
	return st
}

// TripSource offers stays to trips. It reads only the stays' own table, so
// app.New builds it before trips, and trips before the stays service (which
// puts new stays in trips).
type TripSource struct{ db bun.IDB }

// NewTripSource makes the trips Source of stays.
func NewTripSource(db bun.IDB) TripSource { return TripSource{db: db} }

// Kind is the trips kind of stays.
func (TripSource) Kind() string { return trips.KindStay }

// Items are the user's own stays among refIDs, as trips show them.
func (s TripSource) Items(ctx context.Context, userID string, refIDs []string) ([]trips.Item, error) {
	if len(refIDs) == 0 {
		return nil, nil
	}
	var rows []*bookingRow
	if err := s.db.NewSelect().Model(&rows).Where("b.user_id = ? AND b.id IN (?)", userID, bun.In(refIDs)).
		Where("b.status IN (?)", bun.In([]string{StatusBooking, StatusConfirmed, StatusCancelled, StatusFailed})).
		OrderExpr("b.starts_at, b.id").Scan(ctx); err != nil {
		return nil, err
	}
	return items(rows), nil
}

// Upcoming are the user's live stays (booking or confirmed) checking in after from.
func (s TripSource) Upcoming(ctx context.Context, userID string, from time.Time, limit int) ([]trips.Item, error) {
	var rows []*bookingRow
	if err := s.db.NewSelect().Model(&rows).Where("b.user_id = ? AND b.starts_at > ?", userID, from).
		Where("b.status IN (?)", bun.In([]string{StatusBooking, StatusConfirmed})).
		OrderExpr("b.starts_at, b.id").Limit(int64(limit)).Scan(ctx); err != nil {
		return nil, err
	}
	return items(rows), nil
}

func items(rows []*bookingRow) []trips.Item {
	out := make([]trips.Item, 0, len(rows))
	for _, b := range rows {
		place := trips.Place{Name: b.PropertyName, City: b.City, Country: b.Country, Lat: b.Lat, Lng: b.Lng}
		out = append(out, trips.Item{Kind: trips.KindStay, RefID: b.ID, UserID: b.UserID, Title: b.PropertyName,
			Subtitle: b.RoomName + " · " + b.City, Status: b.Status,
			Link: "/booking/hotel/" + b.AccommodationID + "?stay=" + b.ID, StartsAt: b.StartsAt.UTC(),
			EndsAt: b.EndsAt.UTC(), StartZone: b.TimeZone, EndZone: b.TimeZone, Start: place, End: place})
	}
	return out
}
