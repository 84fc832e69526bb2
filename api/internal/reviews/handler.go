package reviews

import (
	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/authn"
	"sojourn/api/internal/platform/httpx"
)

type handler struct{ s *Service }

func (h *handler) routes(r httpx.Router) {
	r.Post("/bookings/:id/review", h.create)
	r.Get("/providers/:id/reviews", h.ofProvider)
	r.Get("/practice/reviews", h.received)
	r.Post("/practice/reviews/:id/reply", h.reply)
	r.Post("/reviews/:id/report", h.report)
	r.Get("/admin/reviews", h.queue)
	r.Post("/admin/reviews/:id/decision", h.decide)
}

func (h *handler) create(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in ReviewInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.Create(c.Context(), p.UserID, c.Params("id"), in)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(httpx.Data[Review]{Data: out})
}

func (h *handler) ofProvider(c fiber.Ctx) error {
	cur, err := httpx.ParseCursor(c)
	if err != nil {
		return err
	}
	items, next, err := h.s.OfProvider(c.Context(), c.Params("id"), cur)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewCursorList(items, cur, next))
}

func (h *handler) received(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	cur, err := httpx.ParseCursor(c)
	if err != nil {
		return err
	}
	items, next, err := h.s.Received(c.Context(), p.UserID, c.Query("kind"), cur)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewCursorList(items, cur, next))
}

func (h *handler) reply(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in ReplyInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.Reply(c.Context(), p.UserID, c.Params("id"), in)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[Review]{Data: out})
}

func (h *handler) report(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in ReportInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	if err := h.s.Report(c.Context(), p.UserID, c.Params("id"), in); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

func (h *handler) queue(c fiber.Ctx) error {
	pg, err := httpx.ParsePage(c)
	if err != nil {
		return err
	}
	items, total, err := h.s.Queue(c.Context(), c.Query("status"), pg)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewList(items, pg, total))
}

func (h *handler) decide(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in DecisionInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.Decide(c.Context(), p.UserID, c.IP(), c.Params("id"), in)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[Review]{Data: out})
}
