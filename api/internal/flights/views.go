package flights

import (
	"context"
	"encoding/json"
	"strings"

	"sojourn/api/internal/platform/page"
)

// Mine is one of the caller's orders (404 for anyone else's).
func (s *Service) Mine(ctx context.Context, userID, id string) (Order, error) {
	o, err := s.load(ctx, s.c.DB, id)
	if err != nil {
		return Order{}, err
	}
	if o.UserID != userID {
		return Order{}, errNotFound
	}
	return s.view(o), nil
}

// MyOrders lists the caller's orders, newest first (keyset).
func (s *Service) MyOrders(ctx context.Context, userID string, c page.Cursor) ([]Order, *page.Key, error) {
	var rows []*orderRow
	q := s.c.DB.NewSelect().Model(&rows).Where("o.user_id = ?", userID)
	if c.After != nil {
		q = q.Where("(o.created_at, o.id) < (?, ?)", c.After.CreatedAt, c.After.ID)
	}
	if err := q.OrderExpr("o.created_at DESC, o.id DESC").Limit(int64(c.Fetch())).Scan(ctx); err != nil {
		return nil, nil, err
	}
	rows, next := page.Trim(rows, c, func(o *orderRow) page.Key { return page.Key{CreatedAt: o.CreatedAt, ID: o.ID} })
	out := make([]Order, 0, len(rows))
	for _, o := range rows {
		out = append(out, s.view(o))
	}
	return out, next, nil
}

// AdminOrder is any order with its cost and margin (admins only).
func (s *Service) AdminOrder(ctx context.Context, id string) (AdminOrder, error) {
	o, err := s.load(ctx, s.c.DB, id)
	if err != nil {
		return AdminOrder{}, err
	}
	return AdminOrder{Order: s.view(o), UserID: o.UserID, SupplierOrderID: o.SupplierOrderID,
		Cost: Amount{o.Cost, o.Currency}, Margin: Amount{o.Margin, o.Currency}}, nil
}

func (s *Service) view(o *orderRow) Order {
	v := Order{ID: o.ID, Status: o.Status, BookingReference: o.BookingReference,
		Owner: Carrier{o.OwnerCode, o.OwnerName}, DepartsAt: o.DepartsAt.UTC(), EndsAt: o.EndsAt.UTC(), Bags: o.Bags,
		Price: Amount{o.Price, o.Currency}, PayWith: o.PayWith, FailureReason: o.FailureReason,
		Refunded: Amount{o.RefundedAmount, o.Currency}, TripID: o.TripID, CreatedAt: o.CreatedAt.UTC(),
		ConfirmedAt: o.ConfirmedAt, CancelledAt: o.CancelledAt, Slices: []Slice{}, Passengers: []Passenger{}}
	_ = json.Unmarshal([]byte(o.Itinerary), &v.Slices)
	var stored []storedPassenger
	_ = json.Unmarshal([]byte(o.Passengers), &stored)
	for _, p := range stored {
		v.Passengers = append(v.Passengers, p.Passenger)
	}
	_ = json.Unmarshal([]byte(o.Conditions), &v.Conditions)
	if len(v.Slices) > 0 {
		v.Origin, v.Destination = v.Slices[0].Origin, v.Slices[0].Destination
	}
	if o.Status == StatusConfirmed && o.CancelQuoteID != "" && o.CancelQuoteExpiresAt != nil &&
		s.now().Before(*o.CancelQuoteExpiresAt) {
		v.CancellationQuote = &CancellationQuote{Refund: Amount{o.CancelRefund, o.Currency},
			ExpiresAt: o.CancelQuoteExpiresAt.UTC()}
	}
	if strings.TrimSpace(o.ScheduleChange) != "" {
		var ch ScheduleChange
		if json.Unmarshal([]byte(o.ScheduleChange), &ch) == nil {
			v.ScheduleChange = &ch
		}
	}
	return v
}
