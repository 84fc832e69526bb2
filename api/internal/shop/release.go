package shop

import (
	"context"
	"strconv"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/ids"
)

// commissionFor picks the commission of an order: the highest-priority
// active rule naming its vendor or one of its lines' categories (a vendor
// rule first at equal priority), else the platform's default fee. The
// amount is bps of base plus the fixed part, never more than base.
func (s *Service) commissionFor(ctx context.Context, tx bun.IDB, o *orderRow, lines []lineRow, base int64) (*commissionRow, error) {
	cats := map[string]bool{}
	for _, l := range lines {
		if l.CategoryID != "" {
			cats[l.CategoryID] = true
		}
	}
	var rules []ruleRow
	q := tx.NewSelect().Model(&rules).Where("active").WhereGroup(" AND ", func(q *bun.SelectQuery) *bun.SelectQuery {
		q = q.Where("scope = 'vendor' AND vendor_id = ?", o.VendorID)
		if len(cats) > 0 {
			q = q.WhereOr("scope = 'category' AND category_id IN (?)", bun.In(keys(cats)))
		}
		return q
	}).OrderExpr("priority DESC, CASE WHEN scope = 'vendor' THEN 0 ELSE 1 END, created_at, id").Limit(1)
	if err := q.Scan(ctx); err != nil {
		return nil, err
	}
	c := &commissionRow{ID: ids.New(), OrderID: o.ID, Base: base, BPS: s.c.Money.FeeBPS(), Currency: o.Currency,
		CreatedAt: s.now(), Description: "Platform fee"}
	if len(rules) == 1 {
		r := rules[0]
		c.RuleID, c.BPS, c.Fixed = &r.ID, r.BPS, r.Fixed
		c.Description = "Commission (" + r.Scope + " rule)"
		if r.Note != "" {
			c.Description += ": " + r.Note
		}
	}
	c.Amount = min(base*int64(c.BPS)/10000+c.Fixed, base)
	return c, nil
}

// Release pays a delivered order's escrow out to its vendor once the return
// window has passed (the release job): what was not refunded, minus the
// commission (a commission line), into the vendor's pending earnings, and
// the order completes. It answers how early the job ran when it did; an
// order with a return awaiting the seller waits for it.
func (s *Service) Release(ctx context.Context, id string) (time.Duration, error) {
	var early time.Duration
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		o, err := s.st.lockOrder(ctx, tx, id)
		if err != nil {
			if err == ErrOrderNotFound {
				return nil
			}
			return err
		}
		if o.ReleasedAt != nil || (o.FulfilmentStatus != FulDelivered && o.FulfilmentStatus != FulReturned) || !paid(o) &&
			o.PaymentStatus != PayRefunded {
			return nil
		}
		if o.ReturnWindowEndsAt != nil {
			if d := o.ReturnWindowEndsAt.Sub(s.now()); d > 0 {
				early = d
				return nil
			}
		}
		now := s.now()
		ok, err := affected(tx.NewUpdate().Model((*orderRow)(nil)).Set("released_at = ?", now).
			Set("completed_at = ?", now).Set("fulfilment_status = ?", FulCompleted).Set("updated_at = ?", now).
			Where("id = ? AND released_at IS NULL AND fulfilment_status IN (?)", o.ID,
				bun.In([]string{FulDelivered, FulReturned})).Exec(ctx))
		if err != nil || !ok {
			return err
		}
		base := o.Total - o.Refunded
		from := displayStatus(o.PaymentStatus, o.FulfilmentStatus)
		note := "Completed"
		if base > 0 {
			lines, err := s.st.lines(ctx, tx, []string{o.ID})
			if err != nil {
				return err
			}
			c, err := s.commissionFor(ctx, tx, o, lines[o.ID], base)
			if err != nil {
				return err
			}
			if _, err := tx.NewInsert().Model(c).Exec(ctx); err != nil {
				return err
			}
			if err := s.payOut(ctx, tx, o, base, c); err != nil {
				return err
			}
			note = "Completed: " + strconv.FormatInt(base-c.Amount, 10) + " " + o.Currency + " released to the seller after " +
				strconv.FormatInt(c.Amount, 10) + " commission"
		}
		if from != "refunded" {
			return s.event(ctx, tx, o.ID, "release", from, FulCompleted, "", ActorSystem, note)
		}
		return s.event(ctx, tx, o.ID, "release", from, from, "", ActorSystem, note)
	})
	return early, err
}

// payOut releases base from the order's escrow: with a percentage only,
// one money.Release at the rule's fee; with a fixed part, the vendor's
// share at no fee and the commission as a release that is all fee (so the
// platform's fees get exactly the commission line's amount).
func (s *Service) payOut(ctx context.Context, tx bun.Tx, o *orderRow, base int64, c *commissionRow) error {
	reason := "Order " + orderNumber(o.GroupNumber, o.Seq)
	if c.Fixed == 0 && c.Amount == base*int64(c.BPS)/10000 {
		bps := c.BPS
		_, err := s.c.Money.Release(ctx, tx, money.Release{Key: "shop-release:" + o.ID, Reason: reason, Ref: orderRef(o.ID),
			ProviderID: o.VendorID, Amount: base, Currency: o.Currency, FeeBPS: &bps, Note: reason})
		return err
	}
	zero, all := 0, 10000
	if net := base - c.Amount; net > 0 {
		if _, err := s.c.Money.Release(ctx, tx, money.Release{Key: "shop-release:" + o.ID, Reason: reason, Ref: orderRef(o.ID),
			ProviderID: o.VendorID, Amount: net, Currency: o.Currency, FeeBPS: &zero, Note: reason}); err != nil {
			return err
		}
	}
	if c.Amount > 0 {
		if _, err := s.c.Money.Release(ctx, tx, money.Release{Key: "shop-commission:" + o.ID, Reason: "Commission: " + reason,
			Ref: orderRef(o.ID), ProviderID: o.VendorID, Amount: c.Amount, Currency: o.Currency, FeeBPS: &all,
			Note: "Commission: " + reason}); err != nil {
			return err
		}
	}
	return nil
}
