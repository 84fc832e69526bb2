package shop

import (
	"context"

	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/authn"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/idempotency"
	"sojourn/api/internal/platform/page"
)

type handler struct {
	s    *Service
	idem *idempotency.Middleware
}

func (h *handler) routes(r httpx.Router) {
	// The shopper
	r.Get("/shop/cart", h.cart)
	r.Post("/shop/cart/items", h.addItem)
	r.Patch("/shop/cart/items/:variant_id", h.setItem)
	r.Delete("/shop/cart/items/:variant_id", h.removeItem)
	r.Post("/shop/cart/merge", h.merge)
	r.Get("/shop/addresses", h.addresses)
	r.Post("/shop/addresses", h.addAddress)
	r.Patch("/shop/addresses/:id", h.updateAddress)
	r.Delete("/shop/addresses/:id", h.deleteAddress)
	r.Post("/shop/checkout/quote", h.quote)
	r.Post("/shop/checkout", h.idem.Wrap(h.checkout))
	r.Get("/shop/orders", h.orders(h.s.MyOrders))
	r.Get("/shop/order-groups/:id", httpx.OwnItem(h.s.Group))
	r.Get("/shop/orders/:id", httpx.OwnItem(h.s.MyOrder))
	r.Post("/shop/orders/:id/cancel", h.idem.Wrap(h.reasoned(h.s.CancelByUser)))
	r.Post("/shop/orders/:id/confirm-delivery", httpx.OwnItem(h.s.ConfirmDelivery))
	r.Post("/shop/orders/:id/returns", h.requestReturn)
	// The vendor
	r.Get("/vendor/orders", h.orders(h.s.VendorOrders))
	r.Get("/vendor/orders/:id", httpx.OwnItem(h.s.VendorOrder))
	r.Post("/vendor/orders/:id/process", httpx.OwnItem(h.s.Process))
	r.Post("/vendor/orders/:id/ship", h.ship)
	r.Post("/vendor/orders/:id/deliver", httpx.OwnItem(h.s.MarkDelivered))
	r.Post("/vendor/orders/:id/cancel", h.idem.Wrap(h.reasoned(h.s.CancelByVendor)))
	r.Post("/vendor/orders/:id/refund", h.idem.Wrap(h.vendorRefund))
	r.Post("/vendor/orders/:id/returns/:return_id/receive", h.idem.Wrap(h.receive))
	r.Get("/vendor/clients", httpx.OwnCursorList(h.s.Clients))
	r.Get("/vendor/sales", h.sales)
	// Admins
	r.Get("/admin/shop/orders", h.adminGroups)
	r.Get("/admin/shop/orders/:id", h.adminGroup)
	r.Post("/admin/shop/orders/:id/refund", h.idem.Wrap(h.adminRefund))
	r.Get("/admin/shop/vendors/:vendor_id/figures", h.vendorFigures)
	r.Get("/admin/shop/commission-rules", h.rules)
	r.Post("/admin/shop/commission-rules", h.createRule)
	r.Patch("/admin/shop/commission-rules/:id", h.updateRule)
	r.Delete("/admin/shop/commission-rules/:id", h.deleteRule)
}

func data[T any](c fiber.Ctx, v T, err error) error {
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[T]{Data: v})
}

func created[T any](c fiber.Ctx, v T, err error) error {
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(httpx.Data[T]{Data: v})
}

func (h *handler) cart(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	out, err := h.s.Cart(c.Context(), p.UserID)
	return data(c, out, err)
}

func (h *handler) addItem(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in CartItemInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.AddToCart(c.Context(), p.UserID, in)
	return data(c, out, err)
}

func (h *handler) setItem(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in struct {
		Quantity int `json:"quantity"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.SetCartQuantity(c.Context(), p.UserID, c.Params("variant_id"), in.Quantity)
	return data(c, out, err)
}

func (h *handler) removeItem(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	out, err := h.s.RemoveFromCart(c.Context(), p.UserID, c.Params("variant_id"))
	return data(c, out, err)
}

func (h *handler) merge(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in struct {
		Items []CartItemInput `json:"items"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.MergeCart(c.Context(), p.UserID, in.Items)
	return data(c, out, err)
}

func (h *handler) addresses(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	out, err := h.s.Addresses(c.Context(), p.UserID)
	return data(c, out, err)
}

func (h *handler) addAddress(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in AddressInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.AddAddress(c.Context(), p.UserID, in)
	return created(c, out, err)
}

func (h *handler) updateAddress(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in AddressInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.UpdateAddress(c.Context(), p.UserID, c.Params("id"), in)
	return data(c, out, err)
}

func (h *handler) deleteAddress(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	if err := h.s.DeleteAddress(c.Context(), p.UserID, c.Params("id")); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

func (h *handler) quote(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in QuoteInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.Quote(c.Context(), p.UserID, in)
	return data(c, out, err)
}

func (h *handler) checkout(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in CheckoutInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.Checkout(c.Context(), p.UserID, idempotency.KeyOr(c), c.Get("Origin"), in)
	return created(c, out, err)
}

func (h *handler) orders(list func(ctx context.Context, id string, f OrderFilter, c page.Cursor) ([]Order, *page.Key, error)) fiber.Handler {
	return func(c fiber.Ctx) error {
		p, err := authn.Must(c)
		if err != nil {
			return err
		}
		cur, err := httpx.ParseCursor(c)
		if err != nil {
			return err
		}
		items, next, err := list(c.Context(), p.UserID, OrderFilter{Status: c.Query("status")}, cur)
		if err != nil {
			return err
		}
		return c.JSON(httpx.NewCursorList(items, cur, next))
	}
}

func (h *handler) reasoned(fn func(ctx context.Context, userID, id string, in ReasonInput) (OrderDetail, error)) fiber.Handler {
	return func(c fiber.Ctx) error {
		p, err := authn.Must(c)
		if err != nil {
			return err
		}
		var in ReasonInput
		if err := httpx.Decode(c, &in); err != nil {
			return err
		}
		out, err := fn(c.Context(), p.UserID, c.Params("id"), in)
		return data(c, out, err)
	}
}

func (h *handler) requestReturn(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in ReturnInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.RequestReturn(c.Context(), p.UserID, c.Params("id"), in)
	return created(c, out, err)
}

func (h *handler) ship(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in ShipInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.Ship(c.Context(), p.UserID, c.Params("id"), in)
	return data(c, out, err)
}

func (h *handler) vendorRefund(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in RefundInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.VendorRefund(c.Context(), p.UserID, c.Params("id"), idempotency.KeyOr(c), in)
	return data(c, out, err)
}

func (h *handler) receive(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	out, err := h.s.ReceiveReturn(c.Context(), p.UserID, c.Params("id"), c.Params("return_id"))
	return data(c, out, err)
}

func (h *handler) sales(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	out, err := h.s.Sales(c.Context(), p.UserID)
	return data(c, out, err)
}

func (h *handler) vendorFigures(c fiber.Ctx) error {
	id := c.Params("vendor_id")
	if len(id) > 64 {
		return apperr.NotFound("Vendor")
	}
	out, err := h.s.AdminVendorFigures(c.Context(), id)
	return data(c, out, err)
}

func (h *handler) adminGroups(c fiber.Ctx) error {
	pg, err := httpx.ParsePage(c)
	if err != nil {
		return err
	}
	items, total, err := h.s.AdminGroups(c.Context(), c.Query("q"), c.Query("status"), pg)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewList(items, pg, total))
}

func (h *handler) adminGroup(c fiber.Ctx) error {
	out, err := h.s.AdminGroup(c.Context(), c.Params("id"))
	return data(c, out, err)
}

func (h *handler) adminRefund(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in AdminRefundInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.AdminRefund(c.Context(), p.UserID, c.IP(), c.Params("id"), idempotency.KeyOr(c), in)
	return data(c, out, err)
}

func (h *handler) rules(c fiber.Ctx) error {
	out, err := h.s.Rules(c.Context())
	return data(c, out, err)
}

func (h *handler) createRule(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in RuleInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.CreateRule(c.Context(), p.UserID, c.IP(), in)
	return created(c, out, err)
}

func (h *handler) updateRule(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in RuleInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.UpdateRule(c.Context(), p.UserID, c.IP(), c.Params("id"), in)
	return data(c, out, err)
}

func (h *handler) deleteRule(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	if err := h.s.DeleteRule(c.Context(), p.UserID, c.IP(), c.Params("id")); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}
