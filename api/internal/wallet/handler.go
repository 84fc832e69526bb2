package wallet

import (
	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/authn"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/idempotency"
)

// Handler serves the wallet routes.
type Handler struct {
	s    *Service
	idem *idempotency.Middleware
}

// routes mounts the routes under /api/v1.
func (h *Handler) routes(r httpx.Router) {
	r.Get("/wallet", h.get)
	r.Post("/wallet", h.idem.Wrap(h.activate))
	r.Get("/wallet/transactions", h.list)
	r.Get("/wallet/transactions/:id", httpx.OwnItem(h.s.One))
	r.Post("/wallet/transfers", h.idem.Wrap(h.transfer))
	r.Post("/admin/ledger/adjustments", h.idem.Wrap(h.adjust))
	r.Get("/admin/users/:id/wallet", h.adminWallet)
	r.Get("/admin/users/:id/transactions", h.adminHistory)
	r.Get("/admin/money/summary", h.summary)
}

// summary is the admin overview's money figures in one currency.
func (h *Handler) summary(c fiber.Ctx) error {
	s, err := h.s.money.Summary(c.Context(), c.Query("currency"))
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[money.Summary]{Data: s})
}

// adminWallet is a user's wallet as an admin sees it (404 when none is open).
func (h *Handler) adminWallet(c fiber.Ctx) error {
	id := c.Params("id")
	if err := h.s.knownUser(c.Context(), id); err != nil {
		return err
	}
	w, err := h.s.Get(c.Context(), id, c.Query("currency"))
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[WalletDTO]{Data: toWallet(w)})
}

// adminHistory is a user's wallet history as an admin sees it, by keyset
// cursor, with the same filters as the owner's.
func (h *Handler) adminHistory(c fiber.Ctx) error {
	id := c.Params("id")
	if err := h.s.knownUser(c.Context(), id); err != nil {
		return err
	}
	cur, err := httpx.ParseCursor(c)
	if err != nil {
		return err
	}
	q := Query{Type: c.Query("type"), Direction: c.Query("direction"), Status: c.Query("status"),
		From: c.Query("from"), To: c.Query("to")}
	items, next, err := h.s.History(c.Context(), id, q, cur)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewCursorList(items, cur, next))
}

func (h *Handler) get(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	w, err := h.s.Get(c.Context(), p.UserID, c.Query("currency"))
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[WalletDTO]{Data: toWallet(w)})
}

func (h *Handler) activate(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	w, created, err := h.s.Activate(c.Context(), p.UserID, c.Query("currency"))
	if err != nil {
		return err
	}
	status := fiber.StatusOK
	if created {
		status = fiber.StatusCreated
	}
	return c.Status(status).JSON(httpx.Data[WalletDTO]{Data: toWallet(&w)})
}

func (h *Handler) list(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	cur, err := httpx.ParseCursor(c)
	if err != nil {
		return err
	}
	q := Query{Type: c.Query("type"), Direction: c.Query("direction"), Status: c.Query("status"),
		From: c.Query("from"), To: c.Query("to")}
	items, next, err := h.s.History(c.Context(), p.UserID, q, cur)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewCursorList(items, cur, next))
}

func (h *Handler) transfer(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in TransferInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	d, err := h.s.Transfer(c.Context(), p.UserID, idempotency.KeyOr(c), in)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(httpx.Data[TxnDTO]{Data: d})
}

func (h *Handler) adjust(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in AdjustInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	t, err := h.s.Adjust(c.Context(), p.UserID, idempotency.KeyOr(c), c.IP(), in)
	if err != nil {
		return err
	}
	d, err := h.s.DTO(c.Context(), t)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(httpx.Data[TxnDTO]{Data: d})
}
