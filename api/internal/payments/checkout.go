package payments

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"encoding/json"
	"errors"
	"net/url"
	"strings"

	"github.com/uptrace/bun"

	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/paystack"
)

var refEncoding = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// newReference is "<prefix>" + 20 random lowercase base32 characters (100
// bits). Letters, digits and "-" satisfy both Paystack's transaction rule
// (alphanumerics, "-", ".", "=") and its stricter transfer rule (lowercase,
// digits, "-", "_").
func newReference(prefix string) string {
	b := make([]byte, 13)
	_, _ = rand.Read(b)
	return prefix + refEncoding.EncodeToString(b)[:20]
}

// StartInput starts a card payment. Email defaults to the user's;
// Currency to NGN; CallbackPath is the portal page to return to after the
// callback page (default "/"); Origin, when it is one of our portal origins
// (the request's Origin header), is where the browser comes back, else the
// origin of Portal (a portal name, "" = the user portal).
type StartInput struct {
	UserID       string
	Email        string
	Purpose      string
	PurposeID    string
	Amount       int64
	Currency     string
	CallbackPath string
	Portal       string
	Origin       string
}

// StartCardPayment records a pending payment and initialises it with
// Paystack; send the browser to the answer's AuthorizationURL. The purpose
// must be registered. Paystack failing is 503 (unreachable) or 409 (refused);
// the payment is then failed.
func (s *Service) StartCardPayment(ctx context.Context, in StartInput) (Payment, error) {
	return s.start(ctx, in, nil)
}

func (s *Service) start(ctx context.Context, in StartInput, before func(ctx context.Context, tx bun.Tx, p Payment) error) (Payment, error) {
	if _, ok := s.purpose(in.Purpose); !ok {
		return Payment{}, ErrUnknownPurpose
	}
	f := apperr.Fields{}
	f.Check(in.UserID != "", "user_id", "is required")
	f.Check(in.Amount > 0, "amount", "must be a positive whole number of minor units")
	cur := strings.ToUpper(strings.TrimSpace(in.Currency))
	if cur == "" {
		cur = money.DefaultCurrency
	}
	f.Check(money.ValidCurrency(cur), "currency", "must be one of "+strings.Join(money.Currencies, ", "))
	back := in.CallbackPath
	if back == "" {
		back = "/"
	}
	f.Check(strings.HasPrefix(back, "/") && !strings.HasPrefix(back, "//") && !strings.Contains(back, `\`),
		"callback_path", "must be a path on the portal")
	if err := f.Err(); err != nil {
		return Payment{}, err
	}
	email := in.Email
	if email == "" {
		u, err := s.dir.Person(ctx, in.UserID)
		if err != nil {
			return Payment{}, err
		}
		email = u.Email
	}
	now := s.c.Clock.Now()
	row := &paymentRow{ID: ids.New(), Reference: newReference("sj-"), UserID: in.UserID, Purpose: in.Purpose,
		PurposeID: in.PurposeID, Amount: in.Amount, Currency: cur, Status: StatusPending, CreatedAt: now, UpdatedAt: now}
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := s.st.insertPayment(ctx, tx, row); err != nil {
			return err
		}
		if before != nil {
			return before(ctx, tx, row.payment())
		}
		return nil
	})
	if err != nil {
		return Payment{}, err
	}
	callback := s.origin(in.Portal, in.Origin) + CallbackPath + "?" +
		url.Values{"reference": {row.Reference}, "return": {back}}.Encode()
	meta, _ := json.Marshal(map[string]string{"payment_id": row.ID, "purpose": row.Purpose,
		"purpose_id": row.PurposeID, "user_id": row.UserID})
	// Outside any transaction: Paystack may be slow, and on SQLite the
	// sandbox writes to this same database.
	d, err := s.client.Initialize(ctx, paystack.InitializeRequest{Email: email, Amount: row.Amount, Currency: cur,
		Reference: row.Reference, CallbackURL: callback, Metadata: meta})
	if err != nil {
		return Payment{}, s.startFailed(ctx, row, err)
	}
	if err := s.st.setStarted(ctx, row.ID, d.AccessCode, d.AuthorizationURL, s.c.Clock.Now()); err != nil {
		return Payment{}, err
	}
	row.AccessCode, row.AuthorizationURL = d.AccessCode, d.AuthorizationURL
	out := row.payment()
	if s.c.Settings.PaystackSecretKey != "" {
		out.PublicKey = s.c.Settings.PaystackPublicKey
	}
	return out, nil
}

// startFailed fails a payment Paystack would not initialise.
func (s *Service) startFailed(ctx context.Context, row *paymentRow, cause error) error {
	s.log.Error("payments: initialize", "reference", row.Reference, "err", cause)
	var ae *paystack.APIError
	refused := errors.As(cause, &ae) && ae.Status >= 400 && ae.Status < 500
	reason := "Paystack could not be reached"
	if refused {
		reason = "Paystack refused the payment: " + ae.Message
	}
	if err := s.fail(ctx, row, []string{StatusPending}, StatusFailed, reason, false); err != nil {
		s.log.Error("payments: fail unstarted payment", "reference", row.Reference, "err", err)
	}
	if refused {
		return apperr.Wrap(apperr.CodeConflict, reason+".", cause)
	}
	return unavailable(cause)
}

// origin is the browser's portal origin: the request's Origin when it is
// exactly one of ours (scheme, host and port as configured), else the named
// portal's configured origin; a callback is never built on another port or
// scheme.
func (s *Service) origin(portal, origin string) string {
	cfg := s.c.Settings
	if origin != "" && httpx.PortalOrigin(cfg.PortalOrigin)(origin) {
		return strings.TrimRight(origin, "/")
	}
	return cfg.PortalOrigin(portal)
}
