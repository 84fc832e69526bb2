package shop

import (
	"context"
	"strconv"

	"github.com/riverqueue/river"
	"github.com/uptrace/bun"

	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/ids"
)

// RefundInput refunds quantities of an order's lines.
type RefundInput struct {
	Lines  []LineQuantity `json:"lines"`
	Reason string         `json:"reason"`
}

// ReturnInput asks to return quantities of a delivered order's lines.
type ReturnInput = RefundInput

func checkLines(f apperr.Fields, lines []LineQuantity, required bool) {
	if required {
		f.Check(len(lines) >= 1, "lines", "name at least one line")
	}
	f.Check(len(lines) <= 100, "lines", "at most 100 lines")
	seen := map[string]bool{}
	for i, l := range lines {
		p := "lines[" + strconv.Itoa(i) + "]."
		f.Check(l.LineID != "" && len(l.LineID) <= 64 && !seen[l.LineID], p+"line_id", "must name a line of the order once")
		f.Check(l.Quantity >= 1 && l.Quantity <= maxLineQuantity, p+"quantity", "must be 1 to 99")
		seen[l.LineID] = true
	}
}

// refund gives quantities of o's lines back to the shopper's wallet from
// the order's escrow, in tx: each line by a conditional update (never more
// than was bought and not refunded or asked back, or, fromReturn, than was
// asked back), the shipping fee too once every line is refunded, the order's
// refunded amount and payment status, the refund's rows and the event.
// restock puts the quantities back into stock. It answers the amount.
func (s *Service) refund(ctx context.Context, tx bun.Tx, o *orderRow, lines []lineRow, req []LineQuantity, fromReturn bool,
	key, reason, actorID, actor string, restock bool) (int64, error) {
	if !paid(o) {
		return 0, apperr.Conflict("Only a paid order can be refunded.")
	}
	if o.ReleasedAt != nil {
		return 0, errReleased
	}
	byID := map[string]*lineRow{}
	for i := range lines {
		byID[lines[i].ID] = &lines[i]
	}
	ref := &refundRow{ID: ids.New(), OrderID: o.ID, Reason: reason, ActorID: actorID, ActorRole: actor, CreatedAt: s.now()}
	var rl []refundLineRow
	var stock []StockLine
	f := apperr.Fields{}
	for i, r := range req {
		l := byID[r.LineID]
		p := "lines[" + strconv.Itoa(i) + "]"
		if l == nil {
			f.Add(p+".line_id", "is not a line of this order")
			continue
		}
		q := tx.NewUpdate().Model((*lineRow)(nil)).Set("refunded_quantity = refunded_quantity + ?", r.Quantity).
			Where("id = ? AND order_id = ?", l.ID, o.ID)
		if fromReturn {
			q = q.Set("return_quantity = return_quantity - ?", r.Quantity).Where("return_quantity >= ?", r.Quantity)
		} else {
			q = q.Where("refunded_quantity + return_quantity + ? <= quantity", r.Quantity)
		}
		ok, err := affected(q.Exec(ctx))
		if err != nil {
			return 0, err
		}
		if !ok {
			f.Add(p+".quantity", "is more than can be refunded ("+
				strconv.Itoa(l.Quantity-l.RefundedQuantity-l.ReturnQuantity)+" left)")
			continue
		}
		l.RefundedQuantity += r.Quantity
		if fromReturn {
			l.ReturnQuantity -= r.Quantity
		}
		amt := l.UnitPrice * int64(r.Quantity)
		ref.Amount += amt
		rl = append(rl, refundLineRow{RefundID: ref.ID, LineID: l.ID, Quantity: r.Quantity, Amount: amt})
		stock = append(stock, StockLine{VariantID: l.VariantID, Quantity: r.Quantity})
	}
	if err := f.Err(); err != nil {
		return 0, err
	}
	all := true
	for _, l := range lines {
		all = all && l.RefundedQuantity == l.Quantity
	}
	if all {
		ref.Shipping = o.Total - o.Refunded - ref.Amount
		ref.Amount = o.Total - o.Refunded
	}
	if ref.Amount <= 0 {
		return 0, apperr.Conflict("Nothing is left to refund on this order.")
	}
	status := PayPartiallyRefunded
	if o.Refunded+ref.Amount == o.Total {
		status = PayRefunded
	}
	ok, err := affected(tx.NewUpdate().Model((*orderRow)(nil)).Set("refunded = refunded + ?", ref.Amount).
		Set("payment_status = ?", status).Set("updated_at = ?", ref.CreatedAt).
		Where("id = ? AND refunded + ? <= total AND released_at IS NULL", o.ID, ref.Amount).Exec(ctx))
	if err != nil {
		return 0, err
	}
	if !ok {
		return 0, apperr.Conflict("The order changed meanwhile; reload it.")
	}
	if _, err := s.c.Money.Refund(ctx, tx, money.Refund{Key: key, Reason: "Refund: order " + orderNumber(o.GroupNumber, o.Seq),
		Ref: orderRef(o.ID), UserID: o.UserID, Amount: ref.Amount, Currency: o.Currency, From: money.RefundFromEscrow,
		To: money.MethodWallet, ActorID: actorID, Note: reason}); err != nil {
		return 0, err
	}
	if _, err := tx.NewInsert().Model(ref).Exec(ctx); err != nil {
		return 0, err
	}
	if _, err := tx.NewInsert().Model(&rl).Exec(ctx); err != nil {
		return 0, err
	}
	if restock {
		if err := s.c.Catalog.Restock(ctx, tx, stock); err != nil {
			return 0, err
		}
	}
	fromPay := o.PaymentStatus
	o.Refunded += ref.Amount
	o.PaymentStatus = status
	if err := s.event(ctx, tx, o.ID, "refund", fromPay, status, actorID, actor,
		"Refunded "+strconv.FormatInt(ref.Amount, 10)+" "+o.Currency+" to the wallet: "+reason); err != nil {
		return 0, err
	}
	if err := s.notifyRefund(ctx, tx, o, ref.Amount, actorID); err != nil {
		return 0, err
	}
	if status == PayRefunded && (o.FulfilmentStatus == FulUnfulfilled || o.FulfilmentStatus == FulProcessing) {
		now := s.now()
		if err := s.move(ctx, tx, o, FulCancelled, actorID, actor, "Cancelled: everything was refunded",
			func(q *bun.UpdateQuery) *bun.UpdateQuery {
				return q.Set("cancelled_at = ?", now).Set("cancel_reason = ?", reason)
			}); err != nil {
			return 0, err
		}
	}
	return ref.Amount, nil
}

// VendorRefund refunds lines of one of the vendor's orders; before the
// parcel ships the quantities go back into stock.
func (s *Service) VendorRefund(ctx context.Context, vendorID, id, key string, in RefundInput) (OrderDetail, error) {
	f := apperr.Fields{}
	checkLines(f, in.Lines, true)
	reason := checkReason(f, in.Reason, true)
	if err := f.Err(); err != nil {
		return OrderDetail{}, err
	}
	return s.vendorTx(ctx, vendorID, id, func(ctx context.Context, tx bun.Tx, o *orderRow) error {
		return s.refundLines(ctx, tx, o, in.Lines, "shop-refund:"+o.ID+":"+key, reason, vendorID, ActorVendor)
	})
}

func (s *Service) refundLines(ctx context.Context, tx bun.Tx, o *orderRow, req []LineQuantity, key, reason, actorID, actor string) error {
	lines, err := s.st.lines(ctx, tx, []string{o.ID})
	if err != nil {
		return err
	}
	if len(req) == 0 {
		for _, l := range lines[o.ID] {
			if q := l.Quantity - l.RefundedQuantity - l.ReturnQuantity; q > 0 {
				req = append(req, LineQuantity{LineID: l.ID, Quantity: q})
			}
		}
	}
	unshipped := o.FulfilmentStatus == FulUnfulfilled || o.FulfilmentStatus == FulProcessing
	_, err = s.refund(ctx, tx, o, lines[o.ID], req, false, key, reason, actorID, actor, unshipped)
	return err
}

// RequestReturn asks to return lines of a delivered order within its
// return window.
func (s *Service) RequestReturn(ctx context.Context, userID, id string, in ReturnInput) (OrderDetail, error) {
	f := apperr.Fields{}
	checkLines(f, in.Lines, true)
	reason := checkReason(f, in.Reason, true)
	if err := f.Err(); err != nil {
		return OrderDetail{}, err
	}
	return s.userTx(ctx, userID, id, func(ctx context.Context, tx bun.Tx, o *orderRow) error {
		if o.ReleasedAt != nil || o.ReturnWindowEndsAt == nil || !s.now().Before(*o.ReturnWindowEndsAt) {
			return apperr.Conflict("The return window of this order has closed.")
		}
		if !canMove(o.FulfilmentStatus, FulReturnRequested) {
			return apperr.Conflict("Only a delivered order can be returned.")
		}
		lines, err := s.st.lines(ctx, tx, []string{o.ID})
		if err != nil {
			return err
		}
		owned := map[string]bool{}
		for _, l := range lines[o.ID] {
			owned[l.ID] = true
		}
		r := &returnRow{ID: ids.New(), OrderID: o.ID, Status: ReturnRequested, Reason: reason, CreatedAt: s.now(),
			UpdatedAt: s.now()}
		var rl []returnLineRow
		for i, l := range in.Lines {
			p := "lines[" + strconv.Itoa(i) + "]"
			if !owned[l.LineID] {
				f.Add(p+".line_id", "is not a line of this order")
				continue
			}
			ok, err := affected(tx.NewUpdate().Model((*lineRow)(nil)).Set("return_quantity = return_quantity + ?", l.Quantity).
				Where("id = ? AND refunded_quantity + return_quantity + ? <= quantity", l.LineID, l.Quantity).Exec(ctx))
			if err != nil {
				return err
			}
			if !ok {
				f.Add(p+".quantity", "is more than you can return")
				continue
			}
			rl = append(rl, returnLineRow{ReturnID: r.ID, LineID: l.LineID, Quantity: l.Quantity})
		}
		if err := f.Err(); err != nil {
			return err
		}
		if _, err := tx.NewInsert().Model(r).Exec(ctx); err != nil {
			return err
		}
		if _, err := tx.NewInsert().Model(&rl).Exec(ctx); err != nil {
			return err
		}
		return s.move(ctx, tx, o, FulReturnRequested, userID, ActorUser, "Return requested: "+reason, nil)
	})
}

// ReceiveReturn is the seller receiving a returned parcel: the return's
// quantities go back into stock and are refunded (requested -> returned ->
// refunded); the rest of the escrow is released at the end of the window.
func (s *Service) ReceiveReturn(ctx context.Context, vendorID, id, returnID string) (OrderDetail, error) {
	return s.vendorTx(ctx, vendorID, id, func(ctx context.Context, tx bun.Tx, o *orderRow) error {
		r := new(returnRow)
		if err := tx.NewSelect().Model(r).Where("id = ? AND order_id = ?", returnID, o.ID).Scan(ctx); err != nil {
			return notFound(err, ErrReturnNotFound)
		}
		ok, err := affected(tx.NewUpdate().Model(r).Set("status = ?", ReturnRefunded).Set("updated_at = ?", s.now()).
			Where("id = ? AND status = ?", r.ID, ReturnRequested).Exec(ctx))
		if err != nil {
			return err
		}
		if !ok {
			return apperr.Conflict("This return was already received.")
		}
		var rl []returnLineRow
		if err := tx.NewSelect().Model(&rl).Where("return_id = ?", r.ID).Scan(ctx); err != nil {
			return err
		}
		req := make([]LineQuantity, len(rl))
		for i, l := range rl {
			req[i] = LineQuantity{LineID: l.LineID, Quantity: l.Quantity}
		}
		if err := s.move(ctx, tx, o, FulReturned, vendorID, ActorVendor, "Returned parcel received", nil); err != nil {
			return err
		}
		lines, err := s.st.lines(ctx, tx, []string{o.ID})
		if err != nil {
			return err
		}
		if _, err := s.refund(ctx, tx, o, lines[o.ID], req, true, "shop-return:"+r.ID, "Returned: "+r.Reason, vendorID,
			ActorVendor, true); err != nil {
			return err
		}
		at := s.now()
		if o.ReturnWindowEndsAt != nil && o.ReturnWindowEndsAt.After(at) {
			at = *o.ReturnWindowEndsAt
		}
		_, err = s.c.Jobs.InsertTx(ctx, tx, ReleaseJob{OrderID: o.ID}, &river.InsertOpts{ScheduledAt: at})
		return err
	})
}
