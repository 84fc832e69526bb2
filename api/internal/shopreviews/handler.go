package shopreviews

import (
	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/authn"
	"sojourn/api/internal/platform/httpx"
)

type handler struct{ s *Service }

var photoUpload = httpx.Upload{Field: "file", Max: MaxPhotoBytes, NotMultipart: errPhotoMultipart,
	Missing: errPhotoMissing, TooLarge: errPhotoTooLarge}

func (h *handler) routes(r httpx.Router) {
	r.Get("/shop/products/:id/reviews", h.ofProduct)
	r.Get("/shop/reviews/mine", httpx.OwnCursorList(h.s.Mine))
	r.Get("/shop/reviews/pending", h.reviewable)
	r.Post("/shop/reviews", h.create)
	r.Post("/shop/reviews/:id/photos", h.photo)
	r.Post("/shop/reviews/:id/report", h.report)
	r.Get("/vendor/reviews", h.received)
	r.Post("/vendor/reviews/:id/reply", h.reply)
	r.Get("/admin/shop/reviews", h.queue)
	r.Post("/admin/shop/reviews/:id/approve", h.approve)
	r.Post("/admin/shop/reviews/:id/reject", h.reject)
}

func data[T any](c fiber.Ctx, status int, v T) error {
	return c.Status(status).JSON(httpx.Data[T]{Data: v})
}

func (h *handler) ofProduct(c fiber.Ctx) error {
	cur, err := httpx.ParseCursor(c)
	if err != nil {
		return err
	}
	items, next, err := h.s.OfProduct(c.Context(), c.Params("id"), cur)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewCursorList(items, cur, next))
}

func (h *handler) reviewable(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	out, err := h.s.Reviewable(c.Context(), p.UserID)
	if err != nil {
		return err
	}
	return data(c, fiber.StatusOK, out)
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
	out, err := h.s.Create(c.Context(), p.UserID, in)
	if err != nil {
		return err
	}
	return data(c, fiber.StatusCreated, out)
}

func (h *handler) photo(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	b, err := httpx.ReadUpload(c, photoUpload)
	if err != nil {
		return err
	}
	out, err := h.s.AddPhoto(c.Context(), p.UserID, c.Params("id"), b)
	if err != nil {
		return err
	}
	return data(c, fiber.StatusOK, out)
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

func (h *handler) received(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	cur, err := httpx.ParseCursor(c)
	if err != nil {
		return err
	}
	unanswered := false
	switch c.Query("unanswered") {
	case "", "false":
	case "true":
		unanswered = true
	default:
		return apperr.Validation(map[string]string{"unanswered": "must be true or false"})
	}
	items, next, err := h.s.Received(c.Context(), p.UserID, unanswered, cur)
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
	return data(c, fiber.StatusOK, out)
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

func (h *handler) approve(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	out, err := h.s.Approve(c.Context(), p.UserID, c.IP(), c.Params("id"))
	if err != nil {
		return err
	}
	return data(c, fiber.StatusOK, out)
}

func (h *handler) reject(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in RejectInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.Reject(c.Context(), p.UserID, c.IP(), c.Params("id"), in)
	if err != nil {
		return err
	}
	return data(c, fiber.StatusOK, out)
}
