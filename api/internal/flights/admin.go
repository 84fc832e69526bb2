package flights

import (
	"context"
	"time"

	"github.com/gofiber/fiber/v3"

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

// AdminOrderRow is one line of the admins' list of flight orders: who,
// where, when, the price paid, the supplier's cost and Sojourn's margin.
type AdminOrderRow struct {
	ID               string    `json:"id"`
	Status           string    `json:"status"`
	Traveller        Traveller `json:"traveller"`
	Origin           Place     `json:"origin"`
	Destination      Place     `json:"destination"`
	Slices           int       `json:"slices"`
	Passengers       int       `json:"passengers"`
	DepartsAt        time.Time `json:"departs_at"`
	EndsAt           time.Time `json:"ends_at"`
	Price            Amount    `json:"price"`
	Cost             Amount    `json:"cost"`
	Margin           Amount    `json:"margin"`
	BookingReference string    `json:"booking_reference"`
	SupplierOrderID  string    `json:"supplier_order_id"`
	CreatedAt        time.Time `json:"created_at"`
}

// adminStatuses are the states an admin may filter by.
var adminStatuses = map[string]bool{StatusAwaitingPayment: true, StatusPlacing: true, StatusConfirmed: true,
	StatusFailed: true, StatusCancelled: true}

// AdminOrders lists every traveller's orders, newest first (keyset),
// optionally of one status (admins only: the route is under /admin).
func (s *Service) AdminOrders(ctx context.Context, status string, c page.Cursor) ([]AdminOrderRow, *page.Key, error) {
	if status != "" && !adminStatuses[status] {
		return nil, nil, apperr.Validation(map[string]string{
			"status": "must be awaiting_payment, placing, confirmed, failed or cancelled"})
	}
	var rows []*orderRow
	q := s.c.DB.NewSelect().Model(&rows)
	if status != "" {
		q = q.Where("o.status = ?", status)
	}
	if c.After != nil {
		q = q.Where("(o.created_at, o.id) < (?, ?)", c.After.CreatedAt, c.After.ID)
	}
	if err := q.OrderExpr("o.created_at DESC, o.id DESC").Limit(int64(c.Fetch())).Scan(ctx); err != nil {
		return nil, nil, err
	}
	rows, next := page.Trim(rows, c, func(o *orderRow) page.Key { return page.Key{CreatedAt: o.CreatedAt, ID: o.ID} })
	names := s.travellers(ctx, rows)
	out := make([]AdminOrderRow, 0, len(rows))
	for _, o := range rows {
		v := s.view(o)
		out = append(out, AdminOrderRow{ID: o.ID, Status: o.Status, Traveller: names[o.UserID],
			Origin: v.Origin, Destination: v.Destination, Slices: len(v.Slices), Passengers: len(v.Passengers),
			DepartsAt: v.DepartsAt, EndsAt: v.EndsAt, Price: v.Price, Cost: Amount{o.Cost, o.Currency},
			Margin: Amount{o.Margin, o.Currency}, BookingReference: o.BookingReference,
			SupplierOrderID: o.SupplierOrderID, CreatedAt: v.CreatedAt})
	}
	return out, next, nil
}

// travellers names each distinct traveller of rows once; one the directory
// cannot find shows by id alone.
func (s *Service) travellers(ctx context.Context, rows []*orderRow) map[string]Traveller {
	out := map[string]Traveller{}
	for _, o := range rows {
		if _, ok := out[o.UserID]; ok {
			continue
		}
		t := Traveller{ID: o.UserID}
		if p, err := s.c.Directory.Person(ctx, o.UserID); err == nil {
			t.Name, t.Email = p.DisplayName, p.Email
			if t.Name == "" {
				t.Name = p.Username
			}
		}
		out[o.UserID] = t
	}
	return out
}

func (s *Service) hAdminOrders(c fiber.Ctx) error {
	if _, err := uid(c); err != nil {
		return err
	}
	cur, err := httpx.ParseCursor(c)
	if err != nil {
		return err
	}
	items, next, err := s.AdminOrders(c.Context(), c.Query("status"), cur)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewCursorList(items, cur, next))
}
