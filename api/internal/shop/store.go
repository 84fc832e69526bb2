package shop

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/ids"
)

// store holds the shop's queries; the only place that knows the dialect.
type store struct{ db *db.DB }

func notFound(err error, nf error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return nf
	}
	return err
}

// --- cart

func (st store) cartRows(ctx context.Context, d bun.IDB, userID string) ([]cartRow, error) {
	var rows []cartRow
	err := d.NewSelect().Model(&rows).Where("user_id = ?", userID).OrderExpr("created_at, variant_id").Scan(ctx)
	return rows, err
}

func (st store) cartQuantity(ctx context.Context, d bun.IDB, userID, variantID string) (int, error) {
	var q int
	err := d.NewSelect().Model((*cartRow)(nil)).Column("quantity").Where("user_id = ? AND variant_id = ?", userID, variantID).
		Scan(ctx, &q)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return q, err
}

func (st store) cartLines(ctx context.Context, d bun.IDB, userID string) (int, error) {
	n, err := d.NewSelect().Model((*cartRow)(nil)).Where("user_id = ?", userID).Count(ctx)
	return int(n), err
}

// addCart adds q to a line (created when missing), never past 99.
func (st store) addCart(ctx context.Context, d bun.IDB, userID, variantID string, q int, now time.Time) error {
	_, err := d.NewInsert().Model(&cartRow{UserID: userID, VariantID: variantID, Quantity: q, CreatedAt: now, UpdatedAt: now}).
		On("CONFLICT (user_id, variant_id) DO UPDATE").
		Set("quantity = cart_row.quantity + EXCLUDED.quantity").Set("updated_at = EXCLUDED.updated_at").
		Where("cart_row.quantity + EXCLUDED.quantity <= ?", maxLineQuantity).Exec(ctx)
	return err
}

func (st store) setCart(ctx context.Context, d bun.IDB, userID, variantID string, q int, now time.Time) error {
	_, err := d.NewInsert().Model(&cartRow{UserID: userID, VariantID: variantID, Quantity: q, CreatedAt: now, UpdatedAt: now}).
		On("CONFLICT (user_id, variant_id) DO UPDATE").
		Set("quantity = EXCLUDED.quantity").Set("updated_at = EXCLUDED.updated_at").Exec(ctx)
	return err
}

func (st store) deleteCart(ctx context.Context, d bun.IDB, userID string, variantIDs []string) error {
	if len(variantIDs) == 0 {
		return nil
	}
	_, err := d.NewDelete().Model((*cartRow)(nil)).Where("user_id = ? AND variant_id IN (?)", userID, bun.In(variantIDs)).
		Exec(ctx)
	return err
}

// --- addresses

func (st store) addresses(ctx context.Context, userID string) ([]addressRow, error) {
	var rows []addressRow
	err := st.db.NewSelect().Model(&rows).Where("user_id = ?", userID).OrderExpr("is_default DESC, created_at DESC, id DESC").
		Scan(ctx)
	return rows, err
}

func (st store) address(ctx context.Context, d bun.IDB, userID, id string) (*addressRow, error) {
	r := new(addressRow)
	err := d.NewSelect().Model(r).Where("id = ? AND user_id = ?", id, userID).Scan(ctx)
	return r, notFound(err, ErrAddressNotFound)
}

func (st store) clearDefault(ctx context.Context, tx bun.Tx, userID string) error {
	_, err := tx.NewUpdate().Model((*addressRow)(nil)).Set("is_default = ?", false).
		Where("user_id = ? AND is_default", userID).Exec(ctx)
	return err
}

// --- groups and orders

func (st store) groupByKey(ctx context.Context, d bun.IDB, userID, key string) (*groupRow, error) {
	g := new(groupRow)
	err := d.NewSelect().Model(g).Where("user_id = ? AND idempotency_key = ?", userID, key).Scan(ctx)
	return g, notFound(err, ErrGroupNotFound)
}

func (st store) groupIn(ctx context.Context, d bun.IDB, id string) (*groupRow, error) {
	g := new(groupRow)
	err := d.NewSelect().Model(g).Where("id = ?", id).Scan(ctx)
	return g, notFound(err, ErrGroupNotFound)
}

func (st store) setGroupReference(ctx context.Context, id, ref string) error {
	_, err := st.db.NewUpdate().Model((*groupRow)(nil)).Set("payment_reference = ?", ref).Where("id = ?", id).Exec(ctx)
	return err
}

func (st store) setGroupStatus(ctx context.Context, tx bun.IDB, id, from, to string, now time.Time) (bool, error) {
	res, err := tx.NewUpdate().Model((*groupRow)(nil)).Set("status = ?", to).Set("updated_at = ?", now).
		Where("id = ? AND status = ?", id, from).Exec(ctx)
	return affected(res, err)
}

func affected(res sql.Result, err error) (bool, error) {
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (st store) insertOrder(ctx context.Context, tx bun.Tx, o *orderRow, lines []lineRow) error {
	if _, err := tx.NewInsert().Model(o).Exec(ctx); err != nil {
		return err
	}
	_, err := tx.NewInsert().Model(&lines).Exec(ctx)
	return err
}

// setPayment moves an order's payment status from -> to (conditional).
func (st store) setPayment(ctx context.Context, tx bun.IDB, id, from, to string, now time.Time,
	more func(*bun.UpdateQuery) *bun.UpdateQuery) (bool, error) {
	q := tx.NewUpdate().Model((*orderRow)(nil)).Set("payment_status = ?", to).Set("updated_at = ?", now).
		Where("id = ? AND payment_status = ?", id, from)
	if more != nil {
		q = more(q)
	}
	return affected(q.Exec(ctx))
}

// setFulfilment moves an order's fulfilment status to `to` from any state
// the machine allows (conditional), with more columns.
func (st store) setFulfilment(ctx context.Context, tx bun.IDB, id, to string, now time.Time,
	more func(*bun.UpdateQuery) *bun.UpdateQuery) (bool, error) {
	q := tx.NewUpdate().Model((*orderRow)(nil)).Set("fulfilment_status = ?", to).Set("updated_at = ?", now).
		Where("id = ? AND fulfilment_status IN (?)", id, bun.In(fromStates(to)))
	if more != nil {
		q = more(q)
	}
	return affected(q.Exec(ctx))
}

const orderCols = "o.*, g.number AS group_number"

func (st store) orderQuery(d bun.IDB) *bun.SelectQuery {
	return d.NewSelect().TableExpr("shop_orders AS o").ColumnExpr(orderCols).
		Join("JOIN shop_order_groups AS g ON g.id = o.group_id")
}

func (st store) groupOrders(ctx context.Context, d bun.IDB, groupID string) ([]orderRow, map[string][]lineRow, error) {
	var orders []orderRow
	if err := st.orderQuery(d).Where("o.group_id = ?", groupID).OrderExpr("o.seq").Scan(ctx, &orders); err != nil {
		return nil, nil, err
	}
	lines, err := st.lines(ctx, d, orderIDs(orders))
	return orders, lines, err
}

func orderIDs(orders []orderRow) []string {
	out := make([]string, len(orders))
	for i, o := range orders {
		out[i] = o.ID
	}
	return out
}

func (st store) lines(ctx context.Context, d bun.IDB, orderIDs []string) (map[string][]lineRow, error) {
	out := map[string][]lineRow{}
	if len(orderIDs) == 0 {
		return out, nil
	}
	var rows []lineRow
	if err := d.NewSelect().Model(&rows).Where("order_id IN (?)", bun.In(orderIDs)).OrderExpr("order_id, seq").
		Scan(ctx); err != nil {
		return nil, err
	}
	for _, l := range rows {
		out[l.OrderID] = append(out[l.OrderID], l)
	}
	return out, nil
}

// order reads one order; owner filters by the shopper ("user_id") or the
// vendor ("vendor_id") column, "" reads any.
func (st store) order(ctx context.Context, d bun.IDB, id, ownerCol, ownerID string) (*orderRow, error) {
	o := new(orderRow)
	q := st.orderQuery(d).Where("o.id = ?", id)
	if ownerCol != "" {
		q = q.Where("o.? = ?", bun.Ident(ownerCol), ownerID)
	}
	err := q.Limit(1).Scan(ctx, o)
	return o, notFound(err, ErrOrderNotFound)
}

// lockOrder reads an order for a change (row lock on PostgreSQL).
func (st store) lockOrder(ctx context.Context, tx bun.Tx, id string) (*orderRow, error) {
	o := new(orderRow)
	q := tx.NewSelect().Model(o).Where("id = ?", id)
	if err := st.db.ForUpdate(q).Scan(ctx); err != nil {
		return nil, notFound(err, ErrOrderNotFound)
	}
	var num string
	if err := tx.NewSelect().Model((*groupRow)(nil)).Column("number").Where("id = ?", o.GroupID).Scan(ctx, &num); err != nil {
		return nil, err
	}
	o.GroupNumber = num
	return o, nil
}

func (st store) events(ctx context.Context, d bun.IDB, orderID string) ([]eventRow, error) {
	var rows []eventRow
	err := d.NewSelect().Model(&rows).Where("order_id = ?", orderID).OrderExpr("created_at, id").Scan(ctx)
	return rows, err
}

func (st store) insertEvent(ctx context.Context, d bun.IDB, e *eventRow) error {
	if e.ID == "" {
		e.ID = ids.New()
	}
	_, err := d.NewInsert().Model(e).Exec(ctx)
	return err
}

func (st store) returns(ctx context.Context, d bun.IDB, o *orderRow) ([]Return, error) {
	var rows []returnRow
	if err := d.NewSelect().Model(&rows).Where("order_id = ?", o.ID).OrderExpr("created_at, id").Scan(ctx); err != nil {
		return nil, err
	}
	out := make([]Return, 0, len(rows))
	if len(rows) == 0 {
		return out, nil
	}
	rids := make([]string, len(rows))
	for i, r := range rows {
		rids[i] = r.ID
	}
	var lines []returnLineRow
	if err := d.NewSelect().Model(&lines).Where("return_id IN (?)", bun.In(rids)).Scan(ctx); err != nil {
		return nil, err
	}
	var prices []lineRow
	if err := d.NewSelect().Model(&prices).Column("id", "unit_price").Where("order_id = ?", o.ID).Scan(ctx); err != nil {
		return nil, err
	}
	price := map[string]int64{}
	for _, l := range prices {
		price[l.ID] = l.UnitPrice
	}
	for _, r := range rows {
		ret := Return{ID: r.ID, Status: r.Status, Reason: r.Reason, Lines: []LineQuantity{}, CreatedAt: r.CreatedAt}
		var amt int64
		for _, l := range lines {
			if l.ReturnID == r.ID {
				ret.Lines = append(ret.Lines, LineQuantity{LineID: l.LineID, Quantity: l.Quantity})
				amt += price[l.LineID] * int64(l.Quantity)
			}
		}
		if r.Status == ReturnRefunded {
			mm := m(amt, o.Currency)
			ret.Refund = &mm
		}
		out = append(out, ret)
	}
	return out, nil
}

func (st store) commission(ctx context.Context, d bun.IDB, orderID string) ([]CommissionLine, error) {
	var rows []commissionRow
	if err := d.NewSelect().Model(&rows).Where("order_id = ?", orderID).OrderExpr("created_at, id").Scan(ctx); err != nil {
		return nil, err
	}
	out := make([]CommissionLine, 0, len(rows))
	for _, r := range rows {
		out = append(out, CommissionLine{RuleID: r.RuleID, Description: r.Description, Base: m(r.Base, r.Currency),
			BPS: r.BPS, Fixed: m(r.Fixed, r.Currency), Amount: m(r.Amount, r.Currency)})
	}
	return out, nil
}
