package app

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/contact"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/page"
	"sojourn/api/internal/shop"
	"sojourn/api/internal/support"
)

// supportPeople names users for support through the accounts directory.
type supportPeople struct{ a *accounts.Service }

func (p supportPeople) Names(ctx context.Context, ids []string) (map[string]support.Person, error) {
	got, err := p.a.Lookup(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make(map[string]support.Person, len(got))
	for id, pp := range got {
		name := pp.DisplayName
		if name == "" {
			name = pp.Username
		}
		out[id] = support.Person{ID: id, Name: name, Email: pp.Email}
	}
	return out, nil
}

func (p supportPeople) Admins(ctx context.Context) ([]string, error) {
	us, _, err := p.a.ListUsers(ctx, accounts.UserFilter{Role: "admin", Status: "active"}, 100, 0)
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, len(us))
	for _, u := range us {
		out = append(out, u.ID)
	}
	return out, nil
}

// shopOrders is support's Linkable of shop orders, answered by the shop's
// service: the buyer's orders, and the admin refund of what is left.
type shopOrders struct{ s *shop.Service }

func (shopOrders) Kind() string { return "shop_order" }

func orderItem(o shop.Order) support.Item {
	return support.Item{Kind: "shop_order", ID: o.ID, At: o.CreatedAt.UTC(),
		Label: fmt.Sprintf("Order %s from %s (%s)", o.Number, o.Store.Name, supportMoney(o.Total.Amount, o.Total.Currency))}
}

func (l shopOrders) Recent(ctx context.Context, userID string, limit int) ([]support.Item, error) {
	os, _, err := l.s.MyOrders(ctx, userID, shop.OrderFilter{}, page.Cursor{Limit: limit})
	if err != nil {
		return nil, err
	}
	out := make([]support.Item, 0, len(os))
	for _, o := range os {
		out = append(out, orderItem(o))
	}
	return out, nil
}

func (l shopOrders) Describe(ctx context.Context, userID, id string) (support.Item, error) {
	o, err := l.s.MyOrder(ctx, userID, id)
	if err != nil {
		return support.Item{}, err
	}
	return orderItem(o.Order), nil
}

// supportMoney writes minor units as "NGN 72,500.00".
func supportMoney(minor int64, currency string) string {
	whole, cents := minor/100, minor%100
	digits := fmt.Sprint(whole)
	var b []byte
	for i := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b = append(b, ',')
		}
		b = append(b, digits[i])
	}
	return fmt.Sprintf("%s %s.%02d", currency, b, cents)
}

// ActionRefundOrder refunds what is left of a shop order to the buyer's wallet.
const ActionRefundOrder = "refund_order"

func (l shopOrders) Actions(ctx context.Context, userID, id string) ([]support.Action, error) {
	o, err := l.s.MyOrder(ctx, userID, id)
	if err != nil {
		return nil, err
	}
	out := []support.Action{}
	if (o.PaymentStatus == shop.PayPaid || o.PaymentStatus == shop.PayPartiallyRefunded) && o.Refunded.Amount < o.Total.Amount {
		out = append(out, support.Action{Name: ActionRefundOrder,
			Label: "Refund " + supportMoney(o.Total.Amount-o.Refunded.Amount, o.Total.Currency)})
	}
	return out, nil
}

func (l shopOrders) Run(ctx context.Context, adminID, ip, userID, id, action, key, reason string) error {
	if action != ActionRefundOrder {
		return apperr.Conflict("That action does not apply to an order.")
	}
	o, err := l.s.MyOrder(ctx, userID, id)
	if err != nil {
		return err
	}
	_, err = l.s.AdminRefund(ctx, adminID, ip, o.GroupID, key, shop.AdminRefundInput{OrderID: o.ID, Reason: reason})
	return err
}

// contactTickets hands each new contact-form message to support.
type contactTickets struct{ s *support.Service }

func (c contactTickets) Opened(ctx context.Context, tx bun.IDB, m contact.Message) error {
	uid := ""
	if m.UserID != nil {
		uid = *m.UserID
	}
	return c.s.FromContact(ctx, tx, support.ContactMessage{ID: m.ID, UserID: uid, Name: m.Name, Email: m.Email,
		Subject: m.Subject, Body: m.Message, At: m.CreatedAt})
}
