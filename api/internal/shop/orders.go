package shop

import (
	"context"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/page"
)

// event writes one entry of an order's timeline.
func (s *Service) event(ctx context.Context, d bun.IDB, orderID, typ, from, to, actorID, actor, note string) error {
	return s.st.insertEvent(ctx, d, &eventRow{OrderID: orderID, Type: typ, FromState: from, ToState: to, ActorID: actorID,
		ActorRole: actor, Note: note, CreatedAt: s.now()})
}

// Group answers one of the shopper's order groups with its orders.
func (s *Service) Group(ctx context.Context, userID, id string) (Group, error) {
	g, err := s.st.groupIn(ctx, s.c.DB, id)
	if err != nil || g.UserID != userID {
		return Group{}, orErr(err, ErrGroupNotFound)
	}
	orders, lines, err := s.st.groupOrders(ctx, s.c.DB, id)
	if err != nil {
		return Group{}, err
	}
	out := groupOf(g)
	for i := range orders {
		out.Orders = append(out.Orders, orderOf(&orders[i], lines[orders[i].ID]))
	}
	return out, nil
}

func groupOf(g *groupRow) Group {
	return Group{ID: g.ID, Number: g.Number, Status: g.Status, PayWith: g.PayWith, Subtotal: m(g.Subtotal, g.Currency),
		ShippingTotal: m(g.ShippingTotal, g.Currency), Total: m(g.Total, g.Currency), PayBy: g.PayBy,
		CreatedAt: g.CreatedAt, Orders: []Order{}}
}

// OrderFilter filters an order list by its display status.
type OrderFilter struct{ Status string }

// list reads a keyset page of orders of one owner column, newest first.
func (s *Service) list(ctx context.Context, ownerCol, ownerID string, f OrderFilter, c page.Cursor) ([]Order, *page.Key, error) {
	pay, ful, ok := statusFilter(f.Status)
	if !ok {
		return nil, nil, apperr.Validation(map[string]string{"status": "is not an order status"})
	}
	var rows []orderRow
	q := s.st.orderQuery(s.c.DB).Where("o.? = ?", bun.Ident(ownerCol), ownerID)
	if len(pay) > 0 {
		q = q.Where("o.payment_status IN (?)", bun.In(pay))
	}
	if len(ful) > 0 {
		q = q.Where("o.fulfilment_status IN (?)", bun.In(ful))
	}
	if c.After != nil {
		q = q.Where("(o.created_at, o.id) < (?, ?)", c.After.CreatedAt, c.After.ID)
	}
	if err := q.OrderExpr("o.created_at DESC, o.id DESC").Limit(int64(c.Fetch())).Scan(ctx, &rows); err != nil {
		return nil, nil, err
	}
	rows, next := page.Trim(rows, c, func(o orderRow) page.Key { return page.Key{CreatedAt: o.CreatedAt, ID: o.ID} })
	lines, err := s.st.lines(ctx, s.c.DB, orderIDs(rows))
	if err != nil {
		return nil, nil, err
	}
	out := make([]Order, 0, len(rows))
	for i := range rows {
		out = append(out, orderOf(&rows[i], lines[rows[i].ID]))
	}
	if ownerCol == "vendor_id" {
		if err := s.nameBuyers(ctx, out); err != nil {
			return nil, nil, err
		}
	}
	return out, next, nil
}

// MyOrders lists the shopper's seller orders, newest first.
func (s *Service) MyOrders(ctx context.Context, userID string, f OrderFilter, c page.Cursor) ([]Order, *page.Key, error) {
	return s.list(ctx, "user_id", userID, f, c)
}

// VendorOrders lists the vendor's orders, newest first.
func (s *Service) VendorOrders(ctx context.Context, vendorID string, f OrderFilter, c page.Cursor) ([]Order, *page.Key, error) {
	return s.list(ctx, "vendor_id", vendorID, f, c)
}

// MyOrder answers one of the shopper's orders with its timeline.
func (s *Service) MyOrder(ctx context.Context, userID, id string) (OrderDetail, error) {
	o, err := s.st.order(ctx, s.c.DB, id, "user_id", userID)
	if err != nil {
		return OrderDetail{}, err
	}
	return s.detail(ctx, o, false)
}

// VendorOrder answers one of the vendor's orders (another's is 404).
func (s *Service) VendorOrder(ctx context.Context, vendorID, id string) (OrderDetail, error) {
	o, err := s.st.order(ctx, s.c.DB, id, "vendor_id", vendorID)
	if err != nil {
		return OrderDetail{}, err
	}
	return s.detail(ctx, o, true)
}

// detail reads an order's lines, timeline, returns and (for its seller and
// admins) its commission lines.
func (s *Service) detail(ctx context.Context, o *orderRow, seller bool) (OrderDetail, error) {
	lines, err := s.st.lines(ctx, s.c.DB, []string{o.ID})
	if err != nil {
		return OrderDetail{}, err
	}
	out := OrderDetail{Order: orderOf(o, lines[o.ID]), Events: []OrderEvent{}, Returns: []Return{},
		Commission: []CommissionLine{}}
	evs, err := s.st.events(ctx, s.c.DB, o.ID)
	if err != nil {
		return OrderDetail{}, err
	}
	for _, e := range evs {
		out.Events = append(out.Events, OrderEvent{Type: e.Type, From: e.FromState, To: e.ToState, ActorRole: e.ActorRole,
			Note: e.Note, At: e.CreatedAt})
	}
	if out.Returns, err = s.st.returns(ctx, s.c.DB, o); err != nil {
		return OrderDetail{}, err
	}
	if seller {
		if out.Commission, err = s.st.commission(ctx, s.c.DB, o.ID); err != nil {
			return OrderDetail{}, err
		}
		one := []Order{out.Order}
		if err := s.nameBuyers(ctx, one); err != nil {
			return OrderDetail{}, err
		}
		out.Order = one[0]
	}
	return out, nil
}

// nameBuyers fills each order's buyer from the accounts directory.
func (s *Service) nameBuyers(ctx context.Context, orders []Order) error {
	set := map[string]bool{}
	for _, o := range orders {
		set[o.Buyer.ID] = true
	}
	people, err := s.c.Directory.Lookup(ctx, keys(set))
	if err != nil {
		return err
	}
	for i := range orders {
		id := orders[i].Buyer.ID
		p := people[id]
		orders[i].Buyer = Person{ID: id, Name: nameOf(p.DisplayName, p.Username), Email: p.Email}
	}
	return nil
}

func nameOf(display, username string) string {
	if display != "" {
		return display
	}
	return username
}
