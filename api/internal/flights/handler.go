package flights

import (
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/authn"
	"sojourn/api/internal/platform/httpx"
)

// WebhookPath is where Duffel delivers its signed events.
const WebhookPath = "/travel/webhooks/duffel"

// Register mounts the flight routes.
func (s *Service) Register(r httpx.Router) {
	idem := s.c.Idempotency.Wrap
	r.Get("/flights/offers", s.hSearch)
	r.Get("/flights/offers/:id", s.hOffer)
	r.Post("/flights/orders", idem(s.hCreate))
	r.Get("/flights/orders", httpx.OwnCursorList(s.MyOrders))
	r.Get("/flights/orders/:id", s.hOrder)
	r.Post("/flights/orders/:id/cancellation_quote", idem(s.hQuote))
	r.Post("/flights/orders/:id/cancel", idem(s.hCancel))
	r.Get("/admin/flights/orders", s.hAdminOrders)
	r.Get("/admin/flights/orders/:id", s.hAdminOrder)
	r.Post(WebhookPath, s.hWebhook)
}

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

func qint(c fiber.Ctx, key string, def int, f apperr.Fields) int {
	v := c.Query(key)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 || n > 99 {
		f.Add(key, "must be a small whole number")
		return 0
	}
	return n
}

// searchInput reads the search from the address: from, to, depart and
// return (a round trip), or slices=LOS-ACC-2026-12-10,ACC-NBO-2026-12-14
// (multi-city); adults, children, infants, cabin.
func searchInput(c fiber.Ctx) (SearchInput, error) {
	f := apperr.Fields{}
	in := SearchInput{Adults: qint(c, "adults", 1, f), Children: qint(c, "children", 0, f),
		Infants: qint(c, "infants", 0, f), Cabin: c.Query("cabin")}
	if raw := c.Query("slices"); raw != "" {
		if len(raw) > 200 {
			f.Add("slices", "at most 4 journeys")
		} else {
			for _, part := range strings.Split(raw, ",") {
				bits := strings.SplitN(part, "-", 3)
				if len(bits) != 3 {
					f.Add("slices", "each journey is FROM-TO-YYYY-MM-DD")
					break
				}
				in.Slices = append(in.Slices, SliceInput{From: bits[0], To: bits[1], Date: bits[2]})
			}
		}
	} else {
		from, to := c.Query("from"), c.Query("to")
		in.Slices = []SliceInput{{From: from, To: to, Date: c.Query("depart")}}
		if r := c.Query("return"); r != "" {
			in.Slices = append(in.Slices, SliceInput{From: to, To: from, Date: r})
		}
	}
	if len(in.Cabin) > 20 {
		f.Add("cabin", "must be economy, premium_economy, business or first")
	}
	return in, f.Err()
}

func (s *Service) hSearch(c fiber.Ctx) error {
	if _, err := uid(c); err != nil {
		return err
	}
	in, err := searchInput(c)
	if err != nil {
		return err
	}
	out, err := s.Search(c.Context(), in)
	return data(c, fiber.StatusOK, out, err)
}

func (s *Service) hOffer(c fiber.Ctx) error {
	if _, err := uid(c); err != nil {
		return err
	}
	var shown int64
	if v := c.Query("price"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 0 || n > 1e12 {
			return apperr.Validation(map[string]string{"price": "must be the price shown, in minor units"})
		}
		shown = n
	}
	out, err := s.OfferDetail(c.Context(), c.Params("id"), shown)
	return data(c, fiber.StatusOK, out, err)
}

func (s *Service) hCreate(c fiber.Ctx) error {
	u, err := uid(c)
	if err != nil {
		return err
	}
	var in OrderInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	in.Origin = c.Get(fiber.HeaderOrigin)
	out, err := s.Create(c.Context(), u, in)
	return data(c, fiber.StatusCreated, out, err)
}

func (s *Service) hOrder(c fiber.Ctx) error {
	u, err := uid(c)
	if err != nil {
		return err
	}
	out, err := s.Mine(c.Context(), u, c.Params("id"))
	return data(c, fiber.StatusOK, out, err)
}

func (s *Service) hQuote(c fiber.Ctx) error {
	u, err := uid(c)
	if err != nil {
		return err
	}
	out, err := s.QuoteCancellation(c.Context(), u, c.Params("id"))
	return data(c, fiber.StatusOK, out, err)
}

func (s *Service) hCancel(c fiber.Ctx) error {
	u, err := uid(c)
	if err != nil {
		return err
	}
	out, err := s.ConfirmCancellation(c.Context(), u, c.Params("id"))
	return data(c, fiber.StatusOK, out, err)
}

func (s *Service) hAdminOrder(c fiber.Ctx) error {
	if _, err := uid(c); err != nil {
		return err
	}
	out, err := s.AdminOrder(c.Context(), c.Params("id"))
	return data(c, fiber.StatusOK, out, err)
}

func (s *Service) hWebhook(c fiber.Ctx) error {
	body := c.Body()
	if len(body) > 1<<20 {
		return apperr.New(apperr.CodePayloadTooLarge, "The event is larger than 1 MB.")
	}
	if err := s.HandleWebhook(c.Context(), c.Get("X-Duffel-Signature"), body); err != nil {
		return err
	}
	return c.JSON(fiber.Map{"data": fiber.Map{"received": true}})
}
