package payments

import (
	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/authn"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/idempotency"
	"sojourn/api/internal/platform/page"
)

// Handler serves the payment, payout and refund routes.
type Handler struct {
	s    *Service
	idem *idempotency.Middleware
}

// routes mounts the routes under /api/v1. POST /payouts is for providers
// only: the policy says so (p, provider, /api/v1/payouts, POST).
func (h *Handler) routes(r httpx.Router) {
	r.Post("/wallet/topups", h.idem.Wrap(h.topUp))
	r.Post("/payments/paystack/webhook", h.webhook)
	r.Get("/payments/:reference/verify", h.verify)
	r.Get("/banks", h.banks)
	r.Get("/payout-accounts", h.accounts)
	r.Post("/payout-accounts", h.idem.Wrap(h.addAccount))
	r.Get("/payouts", httpx.OwnCursorList(h.s.Payouts))
	r.Post("/payouts", h.idem.Wrap(h.requestPayout))
	r.Get("/earnings", h.earnings)
	r.Get("/admin/payments", h.adminList)
	r.Post("/admin/payments/:reference/refund", h.idem.Wrap(h.refund))
}

func (h *Handler) topUp(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in TopUpInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	pay, err := h.s.TopUp(c.Context(), p.UserID, c.Get(fiber.HeaderOrigin), in)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(httpx.Data[StartedDTO]{Data: ToStarted(pay)})
}

// maxWebhookBody bounds a webhook body; Paystack's events are a few kB.
const maxWebhookBody = 256 << 10

// webhook checks the signature over the raw bytes and applies the event
// before answering, so an error makes Paystack deliver it again.
func (h *Handler) webhook(c fiber.Ctx) error {
	raw := c.Body()
	if len(raw) > maxWebhookBody {
		return apperr.New(apperr.CodePayloadTooLarge, "The webhook body is too large.")
	}
	if err := h.s.HandleWebhook(c.Context(), raw, c.Get("X-Paystack-Signature")); err != nil {
		return err
	}
	return c.JSON(httpx.Data[fiber.Map]{Data: fiber.Map{"received": true}})
}

func (h *Handler) verify(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	pay, err := h.s.Verify(c.Context(), p.UserID, c.Params("reference"))
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[PaymentDTO]{Data: toPaymentDTO(pay)})
}

func (h *Handler) banks(c fiber.Ctx) error {
	banks, err := h.s.BanksFor(c.Context(), c.Query("country"), c.Query("currency"))
	if err != nil {
		return err
	}
	out := make([]BankDTO, 0, len(banks))
	for _, b := range banks {
		out = append(out, BankDTO{Name: b.Name, Code: b.Code, Slug: b.Slug, Currency: b.Currency, Type: b.Type})
	}
	return c.JSON(httpx.Data[[]BankDTO]{Data: out})
}

func (h *Handler) accounts(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	list, err := h.s.Accounts(c.Context(), p.UserID)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[[]Account]{Data: list})
}

func (h *Handler) addAccount(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in AccountInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	a, err := h.s.AddAccount(c.Context(), p.UserID, in)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(httpx.Data[Account]{Data: a})
}

func (h *Handler) requestPayout(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in PayoutInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.RequestPayout(c.Context(), p, idempotency.KeyOr(c), in)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(httpx.Data[Payout]{Data: out})
}

func (h *Handler) earnings(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	cur, err := httpx.ParseCursor(c)
	if err != nil {
		return err
	}
	e, next, err := h.s.Earnings(c.Context(), p.UserID, c.Query("currency"), cur)
	if err != nil {
		return err
	}
	return c.JSON(struct {
		Data Earnings        `json:"data"`
		Meta page.CursorMeta `json:"meta"`
	}{e, page.NewCursorMeta(next, cur)})
}

func (h *Handler) adminList(c fiber.Ctx) error {
	pg, err := httpx.ParsePage(c)
	if err != nil {
		return err
	}
	list, total, err := h.s.AdminPayments(c.Context(), c.Query("status"), c.Query("q"), pg)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewList(list, pg, total))
}

func (h *Handler) refund(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in RefundInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.Refund(c.Context(), p.UserID, idempotency.KeyOr(c), c.IP(), c.Params("reference"), in)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(httpx.Data[AdminPayment]{Data: out})
}
