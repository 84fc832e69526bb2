package giftcards

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"slices"
	"sojourn/api/internal/payments"
	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/events"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/idempotency"
	"sojourn/api/internal/platform/mail"
	"sojourn/api/internal/platform/page"
	"sojourn/api/internal/platform/storage"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/audit"
	"sojourn/api/internal/money"
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
	// RedeemAttempts redeem attempts are allowed per user and per IP in
	// RedeemWindow.
	RedeemAttempts = 10
	RedeemWindow   = 15 * time.Minute
	// claimStale frees a delivery whose sender never finished.
	claimStale = 5 * time.Minute
	sweepBatch = 100
)

// designLimits: a design image is at most 40 megapixels, stored with its
// longest side at most 1600 pixels.
var designLimits = images.Limits{MaxPixels: 40_000_000, MaxSide: 1600}

// Directory is what gift cards need of the accounts domain
// (accounts.Service): the buyer's email and username, and the usernames of
// the people in a card's history.
// Members finds an account by email or username (accounts.Service).
type Members interface {
	FindByHandle(ctx context.Context, handle string) (accounts.Person, error)
}

type Directory interface {
	Person(ctx context.Context, id string) (accounts.Person, error)
	Lookup(ctx context.Context, ids []string) (map[string]accounts.Person, error)
}

// Payments is what gift cards need of the payments domain (payments.Service):
// the hooks of the gift_card purpose, registered once by New, and starting
// a card payment.
type Payments interface {
	RegisterPurpose(name string, onPaid func(ctx context.Context, tx bun.Tx, p payments.Payment) error)
	RegisterFailure(name string, fn payments.FailedFunc)
	RegisterRefund(name string, fn payments.RefundFunc)
	StartCardPayment(ctx context.Context, in payments.StartInput) (payments.Payment, error)
}

// Config is what the gift-cards module needs.
type Config struct {
	DB      *db.DB
	Clock   clock.Clock
	Log     *slog.Logger // nil: slog.Default()
	Mailer  mail.Mailer
	Storage storage.Storage
	// Settings gives the card expiry (GiftCardExpiry, twelve months when
	// unset), the secret the codes are sealed with and the portal origins.
	Settings  *config.Config
	Money     *money.Service
	Audit     *audit.Log
	Directory Directory
	// Payments lets buyers pay by card; nil: pay_with "paystack" answers 422.
	Payments Payments
	// Idempotency guards purchases, reveals and redeems.
	Idempotency *idempotency.Middleware
	// Images decodes design images within the server's decode memory budget.
	Images *images.Processor
	// Limits counts the rate limits on every instance together.
	Limits *ratelimit.Store
	// Events tells a Sojourn member that a card addressed to their verified
	// email arrived (delivery.go); nil: nobody (the mail still goes).
	Events events.Emitter
	// Members finds the account of a recipient's email (accounts.Service);
	// nil: no in-app notice.
	Members Members
}

// Service holds the gift-card rules.
type Service struct {
	c          Config
	money      *money.Service
	audit      *audit.Log
	dir        Directory
	pay        Payments
	st         store
	mailBox    *secretbox.Box // codes waiting to be emailed
	revealBox  *secretbox.Box // codes waiting for their buyer's reveal
	expiry     time.Duration
	redeemUser *ratelimit.Limiter
	redeemIP   *ratelimit.Limiter
}

// New makes the module; with Payments it registers the gift_card purpose's
// hooks there (see payments.go).
func New(c Config) (*Service, error) {
	if c.DB == nil || c.Clock == nil || c.Mailer == nil || c.Storage == nil || c.Settings == nil || c.Money == nil ||
		c.Audit == nil || c.Directory == nil || c.Idempotency == nil || c.Images == nil || c.Limits == nil {
		return nil, errors.New("giftcards: Config needs DB, Clock, Mailer, Storage, Settings, Money, Audit, Directory, Idempotency, Images and Limits")
	}
	if c.Log == nil {
		c.Log = slog.Default()
	}
	exp := c.Settings.GiftCardExpiry
	if exp <= 0 {
		exp = config.DefaultGiftCardExpiry
	}
	s := &Service{c: c, money: c.Money, audit: c.Audit, dir: c.Directory, pay: c.Payments, expiry: exp,
		mailBox:    secretbox.New(c.Settings.JWTSecret, "gift-card delivery"),
		revealBox:  secretbox.New(c.Settings.JWTSecret, "gift-card reveal"),
		redeemUser: c.Limits.Limiter("giftcards.redeem_user", RedeemAttempts, RedeemWindow),
		redeemIP:   c.Limits.Limiter("giftcards.redeem_ip", RedeemAttempts, RedeemWindow)}
	if s.pay != nil {
		s.registerPurpose()
	}
	return s, nil
}

// Register mounts the gift-card routes under /api/v1.
func (s *Service) Register(r httpx.Router) { (&Handler{s: s, idem: s.c.Idempotency}).routes(r) }

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
	now := s.c.Clock.Now()
	p := &productRow{ID: ids.New(), Name: in.Name, Description: in.Description, Currency: in.Currency,
		Active: in.Active == nil || *in.Active, CreatedAt: now, UpdatedAt: now}
	custom := in.MinAmount != nil || in.MaxAmount != nil
	if custom {
		p.MinAmount, p.MaxAmount = deref(in.MinAmount), deref(in.MaxAmount)
	}
	if err := productFields(p, in.Denominations, custom); err != nil {
		return Product{}, err
	}
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
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
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		p := &productRow{}
		err := s.c.DB.ForUpdate(tx.NewSelect().Model(p).Where("id = ?", id)).Scan(ctx)
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
		p.UpdatedAt = s.c.Clock.Now()
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
	if _, err := s.st.product(ctx, s.c.DB, id); err != nil {
		if errors.Is(err, apperr.ErrNotFound) {
			return Product{}, errProductNotFound
		}
		return Product{}, err
	}
	img, err := s.c.Images.Reencode(ctx, data, designLimits)
	switch {
	case errors.Is(err, images.ErrNotImage):
		return Product{}, errImageNotImage
	case errors.Is(err, images.ErrTooLarge):
		return Product{}, errImagePixels
	case err != nil:
		return Product{}, err
	}
	url, err := s.c.Storage.Put(ctx, "gift-cards/"+id+"/"+ids.New()+"."+img.Ext, img.Data)
	if err != nil {
		return Product{}, err
	}
	var old string
	var out *productRow
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		p := &productRow{}
		if err := notFound(s.c.DB.ForUpdate(tx.NewSelect().Model(p).Where("id = ?", id)).Scan(ctx)); err != nil {
			return err
		}
		old, p.ImageURL, p.UpdatedAt = p.ImageURL, url, s.c.Clock.Now()
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
	if key, ok := s.c.Storage.KeyFromURL(url); ok {
		if err := s.c.Storage.Delete(ctx, key); err != nil {
			s.c.Log.Warn("delete gift-card image", "url", url, "error", err.Error())
		}
	}
}

// Product is one product; an inactive one is visible to admins only.
func (s *Service) Product(ctx context.Context, id string, admin bool) (Product, error) {
	p, err := s.st.product(ctx, s.c.DB, id)
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
	p, err := s.st.productByName(ctx, s.c.DB, strings.TrimSpace(name))
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
	rows, total, err := s.st.products(ctx, s.c.DB, active, pg)
	if err != nil {
		return nil, 0, err
	}
	out := make([]Product, 0, len(rows))
	for i := range rows {
		out = append(out, toProduct(&rows[i]))
	}
	return out, total, nil
}

// ProductNames names products by id (for the audit log); unknown ids are
// absent from the map.
func (s *Service) ProductNames(ctx context.Context, ids []string) (map[string]string, error) {
	out := make(map[string]string, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	var rows []productRow
	if err := s.c.DB.NewSelect().Model(&rows).Column("id", "name").Where("id IN (?)", bun.In(ids)).Scan(ctx); err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.ID] = r.Name
	}
	return out, nil
}
