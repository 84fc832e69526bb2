package shop

import (
	"context"
	"strings"
	"time"

	"github.com/riverqueue/river"
	"github.com/uptrace/bun"

	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/apperr"
)

// ShipInput is a shipment's carrier and tracking number.
type ShipInput struct {
	Carrier        string `json:"carrier"`
	TrackingNumber string `json:"tracking_number"`
}

// ReasonInput is an optional reason.
type ReasonInput struct {
	Reason string `json:"reason"`
}

func checkReason(f apperr.Fields, reason string, required bool) string {
	r := strings.TrimSpace(reason)
	if required {
		f.Check(len([]rune(r)) >= 3, "reason", "must be at least 3 characters")
	}
	f.Check(len([]rune(r)) <= 500, "reason", "must be at most 500 characters")
	return r
}

// vendorTx runs fn on one of the vendor's orders, locked, in a transaction
// (another vendor's order is 404), and answers the order's detail.
func (s *Service) vendorTx(ctx context.Context, vendorID, id string, fn func(ctx context.Context, tx bun.Tx, o *orderRow) error) (OrderDetail, error) {
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		o, err := s.st.lockOrder(ctx, tx, id)
		if err != nil {
			return err
		}
		if o.VendorID != vendorID {
			return ErrOrderNotFound
		}
		return fn(ctx, tx, o)
	})
	if err != nil {
		return OrderDetail{}, err
	}
	return s.VendorOrder(ctx, vendorID, id)
}

// userTx is vendorTx for the shopper's own orders.
func (s *Service) userTx(ctx context.Context, userID, id string, fn func(ctx context.Context, tx bun.Tx, o *orderRow) error) (OrderDetail, error) {
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		o, err := s.st.lockOrder(ctx, tx, id)
		if err != nil {
			return err
		}
		if o.UserID != userID {
			return ErrOrderNotFound
		}
		return fn(ctx, tx, o)
	})
	if err != nil {
		return OrderDetail{}, err
	}
	return s.MyOrder(ctx, userID, id)
}

func paid(o *orderRow) bool {
	return o.PaymentStatus == PayPaid || o.PaymentStatus == PayPartiallyRefunded
}

// move changes an order's fulfilment status (conditional update) and writes
// the event; a move the machine does not allow is 409.
func (s *Service) move(ctx context.Context, tx bun.Tx, o *orderRow, to, actorID, actor, note string,
	more func(*bun.UpdateQuery) *bun.UpdateQuery) error {
	if !canMove(o.FulfilmentStatus, to) || (!paid(o) && to != FulCancelled) {
		return apperr.Conflict("An order that is " + displayStatus(o.PaymentStatus, o.FulfilmentStatus) +
			" cannot become " + displayStatus(o.PaymentStatus, to) + ".")
	}
	ok, err := s.st.setFulfilment(ctx, tx, o.ID, to, s.now(), more)
	if err != nil {
		return err
	}
	if !ok {
		return apperr.Conflict("The order changed meanwhile; reload it.")
	}
	from := displayStatus(o.PaymentStatus, o.FulfilmentStatus)
	o.FulfilmentStatus = to
	if err := s.event(ctx, tx, o.ID, "status", from, displayStatus(o.PaymentStatus, to), actorID, actor, note); err != nil {
		return err
	}
	return s.notifyMove(ctx, tx, o, to, actorID, actor)
}

// Process marks a paid order as being prepared.
func (s *Service) Process(ctx context.Context, vendorID, id string) (OrderDetail, error) {
	return s.vendorTx(ctx, vendorID, id, func(ctx context.Context, tx bun.Tx, o *orderRow) error {
		return s.move(ctx, tx, o, FulProcessing, vendorID, ActorVendor, "Preparing the parcel", nil)
	})
}

// Ship records the carrier and tracking number; a parcel nobody marks
// delivered counts as delivered AssumeDeliveredAfter past its latest
// estimate (the job inserted here).
func (s *Service) Ship(ctx context.Context, vendorID, id string, in ShipInput) (OrderDetail, error) {
	f := apperr.Fields{}
	carrier, tracking := strings.TrimSpace(in.Carrier), strings.TrimSpace(in.TrackingNumber)
	f.Check(len([]rune(carrier)) >= 2 && len([]rune(carrier)) <= 60, "carrier", "must be 2 to 60 characters")
	f.Check(len(tracking) >= 3 && len(tracking) <= 60 && strings.Trim(tracking,
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-") == "", "tracking_number",
		"must be 3 to 60 letters, digits or dashes")
	if err := f.Err(); err != nil {
		return OrderDetail{}, err
	}
	return s.vendorTx(ctx, vendorID, id, func(ctx context.Context, tx bun.Tx, o *orderRow) error {
		now := s.now()
		o.Carrier, o.TrackingNumber = carrier, tracking
		if err := s.move(ctx, tx, o, FulShipped, vendorID, ActorVendor, "Shipped with "+carrier+", tracking "+tracking,
			func(q *bun.UpdateQuery) *bun.UpdateQuery {
				return q.Set("carrier = ?", carrier).Set("tracking_number = ?", tracking).Set("shipped_at = ?", now)
			}); err != nil {
			return err
		}
		at := now.AddDate(0, 0, o.MaxDays).Add(AssumeDeliveredAfter)
		_, err := s.c.Jobs.InsertTx(ctx, tx, AssumeDeliveredJob{OrderID: o.ID}, &river.InsertOpts{ScheduledAt: at})
		return err
	})
}

// deliver marks a shipped order delivered: the return window starts and
// the release job is scheduled at its end.
func (s *Service) deliver(ctx context.Context, tx bun.Tx, o *orderRow, actorID, actor, note string) error {
	now := s.now()
	ends := now.AddDate(0, 0, o.ReturnDays)
	if err := s.move(ctx, tx, o, FulDelivered, actorID, actor, note, func(q *bun.UpdateQuery) *bun.UpdateQuery {
		return q.Set("delivered_at = ?", now).Set("return_window_ends_at = ?", ends)
	}); err != nil {
		return err
	}
	o.DeliveredAt, o.ReturnWindowEndsAt = &now, &ends
	_, err := s.c.Jobs.InsertTx(ctx, tx, ReleaseJob{OrderID: o.ID}, &river.InsertOpts{ScheduledAt: ends})
	return err
}

// MarkDelivered is the vendor's "delivered".
func (s *Service) MarkDelivered(ctx context.Context, vendorID, id string) (OrderDetail, error) {
	return s.vendorTx(ctx, vendorID, id, func(ctx context.Context, tx bun.Tx, o *orderRow) error {
		return s.deliver(ctx, tx, o, vendorID, ActorVendor, "Delivered (confirmed by the seller)")
	})
}

// ConfirmDelivery is the shopper's "it arrived".
func (s *Service) ConfirmDelivery(ctx context.Context, userID, id string) (OrderDetail, error) {
	return s.userTx(ctx, userID, id, func(ctx context.Context, tx bun.Tx, o *orderRow) error {
		return s.deliver(ctx, tx, o, userID, ActorUser, "Delivered (confirmed by the shopper)")
	})
}

// AssumeDelivered marks a parcel still shipped delivered (the job).
func (s *Service) AssumeDelivered(ctx context.Context, id string) error {
	return s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		o, err := s.st.lockOrder(ctx, tx, id)
		if err != nil || o.FulfilmentStatus != FulShipped {
			if err == ErrOrderNotFound {
				return nil
			}
			return err
		}
		return s.deliver(ctx, tx, o, "", ActorSystem, "Delivered (assumed: nobody reported a problem)")
	})
}

// cancel cancels a paid order before it ships: everything not refunded yet
// goes back to the shopper's wallet and the stock back on the shelf.
func (s *Service) cancel(ctx context.Context, tx bun.Tx, o *orderRow, actorID, actor, reason string) error {
	if o.PaymentStatus == PayAwaiting {
		return errAwaitingCard
	}
	if o.ReleasedAt != nil {
		return errReleased
	}
	now := s.now()
	note := "Cancelled"
	if reason != "" {
		note += ": " + reason
	}
	if err := s.move(ctx, tx, o, FulCancelled, actorID, actor, note, func(q *bun.UpdateQuery) *bun.UpdateQuery {
		return q.Set("cancelled_at = ?", now).Set("cancel_reason = ?", reason)
	}); err != nil {
		return err
	}
	lines, err := s.st.lines(ctx, tx, []string{o.ID})
	if err != nil {
		return err
	}
	var req []LineQuantity
	for _, l := range lines[o.ID] {
		if q := l.Quantity - l.RefundedQuantity - l.ReturnQuantity; q > 0 {
			req = append(req, LineQuantity{LineID: l.ID, Quantity: q})
		}
	}
	_, err = s.refund(ctx, tx, o, lines[o.ID], req, false, "shop-cancel:"+o.ID, reason, actorID, actor, true)
	return err
}

// CancelByUser is the shopper's cancellation before shipping.
func (s *Service) CancelByUser(ctx context.Context, userID, id string, in ReasonInput) (OrderDetail, error) {
	f := apperr.Fields{}
	reason := checkReason(f, in.Reason, false)
	if err := f.Err(); err != nil {
		return OrderDetail{}, err
	}
	return s.userTx(ctx, userID, id, func(ctx context.Context, tx bun.Tx, o *orderRow) error {
		return s.cancel(ctx, tx, o, userID, ActorUser, orDefault(reason, "Cancelled by the shopper"))
	})
}

// CancelByVendor is the seller's cancellation before shipping.
func (s *Service) CancelByVendor(ctx context.Context, vendorID, id string, in ReasonInput) (OrderDetail, error) {
	f := apperr.Fields{}
	reason := checkReason(f, in.Reason, false)
	if err := f.Err(); err != nil {
		return OrderDetail{}, err
	}
	return s.vendorTx(ctx, vendorID, id, func(ctx context.Context, tx bun.Tx, o *orderRow) error {
		return s.cancel(ctx, tx, o, vendorID, ActorVendor, orDefault(reason, "Cancelled by the seller"))
	})
}

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

var _ = money.MethodWallet
var _ = time.Second
