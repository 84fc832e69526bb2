// Package giftcards sells and redeems Sojourn gift cards: admin-managed
// products (fixed denominations or a custom amount), cards bought from the
// wallet or by card, redeemed once into a wallet, and expired to platform
// revenue after the configured time. The money moves through money.Service
// (IssueGiftCardLiability, RedeemGiftCard, ExpireGiftCard) in the same
// transaction as the card's state change; every change is also written to
// the card's append-only event history (issued, sent, redeemed, expired).
//
// A card's code (100 random bits, see code.go) is shown in full once to the
// buyer and emailed to the recipient; the database keeps its SHA-256 hash
// and last four characters. Paid from the wallet, the code is in the
// purchase's answer. Paid by card, the card is issued later by the payment
// (OnCardPaid), so the code waits sealed on the card (sealed_code) until the
// buyer reveals it once (Reveal), which wipes it. The mail is queued in the
// issuing transaction with the code sealed (gift_card_deliveries) and sent
// after the commit, so a card is never mailed unless it exists and a crash
// never loses the mail. Both seals are package secretbox's, with their own
// purpose each.
//
// Card payments that fail or are abandoned cancel their pending card
// (OnCardPaymentFailed); an admin refund of a card-paid card returns its
// liability to the card when nothing was redeemed and it has not expired
// (refundCard, registered with the payments domain in UsePayments).
package giftcards

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"sojourn/api/internal/platform/page"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/audit"
	"sojourn/api/internal/money"
	"sojourn/api/internal/platform"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/config"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/images"
	"sojourn/api/internal/platform/ratelimit"
	"sojourn/api/internal/platform/secretbox"
)

// Limits of products, purchases and redeem attempts.
const (
	maxName          = 100
	maxDescription   = 2000
	maxDenominations = 12
	// MaxAmount is the largest card, in minor units (NGN 10,000,000).
	MaxAmount        = 1_000_000_000
	maxMessage       = 500
	maxRecipientName = 100
	// MaxImageBytes is the largest design image upload.
	MaxImageBytes = 5 << 20
	imageMaxSide  = 1600
	// RedeemAttempts redeem attempts are allowed per user and per IP in
	// RedeemWindow.
	RedeemAttempts = 10
	RedeemWindow   = 15 * time.Minute
	// claimStale frees a delivery whose sender never finished.
	claimStale = 5 * time.Minute
	sweepBatch = 100
)

// Users names people; the accounts service implements it.
type Users interface {
	Summary(ctx context.Context, userID string) (accounts.Summary, error)
}

// PaymentStart asks the payments domain for a card payment of one pending
// gift card (CardID is the payment's purpose id).
type PaymentStart struct {
	UserID    string
	Email     string
	CardID    string
	ProductID string
	Amount    int64
	Currency  string
	// Origin is the request's Origin header: the portal the browser
	// returns to when it is one of ours.
	Origin string
}

// StartPayment starts a card payment (UsePayments sets it).
type StartPayment func(ctx context.Context, in PaymentStart) (Payment, error)

// Service holds the gift-card rules.
type Service struct {
	deps       *platform.Deps
	money      *money.Service
	audit      *audit.Log
	users      Users
	st         store
	mailBox    *secretbox.Box // codes waiting to be emailed
	revealBox  *secretbox.Box // codes waiting for their buyer's reveal
	expiry     time.Duration
	redeemUser *ratelimit.Limiter
	redeemIP   *ratelimit.Limiter
	start      StartPayment
}

// NewService makes the service. Card expiry comes from
// config.GiftCardExpiry (twelve months when unset).
func NewService(d *platform.Deps, m *money.Service, a *audit.Log, u Users) *Service {
	exp := d.Config.GiftCardExpiry
	if exp <= 0 {
		exp = config.DefaultGiftCardExpiry
	}
	return &Service{deps: d, money: m, audit: a, users: u, expiry: exp,
		mailBox:    secretbox.New(d.Config.JWTSecret, "gift-card delivery"),
		revealBox:  secretbox.New(d.Config.JWTSecret, "gift-card reveal"),
		redeemUser: ratelimit.New(RedeemAttempts, RedeemWindow, d.Clock),
		redeemIP:   ratelimit.New(RedeemAttempts, RedeemWindow, d.Clock)}
}

// SetPayments enables paying by card; without it pay_with "paystack"
// answers 422.
func (s *Service) SetPayments(start StartPayment) { s.start = start }

// ---- products ----

// productFields validates and normalises a product's editable state.
func productFields(p *productRow, denoms []int64, custom bool) error {
	f := apperr.Fields{}
	p.Name = strings.TrimSpace(p.Name)
	p.Description = strings.TrimSpace(p.Description)
	n := utf8.RuneCountInString(p.Name)
	f.Check(n >= 2 && n <= maxName, "name", "must be 2-100 characters")
	f.Check(utf8.RuneCountInString(p.Description) <= maxDescription, "description", "must be at most 2000 characters")
	p.Currency = strings.ToUpper(strings.TrimSpace(p.Currency))
	if p.Currency == "" {
		p.Currency = "NGN"
	}
	f.Check(money.ValidCurrency(p.Currency), "currency", "must be one of "+strings.Join(money.Currencies, ", "))
	switch {
	case custom && len(denoms) > 0:
		f.Add("denominations", "give either denominations or min_amount and max_amount, not both")
	case custom:
		f.Check(p.MinAmount >= 1 && p.MinAmount <= MaxAmount, "min_amount",
			"must be a whole number of minor units from 1 to "+strconv.Itoa(MaxAmount))
		f.Check(p.MaxAmount >= 1 && p.MaxAmount <= MaxAmount, "max_amount",
			"must be a whole number of minor units from 1 to "+strconv.Itoa(MaxAmount))
		f.Check(p.MaxAmount >= p.MinAmount, "max_amount", "must be at least min_amount")
		p.Denominations = "[]"
	case len(denoms) == 0:
		f.Add("denominations", "give a list of amounts, or min_amount and max_amount for a custom amount")
	default:
		f.Check(len(denoms) <= maxDenominations, "denominations", "may list at most 12 amounts")
		sorted := slices.Clone(denoms)
		slices.Sort(sorted)
		for i, d := range sorted {
			f.Check(d >= 1 && d <= MaxAmount, "denominations",
				"each amount must be a whole number of minor units from 1 to "+strconv.Itoa(MaxAmount))
			f.Check(i == 0 || sorted[i-1] != d, "denominations", "must not repeat an amount")
		}
		b, _ := json.Marshal(sorted)
		p.Denominations, p.MinAmount, p.MaxAmount = string(b), 0, 0
	}
	return f.Err()
}

// CreateProduct adds a product (admin), audit-logged.
func (s *Service) CreateProduct(ctx context.Context, actorID, ip string, in ProductInput) (Product, error) {
	now := s.deps.Clock.Now()
	p := &productRow{ID: ids.New(), Name: in.Name, Description: in.Description, Currency: in.Currency,
		Active: in.Active == nil || *in.Active, CreatedAt: now, UpdatedAt: now}
	custom := in.MinAmount != nil || in.MaxAmount != nil
	if custom {
		p.MinAmount, p.MaxAmount = deref(in.MinAmount), deref(in.MaxAmount)
	}
	if err := productFields(p, in.Denominations, custom); err != nil {
		return Product{}, err
	}
	err := s.deps.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := s.st.insertProduct(ctx, tx, p); err != nil {
			return err
		}
		return s.audit.Record(ctx, tx, audit.Event{ActorID: actorID, Action: "gift_card_product.create",
			TargetType: "gift_card_product", TargetID: p.ID, IP: ip, Details: productDetails(p)})
	})
	if errors.Is(err, apperr.ErrConflict) {
		return Product{}, errProductNameTaken
	}
	if err != nil {
		return Product{}, err
	}
	return toProduct(p), nil
}

func deref(p *int64) int64 {
	if p == nil {
		return 0
	}
	return *p
}

func productDetails(p *productRow) map[string]any {
	return map[string]any{"name": p.Name, "currency": p.Currency, "denominations": json.RawMessage(p.Denominations),
		"min_amount": p.MinAmount, "max_amount": p.MaxAmount, "active": p.Active}
}

// UpdateProduct edits a product (admin; active:false takes it off sale),
// audit-logged with the state before and after.
func (s *Service) UpdateProduct(ctx context.Context, actorID, ip, id string, in ProductPatch) (Product, error) {
	var out *productRow
	err := s.deps.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		p := &productRow{}
		err := s.deps.DB.ForUpdate(tx.NewSelect().Model(p).Where("id = ?", id)).Scan(ctx)
		if err := notFound(err); err != nil {
			return err
		}
		before := productDetails(p)
		if in.Name != nil {
			p.Name = *in.Name
		}
		if in.Description != nil {
			p.Description = *in.Description
		}
		if in.Currency != nil {
			p.Currency = *in.Currency
		}
		if in.Active != nil {
			p.Active = *in.Active
		}
		denoms := denominationsOf(p)
		custom := len(denoms) == 0
		if in.Denominations != nil {
			denoms, custom = *in.Denominations, false
		}
		if in.MinAmount != nil || in.MaxAmount != nil {
			if !custom && in.Denominations == nil {
				denoms, p.MinAmount, p.MaxAmount = nil, 0, 0 // switching from fixed to custom
			}
			custom = true
			if in.MinAmount != nil {
				p.MinAmount = *in.MinAmount
			}
			if in.MaxAmount != nil {
				p.MaxAmount = *in.MaxAmount
			}
		}
		if err := productFields(p, denoms, custom); err != nil {
			return err
		}
		p.UpdatedAt = s.deps.Clock.Now()
		if err := s.st.updateProduct(ctx, tx, p); err != nil {
			return err
		}
		out = p
		return s.audit.Record(ctx, tx, audit.Event{ActorID: actorID, Action: "gift_card_product.update",
			TargetType: "gift_card_product", TargetID: p.ID, IP: ip,
			Details: map[string]any{"before": before, "after": productDetails(p)}})
	})
	switch {
	case errors.Is(err, apperr.ErrNotFound):
		return Product{}, errProductNotFound
	case errors.Is(err, apperr.ErrConflict):
		return Product{}, errProductNameTaken
	case err != nil:
		return Product{}, err
	}
	return toProduct(out), nil
}

// SetProductImage re-encodes an uploaded design image (dropping metadata),
// stores it and points the product at it (admin), audit-logged.
func (s *Service) SetProductImage(ctx context.Context, actorID, ip, id string, data []byte) (Product, error) {
	if len(data) > MaxImageBytes {
		return Product{}, errImageTooLarge
	}
	if _, err := s.st.product(ctx, s.deps.DB, id); err != nil {
		if errors.Is(err, apperr.ErrNotFound) {
			return Product{}, errProductNotFound
		}
		return Product{}, err
	}
	img, err := images.Reencode(data, imageMaxSide)
	switch {
	case errors.Is(err, images.ErrNotImage):
		return Product{}, errImageNotImage
	case errors.Is(err, images.ErrTooLarge):
		return Product{}, errImagePixels
	case err != nil:
		return Product{}, err
	}
	url, err := s.deps.Storage.Put(ctx, "gift-cards/"+id+"/"+ids.New()+"."+img.Ext, img.Data)
	if err != nil {
		return Product{}, err
	}
	var old string
	var out *productRow
	err = s.deps.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		p := &productRow{}
		if err := notFound(s.deps.DB.ForUpdate(tx.NewSelect().Model(p).Where("id = ?", id)).Scan(ctx)); err != nil {
			return err
		}
		old, p.ImageURL, p.UpdatedAt = p.ImageURL, url, s.deps.Clock.Now()
		if err := s.st.updateProduct(ctx, tx, p); err != nil {
			return err
		}
		out = p
		return s.audit.Record(ctx, tx, audit.Event{ActorID: actorID, Action: "gift_card_product.image",
			TargetType: "gift_card_product", TargetID: id, IP: ip,
			Details: map[string]any{"image_url": url, "width": img.Width, "height": img.Height}})
	})
	if err != nil {
		s.deleteFile(ctx, url)
		if errors.Is(err, apperr.ErrNotFound) {
			return Product{}, errProductNotFound
		}
		return Product{}, err
	}
	s.deleteFile(ctx, old)
	return toProduct(out), nil
}

func (s *Service) deleteFile(ctx context.Context, url string) {
	if url == "" {
		return
	}
	if key, ok := s.deps.Storage.KeyFromURL(url); ok {
		if err := s.deps.Storage.Delete(ctx, key); err != nil {
			s.deps.Log.Warn("delete gift-card image", "url", url, "error", err.Error())
		}
	}
}

// Product is one product; an inactive one is visible to admins only.
func (s *Service) Product(ctx context.Context, id string, admin bool) (Product, error) {
	p, err := s.st.product(ctx, s.deps.DB, id)
	if errors.Is(err, apperr.ErrNotFound) || (err == nil && !p.Active && !admin) {
		return Product{}, errProductNotFound
	}
	if err != nil {
		return Product{}, err
	}
	return toProduct(p), nil
}

// ProductByName finds a product by its name (case-insensitive); false when
// there is none.
func (s *Service) ProductByName(ctx context.Context, name string) (Product, bool, error) {
	p, err := s.st.productByName(ctx, s.deps.DB, strings.TrimSpace(name))
	if errors.Is(err, apperr.ErrNotFound) {
		return Product{}, false, nil
	}
	if err != nil {
		return Product{}, false, err
	}
	return toProduct(p), true, nil
}

// Products is a page of products, oldest first (active filters when set).
func (s *Service) Products(ctx context.Context, active *bool, pg page.Page) ([]Product, int, error) {
	rows, total, err := s.st.products(ctx, s.deps.DB, active, pg)
	if err != nil {
		return nil, 0, err
	}
	out := make([]Product, 0, len(rows))
	for i := range rows {
		out = append(out, toProduct(&rows[i]))
	}
	return out, total, nil
}
