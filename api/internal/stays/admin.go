package stays

import (
	"context"
	"time"

	"github.com/gofiber/fiber/v3"
	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/page"
)

// Traveller names who booked, for admins (from the accounts directory).
type Traveller struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Email string `json:"email"`
}

// AdminStayRow is one line of the admins' list of stays: who, where, when,
// the price paid, the supplier's cost and Sojourn's margin (the markup).
type AdminStayRow struct {
	ID                string    `json:"id"`
	Status            string    `json:"status"`
	Traveller         Traveller `json:"traveller"`
	PropertyID        string    `json:"property_id"`
	PropertyName      string    `json:"property_name"`
	City              string    `json:"city"`
	Country           string    `json:"country"`
	TimeZone          string    `json:"time_zone"`
	CheckIn           string    `json:"check_in"`
	CheckOut          string    `json:"check_out"`
	Rooms             int       `json:"rooms"`
	Adults            int       `json:"adults"`
	Price             Money     `json:"price"`
	Cost              Money     `json:"cost"`
	Margin            Money     `json:"margin"`
	SupplierReference string    `json:"supplier_reference"`
	CreatedAt         time.Time `json:"created_at"`
}

// AdminStay is any stay with what only admins see.
type AdminStay struct {
	Stay
	Traveller         Traveller `json:"traveller"`
	SupplierBookingID string    `json:"supplier_booking_id"`
	Cost              Money     `json:"cost"`
	Margin            Money     `json:"margin"`
}

// booked are the states of a stay that was paid at least once (an open
// quote is not a booking).
var booked = []string{StatusBooking, StatusConfirmed, StatusFailed, StatusCancelled}

// AdminStays lists every traveller's booked stays, newest first (keyset),
// optionally of one status (admins only: the route is under /admin).
func (s *Service) AdminStays(ctx context.Context, status string, c page.Cursor) ([]AdminStayRow, *page.Key, error) {
	statuses := booked
	if status != "" {
		ok := false
		for _, b := range booked {
			ok = ok || b == status
		}
		if !ok {
			return nil, nil, apperr.Validation(map[string]string{"status": "must be booking, confirmed, failed or cancelled"})
		}
		statuses = []string{status}
	}
	var rows []*bookingRow
	q := s.c.DB.NewSelect().Model(&rows).Where("b.status IN (?)", bun.In(statuses))
	if c.After != nil {
		q = q.Where("(b.created_at, b.id) < (?, ?)", c.After.CreatedAt, c.After.ID)
	}
	if err := q.OrderExpr("b.created_at DESC, b.id DESC").Limit(int64(c.Fetch())).Scan(ctx); err != nil {
		return nil, nil, err
	}
	rows, next := page.Trim(rows, c, func(b *bookingRow) page.Key { return page.Key{CreatedAt: b.CreatedAt, ID: b.ID} })
	names := map[string]Traveller{}
	out := make([]AdminStayRow, 0, len(rows))
	for _, b := range rows {
		t, ok := names[b.UserID]
		if !ok {
			t = s.traveller(ctx, b.UserID)
			names[b.UserID] = t
		}
		out = append(out, AdminStayRow{ID: b.ID, Status: b.Status, Traveller: t, PropertyID: b.AccommodationID,
			PropertyName: b.PropertyName, City: b.City, Country: b.Country, TimeZone: b.TimeZone,
			CheckIn: b.CheckInDate, CheckOut: b.CheckOutDate, Rooms: b.Rooms, Adults: b.Adults,
			Price: Money{b.Price, b.Currency}, Cost: Money{b.SupplierTotal, b.Currency},
			Margin: Money{b.Markup, b.Currency}, SupplierReference: b.SupplierReference, CreatedAt: b.CreatedAt.UTC()})
	}
	return out, next, nil
}

// AdminStay is any traveller's stay with its cost and margin.
func (s *Service) AdminStay(ctx context.Context, id string) (AdminStay, error) {
	if len(id) > 64 {
		return AdminStay{}, errNotFound
	}
	b, err := s.loadAny(ctx, s.c.DB, id)
	if err != nil {
		return AdminStay{}, err
	}
	return AdminStay{Stay: s.view(b), Traveller: s.traveller(ctx, b.UserID), SupplierBookingID: b.SupplierBookingID,
		Cost: Money{b.SupplierTotal, b.Currency}, Margin: Money{b.Markup, b.Currency}}, nil
}

// traveller names a user; one the directory cannot find shows by id alone.
func (s *Service) traveller(ctx context.Context, userID string) Traveller {
	t := Traveller{ID: userID}
	if p, err := s.c.Directory.Person(ctx, userID); err == nil {
		t.Name, t.Email = p.DisplayName, p.Email
		if t.Name == "" {
			t.Name = p.Username
		}
	}
	return t
}

func (h *handler) adminList(c fiber.Ctx) error {
	if _, err := uid(c); err != nil {
		return err
	}
	cur, err := httpx.ParseCursor(c)
	if err != nil {
		return err
	}
	items, next, err := h.s.AdminStays(c.Context(), c.Query("status"), cur)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewCursorList(items, cur, next))
}

func (h *handler) adminGet(c fiber.Ctx) error {
	if _, err := uid(c); err != nil {
		return err
	}
	out, err := h.s.AdminStay(c.Context(), c.Params("id"))
	return data(c, fiber.StatusOK, out, err)
}
