package giftcards

import (
	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/authn"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/idempotency"
)

// Handler serves the gift-card routes.
type Handler struct {
	s    *Service
	idem *idempotency.Middleware
}

// routes mounts the routes under /api/v1.
func (h *Handler) routes(r httpx.Router) {
	r.Get("/gift-cards/products", h.products)
	r.Get("/gift-cards/products/:productId", h.product)
	r.Post("/gift-cards/purchases", h.idem.Wrap(h.purchase))
	r.Get("/gift-cards/purchased", httpx.OwnCursorList(h.s.Purchased))
	r.Get("/gift-cards/purchased/:id", httpx.OwnItem(h.s.PurchasedCard))
	r.Get("/gift-cards/received", httpx.OwnCursorList(h.s.Received))
	// One click adds a card addressed to the caller's verified email to their wallet, without its code.
	r.Post("/gift-cards/received/:id/redeem", h.idem.Wrap(httpx.OwnItem(h.s.RedeemReceived)))
	// Reveal shows a card-paid card's code to its buyer once; a replay under the same
	// Idempotency-Key answers the same, from the sealed stored answer.
	r.Post("/gift-cards/purchased/:id/reveal", h.idem.Wrap(httpx.OwnItem(h.s.Reveal)))
	r.Post("/gift-cards/redeem", h.idem.Wrap(h.redeem))
	r.Get("/admin/gift-cards/products", h.adminProducts)
	r.Post("/admin/gift-cards/products", h.create)
	r.Patch("/admin/gift-cards/products/:id", h.update)
	r.Post("/admin/gift-cards/products/:id/image", h.image)
}

func (h *Handler) products(c fiber.Ctx) error {
	pg, err := httpx.ParsePage(c)
	if err != nil {
		return err
	}
	active := true
	items, total, err := h.s.Products(c.Context(), &active, pg)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewList(items, pg, total))
}

func (h *Handler) product(c fiber.Ctx) error {
	p := authn.From(c)
	out, err := h.s.Product(c.Context(), c.Params("productId"), p != nil && p.Has("admin"))
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[Product]{Data: out})
}

func (h *Handler) adminProducts(c fiber.Ctx) error {
	pg, err := httpx.ParsePage(c)
	if err != nil {
		return err
	}
	var active *bool
	switch c.Query("active") {
	case "":
	case "true":
		t := true
		active = &t
	case "false":
		f := false
		active = &f
	default:
		return apperr.Validation(map[string]string{"active": "must be true or false"})
	}
	items, total, err := h.s.Products(c.Context(), active, pg)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewList(items, pg, total))
}

func (h *Handler) create(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in ProductInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.CreateProduct(c.Context(), p.UserID, c.IP(), in)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(httpx.Data[Product]{Data: out})
}

func (h *Handler) update(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in ProductPatch
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.UpdateProduct(c.Context(), p.UserID, c.IP(), c.Params("id"), in)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[Product]{Data: out})
}

func (h *Handler) image(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	data, err := httpx.ReadUpload(c, httpx.Upload{Field: "image", Max: MaxImageBytes, NotMultipart: errImageMultipart,
		Missing: errImageMissing, TooLarge: errImageTooLarge})
	if err != nil {
		return err
	}
	out, err := h.s.SetProductImage(c.Context(), p.UserID, c.IP(), c.Params("id"), data)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[Product]{Data: out})
}

func (h *Handler) purchase(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in PurchaseInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.Purchase(c.Context(), p.UserID, idempotency.KeyOr(c), c.Get(fiber.HeaderOrigin), in)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(httpx.Data[PurchaseResult]{Data: out})
}

func (h *Handler) redeem(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in RedeemInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.Redeem(c.Context(), p.UserID, c.IP(), in.Code)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[Redemption]{Data: out})
}
