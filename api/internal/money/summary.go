package money

import (
	"context"
	"time"
)

// Sum is a total of money and how many movements made it.
type Sum struct {
	Amount int64 `json:"amount"`
	Count  int   `json:"count"`
}

// Figures are the platform's money movements over a period: completed
// wallet top-ups, payouts requested and not failed or reversed, and gift
// cards sold.
type Figures struct {
	TopUps        Sum `json:"top_ups"`
	Payouts       Sum `json:"payouts"`
	GiftCardSales Sum `json:"gift_card_sales"`
}

// Summary is the admin overview's money in one currency: today's and this
// month's figures (UTC days) and the gift-card liability now (the value of
// every issued card not yet redeemed or expired).
type Summary struct {
	Currency          string  `json:"currency"`
	Today             Figures `json:"today"`
	Month             Figures `json:"month"`
	GiftCardLiability int64   `json:"gift_card_liability"`
	// SupplierPayable is what Sojourn owes travel suppliers now for the
	// hotel and flight bookings they confirmed.
	SupplierPayable int64     `json:"supplier_payable"`
	AsOf            time.Time `json:"as_of"`
}

// Summary reads the admin overview's figures for one currency ("" is the
// default currency).
func (s *Service) Summary(ctx context.Context, currency string) (Summary, error) {
	cur, err := checkCurrency(currency)
	if err != nil {
		return Summary{}, err
	}
	now := s.clock.Now().UTC()
	day := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	month := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
	out := Summary{Currency: cur, AsOf: now}
	for _, p := range []struct {
		since time.Time
		into  *Figures
	}{{day, &out.Today}, {month, &out.Month}} {
		var rows []struct {
			Type   string `bun:"type"`
			Amount int64  `bun:"amount"`
			Count  int    `bun:"n"`
		}
		err := s.db.NewSelect().Model((*txnRow)(nil)).
			ColumnExpr("type, COALESCE(SUM(amount), 0) AS amount, COUNT(*) AS n").
			Where("currency = ?", cur).Where("created_at >= ?", p.since).
			Where("((type IN (?, ?) AND status = ?) OR (type = ? AND status IN (?, ?)))",
				string(TxnTopUp), string(TxnGiftCardPurchase), StatusCompleted,
				string(TxnPayout), StatusPending, StatusCompleted).
			GroupExpr("type").Scan(ctx, &rows)
		if err != nil {
			return Summary{}, err
		}
		for _, r := range rows {
			sum := Sum{Amount: r.Amount, Count: r.Count}
			switch TxnType(r.Type) {
			case TxnTopUp:
				p.into.TopUps = sum
			case TxnPayout:
				p.into.Payouts = sum
			case TxnGiftCardPurchase:
				p.into.GiftCardSales = sum
			}
		}
	}
	var liability int64
	err = s.db.NewSelect().Model((*accountRow)(nil)).ColumnExpr("COALESCE(SUM(balance), 0)").
		Where("kind = ? AND currency = ?", string(KindGiftCardLiability), cur).Scan(ctx, &liability)
	if err != nil {
		return Summary{}, err
	}
	out.GiftCardLiability = liability
	err = s.db.NewSelect().Model((*accountRow)(nil)).ColumnExpr("COALESCE(SUM(balance), 0)").
		Where("kind = ? AND currency = ?", string(KindSupplierPayable), cur).Scan(ctx, &out.SupplierPayable)
	if err != nil {
		return Summary{}, err
	}
	return out, nil
}
