package shop

import (
	"context"
	"database/sql"
	"errors"

	"github.com/uptrace/bun"

	"sojourn/api/internal/messaging"
)

// MessagingSource describes orders to messaging (a conversation about an
// order shows it as a card): a small reader of shop_orders only.
type MessagingSource struct{ db bun.IDB }

// NewMessagingSource is the shop's messaging.Source for "order".
func NewMessagingSource(db bun.IDB) MessagingSource { return MessagingSource{db: db} }

// Type is "order".
func (MessagingSource) Type() string { return "order" }

// Subject describes the order to viewer: its buyer and seller are its
// parties, and each sees the link to their own order screen.
func (m MessagingSource) Subject(ctx context.Context, id, viewer string) (messaging.Subject, error) {
	var o struct {
		ID               string `bun:"id"`
		UserID           string `bun:"user_id"`
		VendorID         string `bun:"vendor_id"`
		StoreName        string `bun:"store_name"`
		FulfilmentStatus string `bun:"fulfilment_status"`
		PaymentStatus    string `bun:"payment_status"`
	}
	err := m.db.NewSelect().TableExpr("shop_orders").
		Column("id", "user_id", "vendor_id", "store_name", "fulfilment_status", "payment_status").
		Where("id = ?", id).Scan(ctx, &o)
	if errors.Is(err, sql.ErrNoRows) {
		return messaging.Subject{}, messaging.ErrNoSubject
	}
	if err != nil {
		return messaging.Subject{}, err
	}
	status := o.FulfilmentStatus
	if o.PaymentStatus != "" && o.PaymentStatus != "paid" {
		status = o.PaymentStatus
	}
	s := messaging.Subject{Parties: []string{o.UserID, o.VendorID}}
	s.Title, s.Status = "Order from "+o.StoreName, status
	if viewer == o.VendorID {
		s.Link = "/vendor-app/bookings?id=" + o.ID
		s.Actions = []messaging.Action{{Label: "Open the order", Link: s.Link}}
	} else {
		s.Link = "/shop/orders?id=" + o.ID
		s.Actions = []messaging.Action{{Label: "View the order", Link: s.Link},
			{Label: "Request a refund", Link: s.Link + "&refund=1"}}
	}
	return s, nil
}
