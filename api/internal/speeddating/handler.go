package speeddating

import (
	"context"
	"unicode/utf8"

	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/authn"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/idempotency"
)

type handler struct {
	s    *Service
	idem *idempotency.Middleware
}

func (h *handler) routes(r httpx.Router) {
	r.Get("/speed-dating/events", h.events)
	r.Get("/speed-dating/events/:id", h.event)
	r.Post("/speed-dating/events/:id/tickets", h.idem.Wrap(h.buy))
	r.Delete("/speed-dating/events/:id/tickets/mine", h.idem.Wrap(httpx.OwnItem(h.s.CancelMine)))
	r.Get("/speed-dating/tickets", httpx.OwnCursorList(h.s.MyTickets))
	r.Get("/speed-dating/events/:id/live", httpx.OwnItem(h.s.Live))
	r.Post("/speed-dating/events/:id/check-in", httpx.OwnItem(h.s.CheckIn))
	r.Post("/speed-dating/events/:id/leave", httpx.OwnItem(h.s.Leave))
	r.Put("/speed-dating/events/:id/votes/:partner_id", h.vote)
	r.Get("/admin/speed-dating/events", h.adminEvents)
	r.Post("/admin/speed-dating/events", h.create)
	r.Get("/admin/speed-dating/events/:id", h.adminEvent)
	r.Put("/admin/speed-dating/events/:id", h.update)
	r.Post("/admin/speed-dating/events/:id/start", h.control(h.s.Start))
	r.Post("/admin/speed-dating/events/:id/pause", h.control(h.s.Pause))
	r.Post("/admin/speed-dating/events/:id/resume", h.control(h.s.Resume))
	r.Post("/admin/speed-dating/events/:id/next", h.control(h.s.Next))
	r.Post("/admin/speed-dating/events/:id/end", h.control(h.s.End))
	r.Post("/admin/speed-dating/events/:id/cancel", h.idem.Wrap(h.cancel))
}

func viewer(c fiber.Ctx) string {
	if p := authn.From(c); p != nil {
		return p.UserID
	}
	return ""
}

func (h *handler) events(c fiber.Ctx) error {
	cur, err := httpx.ParseCursor(c)
	if err != nil {
		return err
	}
	out, next, err := h.s.Events(c.Context(), viewer(c), cur)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewCursorList(out, cur, next))
}

func (h *handler) event(c fiber.Ctx) error {
	out, err := h.s.Event(c.Context(), viewer(c), c.Params("id"))
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[Event]{Data: out})
}

func (h *handler) buy(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in struct {
		PayWith string `json:"pay_with"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.Buy(c.Context(), p.UserID, c.Params("id"), in.PayWith, c.Get(idempotency.Header),
		c.Get(fiber.HeaderOrigin))
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(httpx.Data[Purchase]{Data: out})
}

func (h *handler) vote(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in struct {
		Yes *bool `json:"yes"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	if in.Yes == nil {
		return apperr.Validation(map[string]string{"yes": "is required"})
	}
	out, err := h.s.Vote(c.Context(), p.UserID, c.Params("id"), c.Params("partner_id"), *in.Yes)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[Live]{Data: out})
}

func (h *handler) adminEvents(c fiber.Ctx) error {
	status := c.Query("status")
	if status != "" && status != "all" {
		ok := false
		for _, s := range Statuses {
			ok = ok || s == status
		}
		if !ok {
			return apperr.Validation(map[string]string{"status": "is not a status"})
		}
	}
	pg, err := httpx.ParsePage(c)
	if err != nil {
		return err
	}
	out, total, err := h.s.AdminEvents(c.Context(), status, pg)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewList(out, pg, total))
}

func (h *handler) adminEvent(c fiber.Ctx) error {
	out, err := h.s.AdminEvent(c.Context(), c.Params("id"))
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[AdminEvent]{Data: out})
}

func (h *handler) create(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in EventInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.Create(c.Context(), p.UserID, c.IP(), in)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(httpx.Data[AdminEvent]{Data: out})
}

func (h *handler) update(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in EventInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.Update(c.Context(), p.UserID, c.IP(), c.Params("id"), in)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[AdminEvent]{Data: out})
}

func (h *handler) control(fn func(ctx context.Context, actorID, ip, id string) (AdminEvent, error)) fiber.Handler {
	return func(c fiber.Ctx) error {
		p, err := authn.Must(c)
		if err != nil {
			return err
		}
		out, err := fn(c.Context(), p.UserID, c.IP(), c.Params("id"))
		if err != nil {
			return err
		}
		return c.JSON(httpx.Data[AdminEvent]{Data: out})
	}
}

func (h *handler) cancel(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in struct {
		Reason string `json:"reason"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	if n := utf8.RuneCountInString(in.Reason); n < 3 || n > 500 {
		return apperr.Validation(map[string]string{"reason": "must be 3 to 500 characters"})
	}
	out, err := h.s.Cancel(c.Context(), p.UserID, c.IP(), c.Params("id"), in.Reason)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[AdminEvent]{Data: out})
}
