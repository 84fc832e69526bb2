package wishlists

import (
	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/authn"
	"sojourn/api/internal/platform/httpx"
)

type handler struct{ s *Service }

func (h *handler) routes(r httpx.Router) {
	r.Get("/shop/wishlists", h.lists)
	r.Post("/shop/wishlists", h.create)
	r.Get("/shop/wishlists/shared/:token", h.shared)
	r.Patch("/shop/wishlists/:id", h.update)
	r.Delete("/shop/wishlists/:id", h.delete)
	r.Post("/shop/wishlists/:id/items", h.addItem)
	r.Patch("/shop/wishlists/:id/items/:item_id", h.setAlerts)
	r.Delete("/shop/wishlists/:id/items/:item_id", h.removeItem)
}

func data[T any](c fiber.Ctx, status int, v T) error {
	return c.Status(status).JSON(httpx.Data[T]{Data: v})
}

func (h *handler) lists(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	out, err := h.s.Lists(c.Context(), p.UserID)
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
	var in ListInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.Create(c.Context(), p.UserID, in)
	if err != nil {
		return err
	}
	return data(c, fiber.StatusCreated, out)
}

func (h *handler) shared(c fiber.Ctx) error {
	out, err := h.s.Shared(c.Context(), c.Params("token"))
	if err != nil {
		return err
	}
	return data(c, fiber.StatusOK, out)
}

func (h *handler) update(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in ListInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.Update(c.Context(), p.UserID, c.Params("id"), in)
	if err != nil {
		return err
	}
	return data(c, fiber.StatusOK, out)
}

func (h *handler) delete(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	if err := h.s.Delete(c.Context(), p.UserID, c.Params("id")); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

func (h *handler) addItem(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in ItemInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.AddItem(c.Context(), p.UserID, c.Params("id"), in)
	if err != nil {
		return err
	}
	return data(c, fiber.StatusCreated, out)
}

func (h *handler) setAlerts(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in AlertInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.SetAlerts(c.Context(), p.UserID, c.Params("id"), c.Params("item_id"), in)
	if err != nil {
		return err
	}
	return data(c, fiber.StatusOK, out)
}

func (h *handler) removeItem(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	out, err := h.s.RemoveItem(c.Context(), p.UserID, c.Params("id"), c.Params("item_id"))
	if err != nil {
		return err
	}
	return data(c, fiber.StatusOK, out)
}
