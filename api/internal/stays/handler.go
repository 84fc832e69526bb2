package stays

import (
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/authn"
	"sojourn/api/internal/platform/httpx"
)

// Register mounts the stays routes.
func (s *Service) Register(r httpx.Router) {
	h := &handler{s: s}
	idem := s.c.Idempotency.Wrap
	r.Get("/stays/cities", h.cities)
	r.Get("/stays/search", h.search)
	r.Get("/stays/properties/:id", h.property)
	r.Post("/stays/quotes", h.quote)
	r.Get("/stays/bookings", httpx.OwnCursorList(s.MyStays))
	r.Get("/stays/bookings/:id", httpx.OwnItem(s.Mine))
	r.Post("/stays/bookings/:id/pay", idem(h.pay))
	r.Post("/stays/bookings/:id/cancel", idem(h.cancel))
	r.Get("/admin/stays/bookings", h.adminList)
	r.Get("/admin/stays/bookings/:id", h.adminGet)
}

type handler struct{ s *Service }

func uid(c fiber.Ctx) (string, error) {
	p, err := authn.Must(c)
	if err != nil {
		return "", err
	}
	return p.UserID, nil
}

func data[T any](c fiber.Ctx, status int, v T, err error) error {
	if err != nil {
		return err
	}
	return c.Status(status).JSON(httpx.Data[T]{Data: v})
}

func (h *handler) cities(c fiber.Ctx) error {
	return c.JSON(httpx.Data[[]City]{Data: Cities})
}

func intQ(f apperr.Fields, c fiber.Ctx, name string, def, lo, hi int64) int64 {
	v := c.Query(name)
	if v == "" {
		return def
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < lo || n > hi {
		f.Add(name, "must be a whole number from "+strconv.FormatInt(lo, 10)+" to "+strconv.FormatInt(hi, 10))
		return def
	}
	return n
}

func floatQ(f apperr.Fields, c fiber.Ctx, name string) *float64 {
	v := c.Query(name)
	if v == "" {
		return nil
	}
	n, err := strconv.ParseFloat(v, 64)
	if err != nil || n != n || n > 1e6 || n < -1e6 {
		f.Add(name, "must be a number")
		return nil
	}
	return &n
}

func (h *handler) search(c fiber.Ctx) error {
	f := apperr.Fields{}
	in := SearchInput{City: c.Query("city"), Lat: floatQ(f, c, "lat"), Lng: floatQ(f, c, "lng"),
		CheckIn: c.Query("check_in"), CheckOut: c.Query("check_out"),
		Rooms: int(intQ(f, c, "rooms", 1, 0, 100)), Adults: int(intQ(f, c, "adults", 2, 0, 100)),
		MinPrice: intQ(f, c, "min_price", 0, 0, 1e13), MaxPrice: intQ(f, c, "max_price", 0, 0, 1e13),
		MinStars: int(intQ(f, c, "stars", 0, 0, 5)), FreeCancellation: c.Query("free_cancellation") == "true",
		Sort: c.Query("sort")}
	if r := floatQ(f, c, "radius"); r != nil {
		in.RadiusKM = *r
	}
	if a := c.Query("amenities"); a != "" {
		in.Amenities = strings.Split(a, ",")
	}
	if len(in.City) > 100 {
		f.Add("city", "at most 100 characters")
	}
	if err := f.Err(); err != nil {
		return err
	}
	res, err := h.s.Search(c.Context(), in)
	if err != nil {
		return err
	}
	return c.JSON(res)
}

func (h *handler) property(c fiber.Ctx) error {
	f := apperr.Fields{}
	rooms := int(intQ(f, c, "rooms", 1, 0, 100))
	adults := int(intQ(f, c, "adults", 2, 0, 100))
	if err := f.Err(); err != nil {
		return err
	}
	p, err := h.s.Property(c.Context(), c.Params("id"), c.Query("check_in"), c.Query("check_out"), rooms, adults)
	return data(c, fiber.StatusOK, p, err)
}

type quoteBody struct {
	RateID    string `json:"rate_id"`
	SeenPrice int64  `json:"seen_price"`
}

func (h *handler) quote(c fiber.Ctx) error {
	u, err := uid(c)
	if err != nil {
		return err
	}
	var in quoteBody
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	st, err := h.s.Quote(c.Context(), u, QuoteInput{RateID: in.RateID, SeenPrice: in.SeenPrice})
	return data(c, fiber.StatusCreated, st, err)
}

type payBody struct {
	Guests        []Guest `json:"guests"`
	Email         string  `json:"email"`
	Phone         string  `json:"phone"`
	PayWith       string  `json:"pay_with"`
	AcceptedPrice int64   `json:"accepted_price"`
	TripID        string  `json:"trip_id"`
}

func (h *handler) pay(c fiber.Ctx) error {
	u, err := uid(c)
	if err != nil {
		return err
	}
	var in payBody
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	if len(in.Guests) > MaxGuests {
		return apperr.Validation(map[string]string{"guests": "at most 8"})
	}
	p, err := h.s.Pay(c.Context(), u, c.Params("id"), PayInput{Guests: in.Guests, Email: in.Email, Phone: in.Phone,
		PayWith: in.PayWith, AcceptedPrice: in.AcceptedPrice, TripID: in.TripID, Origin: c.Get(fiber.HeaderOrigin)})
	return data(c, fiber.StatusOK, p, err)
}

func (h *handler) cancel(c fiber.Ctx) error {
	u, err := uid(c)
	if err != nil {
		return err
	}
	st, err := h.s.Cancel(c.Context(), u, c.Params("id"))
	return data(c, fiber.StatusOK, st, err)
}
