package bookings

import (
	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/authn"
	"sojourn/api/internal/platform/httpx"
)

// The admin routes (policy: role admin): the bookings table, one booking
// with its history, and the cancellation with a full refund.
func (h *handler) adminRoutes(r httpx.Router) {
	r.Get("/admin/bookings", h.adminList)
	r.Get("/admin/bookings/:id", h.adminGet)
	r.Post("/admin/bookings/:id/cancel", h.idem.Wrap(h.adminCancel))
}

func (h *handler) adminList(c fiber.Ctx) error {
	p, err := httpx.ParsePage(c)
	if err != nil {
		return err
	}
	rows, total, err := h.s.AdminList(c.Context(), AdminFilter{ProviderID: c.Query("provider_id"),
		UserID: c.Query("user_id"), Status: c.Query("status"), Kind: c.Query("kind"), From: c.Query("from"),
		To: c.Query("to")}, p)
	if err != nil {
		return err
	}
	out, err := h.s.dtos(c.Context(), rows)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewList(out, p, total))
}

func (h *handler) adminGet(c fiber.Ctx) error {
	out, err := h.s.AdminGet(c.Context(), c.Params("id"))
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[AdminBookingDTO]{Data: out})
}

// adminCancelInput is POST /admin/bookings/{id}/cancel.
type adminCancelInput struct {
	Reason string `json:"reason"`
}

func (h *handler) adminCancel(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in adminCancelInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	b, err := h.s.AdminCancel(c.Context(), p.UserID, c.IP(), c.Params("id"), in.Reason)
	if err != nil {
		return err
	}
	out, err := h.s.AdminGet(c.Context(), b.ID)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[AdminBookingDTO]{Data: out})
}
