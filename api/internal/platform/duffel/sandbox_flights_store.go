package duffel

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/uptrace/bun"
)

// The sandbox's flight rows; sandbox_flights*.go turn them into Duffel's
// JSON.

type sbOfferRow struct {
	bun.BaseModel `bun:"table:duffel_sandbox_flight_offers"`

	ID          string    `bun:"id,pk"`
	RequestID   string    `bun:"request_id"`
	TotalAmount int64     `bun:"total_amount"`
	Currency    string    `bun:"currency"`
	SoldOut     bool      `bun:"sold_out"`
	RepriceBPS  int       `bun:"reprice_bps"`
	Repriced    bool      `bun:"repriced"`
	Body        string    `bun:"body"`
	ExpiresAt   time.Time `bun:"expires_at"`
	CreatedAt   time.Time `bun:"created_at"`
}

type sbOrderRow struct {
	bun.BaseModel `bun:"table:duffel_sandbox_flight_orders"`

	ID               string     `bun:"id,pk"`
	OfferID          string     `bun:"offer_id"`
	IdempotencyKey   *string    `bun:"idempotency_key"`
	BookingReference string     `bun:"booking_reference"`
	TotalAmount      int64      `bun:"total_amount"`
	Currency         string     `bun:"currency"`
	Body             string     `bun:"body"`
	CancelledAt      *time.Time `bun:"cancelled_at"`
	CreatedAt        time.Time  `bun:"created_at"`
}

type sbCancellationRow struct {
	bun.BaseModel `bun:"table:duffel_sandbox_flight_cancellations"`

	ID             string     `bun:"id,pk"`
	OrderID        string     `bun:"order_id"`
	IdempotencyKey *string    `bun:"idempotency_key"`
	RefundAmount   int64      `bun:"refund_amount"`
	Currency       string     `bun:"currency"`
	ExpiresAt      time.Time  `bun:"expires_at"`
	ConfirmedAt    *time.Time `bun:"confirmed_at"`
	CreatedAt      time.Time  `bun:"created_at"`
}

var errSbNotFound = errors.New("duffel sandbox: not found")

func (s *Sandbox) saveOffers(ctx context.Context, rows []sbOfferRow) error {
	if len(rows) == 0 {
		return nil
	}
	_, err := s.cfg.DB.NewInsert().Model(&rows).Exec(ctx)
	return err
}

func (s *Sandbox) offer(ctx context.Context, id string) (sbOfferRow, error) {
	var r sbOfferRow
	err := s.cfg.DB.NewSelect().Model(&r).Where("id = ?", id).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return r, errSbNotFound
	}
	return r, err
}

// reprice raises the offer's price once (a conditional update: parallel
// fetches reprice it once).
func (s *Sandbox) reprice(ctx context.Context, r sbOfferRow) (sbOfferRow, error) {
	o, err := decodeOffer(r.Body)
	if err != nil {
		return r, err
	}
	total := r.TotalAmount + r.TotalAmount*int64(r.RepriceBPS)/10000/10000*10000 // whole hundreds of naira
	tax, _ := AmountMinor(o.TaxAmount)
	o.TotalAmount, o.BaseAmount = FormatAmount(total), FormatAmount(total-tax)
	o.UpdatedAt = s.sbNow()
	body, err := encodeJSON(o)
	if err != nil {
		return r, err
	}
	_, err = s.cfg.DB.NewUpdate().Model((*sbOfferRow)(nil)).Set("total_amount = ?", total).Set("body = ?", body).
		Set("repriced = ?", true).Where("id = ? AND repriced = ?", r.ID, false).Exec(ctx)
	if err != nil {
		return r, err
	}
	return s.offer(ctx, r.ID)
}

func (s *Sandbox) orderRow(ctx context.Context, column, value string) (sbOrderRow, error) {
	var r sbOrderRow
	err := s.cfg.DB.NewSelect().Model(&r).Where("? = ?", bun.Ident(column), value).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return r, errSbNotFound
	}
	return r, err
}

func (s *Sandbox) cancellationRow(ctx context.Context, column, value string) (sbCancellationRow, error) {
	var r sbCancellationRow
	err := s.cfg.DB.NewSelect().Model(&r).Where("? = ?", bun.Ident(column), value).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return r, errSbNotFound
	}
	return r, err
}
