package packages

import (
	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/authn"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/idempotency"
)

type handler struct {
	s    *Service
	idem *idempotency.Middleware
}

func (h *handler) routes(r httpx.Router) {
	r.Get("/practice/packages", h.own)
	r.Post("/practice/packages", h.create)
	r.Patch("/practice/packages/:id", h.update)
	r.Get("/providers/:id/packages", h.ofProvider)
	r.Post("/packages/:id/purchase", h.idem.Wrap(h.buy))
	r.Get("/me/packages", h.mine)
	r.Post("/me/packages/:id/refund", h.idem.Wrap(httpx.OwnItem(h.s.Refund)))
}

func (h *handler) own(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	out, err := h.s.Own(c.Context(), p.UserID, c.Query("kind"))
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[[]Package]{Data: out})
}

func (h *handler) create(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in PackageInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.Create(c.Context(), p.UserID, in)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(httpx.Data[Package]{Data: out})
}

func (h *handler) update(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in PackagePatch
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.Update(c.Context(), p.UserID, c.Params("id"), in)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[Package]{Data: out})
}

func (h *handler) ofProvider(c fiber.Ctx) error {
	out, err := h.s.OfProvider(c.Context(), c.Params("id"))
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[[]Package]{Data: out})
}

func (h *handler) buy(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in PurchaseInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.Buy(c.Context(), p.UserID, c.Params("id"), idempotency.KeyOr(c), c.Get(fiber.HeaderOrigin), in)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(httpx.Data[PurchaseResult]{Data: out})
}

func (h *handler) mine(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	cur, err := httpx.ParseCursor(c)
	if err != nil {
		return err
	}
	items, next, err := h.s.Mine(c.Context(), p.UserID, cur)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewCursorList(items, cur, next))
}
