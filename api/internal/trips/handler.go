package trips

import (
	"strconv"
	"time"

	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/authn"
	"sojourn/api/internal/platform/httpx"
)

// Register mounts the trip routes (all the signed-in caller's own).
func (s *Service) Register(r httpx.Router) {
	h := &handler{s: s}
	r.Get("/trips", httpx.OwnCursorList(s.List))
	r.Post("/trips", h.create)
	r.Get("/trips/upcoming", h.upcoming)
	r.Get("/trips/candidates", h.candidates)
	r.Get("/trips/calendar", h.calendar)
	r.Get("/trips/:id", httpx.OwnItem(s.Trip))
	r.Patch("/trips/:id", h.rename)
	r.Delete("/trips/:id", h.delete)
	r.Post("/trips/:id/items", h.addItem)
	r.Delete("/trips/:id/items/:kind/:refId", h.removeItem)
}

type handler struct{ s *Service }

type nameBody struct {
	Name string `json:"name"`
}

type itemBody struct {
	Kind  string `json:"kind"`
	RefID string `json:"ref_id"`
}

func uid(c fiber.Ctx) (string, error) {
	p, err := authn.Must(c)
	if err != nil {
		return "", err
	}
	return p.UserID, nil
}

func (h *handler) create(c fiber.Ctx) error {
	u, err := uid(c)
	if err != nil {
		return err
	}
	var b nameBody
	if err := httpx.Decode(c, &b); err != nil {
		return err
	}
	v, err := h.s.Create(c.Context(), u, b.Name)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(httpx.Data[TripView]{Data: v})
}

func (h *handler) rename(c fiber.Ctx) error {
	u, err := uid(c)
	if err != nil {
		return err
	}
	var b nameBody
	if err := httpx.Decode(c, &b); err != nil {
		return err
	}
	v, err := h.s.Rename(c.Context(), u, c.Params("id"), b.Name)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[TripView]{Data: v})
}

func (h *handler) delete(c fiber.Ctx) error {
	u, err := uid(c)
	if err != nil {
		return err
	}
	if err := h.s.Delete(c.Context(), u, c.Params("id")); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

func (h *handler) addItem(c fiber.Ctx) error {
	u, err := uid(c)
	if err != nil {
		return err
	}
	var b itemBody
	if err := httpx.Decode(c, &b); err != nil {
		return err
	}
	v, err := h.s.AddItem(c.Context(), u, c.Params("id"), ItemRef(b))
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[TripView]{Data: v})
}

func (h *handler) removeItem(c fiber.Ctx) error {
	u, err := uid(c)
	if err != nil {
		return err
	}
	v, err := h.s.RemoveItem(c.Context(), u, c.Params("id"), ItemRef{Kind: c.Params("kind"), RefID: c.Params("refId")})
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[TripView]{Data: v})
}

func (h *handler) upcoming(c fiber.Ctx) error {
	u, err := uid(c)
	if err != nil {
		return err
	}
	limit := 10
	if v := c.Query("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > upcomingMax {
			return apperr.Validation(map[string]string{"limit": "must be a whole number from 1 to 50"})
		}
		limit = n
	}
	out, err := h.s.Upcoming(c.Context(), u, limit)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[[]TripDTO]{Data: out})
}

func (h *handler) candidates(c fiber.Ctx) error {
	u, err := uid(c)
	if err != nil {
		return err
	}
	out, err := h.s.Candidates(c.Context(), u)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[[]ItemDTO]{Data: out})
}

// calendar: ?from&to (RFC 3339, 2000..2100, at most 100 days apart).
func (h *handler) calendar(c fiber.Ctx) error {
	u, err := uid(c)
	if err != nil {
		return err
	}
	f := apperr.Fields{}
	from := parseTime(f, "from", c.Query("from"))
	to := parseTime(f, "to", c.Query("to"))
	if len(f) == 0 {
		f.Check(to.After(from) && to.Sub(from) <= 100*24*time.Hour, "to", "must be after from, at most 100 days later")
	}
	if err := f.Err(); err != nil {
		return err
	}
	out, err := h.s.CalendarItems(c.Context(), u, from, to)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[[]ItemDTO]{Data: out})
}

func parseTime(f apperr.Fields, field, v string) time.Time {
	t, err := time.Parse(time.RFC3339, v)
	if err != nil || t.Year() < 2000 || t.Year() >= 2100 {
		f.Add(field, "must be an RFC 3339 time between 2000 and 2100")
	}
	return t.UTC()
}
